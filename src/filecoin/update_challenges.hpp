// SnapDeals randomness and challenges (storage-proofs-update vanilla.rs phi / rho,
// challenges.rs; spec §6.2). H_gen is Poseidon arity 2 with the Custom(1) tag (2^40):
//   phi      = H_gen(comm_d_new, comm_r_old)
//   rho(hi)  = H_gen(phi, hi), hi = node >> (challenge_bit_len - h): the node's h top bits;
//              label_r_new = label_r_old + label_d_new · rho, decoding multiplies by rho^-1
//   partition k's challenges: rb = challenge_bit_len - log2(partitions) random bits each,
//              floor(254 / rb) per digest, digest_j = H_gen(comm_r_new, k · digests + j) with
//              digests = ceil(challenges / per_digest); challenge i of a digest is bits
//              [i·rb, (i+1)·rb) of its LE bits, OR'ed with k << rb; the last digest supplies
//              only the remaining challenges.
// The Poseidon variant (one partition) uses rb = challenge_bit_len and partitions · challenges
// challenges from digest 0 on.
#pragma once

#include <cstdint>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/update_circuit.hpp"

namespace cuzk::filecoin {

ff::Fr update_phi(const ff::Fr& comm_d_new, const ff::Fr& comm_r_old);
ff::Fr update_rho(const ff::Fr& phi, uint64_t high);
// The h top bits of `node` in a sector of 2^log2_nodes nodes.
inline uint64_t update_node_high(uint64_t node, unsigned log2_nodes, unsigned h) {
  return node >> (log2_nodes - h);
}

// Partition k's challenges (throws std::invalid_argument for k >= shape.partitions).
std::vector<uint64_t> update_challenges(const UpdateCircuitShape& shape, const ff::Fr& comm_r_new,
                                        unsigned k);
// All challenges of the EmptySectorUpdate-Poseidon proof.
std::vector<uint64_t> update_poseidon_challenges(const UpdateCircuitShape& shape,
                                                 const ff::Fr& comm_r_new);

}  // namespace cuzk::filecoin
