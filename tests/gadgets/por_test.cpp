// Merkle inclusion gadgets against native trees (hash/merkle_tree.hpp): the constraint counts of
// storage-proofs-core tests/por_circuit.rs and spec §4.3, satisfaction for valid paths, failure
// for a changed sibling or index bit, public inputs, and por_no_challenge_input.
#include "gadgets/por.hpp"

#include <gtest/gtest.h>

#include <random>

#include "gadget_test_util.hpp"
#include "r1cs/counting_cs.hpp"

namespace cuzk::gadgets {
namespace {

using hash::MerklePath;
using hash::TreeShape;
using testing::expect_same_r1cs;
using testing::expect_tampering_detected;
using testing::TestConstraintSystem;

// Leaves, tree and inclusion paths as field elements for either hasher.
struct Tree {
  TreeHasher hasher;
  TreeShape shape;
  std::vector<Fr> leaves;
  std::vector<std::vector<Fr>> levels;  // levels[0] = leaves, last = {root}
  std::vector<unsigned> arities;

  Tree(TreeHasher h, TreeShape s, size_t leaf_count, std::mt19937_64& rng) : hasher(h), shape(s) {
    for (size_t i = 0; i < leaf_count; ++i) leaves.push_back(Fr::random(rng));
    if (h == TreeHasher::kPoseidon) {
      const hash::MerkleTree<hash::PoseidonNodeHasher> t(leaves, s);
      levels = t.levels();
      arities = t.level_arities();
    } else {
      std::vector<hash::Node32> nodes;
      for (const Fr& x : leaves) nodes.push_back(hash::node_from_fr(x));
      const hash::MerkleTree<hash::Sha256NodeHasher> t(nodes, s);
      for (const auto& level : t.levels()) {
        std::vector<Fr> row;
        for (const auto& n : level) row.push_back(*hash::fr_from_node(n));
        levels.push_back(row);
      }
      arities = t.level_arities();
    }
  }
  const Fr& root() const { return levels.back().front(); }

