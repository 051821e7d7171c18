// The NI-PoRep seal proofs that rust-fil-proofs published (made with Filecoin's ceremony
// parameters) pass every check that needs no key: each Fiat–Shamir challenge re-derived from our
// transcript, the GT values in blst's convention, and GIPA's final TIPP / MIPP equations. This
// pins the transcript bytes, the encodings and the pairing convention to bellperson's.
#include <gtest/gtest.h>

#include "hash/sha256.hpp"
#include "published_vectors.hpp"
#include "snarkpack/proof.hpp"
#include "snarkpack/verifier.hpp"

namespace cuzk::snarkpack {
namespace {

using testing::ni_records;

// rust-fil-proofs' transcript input for NI-PoRep: SHA-256 over the sectors' comm_r.
std::array<uint8_t, 32> ni_transcript_include(std::span<const uint8_t> comm_r) {
  return hash::sha256(comm_r);
}

TEST(PublishedAggregates, NiSealsPassTheKeylessChecks) {
  for (const auto& r : ni_records()) {
    auto proof = decode_aggregate_proof(r.proof);
    ASSERT_TRUE(proof) << proof.error().message;
    const auto include = ni_transcript_include(r.comm_r);
    const AggregateCheck check = verify_gipa(*proof, include);
    EXPECT_TRUE(check.valid) << r.sector_size << ": " << check.failed;
  }
}

TEST(PublishedAggregates, AnotherTranscriptOrValueFails) {
  const auto r = ni_records().at(4);  // 32 GiB: 126 partitions, 128 proofs
  auto proof = decode_aggregate_proof(r.proof);
  ASSERT_TRUE(proof);
  auto comm_r = r.comm_r;
  comm_r[0] ^= 1;
  EXPECT_FALSE(verify_gipa(*proof, ni_transcript_include(comm_r)).valid);

  const auto include = ni_transcript_include(r.comm_r);
  AggregateProof swapped = *proof;
  std::swap(swapped.gipa.z_ab[2].left, swapped.gipa.z_ab[2].right);
  EXPECT_FALSE(verify_gipa(swapped, include).valid);

  AggregateProof moved = *proof;
  moved.gipa.final_c = proof->gipa.final_a;
  const AggregateCheck check = verify_gipa(moved, include);
  EXPECT_FALSE(check.valid);
  EXPECT_NE(check.failed.find("MIPP"), std::string::npos) << check.failed;
}

}  // namespace
}  // namespace cuzk::snarkpack
