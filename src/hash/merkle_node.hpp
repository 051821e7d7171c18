// Merkle interior-node hashing for Filecoin's two tree families (spec §4.1). Leaves are the raw
// 32-byte nodes (identity leaf function); an interior node hashes its children in order:
//   SHA-256 trees (tree_d / comm_d): trim(SHA-256(child_0 repr || child_1 repr || ...));
//   Poseidon trees (TreeR, comm_r_last): Poseidon with the MerkleTree tag of the arity.
// The two hasher structs give the tree templates in merkle_tree.hpp one interface.
#pragma once

#include <span>

#include "ff/fr.hpp"
#include "hash/node32.hpp"

namespace cuzk::hash {

// trim(SHA-256 over the concatenated 32-byte children).
Node32 sha256_node(std::span<const Node32> children);
// Poseidon, MerkleTree tag 2^n - 1, over n = children.size() children (n in 1..36).
ff::Fr poseidon_node(std::span<const ff::Fr> children);

struct Sha256NodeHasher {
  using Node = Node32;
  static Node hash_children(std::span<const Node> children) { return sha256_node(children); }
};

struct PoseidonNodeHasher {
  using Node = ff::Fr;
  static Node hash_children(std::span<const Node> children) { return poseidon_node(children); }
};

}  // namespace cuzk::hash
