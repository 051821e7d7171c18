// Merkle proof helpers of c1_output.hpp.
#include "filecoin/c1_output.hpp"

namespace cuzk::filecoin {

const char* to_string(MerkleProofKind kind) {
  switch (kind) {
    case MerkleProofKind::kSingle:
      return "Single";
    case MerkleProofKind::kSub:
      return "Sub";
    case MerkleProofKind::kTop:
      return "Top";
  }
  return "?";
}

uint64_t MerkleProof::leaf_index() const {
  uint64_t index = 0, weight = 1;
  for (const InclusionPath* part : {&base, &sub, &top}) {
    for (const auto& level : *part) {
      index += weight * level.index;
      weight *= level.siblings.size() + 1;
    }
  }
  return index;
}

}  // namespace cuzk::filecoin
