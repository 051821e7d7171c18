// SnapDeals phi, rho and challenges (see update_challenges.hpp).
#include "filecoin/update_challenges.hpp"

#include <stdexcept>
#include <string>

#include "hash/poseidon.hpp"
#include "hash/poseidon_hash_type.hpp"

namespace cuzk::filecoin {

namespace {

ff::Fr gen_randomness(const ff::Fr& a, const ff::Fr& b) {
  const ff::Fr pair[] = {a, b};
  return hash::poseidon_hash(pair, hash::poseidon_params(hash::kPoseidonGenRandomnessArity),
                             hash::kPoseidonGenRandomness);
}

// `count` challenges of `random_bits` bits each from digests first_digest, first_digest + 1, ...
std::vector<uint64_t> challenges_from_digests(const ff::Fr& comm_r_new, unsigned count,
                                              unsigned random_bits, uint64_t first_digest,
                                              uint64_t high_bits) {
  const unsigned per_digest = 254 / random_bits;
  std::vector<uint64_t> out;
  out.reserve(count);
  for (uint64_t digest_index = first_digest; out.size() < count; ++digest_index) {
    const ff::Fr::Repr digest =
        gen_randomness(comm_r_new, ff::Fr::from_u64(digest_index)).to_canonical();
    for (unsigned i = 0; i < per_digest && out.size() < count; ++i) {
      uint64_t c = 0;
      for (unsigned b = 0; b < random_bits; ++b) {
        const unsigned bit = i * random_bits + b;
        c |= ((digest[bit / 64] >> (bit % 64)) & 1) << b;
      }
      out.push_back(c | high_bits);
    }
  }
  return out;
}

}  // namespace

ff::Fr update_phi(const ff::Fr& comm_d_new, const ff::Fr& comm_r_old) {
  return gen_randomness(comm_d_new, comm_r_old);
}

ff::Fr update_rho(const ff::Fr& phi, uint64_t high) {
  return gen_randomness(phi, ff::Fr::from_u64(high));
}

std::vector<uint64_t> update_challenges(const UpdateCircuitShape& shape, const ff::Fr& comm_r_new,
                                        unsigned k) {
  if (k >= shape.partitions)
    throw std::invalid_argument("update challenges: partition " + std::to_string(k) + " of " +
                                std::to_string(shape.partitions));
  const unsigned rb = shape.log2_nodes - shape.partition_bits();
  const unsigned per_digest = 254 / rb;
  const uint64_t digests = (shape.challenges + per_digest - 1) / per_digest;
  return challenges_from_digests(comm_r_new, shape.challenges, rb, uint64_t(k) * digests,
                                 uint64_t(k) << rb);
}

std::vector<uint64_t> update_poseidon_challenges(const UpdateCircuitShape& shape,
                                                 const ff::Fr& comm_r_new) {
  return challenges_from_digests(comm_r_new, shape.challenges * shape.partitions, shape.log2_nodes,
                                 0, 0);
}

}  // namespace cuzk::filecoin
