// Witness values from vanilla-proof bytes (see circuit_values.hpp).
#include "filecoin/circuit_values.hpp"

#include <stdexcept>
#include <string>

#include "hash/node32.hpp"

namespace cuzk::filecoin {

ff::Fr circuit_fr(const Domain& value, const char* what) {
  auto fr = hash::fr_from_node(value);
  if (!fr) throw std::invalid_argument(std::string(what) + " is not a canonical field element");
  return *fr;
}

hash::MerklePath<ff::Fr> merkle_proof_path_fr(const MerkleProof& proof, const char* what) {
  hash::MerklePath<ff::Fr> path;
  for (const InclusionPath* part : {&proof.base, &proof.sub, &proof.top}) {
    for (const auto& level : *part) {
      hash::MerklePathElement<ff::Fr> element;
      element.index = level.index;
      element.siblings.reserve(level.siblings.size());
      for (const Domain& s : level.siblings) element.siblings.push_back(circuit_fr(s, what));
      path.push_back(std::move(element));
    }
  }
  return path;
}

}  // namespace cuzk::filecoin
