// The interior-node hash of a Merkle tree as a circuit, for Filecoin's two tree families
// (filecoin-hashers hash_multi_leaf_circuit; native form: hash/merkle_node.hpp):
//   * Poseidon trees (TreeR, TreeC): the legacy Poseidon circuit with the MerkleTree tag of the
//     arity (311 / 377 / 505 constraints for arity 2 / 4 / 8);
//   * SHA-256 trees (tree_d): trimmed SHA-256 over the children's 32-byte reprs
//     (sha256_hash_multi_leaf; 45,379 constraints for two children).
#pragma once

#include <span>

#include "gadgets/num.hpp"

namespace cuzk::gadgets {

enum class TreeHasher { kPoseidon, kSha256 };

const char* tree_hasher_name(TreeHasher hasher);

// The parent of `children` (children.size() = the level's arity).
AllocatedNum hash_tree_node_circuit(ConstraintSystem& cs, TreeHasher hasher,
                                    std::span<const AllocatedNum> children);

}  // namespace cuzk::gadgets
