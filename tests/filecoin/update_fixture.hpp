// Test sectors for SnapDeals: an old replica (random TreeROld leaves, comm_c, comm_r_old), new
// data (random Fr32 nodes, SHA-256 TreeDNew, comm_d_new) and the new replica encoded from them
// with h (TreeRNew, comm_r_new), all in memory — a genuine, consistent witness for any
// partition's challenges.
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/update_circuit.hpp"
#include "hash/merkle_node.hpp"
#include "hash/merkle_tree.hpp"

namespace cuzk::filecoin::testing {

struct UpdateTestSector {
  UpdateCircuitShape shape;
  unsigned h = 0;
  std::vector<ff::Fr> r_old, r_new;
  std::vector<Domain> d_new;
  ff::Fr comm_c, comm_r_old, comm_r_new;
  Domain comm_d_new{};
  hash::MerkleTree<hash::PoseidonNodeHasher> tree_r_old, tree_r_new;
  hash::MerkleTree<hash::Sha256NodeHasher> tree_d;

  UpdatePublicValues public_values(unsigned k) const;
  // The vanilla PartitionProof of partition k (its derived challenges).
  UpdatePartitionWitness partition_witness(unsigned k) const;
};

// 2^log2_nodes nodes from `seed`, encoded with h (default: hs[3]).
UpdateTestSector make_update_sector(unsigned log2_nodes, uint64_t seed, unsigned h = 0);

}  // namespace cuzk::filecoin::testing
