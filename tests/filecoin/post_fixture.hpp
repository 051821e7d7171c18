// Test sectors for PoSt: a small tree R_last built in memory (random leaves, Poseidon shape of the
// registered circuit), a random comm_c and comm_r = Poseidon2(comm_c, root), and the vanilla
// sector proof of any set of challenged leaves — a genuine, consistent witness.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/post_circuit.hpp"
#include "hash/merkle_node.hpp"
#include "hash/merkle_tree.hpp"

namespace cuzk::filecoin::testing {

struct PostTestSector {
  uint64_t sector_id = 0;
  hash::TreeShape shape;
  std::vector<ff::Fr> leaves;
  ff::Fr comm_c;
  ff::Fr comm_r_last;
  ff::Fr comm_r;
  hash::MerkleTree<hash::PoseidonNodeHasher> tree;

  // The vanilla SectorProof for these leaves plus comm_r (the circuit's sector witness).
  PostSectorWitness witness(std::span<const uint64_t> challenges) const;
  // One Merkle proof (Single / Sub / Top by the shape, as serde has it).
  MerkleProof inclusion_proof(uint64_t leaf) const;
};

// 2^log2_nodes random leaves from `seed`.
PostTestSector make_post_sector(uint64_t sector_id, unsigned log2_nodes, hash::TreeShape shape,
                                uint64_t seed);

}  // namespace cuzk::filecoin::testing
