// UInt32 and MultiEq, following bellperson uint32.rs's tests (from_bits_be / from_bits, xor,
// addmany with constants, addmany, rotr, shr, sha256_maj, sha256_ch) plus MultiEq's batching.
#include "gadgets/uint32.hpp"

#include <gtest/gtest.h>

#include <random>

#include "gadget_test_util.hpp"

namespace cuzk::gadgets {
namespace {

using testing::expect_same_r1cs;
using testing::TestConstraintSystem;

uint32_t rotr32(uint32_t x, unsigned r) {
  return r == 0 ? x : (x >> r) | (x << (32 - r));
}

void expect_word(const UInt32& w, uint32_t expected) {
  EXPECT_EQ(w.value(), expected);
  for (unsigned i = 0; i < 32; ++i) EXPECT_EQ(w.bits_le()[i].value(), ((expected >> i) & 1) != 0);
}

UInt32 alloc_word(r1cs::ConstraintSystem& cs, const char* name, uint32_t v) {
  r1cs::Namespace ns(cs, name);
  return UInt32::alloc(cs, v);
}

TEST(UInt32, FromBitsAndBack) {
  // Origin: uint32.rs test_uint32_from_bits_be / test_uint32_from_bits (constant bits).
  std::mt19937_64 rng(1);
  for (int i = 0; i < 100; ++i) {
    const uint32_t v = uint32_t(rng());
    std::vector<Boolean> be;
    UInt32::constant(v).append_bits_be(be);
    ASSERT_EQ(be.size(), 32u);
    for (unsigned k = 0; k < 32; ++k) EXPECT_EQ(be[k].value(), ((v >> (31 - k)) & 1) != 0);
    expect_word(UInt32::from_bits_be(be), v);
    const UInt32 w = UInt32::constant(v);
    expect_word(UInt32::from_bits_le(w.bits_le()), v);
  }
}

TEST(UInt32, RotrAndShrAreFreeReindexing) {
  // Origin: uint32.rs test_uint32_rotr / test_uint32_shr.
  std::mt19937_64 rng(2);
  TestConstraintSystem cs;
  const uint32_t v = uint32_t(rng());
  const UInt32 w = alloc_word(cs, "w", v);
  for (unsigned r = 0; r < 40; ++r) {
    expect_word(w.rotr(r), rotr32(v, r % 32));
    expect_word(w.shr(r), v >> (r % 32));
  }
  // shr fills with constant false.
  EXPECT_TRUE(w.shr(3).bits_le()[31].is_constant());
  EXPECT_EQ(cs.num_constraints(), 32u);
}

TEST(UInt32, XorMixedConstantAndAllocated) {
  // Origin: uint32.rs test_uint32_xor: a (allocated) ^ b (constant) ^ c (allocated).
  std::mt19937_64 rng(3);
  for (int i = 0; i < 200; ++i) {
    TestConstraintSystem cs;
    const uint32_t a = uint32_t(rng()), b = uint32_t(rng()), c = uint32_t(rng());
    const UInt32 aw = alloc_word(cs, "a_bit", a), cw = alloc_word(cs, "c_bit", c);
    UInt32 r;
    {
      r1cs::Namespace ns(cs, "xor1");
      r = xor_words(cs, aw, UInt32::constant(b));
    }
    EXPECT_EQ(cs.num_constraints(), 64u);  // a constant operand costs nothing
    {
      r1cs::Namespace ns(cs, "xor2");
      r = xor_words(cs, r, cw);
    }
    EXPECT_EQ(cs.num_constraints(), 96u);
    expect_word(r, a ^ b ^ c);
    EXPECT_TRUE(cs.is_satisfied());
    cs.set("xor2/xor of bit 7/xor result", Fr::one() - cs.get("xor2/xor of bit 7/xor result"));
    EXPECT_EQ(cs.which_is_unsatisfied(), "xor2/xor of bit 7/xor constraint");
  }
}

TEST(UInt32, AddmanyConstantsCostNothing) {
  // Origin: uint32.rs test_uint32_addmany_constants.
  std::mt19937_64 rng(4);
  for (int i = 0; i < 200; ++i) {
    TestConstraintSystem cs;
    const uint32_t a = uint32_t(rng()), b = uint32_t(rng()), c = uint32_t(rng());
    const UInt32 ops[] = {UInt32::constant(a), UInt32::constant(b), UInt32::constant(c)};
    MultiEq meq(cs);
    const UInt32 r = addmany(cs, meq, ops);
    meq.finish();
    expect_word(r, a + b + c);
    for (const Boolean& bit : r.bits_le()) EXPECT_TRUE(bit.is_constant());
    EXPECT_EQ(cs.num_constraints(), 0u);
  }
}

TEST(UInt32, AddmanyRandom) {
  // Origin: uint32.rs test_uint32_addmany (1000 random cases): (a ^ b) + c + d with b and c
  // constant; result bit 0 flipped must fail.
  std::mt19937_64 rng(0x5962be5d);
  for (int i = 0; i < 1000; ++i) {
    TestConstraintSystem cs;
    const uint32_t a = uint32_t(rng()), b = uint32_t(rng()), c = uint32_t(rng()),
                   d = uint32_t(rng());
    const UInt32 aw = alloc_word(cs, "a_bit", a), dw = alloc_word(cs, "d_bit", d);
    UInt32 x;
    {
      r1cs::Namespace ns(cs, "xor");
      x = xor_words(cs, aw, UInt32::constant(b));
    }
    UInt32 r;
    {
      MultiEq meq(cs);
      r1cs::Namespace ns(cs, "addition");
      const UInt32 ops[] = {x, UInt32::constant(c), dw};
      r = addmany(cs, meq, ops);
    }  // the MultiEq emits on destruction, like bellperson's Drop
    // 3 operands: 34 result bits, then one MultiEq constraint.
    EXPECT_EQ(cs.num_constraints(), 64u + 34u + 1u);
    EXPECT_TRUE(cs.is_satisfied());
    expect_word(r, (a ^ b) + c + d);
    const char* bit0 = "addition/result bit 0/boolean";
    cs.set(bit0, Fr::one() - cs.get(bit0));
    EXPECT_FALSE(cs.is_satisfied());
  }
}

TEST(UInt32, AddmanyResultWidths) {
  // Spec §3.2: 33 result bits for 2 operands, 34 for 3-4, 35 for 5-8, 36 for 9-10.
  const size_t expected_bits[] = {0, 0, 33, 34, 34, 35, 35, 35, 35, 36, 36};
  std::mt19937_64 rng(5);
  for (size_t n = 2; n <= 10; ++n) {
    TestConstraintSystem cs;
    std::vector<UInt32> ops;
    uint32_t sum = 0;
    for (size_t k = 0; k < n; ++k) {
      const uint32_t v = uint32_t(rng());
      sum += v;
      r1cs::Namespace ns(cs, [&] { return "op " + std::to_string(k); });
      ops.push_back(UInt32::alloc(cs, v));
    }
    MultiEq meq(cs);
    const size_t before = cs.num_constraints();
    expect_word(addmany(cs, meq, ops), sum);
    EXPECT_EQ(cs.num_constraints() - before, expected_bits[n]);
    EXPECT_EQ(meq.bits_used(), expected_bits[n]);
    meq.finish();
    EXPECT_TRUE(cs.is_satisfied());
  }
  TestConstraintSystem cs;
  MultiEq meq(cs);
  const std::vector<UInt32> one(1), eleven(11);
  EXPECT_THROW(addmany(cs, meq, one), std::invalid_argument);
  EXPECT_THROW(addmany(cs, meq, eleven), std::invalid_argument);
}

TEST(UInt32, MultiEqBatchesUpToTheFieldCapacity) {
  // 7 additions of 2 words need 33 bits each: 7 * 33 = 231 < 254 share one constraint; the 8th
  // (264 >= 254) starts a second. Breaking any one addition breaks its batch's constraint.
  std::mt19937_64 rng(6);
  TestConstraintSystem cs;
  MultiEq meq(cs);
  for (int k = 0; k < 8; ++k) {
    r1cs::Namespace ns(cs, [&] { return "add " + std::to_string(k); });
    const UInt32 ops[] = {alloc_word(cs, "x", uint32_t(rng())),
                          alloc_word(cs, "y", uint32_t(rng()))};
    addmany(cs, meq, ops);
    EXPECT_EQ(meq.constraints_emitted(), k < 7 ? 0u : 1u);
  }
  meq.finish();
  EXPECT_EQ(meq.constraints_emitted(), 2u);
  EXPECT_EQ(cs.num_constraints(), 8u * (64 + 33) + 2);
  EXPECT_TRUE(cs.is_satisfied());
  // The first batch was emitted when the 8th addition came, inside its namespace.
  cs.set("add 3/result bit 32/boolean", Fr::one() - cs.get("add 3/result bit 32/boolean"));
  EXPECT_EQ(cs.which_is_unsatisfied(), "add 7/multieq 0");
}

TEST(UInt32, Sha256ChAndMajWords) {
  // Origin: uint32.rs test_uint32_sha256_maj / test_uint32_sha256_ch (a, b allocated,
  // c constant) and the all-allocated case.
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100; ++i) {
    for (bool c_constant : {true, false}) {
      TestConstraintSystem cs;
      const uint32_t a = uint32_t(rng()), b = uint32_t(rng()), c = uint32_t(rng());
      const UInt32 aw = alloc_word(cs, "a", a), bw = alloc_word(cs, "b", b);
      const UInt32 cw = c_constant ? UInt32::constant(c) : alloc_word(cs, "c", c);
      const size_t before = cs.num_constraints();
      UInt32 maj, ch;
      {
        r1cs::Namespace ns(cs, "maj");
        maj = sha256_maj(cs, aw, bw, cw);
      }
      {
        r1cs::Namespace ns(cs, "ch");
        ch = sha256_ch(cs, aw, bw, cw);
      }
      expect_word(maj, (a & b) ^ (a & c) ^ (b & c));
      expect_word(ch, (a & b) ^ (~a & c));
      if (!c_constant) {
        EXPECT_EQ(cs.num_constraints() - before, 32u * 2 + 32u);  // maj 2, ch 1 per bit
      }
      EXPECT_TRUE(cs.is_satisfied());
    }
  }
}

TEST(UInt32, AddmanyShapeDoesNotDependOnValues) {
  auto circuit = [](uint32_t seed) {
    return [seed](r1cs::ConstraintSystem& cs) {
      std::mt19937_64 rng(seed);
      MultiEq meq(cs);
      std::vector<UInt32> ops;
      for (int k = 0; k < 7; ++k) ops.push_back(UInt32::alloc(cs, uint32_t(rng())));
      ops.push_back(UInt32::constant(0x428a2f98));
      addmany(cs, meq, ops);
    };
  };
  expect_same_r1cs(circuit(1), circuit(2));
}

}  // namespace
}  // namespace cuzk::gadgets
