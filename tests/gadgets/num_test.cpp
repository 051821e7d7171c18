// AllocatedNum / Num: arithmetic, inputize, conditional reversal, and both bit decompositions,
// following bellpepper-core num.rs's tests (test_num_addition, test_num_squaring,
// test_num_multiplication, test_num_conditional_reversal, test_into_bits_strict,
// test_into_bits, test_num_scale).
#include "gadgets/num.hpp"

#include <gtest/gtest.h>

#include <random>

#include "gadget_test_util.hpp"

namespace cuzk::gadgets {
namespace {

using testing::expect_same_r1cs;
using testing::expect_tampering_detected;
using testing::TestConstraintSystem;

bool fr_bit(const Fr& x, unsigned i) {
  return ((x.to_canonical()[i / 64] >> (i % 64)) & 1) != 0;
}

TEST(AllocatedNum, Arithmetic) {
  // Origin: num.rs test_num_addition ((r - 1) + 1 = 0), test_num_squaring (3^2 = 9),
  // test_num_multiplication (12 * 10 = 120).
  {
    TestConstraintSystem cs;
    AllocatedNum a, b;
    {
      r1cs::Namespace ns(cs, "a");
      a = AllocatedNum::alloc(cs, -Fr::one());
    }
    {
      r1cs::Namespace ns(cs, "b");
      b = AllocatedNum::alloc(cs, Fr::one());
    }
    const AllocatedNum c = a.add(cs, b);
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(cs.get("sum num"), Fr::zero());
    EXPECT_EQ(c.value(), Fr::zero());
    cs.set("sum num", Fr::one());
    EXPECT_EQ(cs.which_is_unsatisfied(), "addition constraint");
  }
  {
    TestConstraintSystem cs;
    const AllocatedNum n = AllocatedNum::alloc(cs, Fr::from_u64(3));
    const AllocatedNum n2 = n.square(cs);
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(cs.get("squared num"), Fr::from_u64(9));
    EXPECT_EQ(n2.value(), Fr::from_u64(9));
    cs.set("squared num", Fr::from_u64(10));
    EXPECT_EQ(cs.which_is_unsatisfied(), "squaring constraint");
  }
  {
    TestConstraintSystem cs;
    AllocatedNum a, b;
    {
      r1cs::Namespace ns(cs, "a");
      a = AllocatedNum::alloc(cs, Fr::from_u64(12));
    }
    {
      r1cs::Namespace ns(cs, "b");
      b = AllocatedNum::alloc(cs, Fr::from_u64(10));
    }
    const AllocatedNum c = a.mul(cs, b);
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(cs.get("product num"), Fr::from_u64(120));
    EXPECT_EQ(c.value(), Fr::from_u64(120));
    cs.set("product num", Fr::from_u64(121));
    EXPECT_EQ(cs.which_is_unsatisfied(), "multiplication constraint");
  }
}

TEST(AllocatedNum, InputizeAddsAPublicInputAndOneConstraint) {
  TestConstraintSystem cs;
  const Fr x = Fr::from_u64(0xfeed);
  const AllocatedNum n = AllocatedNum::alloc(cs, x);
  n.inputize(cs);
  EXPECT_EQ(cs.num_inputs(), 2u);
  EXPECT_EQ(cs.num_constraints(), 1u);
  EXPECT_TRUE(cs.verify(std::vector<Fr>{x}));
  cs.set("num", x + Fr::one());
  EXPECT_EQ(cs.which_is_unsatisfied(), "enforce input is correct");

  TestConstraintSystem direct;
  const AllocatedNum in = AllocatedNum::alloc_input(direct, x);
  EXPECT_TRUE(in.variable().is_input());
  EXPECT_EQ(direct.get("input num"), x);
  EXPECT_EQ(direct.num_constraints(), 0u);
}

TEST(AllocatedNum, ConditionallyReverse) {
  // Origin: num.rs test_num_conditional_reversal, extended to allocated conditions.
  std::mt19937_64 rng(7);
  for (int mode = 0; mode < 4; ++mode) {  // constant false / true, allocated false / true
    const bool swap = (mode & 1) != 0;
    TestConstraintSystem cs;
    AllocatedNum a, b;
    {
      r1cs::Namespace ns(cs, "a");
      a = AllocatedNum::alloc(cs, Fr::random(rng));
    }
    {
      r1cs::Namespace ns(cs, "b");
      b = AllocatedNum::alloc(cs, Fr::random(rng));
    }
    Boolean condition = Boolean::constant(swap);
    if (mode >= 2) {
      r1cs::Namespace ns(cs, "condition");
      condition = AllocatedBit::alloc(cs, swap);
    }
    const auto [c, d] = AllocatedNum::conditionally_reverse(cs, a, b, condition);
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(c.value(), swap ? b.value() : a.value());
    EXPECT_EQ(d.value(), swap ? a.value() : b.value());
    if (mode >= 2) {
      cs.set("condition/boolean", swap ? Fr::zero() : Fr::one());
      EXPECT_EQ(cs.which_is_unsatisfied(), "first conditional reversal");
    }
  }
}

TEST(AllocatedNum, ToBitsLeStrictRejectsTheModulus) {
  // Origin: num.rs test_into_bits_strict: -1 decomposes; setting its lowest bit (counter 254,
  // the bits are named MSB first) makes the bits spell r, caught by the conditional booleanity.
  TestConstraintSystem cs;
  const AllocatedNum n = AllocatedNum::alloc(cs, -Fr::one());
  n.to_bits_le_strict(cs);
  EXPECT_TRUE(cs.is_satisfied());
  cs.set("bit 254/boolean", Fr::one());
  EXPECT_EQ(cs.which_is_unsatisfied(), "bit 254/boolean constraint");
}

TEST(AllocatedNum, ToBitsLeBothVariantsOnRandomValues) {
  // Origin: num.rs test_into_bits (200 random values, strict and non-strict alternating).
  std::mt19937_64 rng(0x5962be3d);
  for (int i = 0; i < 200; ++i) {
    const Fr r = i < 2 ? (i == 0 ? Fr::zero() : -Fr::one()) : Fr::random(rng);
    TestConstraintSystem cs;
    const AllocatedNum n = AllocatedNum::alloc(cs, r);
    const bool strict = i % 2 == 1;
    const std::vector<Boolean> bits = strict ? n.to_bits_le_strict(cs) : n.to_bits_le(cs);
    ASSERT_EQ(bits.size(), 255u);
    for (unsigned k = 0; k < 255; ++k) {
      ASSERT_EQ(bits[k].kind(), Boolean::Kind::kIs);
      EXPECT_EQ(bits[k].value(), fr_bit(r, k)) << "value " << i << " bit " << k;
    }
    EXPECT_TRUE(cs.is_satisfied());
    if (!strict) {
      EXPECT_EQ(cs.num_constraints(), 256u);  // spec §3.3: 255 booleans + 1
    }
    cs.set("num", Fr::random(rng));
    EXPECT_FALSE(cs.is_satisfied());
    cs.set("num", r);
    if (i < 20) {
      // Flipping any single bit breaks the decomposition.
      for (unsigned k = 0; k < 255; ++k) {
        const std::string name = "bit " + std::to_string(k) + "/boolean";
        const Fr cur = cs.get(name);
        cs.set(name, Fr::one() - cur);
        EXPECT_FALSE(cs.is_satisfied()) << name;
        cs.set(name, cur);
      }
      EXPECT_TRUE(cs.is_satisfied());
    }
  }
}

TEST(AllocatedNum, ToBitsLeStrictCost) {
  // [derived from r - 1's bits] 255 booleanity constraints, 132 ANDs chaining the runs of ones
  // of r - 1 (a run of n ones costs n - 1 ANDs, plus one to join the previous runs), and the
  // packing constraint: 388. Aux: the number, 255 bits, 132 ANDs. The R1CS does not depend on
  // the value.
  TestConstraintSystem cs;
  AllocatedNum::alloc(cs, Fr::from_u64(5)).to_bits_le_strict(cs);
  EXPECT_EQ(cs.num_constraints(), 388u);
  EXPECT_EQ(cs.num_aux(), 388u);
  std::mt19937_64 rng(3);
  const Fr x = Fr::random(rng), y = Fr::random(rng);
  expect_same_r1cs(
      [&](r1cs::ConstraintSystem& c) { AllocatedNum::alloc(c, x).to_bits_le_strict(c); },
      [&](r1cs::ConstraintSystem& c) { AllocatedNum::alloc(c, y).to_bits_le_strict(c); });
  expect_same_r1cs([&](r1cs::ConstraintSystem& c) { AllocatedNum::alloc(c, x).to_bits_le(c); },
                   [&](r1cs::ConstraintSystem& c) { AllocatedNum::alloc(c, y).to_bits_le(c); });
}

TEST(Num, AddScaleAndBits) {
  // Origin: num.rs test_num_scale (value and coefficients scale together).
  TestConstraintSystem cs;
  std::mt19937_64 rng(11);
  const AllocatedNum x = AllocatedNum::alloc(cs, Fr::random(rng));
  const AllocatedBit bit = AllocatedBit::alloc(cs, true);
  const Fr c = Fr::random(rng), s = Fr::random(rng);
  Num n(x);
  n.add_bool_with_coeff(Boolean(bit), c).add_bool_with_coeff(Boolean::constant(true), c);
  EXPECT_EQ(n.value(), x.value() + c + c);
  n.scale(s);
  EXPECT_EQ(n.value(), (x.value() + c + c) * s);
  EXPECT_EQ(n.lc().evaluate(cs.inputs(), cs.aux()), n.value());
  Num m(x);
  m.add(n);
  EXPECT_EQ(m.value(), x.value() + n.value());
  EXPECT_EQ(m.lc().evaluate(cs.inputs(), cs.aux()), m.value());
  EXPECT_EQ(m.lc().size(), 3u);  // ONE, x, bit: the two x terms merged
}

}  // namespace
}  // namespace cuzk::gadgets