  MerklePath<Fr> path(uint64_t index) const {
    MerklePath<Fr> p;
    for (size_t l = 0; l < arities.size(); ++l) {
      const unsigned arity = arities[l];
      hash::MerklePathElement<Fr> e;
      e.index = unsigned(index % arity);
      const uint64_t first = index - e.index;
      for (unsigned k = 0; k < arity; ++k) {
        if (k != e.index) e.siblings.push_back(levels[l][first + k]);
      }
      p.push_back(e);
      index /= arity;
    }
    return p;
  }
};

void synthesize_por(r1cs::ConstraintSystem& cs, const Tree& tree, uint64_t challenge,
                    bool private_root) {
  por_circuit(cs, tree.hasher, tree.shape, PorValue::value(tree.leaves[challenge]),
              tree.path(challenge), PorValue::value(tree.root()), private_root);
}

struct PorCase {
  const char* name;
  TreeShape shape;
  size_t leaves;
  size_t constraints;  // public root
};

TEST(PorCircuit, PoseidonCountsAndSatisfaction) {
  // Origin: storage-proofs-core tests/por_circuit.rs (public root, 3 inputs with ONE; 64 leaves
  // per base tree): base 2 / 4 / 8, 8-2, 8-4-2, 8-8, 8-8-2, 8-2-4.
  const PorCase cases[] = {
      {"base 2", {2, 0, 0}, 64, 1887},  {"base 4", {4, 0, 0}, 64, 1164},
      {"base 8", {8, 0, 0}, 64, 1063},  {"8-2", {8, 2, 0}, 128, 1377},
      {"8-4-2", {8, 4, 2}, 512, 1764},  {"8-8", {8, 8, 0}, 512, 1593},
      {"8-8-2", {8, 8, 2}, 1024, 1907}, {"8-2-4", {8, 2, 4}, 512, 1764},
  };
  std::mt19937_64 rng(31);
  for (const PorCase& c : cases) {
    const Tree tree(TreeHasher::kPoseidon, c.shape, c.leaves, rng);
    for (uint64_t challenge : {uint64_t(0), uint64_t(c.leaves - 1), uint64_t(rng() % c.leaves)}) {
      TestConstraintSystem cs;
      synthesize_por(cs, tree, challenge, false);
      EXPECT_TRUE(cs.is_satisfied()) << c.name << " challenge " << challenge;
      EXPECT_EQ(cs.num_inputs(), 3u) << c.name;
      EXPECT_EQ(cs.num_constraints(), c.constraints) << c.name;
      // Public inputs: the packed path bits are the challenged leaf index, then the root.
      EXPECT_TRUE(cs.verify(std::vector<Fr>{Fr::from_u64(challenge), tree.root()})) << c.name;
      EXPECT_FALSE(cs.verify(std::vector<Fr>{Fr::from_u64(challenge ^ 1), tree.root()}));
    }
  }
}

TEST(PorCircuit, PoseidonPrivateRoot) {
  // Origin: por_circuit.rs test_por_circuit_poseidon_base_{2,4,8}_private_root: 1,886 / 1,163 /
  // 1,062 constraints, 2 inputs.
  const std::pair<unsigned, size_t> cases[] = {{2, 1886}, {4, 1163}, {8, 1062}};
  std::mt19937_64 rng(32);
  for (const auto& [arity, constraints] : cases) {
    const Tree tree(TreeHasher::kPoseidon, {arity, 0, 0}, 64, rng);
    TestConstraintSystem cs;
    synthesize_por(cs, tree, 37, true);
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(cs.num_inputs(), 2u);
    EXPECT_EQ(cs.num_constraints(), constraints);
    EXPECT_TRUE(cs.verify(std::vector<Fr>{Fr::from_u64(37)}));
  }
}

TEST(PorCircuit, PerLevelCostsFromSpec) {
  // Spec §4.3 [derived; sums to the upstream figures]: a PoR level costs 314 / 387 / 530 for
  // Poseidon arity 2 / 4 / 8 (index bits + insert + hash), plus 3 fixed (pack, equality,
  // inputize).
  std::mt19937_64 rng(33);
  for (const auto& [arity, per_level] :
       {std::pair(2u, 314u), std::pair(4u, 387u), std::pair(8u, 530u)}) {
    const Tree tree(TreeHasher::kPoseidon, {arity, 0, 0}, size_t(arity) * arity * arity, rng);
    r1cs::CountingCS cs;
    synthesize_por(cs, tree, 1, false);
    EXPECT_EQ(cs.num_constraints(), 3 * per_level + 3);
  }
}

TEST(PorCircuit, Sha256BinaryCountsAndSatisfaction) {
  // Origin: por_circuit.rs test_por_circuit_sha256_base_{2,4,8} (64 leaves): 272,295 / 216,258 /
  // 250,987 constraints. tree_d is the binary one; satisfaction is checked on it.
  const std::pair<unsigned, size_t> cases[] = {{2, 272295}, {4, 216258}, {8, 250987}};
  std::mt19937_64 rng(34);
  for (const auto& [arity, constraints] : cases) {
    const Tree tree(TreeHasher::kSha256, {arity, 0, 0}, 64, rng);
    if (arity == 2) {
      TestConstraintSystem cs;
      synthesize_por(cs, tree, 45, false);
      EXPECT_EQ(cs.num_constraints(), constraints);
      EXPECT_TRUE(cs.is_satisfied());
      EXPECT_TRUE(cs.verify(std::vector<Fr>{Fr::from_u64(45), tree.root()}));
      // A wrong sibling at the top level no longer matches what the insertion picked.
      cs.set("base/merkle tree hash 5/path element 0/num",
             cs.get("base/merkle tree hash 5/path element 0/num") + Fr::one());
      EXPECT_EQ(cs.which_is_unsatisfied(), "base/merkle tree hash 5/binary insert 0/pick");
    } else {
      r1cs::CountingCS cs;
      synthesize_por(cs, tree, 45, false);
      EXPECT_EQ(cs.num_constraints(), constraints) << arity;
    }
  }
}

TEST(PorCircuit, PorepPathCostsShapeOnly) {
  // Porep spec §9.1 / §13.3 [model; consistent with the measured 32 GiB partition]: with a
  // private root, a TreeC/TreeR path costs 5,302 (32 GiB, 8-8-0, 9 + 1 levels), 5,616 (64 GiB,
  // 8-8-2) and 1,062 (2 KiB, 8-0-0, 2 levels); a tree_d path 1,361,462 for 30 levels (32 GiB)
  // and 1,406,844 for 31 (64 GiB). Shape-only synthesis: zero witnesses, counted.
  struct Case {
    TreeHasher hasher;
    TreeShape shape;
    size_t levels;
    size_t constraints;
  };
  const Case cases[] = {{TreeHasher::kPoseidon, {8, 8, 0}, 10, 5302},
                        {TreeHasher::kPoseidon, {8, 8, 2}, 11, 5616},
                        {TreeHasher::kPoseidon, {8, 0, 0}, 2, 1062},
                        {TreeHasher::kSha256, {2, 0, 0}, 30, 1361462},
                        {TreeHasher::kSha256, {2, 0, 0}, 31, 1406844}};
  for (const Case& c : cases) {
    MerklePath<Fr> path;
    for (size_t l = 0; l < c.levels; ++l) {
      const bool top = c.shape.top_arity != 0 && l + 1 == c.levels;
      const bool sub = c.shape.sub_arity != 0 && l + 1 == c.levels - (c.shape.top_arity != 0);
      const unsigned arity = top ? c.shape.top_arity : sub ? c.shape.sub_arity : c.shape.base_arity;
      path.push_back({std::vector<Fr>(arity - 1), 0});
    }
    r1cs::CountingCS cs;
    AllocatedNum root = AllocatedNum::alloc(cs, Fr::zero());
    AllocatedNum leaf = AllocatedNum::alloc(cs, Fr::zero());
    enforce_inclusion(cs, c.hasher, c.shape, path, root, leaf);
    EXPECT_EQ(cs.num_constraints(), c.constraints) << c.levels;
    EXPECT_EQ(cs.num_inputs(), 2u);
  }
}

TEST(PorCircuit, ChangedSiblingOrIndexBitIsRejected) {
  std::mt19937_64 rng(35);
  const Tree tree(TreeHasher::kPoseidon, {8, 8, 2}, 1024, rng);
  TestConstraintSystem cs;
  synthesize_por(cs, tree, 777, false);
  ASSERT_TRUE(cs.is_satisfied());
  // A changed sibling or leaf breaks the insertion that placed it (the first constraint using
  // it); one consistent with the insertion too would break the next level's hash or the root.
  const std::pair<const char*, const char*> tampered[] = {
      {"base/merkle tree hash 0/path element 6/num", "base/merkle tree hash 0/"},
      {"base/merkle tree hash 1/path element 0/num", "base/merkle tree hash 1/"},
      {"sub/merkle tree hash 0/path element 3/num", "sub/merkle tree hash 0/"},
      {"top/merkle tree hash 0/path element 0/num", "top/merkle tree hash 0/"},
      {"value/num", "base/merkle tree hash 0/"}};
  for (const auto& [path, failing_level] : tampered) {
    const Fr original = cs.get(path);
    cs.set(path, original + Fr::one());
    const auto failing = cs.which_is_unsatisfied();
    ASSERT_TRUE(failing.has_value()) << path;
    EXPECT_EQ(failing->rfind(failing_level, 0), 0u) << path << " -> " << *failing;
    cs.set(path, original);
  }
  // An index bit changes the insertion order, so the hashes no longer chain.
  const char* bit = "base/merkle tree hash 1/index bit 2/boolean";
  cs.set(bit, Fr::one() - cs.get(bit));
  EXPECT_TRUE(cs.which_is_unsatisfied().has_value());
  cs.set(bit, Fr::one() - cs.get(bit));
  // Any single variable, sampled.
  EXPECT_GT(expect_tampering_detected(cs, "", 13), 100u);
}

TEST(PorCircuit, WrongLeafIsUnsatisfiable) {
  std::mt19937_64 rng(36);
  const Tree tree(TreeHasher::kPoseidon, {8, 0, 0}, 64, rng);
  TestConstraintSystem cs;
  por_circuit(cs, TreeHasher::kPoseidon, tree.shape, PorValue::value(tree.leaves[4]), tree.path(5),
              PorValue::value(tree.root()), false);
  EXPECT_EQ(cs.which_is_unsatisfied(), "enforce root is correct");
}

TEST(PorCircuit, EnforceInclusionWithSharedValues) {
  // PoRep's enforce_inclusion: leaf and root allocated by the caller, private root.
  std::mt19937_64 rng(37);
  const Tree tree(TreeHasher::kPoseidon, {8, 8, 0}, 512, rng);
  TestConstraintSystem cs;
  AllocatedNum root, leaf;
  {
    r1cs::Namespace ns(cs, "comm_r_last");
    root = AllocatedNum::alloc(cs, tree.root());
  }
  {
    r1cs::Namespace ns(cs, "leaf");
    leaf = AllocatedNum::alloc(cs, tree.leaves[300]);
  }
  {
    r1cs::Namespace ns(cs, "inclusion");
    enforce_inclusion(cs, TreeHasher::kPoseidon, tree.shape, tree.path(300), root, leaf);
  }
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(cs.num_constraints(), 1593u - 1);  // the 8-8 PoR without the root inputize
  EXPECT_TRUE(cs.verify(std::vector<Fr>{Fr::from_u64(300)}));
  cs.set("comm_r_last/num", tree.root() + Fr::one());
  EXPECT_EQ(cs.which_is_unsatisfied(), "inclusion/enforce root is correct");
}

TEST(PorCircuit, R1csDoesNotDependOnTheWitness) {
  std::mt19937_64 rng(38);
  const Tree a(TreeHasher::kPoseidon, {8, 2, 0}, 128, rng);
  const Tree b(TreeHasher::kPoseidon, {8, 2, 0}, 128, rng);
  expect_same_r1cs([&](r1cs::ConstraintSystem& cs) { synthesize_por(cs, a, 3, false); },
                   [&](r1cs::ConstraintSystem& cs) { synthesize_por(cs, b, 100, false); });
}

TEST(PorCircuit, RejectsPathsThatDoNotFitTheShape) {
  std::mt19937_64 rng(39);
  const Tree tree(TreeHasher::kPoseidon, {8, 0, 0}, 64, rng);
  TestConstraintSystem cs;
  MerklePath<Fr> bad = tree.path(1);
  bad[0].siblings.pop_back();
  EXPECT_THROW(por_circuit(cs, TreeHasher::kPoseidon, tree.shape, PorValue::value(Fr::zero()), bad,
                           PorValue::value(Fr::zero()), false),
               std::invalid_argument);
  EXPECT_THROW(por_circuit(cs, TreeHasher::kPoseidon, {6, 0, 0}, PorValue::value(Fr::zero()),
                           tree.path(1), PorValue::value(Fr::zero()), false),
               std::invalid_argument);
  bad = tree.path(1);
  bad[1].index = 8;
  EXPECT_THROW(por_circuit(cs, TreeHasher::kPoseidon, tree.shape, PorValue::value(Fr::zero()), bad,
                           PorValue::value(Fr::zero()), false),
               std::invalid_argument);
  EXPECT_EQ(cs.num_constraints(), 0u);  // rejected before anything was synthesised
  EXPECT_EQ(cs.num_aux(), 0u);
}

// por_no_challenge_input over `tree` for `challenge`, with the bits, siblings, leaf and root
// allocated first (as SnapDeals does). Returns the constraints the gadget itself added.
size_t synthesize_no_challenge(TestConstraintSystem& cs, const Tree& tree, uint64_t challenge) {
  std::vector<AllocatedBit> bits;
  unsigned total_bits = 0;
  for (unsigned a : tree.arities) total_bits += unsigned(__builtin_ctz(a));
  for (unsigned i = 0; i < total_bits; ++i) {
    r1cs::Namespace ns(cs, [&] { return "challenge bit " + std::to_string(i); });
    bits.push_back(AllocatedBit::alloc(cs, ((challenge >> i) & 1) != 0));
  }
  const MerklePath<Fr> path = tree.path(challenge);
  std::vector<std::vector<AllocatedNum>> siblings;
  for (size_t l = 0; l < path.size(); ++l) {
    siblings.emplace_back();
    for (size_t k = 0; k < path[l].siblings.size(); ++k) {
      r1cs::Namespace ns(cs,
                         [&] { return "sibling " + std::to_string(l) + " " + std::to_string(k); });
      siblings.back().push_back(AllocatedNum::alloc(cs, path[l].siblings[k]));
    }
  }
  AllocatedNum leaf, root;
  {
    r1cs::Namespace ns(cs, "leaf");
    leaf = AllocatedNum::alloc(cs, tree.leaves[challenge]);
  }
  {
    r1cs::Namespace ns(cs, "root");
    root = AllocatedNum::alloc(cs, tree.root());
  }
  const size_t before = cs.num_constraints();
  r1cs::Namespace ns(cs, "por");
  por_no_challenge_input(cs, tree.hasher, tree.shape, bits, leaf, siblings, root);
  return cs.num_constraints() - before;
}

TEST(PorNoChallengeInput, PoseidonAndSha256Costs) {
  // Spec §4.3: a level costs insert + hash — 527 / 385 / 313 for Poseidon arity 8 / 4 / 2,
  // 45,381 for SHA-256 arity 2 — plus one final equality.
  std::mt19937_64 rng(40);
  for (const auto& [arity, per_level] : {std::pair(4u, 385u), std::pair(2u, 313u)}) {
    const Tree tree(TreeHasher::kPoseidon, {arity, 0, 0}, size_t(arity) * arity, rng);
    TestConstraintSystem cs;
    EXPECT_EQ(synthesize_no_challenge(cs, tree, arity + 1), 2 * per_level + 1);
    EXPECT_TRUE(cs.is_satisfied());
  }
  {
    const Tree tree(TreeHasher::kPoseidon, {8, 8, 0}, 512, rng);  // 2 base levels + 1 sub level
    TestConstraintSystem cs;
    EXPECT_EQ(synthesize_no_challenge(cs, tree, 411), 3u * 527 + 1);
    EXPECT_TRUE(cs.is_satisfied());
    cs.set("sibling 2 0/num", cs.get("sibling 2 0/num") + Fr::one());
    EXPECT_EQ(cs.which_is_unsatisfied(), "por/merkle proof insert (height=2)/p0_xx0/pick");
    cs.set("sibling 2 0/num", cs.get("sibling 2 0/num") - Fr::one());
    cs.set("root/num", cs.get("root/num") + Fr::one());
    EXPECT_EQ(cs.which_is_unsatisfied(), "por/calculated root == provided root");
  }
  {
    const Tree tree(TreeHasher::kSha256, {2, 0, 0}, 8, rng);
    TestConstraintSystem cs;
    EXPECT_EQ(synthesize_no_challenge(cs, tree, 6), 3u * 45381 + 1);
    EXPECT_TRUE(cs.is_satisfied());
    cs.set("challenge bit 0/boolean", Fr::one());
    EXPECT_TRUE(cs.which_is_unsatisfied().has_value());
  }
}

}  // namespace
}  // namespace cuzk::gadgets
