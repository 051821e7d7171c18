// Merkle node hashing gadget dispatch (see tree_hash.hpp).
#include "gadgets/tree_hash.hpp"

#include "gadgets/poseidon.hpp"
#include "gadgets/sha256_fr.hpp"

namespace cuzk::gadgets {

const char* tree_hasher_name(TreeHasher hasher) {
  return hasher == TreeHasher::kPoseidon ? "poseidon" : "sha256";
}

AllocatedNum hash_tree_node_circuit(ConstraintSystem& cs, TreeHasher hasher,
                                    std::span<const AllocatedNum> children) {
  if (hasher == TreeHasher::kSha256) return sha256_hash_multi_leaf(cs, children);
  return poseidon_hash_circuit(cs, children, hash::poseidon_params(unsigned(children.size())));
}

}  // namespace cuzk::gadgets
