// SparseMerkleTree against hash::MerkleTree: with some leaves set and the rest at the default,
// the sparse tree has the full tree's root and paths, for binary SHA-256 and 8-8-2 Poseidon
// shapes; with no leaves set its root is the all-default root (zero_sector_comm_d for tree D).
// With a random filler, the set leaves' paths lead to the root through siblings that all differ
// (no default subtree repeated), the same for the same seed.
#include "sealing/sparse_merkle_tree.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "filecoin/commitments.hpp"
#include "hash/merkle_node.hpp"
#include "sealing/seeded_stream.hpp"

namespace cuzk::sealing {
namespace {

template <class Hasher>
void expect_same_tree(hash::TreeShape shape, uint64_t leaves,
                      const std::map<uint64_t, typename Hasher::Node>& set,
                      const typename Hasher::Node& default_leaf) {
  std::vector<typename Hasher::Node> all(leaves, default_leaf);
  for (const auto& [i, leaf] : set) all[i] = leaf;
  const hash::MerkleTree<Hasher> full(all, shape);
  const SparseMerkleTree<Hasher> sparse(hash::tree_level_arities(shape, leaves), default_leaf, set);
  EXPECT_EQ(sparse.root(), full.root());
  for (uint64_t i : {uint64_t(0), leaves / 3, leaves - 1}) {
    const auto a = sparse.path(i), b = full.path(i);
    ASSERT_EQ(a.size(), b.size());
    for (size_t l = 0; l < a.size(); ++l) {
      EXPECT_EQ(a[l].index, b[l].index);
      EXPECT_EQ(a[l].siblings, b[l].siblings);
    }
  }
}

TEST(SparseMerkleTree, MatchesTheFullSha256Tree) {
  SeededStream stream("test", 1);
  std::map<uint64_t, hash::Node32> set;
  for (uint64_t i : {1u, 2u, 17u, 63u}) set[i] = stream.next_fr32();
  expect_same_tree<hash::Sha256NodeHasher>(hash::kBinaryTreeShape, 64, set, hash::Node32{});
}

TEST(SparseMerkleTree, MatchesTheFullPoseidonTree) {
  std::map<uint64_t, ff::Fr> set{{5, ff::Fr::from_u64(7)}, {100, ff::Fr::from_u64(9)}};
  expect_same_tree<hash::PoseidonNodeHasher>(hash::kTreeR_8_8_2, 128, set, ff::Fr::zero());
  expect_same_tree<hash::PoseidonNodeHasher>(hash::kTreeR_8_0_0, 64, {{5, ff::Fr::from_u64(7)}},
                                             ff::Fr::one());
}

TEST(SparseMerkleTree, ARandomFillerGivesVariedSiblingsOnValidPaths) {
  using Tree = SparseMerkleTree<hash::PoseidonNodeHasher>;
  const auto arities = hash::tree_level_arities(hash::kTreeR_8_8_0, uint64_t(1) << 30);
  const std::map<uint64_t, ff::Fr> set{{12345, ff::Fr::from_u64(7)},
                                       {12346, ff::Fr::from_u64(9)},
                                       {999999999, ff::Fr::from_u64(11)}};
  const Tree tree(arities, ff::Fr::zero(), set, 2, random_fr_filler("test", 5, arities.size()));
  const Tree again(arities, ff::Fr::zero(), set, 1, random_fr_filler("test", 5, arities.size()));
  const Tree other(arities, ff::Fr::zero(), set, 1, random_fr_filler("test", 6, arities.size()));
  const Tree plain(arities, ff::Fr::zero(), set);
  EXPECT_EQ(tree.root(), again.root());
  EXPECT_NE(tree.root(), other.root());
  EXPECT_NE(tree.root(), plain.root());
  for (const auto& [i, leaf] : set) {
    const auto path = tree.path(i);
    EXPECT_TRUE(hash::verify_merkle_path<hash::PoseidonNodeHasher>(leaf, i, path, tree.root()));
    EXPECT_EQ(tree.node(0, i), leaf);
    // Every sibling of the path is a distinct value (12346's sibling 12345 too).
    std::vector<hash::Node32> siblings;
    for (const auto& level : path)
      for (const ff::Fr& s : level.siblings) siblings.push_back(hash::node_from_fr(s));
    std::sort(siblings.begin(), siblings.end());
    EXPECT_EQ(std::adjacent_find(siblings.begin(), siblings.end()), siblings.end()) << i;
  }
}

TEST(SparseMerkleTree, EmptyTreeDIsTheZeroSector) {
  const SparseMerkleTree<hash::Sha256NodeHasher> tree(
      hash::tree_level_arities(hash::kBinaryTreeShape, uint64_t(1) << 30), hash::Node32{}, {});
  EXPECT_EQ(tree.root(), filecoin::zero_sector_comm_d(30));
  EXPECT_EQ(tree.path(12345).size(), 30u);
}

}  // namespace
}  // namespace cuzk::sealing
