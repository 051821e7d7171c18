// Merkle inclusion proofs as circuits (storage-proofs-core gadgets/por.rs), for binary SHA-256
// trees (tree_d) and Poseidon trees of base arity 2/4/8 with optional sub and top layers (TreeR,
// TreeC; shapes as hash::TreeShape).
//
// por_circuit (PoRCircuit::synthesize, used by PoRep's enforce_inclusion and by PoSt): per path
// level, leaf level first — allocate log2(arity) index bits (LSB first, 1 constraint each), the
// arity - 1 siblings (no constraint), insert the running node among them, hash. Then all index
// bits (base, sub, top) are packed into one public input per 254 bits: the challenged leaf index
// (1 constraint). Last, the computed root equals the given root (1), and a public root is
// inputized (1 more constraint and public input). Cost per level: 314 / 387 / 530 for Poseidon
// arity 2 / 4 / 8, 45,382 for SHA-256 (spec §4.3).
//
// por_no_challenge_input (SnapDeals): the index bits are already allocated and given; a level
// costs insert + hash (527 for Poseidon arity 8, 45,381 for SHA-256), plus one final equality.
//
// Witness: the vanilla path as hash::MerklePath<Fr> (siblings left to right, proven node left
// out, and its index) — SHA-256 nodes as Fr via hash::fr_from_node. For shape-only synthesis pass
// a path of zeros with the right sizes.
#pragma once

#include <span>
#include <vector>

#include "gadgets/boolean.hpp"
#include "gadgets/num.hpp"
#include "gadgets/tree_hash.hpp"
#include "hash/merkle_tree.hpp"

namespace cuzk::gadgets {

// A value the PoR gadget either allocates itself or shares with the rest of the circuit
// (storage-proofs-core variables.rs Root::Val / Root::Var).
class PorValue {
 public:
  static PorValue allocated(const AllocatedNum& num) { return PorValue(num, true); }
  static PorValue value(const Fr& x) { return PorValue(AllocatedNum::from_variable({}, x), false); }

  // The allocated number, allocating ("num", no constraint) in the current namespace if needed.
  AllocatedNum get(ConstraintSystem& cs) const {
    return allocated_ ? num_ : AllocatedNum::alloc(cs, num_.value());
  }

 private:
  PorValue(const AllocatedNum& num, bool allocated) : num_(num), allocated_(allocated) {}
  AllocatedNum num_;
  bool allocated_;
};

// PoRCircuit::synthesize. `path` has one element per tree level, leaf level first: the base
// levels, then one sub level if shape.sub_arity, then one top level if shape.top_arity. Throws
// std::invalid_argument if `path` does not fit `shape` (sibling counts, indices) or an arity is
// not a power of two.
void por_circuit(ConstraintSystem& cs, TreeHasher hasher, hash::TreeShape shape,
                 const PorValue& leaf, const hash::MerklePath<Fr>& path, const PorValue& root,
                 bool private_root);

// PoRep's enforce_inclusion: por_circuit with an allocated leaf and root and a private root.
inline void enforce_inclusion(ConstraintSystem& cs, TreeHasher hasher, hash::TreeShape shape,
                              const hash::MerklePath<Fr>& path, const AllocatedNum& root,
                              const AllocatedNum& leaf) {
  por_circuit(cs, hasher, shape, PorValue::allocated(leaf), path, PorValue::allocated(root), true);
}

// Inclusion of `leaf` under `root` along `path_values` (per level, the allocated siblings),
// the insertion indices taken from `challenge_bits` (LE, log2(arity) per level; all consumed).
void por_no_challenge_input(ConstraintSystem& cs, TreeHasher hasher, hash::TreeShape shape,
                            std::span<const AllocatedBit> challenge_bits, const AllocatedNum& leaf,
                            std::span<const std::vector<AllocatedNum>> path_values,
                            const AllocatedNum& root);

}  // namespace cuzk::gadgets
