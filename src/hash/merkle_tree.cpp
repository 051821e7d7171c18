// tree_level_arities: validates a tree shape against a leaf count; see merkle_tree.hpp.
#include "hash/merkle_tree.hpp"

namespace cuzk::hash {

std::vector<unsigned> tree_level_arities(TreeShape shape, uint64_t leaf_count) {
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("merkle tree shape (" + std::to_string(shape.base_arity) + "," +
                                std::to_string(shape.sub_arity) + "," +
                                std::to_string(shape.top_arity) + ") with " +
                                std::to_string(leaf_count) + " leaves: " + why);
  };
  if (shape.base_arity < 2) fail("base arity must be at least 2");
  if (shape.sub_arity == 1 || shape.top_arity == 1) fail("sub/top arity must be 0 or >= 2");
  if (shape.top_arity != 0 && shape.sub_arity == 0) fail("a top layer needs a sub layer");

  uint64_t base_trees = 1;
  if (shape.sub_arity != 0) base_trees *= shape.sub_arity;
  if (shape.top_arity != 0) base_trees *= shape.top_arity;
  if (leaf_count == 0 || leaf_count % base_trees != 0) fail("not a whole number of base trees");

  std::vector<unsigned> arities;
  uint64_t base_leaves = leaf_count / base_trees;
  while (base_leaves > 1) {
    if (base_leaves % shape.base_arity != 0) fail("base tree size is not a power of the arity");
    base_leaves /= shape.base_arity;
    arities.push_back(shape.base_arity);
  }
  if (arities.empty()) fail("a base tree needs at least one level");
  if (shape.sub_arity != 0) arities.push_back(shape.sub_arity);
  if (shape.top_arity != 0) arities.push_back(shape.top_arity);
  return arities;
}

}  // namespace cuzk::hash
