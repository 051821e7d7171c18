// Node hashes of merkle_node.hpp. The binary SHA node takes the two-compression fast path.
#include "hash/merkle_node.hpp"

#include "hash/poseidon.hpp"
#include "hash/sha256_domain.hpp"

namespace cuzk::hash {

Node32 sha256_node(std::span<const Node32> children) {
  if (children.size() == 2) return sha256_domain_hash2(children[0], children[1]);
  Sha256 hasher;
  for (const Node32& child : children) hasher.update(child);
  return trim_to_fr32(hasher.finalize());
}

ff::Fr poseidon_node(std::span<const ff::Fr> children) {
  return poseidon_hash(children, poseidon_params(unsigned(children.size())));
}

}  // namespace cuzk::hash
