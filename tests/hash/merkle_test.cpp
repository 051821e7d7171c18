// Merkle trees (spec §4): comm_d vectors of tree_d (§3.4), Poseidon tree vectors (§2.8),
// compound shapes checked against a hand-built tree from the definition (base trees, then
// sub-tree roots, then the top root), level counts of the Filecoin shapes, and inclusion paths
// (one at a time, and several of one tree with their shared nodes hashed once).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "hash/hash_test_util.hpp"
#include "hash/merkle_tree.hpp"
#include "hash/poseidon.hpp"
#include "hash/sha256_domain.hpp"

namespace cuzk::hash {
namespace {

using ff::Fr;
using testing::fr_from_limbs;
using testing::fr_to_be_hex;
using testing::node_from_hex;
using testing::node_to_hex;

// [upstream] filecoin-proofs tests/pieces.rs: comm_d of 2 KiB (64 nodes) of zeros, bytes as
// stored.
TEST(MerkleVectors, CommDOf2KiBZeros) {
  const std::vector<Node32> leaves(64, Node32{});
  EXPECT_EQ(node_to_hex(merkle_root<Sha256NodeHasher>(leaves, kBinaryTreeShape)),
            "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833");
}

// [upstream] filecoin-proofs tests/pieces.rs: comm_d of 128 bytes (4 nodes) of zeros.
TEST(MerkleVectors, CommDOf128BytesZeros) {
  const std::vector<Node32> leaves(4, Node32{});
  EXPECT_EQ(node_to_hex(merkle_root<Sha256NodeHasher>(leaves, kBinaryTreeShape)),
            "3731bb99ac689f66eef5973e4a94da188f4ddcae580724fc6f3fd60dfd488333");
}

// [derived] spec §2.8: arity-8 Poseidon root of 64 zero leaves (a 2 KiB TreeR of zeros).
TEST(MerkleVectors, PoseidonArity8RootOf64Zeros) {
  const std::vector<Fr> leaves(64, Fr::zero());
  EXPECT_EQ(fr_to_be_hex(merkle_root<PoseidonNodeHasher>(leaves, kTreeR_8_0_0)),
            "0x1fef060a97a779d1fa241e9739a23a76fb5cd70605cff3e20dd2f78bd0f43f64");
}

// [upstream] filecoin-hashers src/poseidon.rs test_poseidon_hasher: MerkleTree<_, U2> over
// [1, 0, 0, 1]; tree node 4 (levels[1][0]) and node 6 (the root).
TEST(MerkleVectors, FilecoinHashersBinaryPoseidonTree) {
  const std::vector<Fr> leaves = {Fr::one(), Fr::zero(), Fr::zero(), Fr::one()};
  MerkleTree<PoseidonNodeHasher> tree(leaves, kBinaryTreeShape);
  EXPECT_EQ(tree.levels()[1][0], fr_from_limbs(0xb339ff6079800b5e, 0xec5907b3dc3094af,
                                               0x93c003cc74a24f26, 0x042f94ffbe786bc3));
  EXPECT_EQ(tree.root(), fr_from_limbs(0xefbb8be3e291e671, 0x77cc72b8cb2b5ad2, 0x30eb6385ae6b74ae,
                                       0x1effebb7b26ad9eb));
}

// spec §4.1 table: levels per shape, including the production sizes (no tree is built).
TEST(MerkleShapes, LevelArities) {
  using V = std::vector<unsigned>;
  EXPECT_EQ(tree_level_arities(kTreeR_8_0_0, 1u << 6), (V{8, 8}));           // 2 KiB
  EXPECT_EQ(tree_level_arities({8, 2, 0}, 1u << 7), (V{8, 8, 2}));           // 4 KiB
  EXPECT_EQ(tree_level_arities(kTreeR_8_8_0, 1u << 9), (V{8, 8, 8}));        // 16 KiB
  EXPECT_EQ(tree_level_arities(kTreeR_8_8_2, 1u << 10), (V{8, 8, 8, 2}));    // 32 KiB
  EXPECT_EQ(tree_level_arities({8, 4, 0}, 1u << 5).size(), 2u);              // 1 KiB snap
  EXPECT_EQ(tree_level_arities(kTreeR_8_0_0, 1u << 24), V(8, 8));            // 512 MiB
  EXPECT_EQ(tree_level_arities(kTreeR_8_8_0, uint64_t(1) << 30), V(10, 8));  // 32 GiB
  V v64 = V(10, 8);
  v64.push_back(2);
  EXPECT_EQ(tree_level_arities(kTreeR_8_8_2, uint64_t(1) << 31), v64);    // 64 GiB
  EXPECT_EQ(tree_level_arities(kBinaryTreeShape, 1u << 26).size(), 26u);  // 2 GiB tree_d
}

TEST(MerkleShapes, RejectsBadShapes) {
  EXPECT_THROW(tree_level_arities(kTreeR_8_0_0, 63), std::invalid_argument);
  EXPECT_THROW(tree_level_arities(kTreeR_8_0_0, 0), std::invalid_argument);
  EXPECT_THROW(tree_level_arities(kTreeR_8_8_0, 8), std::invalid_argument);  // base tree of 1
  EXPECT_THROW(tree_level_arities({8, 0, 2}, 128), std::invalid_argument);   // top without sub
  EXPECT_THROW(tree_level_arities({1, 0, 0}, 4), std::invalid_argument);
}

std::vector<Fr> random_leaves(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> leaves(n);
  for (auto& x : leaves) x = Fr::random(rng);
  return leaves;
}

// Root by the definition of merkletree's compound trees: each base tree on its own, the
// sub-tree root = multi_node over consecutive base roots, the top root over the sub roots.
Fr compound_root_by_definition(const std::vector<Fr>& leaves, TreeShape shape) {
  const size_t subs = shape.top_arity ? shape.top_arity : 1;
  const size_t bases = subs * (shape.sub_arity ? shape.sub_arity : 1);
  const size_t base_leaves = leaves.size() / bases;
  std::vector<Fr> base_roots;
  for (size_t b = 0; b < bases; ++b) {
    std::span<const Fr> chunk(leaves.data() + b * base_leaves, base_leaves);
    base_roots.push_back(merkle_root<PoseidonNodeHasher>(chunk, {shape.base_arity, 0, 0}));
  }
  if (!shape.sub_arity) return base_roots[0];
  std::vector<Fr> sub_roots;
  for (size_t s = 0; s < subs; ++s) {
    sub_roots.push_back(poseidon_node(
        std::span<const Fr>(base_roots).subspan(s * shape.sub_arity, shape.sub_arity)));
  }
  return shape.top_arity ? poseidon_node(sub_roots) : sub_roots[0];
}

TEST(MerkleTrees, CompoundRootsMatchTheDefinition) {
  const std::pair<TreeShape, size_t> cases[] = {
      {{8, 2, 0}, 128}, {{8, 4, 0}, 256}, {kTreeR_8_8_0, 512}, {kTreeR_8_8_2, 1024}};
  for (auto [shape, n] : cases) {
    const auto leaves = random_leaves(n, n);
    const Fr expect = compound_root_by_definition(leaves, shape);
    EXPECT_EQ(merkle_root<PoseidonNodeHasher>(leaves, shape), expect) << n << " leaves";
    EXPECT_EQ(MerkleTree<PoseidonNodeHasher>(leaves, shape).root(), expect) << n << " leaves";
  }
}

// A 4-leaf SHA tree written out by hand.
TEST(MerkleTrees, Sha256TreeMatchesHandBuiltNodes) {
  std::vector<Node32> leaves(4);
  for (size_t i = 0; i < leaves.size(); ++i) leaves[i].fill(uint8_t(i + 1));
  const Node32 left = sha256_domain_hash2(leaves[0], leaves[1]);
  const Node32 right = sha256_domain_hash2(leaves[2], leaves[3]);
  EXPECT_EQ(merkle_root<Sha256NodeHasher>(leaves, kBinaryTreeShape),
            sha256_domain_hash2(left, right));
  // A quaternary SHA node hashes the four reprs concatenated.
  Sha256 concat;
  for (const auto& leaf : leaves) concat.update(leaf);
  EXPECT_EQ(sha256_node(leaves), trim_to_fr32(concat.finalize()));
}

// Checks the paths of leaves 0, stride, 2 * stride, ... (stride 1: every leaf).
template <class Hasher>
void check_paths(const MerkleTree<Hasher>& tree, uint64_t stride) {
  const auto& leaves = tree.levels().front();
  for (uint64_t i = 0; i < tree.leaf_count(); i += stride) {
    const auto path = tree.path(i);
    ASSERT_EQ(path.size(), tree.level_arities().size());
    EXPECT_EQ(merkle_path_leaf_index(path), i);
    ASSERT_TRUE(verify_merkle_path<Hasher>(leaves[i], i, path, tree.root())) << "leaf " << i;
    // Wrong leaf, wrong index, tampered sibling: all rejected.
    const auto& other = leaves[(i + 1) % leaves.size()];
    if (!(other == leaves[i])) {
      EXPECT_FALSE(verify_merkle_path<Hasher>(other, i, path, tree.root()));
    }
    EXPECT_FALSE(verify_merkle_path<Hasher>(leaves[i], (i + 1) % leaves.size(), path, tree.root()));
    auto tampered = path;
    tampered.back().siblings.front() = tree.root();
    EXPECT_FALSE(verify_merkle_path<Hasher>(leaves[i], i, tampered, tree.root()));
  }
}

TEST(MerklePaths, PoseidonCompoundTreesVerify) {
  check_paths(MerkleTree<PoseidonNodeHasher>(random_leaves(64, 1), kTreeR_8_0_0), 1);
  check_paths(MerkleTree<PoseidonNodeHasher>(random_leaves(128, 2), {8, 2, 0}), 1);
  check_paths(MerkleTree<PoseidonNodeHasher>(random_leaves(1024, 3), kTreeR_8_8_2), 13);
}

TEST(MerklePaths, Sha256BinaryTreeVerifies) {
  std::mt19937_64 rng(11);
  std::vector<Node32> leaves(32);
  for (auto& leaf : leaves) {
    for (auto& b : leaf) b = uint8_t(rng());
    leaf = trim_to_fr32(leaf);
  }
  check_paths(MerkleTree<Sha256NodeHasher>(leaves, kBinaryTreeShape), 1);
}

// Poseidon node hashing that counts its calls (MerklePathRoots hashes each distinct node once).
struct CountingPoseidonHasher {
  using Node = Fr;
  static inline size_t calls = 0;
  static Node hash_children(std::span<const Node> children) {
    ++calls;
    return poseidon_node(children);
  }
};

// Several paths of one tree: each root equals merkle_root_from_path's, and a node shared by
// several paths is hashed once. All 128 paths of a {8, 2, 0} tree hash its 16 + 2 + 1 interior
// nodes once each; a tampered path computes its own nodes from the change up.
TEST(MerklePaths, SharedNodesAreHashedOnce) {
  const MerkleTree<PoseidonNodeHasher> tree(random_leaves(128, 4), {8, 2, 0});
  const auto& leaves = tree.levels().front();
  MerklePathRoots<CountingPoseidonHasher> roots;
  CountingPoseidonHasher::calls = 0;
  for (uint64_t i = 0; i < tree.leaf_count(); ++i)
    ASSERT_EQ(roots.root(leaves[i], tree.path(i)), tree.root()) << "leaf " << i;
  EXPECT_EQ(CountingPoseidonHasher::calls, 16u + 2u + 1u);
  auto tampered = tree.path(77);
  tampered[1].siblings[0] = Fr::one();  // level 1 and the root change, level 0 is known
  EXPECT_EQ(roots.root(leaves[77], tampered),
            (merkle_root_from_path<PoseidonNodeHasher>(leaves[77], tampered)));
  EXPECT_NE(roots.root(leaves[77], tampered), tree.root());
  EXPECT_EQ(CountingPoseidonHasher::calls, 16u + 2u + 1u + 2u);
  tampered[0].index = 8;  // past the arity: rejected as merkle_root_from_path rejects it
  EXPECT_THROW(roots.root(leaves[77], tampered), std::invalid_argument);
}

// spec §4.1: c = base_leaf + base_leaves * (sub_index + sub_arity * top_index), i.e. the path
// indices are the mixed-radix digits of c, leaf level first.
TEST(MerklePaths, IndicesAreMixedRadixDigitsOfTheLeafIndex) {
  MerkleTree<PoseidonNodeHasher> tree(random_leaves(1024, 3), kTreeR_8_8_2);
  const uint64_t base_leaf = 37, sub_index = 5, top_index = 1;
  const uint64_t c = base_leaf + 64 * (sub_index + 8 * top_index);
  const auto path = tree.path(c);
  ASSERT_EQ(path.size(), 4u);
  EXPECT_EQ(path[0].index, base_leaf % 8);
  EXPECT_EQ(path[1].index, base_leaf / 8);
  EXPECT_EQ(path[2].index, sub_index);
  EXPECT_EQ(path[3].index, top_index);
  EXPECT_EQ(path[2].siblings.size(), 7u);
  EXPECT_EQ(path[3].siblings.size(), 1u);
  EXPECT_THROW(tree.path(1024), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::hash
