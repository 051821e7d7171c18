// Filecoin's SHA-256 over field elements: gadget == native (hash::sha256_node,
// sha256_domain_hash2) and the constraint counts of spec §3.3 and §4.3.
#include "gadgets/sha256_fr.hpp"

#include <gtest/gtest.h>

#include <random>

#include "gadget_test_util.hpp"
#include "hash/merkle_node.hpp"
#include "hash/sha256_domain.hpp"
#include "r1cs/counting_cs.hpp"

namespace cuzk::gadgets {
namespace {

using testing::expect_same_r1cs;
using testing::expect_tampering_detected;
using testing::TestConstraintSystem;

std::vector<AllocatedNum> alloc_leaves(r1cs::ConstraintSystem& cs, const std::vector<Fr>& values) {
  std::vector<AllocatedNum> nums;
  for (size_t i = 0; i < values.size(); ++i) {
    r1cs::Namespace ns(cs, [&] { return "leaf " + std::to_string(i); });
    nums.push_back(AllocatedNum::alloc(cs, values[i]));
  }
  return nums;
}

Fr native_sha256_node(const std::vector<Fr>& children) {
  std::vector<hash::Node32> nodes;
  for (const Fr& c : children) nodes.push_back(hash::node_from_fr(c));
  return *hash::fr_from_node(hash::sha256_node(nodes));
}

TEST(Sha256FrGadget, Hash2Costs45379AndMatchesNative) {
  // Spec §3.3 [derived; consistent with upstream apex_por 317,654 = 7 x 45,379 + 1]: 2 x 256 for
  // the decompositions, 44,866 for the SHA-256 (two constant pad bits), 1 for the packing.
  std::mt19937_64 rng(17);
  const Fr a = Fr::random(rng), b = Fr::random(rng);
  TestConstraintSystem cs;
  const std::vector<AllocatedNum> ab = alloc_leaves(cs, {a, b});
  AllocatedNum out;
  {
    r1cs::Namespace ns(cs, "hash2");
    out = sha256_hash2(cs, ab[0], ab[1]);
  }
  EXPECT_EQ(cs.num_constraints(), 45379u);
  size_t sha_part = 0;
  for (const auto& c : cs.constraints()) sha_part += c.path.rfind("hash2/hash/", 0) == 0;
  EXPECT_EQ(sha_part, 44866u);
  EXPECT_EQ(cs.num_aux() - 2, 2u * 255 + 44820u + 1);  // porep spec §13.3 [model]: 44,820 aux
  EXPECT_TRUE(cs.is_satisfied());
  const Fr expected = hash::sha256_digest_to_fr(hash::sha256(std::vector<uint8_t>([&] {
    std::vector<uint8_t> m;
    for (const Fr& x : {a, b}) {
      const auto bytes = x.to_bytes_le();
      m.insert(m.end(), bytes.begin(), bytes.end());
    }
    return m;
  }())));
  EXPECT_EQ(out.value(), expected);
  EXPECT_EQ(out.value(), *hash::fr_from_node(hash::sha256_domain_hash2(hash::node_from_fr(a),
                                                                       hash::node_from_fr(b))));
  EXPECT_GT(expect_tampering_detected(cs, "", 307), 100u);
}

TEST(Sha256FrGadget, MultiLeafMatchesNativeNodeHash) {
  // Costs [derived from storage-proofs-core tests/por_circuit.rs: SHA-256 base 2 / 4 / 8 =
  // 272,295 / 216,258 / 250,987 = levels x (index bits + insert + node hash) + 3]: a node of
  // 2 / 4 / 8 children costs 45,379 / 72,075 / 125,467.
  const size_t expected_cost[] = {0, 0, 45379, 0, 72075, 0, 0, 0, 125467};
  std::mt19937_64 rng(18);
  for (size_t arity : {2u, 4u, 8u}) {
    for (int trial = 0; trial < 3; ++trial) {
      std::vector<Fr> children;
      for (size_t i = 0; i < arity; ++i) {
        children.push_back(trial == 0 && i == 0 ? -Fr::one() : Fr::random(rng));
      }
      r1cs::CountingCS cs;
      const std::vector<AllocatedNum> leaves = alloc_leaves(cs, children);
      const AllocatedNum out = sha256_hash_multi_leaf(cs, leaves);
      EXPECT_EQ(cs.num_constraints(), expected_cost[arity]) << arity;
      EXPECT_EQ(out.value(), native_sha256_node(children));
    }
  }
  // Satisfaction for one 4-child node.
  TestConstraintSystem cs;
  const std::vector<AllocatedNum> leaves =
      alloc_leaves(cs, {Fr::from_u64(1), Fr::from_u64(2), Fr::from_u64(3), Fr::from_u64(4)});
  sha256_hash_multi_leaf(cs, leaves);
  EXPECT_TRUE(cs.is_satisfied());
}

TEST(Sha256FrGadget, HashLeafBitsCosts45387) {
  // Origin: storage-proofs-core util.rs test hash_leaf_bits_circuit: two random Fr as LE bytes,
  // allocated bit by bit ("left", "right"), hashed: 45,387 constraints in all, equal to the
  // native node hash.
  std::mt19937_64 rng(19);
  const Fr left = Fr::random(rng), right = Fr::random(rng);
  TestConstraintSystem cs;
  std::vector<Boolean> left_bits, right_bits;
  {
    r1cs::Namespace ns(cs, "left");
    left_bits = bytes_into_boolean_vec(cs, left.to_bytes_le());
  }
  {
    r1cs::Namespace ns(cs, "right");
    right_bits = bytes_into_boolean_vec(cs, right.to_bytes_le());
  }
  AllocatedNum out;
  {
    r1cs::Namespace ns(cs, "hash_leaf_circuit");
    out = sha256_hash_leaf_bits(cs, left_bits, right_bits);
  }
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(cs.num_constraints(), 45387u);
  EXPECT_EQ(out.value(), native_sha256_node({left, right}));
}

TEST(Sha256FrGadget, ReverseBitNumberingAndBeBytes) {
  std::vector<Boolean> bits;
  for (int i = 0; i < 10; ++i) bits.push_back(Boolean::constant(i == 0 || i == 8));
  const std::vector<Boolean> r = reverse_bit_numbering(bits);
  ASSERT_EQ(r.size(), 16u);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i].value(), i == 7 || i == 15) << i;

  TestConstraintSystem cs;
  const uint8_t bytes[] = {0x80, 0x01};
  const std::vector<Boolean> be = bytes_into_boolean_vec_be(cs, bytes);
  ASSERT_EQ(be.size(), 16u);
  EXPECT_TRUE(be[0].value());
  EXPECT_TRUE(be[15].value());
  EXPECT_EQ(cs.num_constraints(), 16u);
}

TEST(Sha256FrGadget, R1csDoesNotDependOnValues) {
  auto circuit = [](uint64_t seed) {
    return [seed](r1cs::ConstraintSystem& cs) {
      std::mt19937_64 rng(seed);
      const std::vector<AllocatedNum> ab = alloc_leaves(cs, {Fr::random(rng), Fr::random(rng)});
      sha256_hash2(cs, ab[0], ab[1]);
    };
  };
  expect_same_r1cs(circuit(1), circuit(2));
}

}  // namespace
}  // namespace cuzk::gadgets
