// SnarkPack's Fiat–Shamir challenges (see challenges.hpp).
#include "snarkpack/challenges.hpp"

#include <string>

#include "snarkpack/transcript.hpp"

namespace cuzk::snarkpack {
namespace {

// A round's values in transcript order: z_ab, z_c, then the (T, U) commitments of A·B and C.
void write_round(Transcript& t, const GipaProof& p, size_t round) {
  const auto& z_ab = p.z_ab[round];
  const auto& z_c = p.z_c[round];
  const auto& ab = p.comms_ab[round];
  const auto& c = p.comms_c[round];
  t.write(z_ab.left).write(z_ab.right).write(z_c.left).write(z_c.right);
  t.write(ab.left.t).write(ab.left.u).write(ab.right.t).write(ab.right.u);
  t.write(c.left.t).write(c.left.u).write(c.right.t).write(c.right.u);
}

}  // namespace

ff::Fr hcom_challenge(const GtPair& com_ab, const GtPair& com_c) {
  return Transcript("hcom")
      .write(com_ab.t)
      .write(com_ab.u)
      .write(com_c.t)
      .write(com_c.u)
      .challenge();
}

ff::Fr combination_challenge(const ff::Fr& hcom, std::span<const uint8_t> transcript_include) {
  return Transcript("random-r").write(hcom).write_bytes(transcript_include).challenge();
}

ff::Fr gipa_start_challenge(const ff::Fr& hcom, const curve::Gt& ip_ab,
                            const curve::G1Affine& agg_c, const ff::Fr& r) {
  return Transcript("gipa-0").write(hcom).write(ip_ab).write(agg_c).write(r).challenge();
}

ff::Fr gipa_round_challenge(unsigned round, const ff::Fr& previous, const GipaProof& proof) {
  Transcript t("gipa-" + std::to_string(round));
  t.write(previous);
  write_round(t, proof, round);
  return t.challenge();
}

ff::Fr extra_link_challenge(const ff::Fr& last_challenge, const GipaProof& p) {
  Transcript t("gipa-extra-link");
  t.write(last_challenge).write(p.final_a).write(p.final_b).write(p.final_c);
  write_round(t, p, p.z_ab.size() - 1);
  return t.challenge();
}

ff::Fr kzg_challenge(const ff::Fr& extra, const GipaProof& p) {
  return Transcript("random-z")
      .write(extra)
      .write(p.final_vkey.first)
      .write(p.final_vkey.second)
      .write(p.final_wkey.first)
      .write(p.final_wkey.second)
      .write(p.final_a)
      .write(p.final_b)
      .write(p.final_c)
      .challenge();
}

}  // namespace cuzk::snarkpack
