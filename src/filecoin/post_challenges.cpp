// PoSt challenges (see post_challenges.hpp).
#include "filecoin/post_challenges.hpp"

#include <string>

#include "hash/sha256.hpp"

namespace cuzk::filecoin {
namespace {

void append_u64_le(hash::Sha256& h, uint64_t x) {
  uint8_t bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = uint8_t(x >> (8 * i));
  h.update(bytes);
}

uint64_t first_u64_le(const hash::Sha256Digest& digest) {
  uint64_t x = 0;
  for (int i = 7; i >= 0; --i) x = (x << 8) | digest[size_t(i)];
  return x;
}

}  // namespace

FilecoinResult<bool> check_canonical(const hash::Node32& bytes, const char* what) {
  if (hash::fr_from_node(bytes)) return true;
  return filecoin_error(FilecoinError::kSchema,
                        std::string(what) + ": not a canonical field element (>= r)");
}

uint64_t post_challenge_index(ApiVersion version, uint64_t sector_index, uint64_t challenge_count,
                              uint64_t n) {
  if (version == ApiVersion::kV1_2_0) return n;
  return sector_index * challenge_count + n;
}

uint64_t post_leaf_challenge(const hash::Node32& randomness, uint64_t sector_id,
                             uint64_t challenge_index, uint64_t nodes) {
  hash::Sha256 h;
  h.update(randomness);
  append_u64_le(h, sector_id);
  append_u64_le(h, challenge_index);
  return first_u64_le(h.finalize()) % nodes;
}

FilecoinResult<std::vector<uint64_t>> post_sector_challenges(const PoStProofType& proof,
                                                             const hash::Node32& randomness,
                                                             uint64_t sector_id,
                                                             uint64_t sector_index) {
  if (auto ok = check_canonical(randomness, "randomness"); !ok) return ok.error();
  const unsigned count = proof.challenge_count();
  std::vector<uint64_t> leaves;
  leaves.reserve(count);
  for (unsigned n = 0; n < count; ++n) {
    const uint64_t index = post_challenge_index(proof.api_version, sector_index, count, n);
    leaves.push_back(post_leaf_challenge(randomness, sector_id, index, proof.circuit->nodes()));
  }
  return leaves;
}

FilecoinResult<std::vector<uint64_t>> winning_post_sector_challenges(const hash::Node32& randomness,
                                                                     const hash::Node32& prover_id,
                                                                     uint64_t sector_set_size,
                                                                     unsigned count) {
  if (sector_set_size == 0)
    return filecoin_error(FilecoinError::kShape, "winning PoSt: the sector set is empty");
  if (auto ok = check_canonical(randomness, "randomness"); !ok) return ok.error();
  if (auto ok = check_canonical(prover_id, "prover_id"); !ok) return ok.error();
  std::vector<uint64_t> indices;
  indices.reserve(count);
  for (unsigned n = 0; n < count; ++n) {
    hash::Sha256 h;
    h.update(prover_id);
    h.update(randomness);
    append_u64_le(h, n);
    indices.push_back(first_u64_le(h.finalize()) % sector_set_size);
  }
  return indices;
}

}  // namespace cuzk::filecoin
