// UInt64 and the constraint.rs helpers (storage-proofs-core constraint.rs tests add_constraint /
// sub_constraint: 100 random pairs each).
#include <gtest/gtest.h>

#include <random>

#include "gadget_test_util.hpp"
#include "gadgets/constraint.hpp"
#include "gadgets/uint64.hpp"

namespace cuzk::gadgets {
namespace {

using testing::TestConstraintSystem;

TEST(UInt64, AllocBitsAndPacking) {
  std::mt19937_64 rng(8);
  for (int i = 0; i < 50; ++i) {
    const uint64_t v = rng();
    TestConstraintSystem cs;
    const UInt64 w = UInt64::alloc(cs, v);
    EXPECT_EQ(cs.num_constraints(), 64u);
    EXPECT_EQ(w.value(), v);
    const std::vector<Boolean> be = w.bits_be();
    for (unsigned k = 0; k < 64; ++k) EXPECT_EQ(be[k].value(), ((v >> (63 - k)) & 1) != 0);
    EXPECT_EQ(UInt64::from_bits_be(be).value(), v);
    EXPECT_EQ(UInt64::from_bits_le(w.bits_le()).value(), v);
    EXPECT_EQ(UInt64::constant(v).value(), v);
    w.pack_into_input(cs);
    EXPECT_EQ(cs.num_constraints(), 65u);
    EXPECT_EQ(cs.num_inputs(), 2u);
    // The public input is the challenge itself.
    EXPECT_TRUE(cs.verify(std::vector<Fr>{Fr::from_u64(v)}));
    cs.set("allocated bit 0/boolean", Fr::one() - cs.get("allocated bit 0/boolean"));
    EXPECT_EQ(cs.which_is_unsatisfied(), "packing constraint 0");
  }
}

TEST(ConstraintHelpers, AddAndSub) {
  // Origin: storage-proofs-core constraint.rs add_constraint / sub_constraint.
  std::mt19937_64 rng(9);
  for (int i = 0; i < 100; ++i) {
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
    AllocatedNum s, d;
    {
      r1cs::Namespace ns(cs, "a+b");
      s = add_nums(cs, a, b);
    }
    {
      r1cs::Namespace ns(cs, "a-b");
      d = sub_nums(cs, a, b);
    }
    enforce_equal_nums(cs, a, a, "a equals a");
    EXPECT_EQ(s.value(), a.value() + b.value());
    EXPECT_EQ(d.value(), a.value() - b.value());
    EXPECT_TRUE(cs.is_satisfied());
    cs.set("a-b/sub_num/num", d.value() + Fr::one());
    EXPECT_EQ(cs.which_is_unsatisfied(), "a-b/subtraction constraint");
    cs.set("a-b/sub_num/num", d.value());
    cs.set("a+b/add_num/num", s.value() + Fr::one());
    EXPECT_EQ(cs.which_is_unsatisfied(), "a+b/sum constraint");
  }
}

}  // namespace
}  // namespace cuzk::gadgets
