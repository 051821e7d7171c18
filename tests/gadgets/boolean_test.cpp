// AllocatedBit / Boolean: truth tables, constant folding costs, and tampering, following
// bellpepper-core boolean.rs's tests (test_allocated_bit, test_xor, test_and, test_and_not,
// test_nor, test_enforce_equal, test_boolean_xor/and, test_boolean_sha256_ch/maj).
#include "gadgets/boolean.hpp"

#include <gtest/gtest.h>

#include "gadget_test_util.hpp"

namespace cuzk::gadgets {
namespace {

using testing::expect_tampering_detected;
using testing::TestConstraintSystem;

Fr fr_bit(bool b) {
  return b ? Fr::one() : Fr::zero();
}

TEST(AllocatedBit, AllocIsBooleanConstrained) {
  // Origin: bellpepper-core boolean.rs test_allocated_bit.
  TestConstraintSystem cs;
  AllocatedBit::alloc(cs, true);
  EXPECT_EQ(cs.get("boolean"), Fr::one());
  EXPECT_TRUE(cs.is_satisfied());
  cs.set("boolean", Fr::zero());
  EXPECT_TRUE(cs.is_satisfied());
  cs.set("boolean", Fr::from_u64(2));
  EXPECT_EQ(cs.which_is_unsatisfied(), "boolean constraint");
}

TEST(AllocatedBit, AllocConditionally) {
  for (bool must_be_false : {false, true}) {
    for (bool value : {false, true}) {
      TestConstraintSystem cs;
      AllocatedBit guard;
      {
        r1cs::Namespace ns(cs, "guard");
        guard = AllocatedBit::alloc(cs, must_be_false);
      }
      AllocatedBit::alloc_conditionally(cs, value, guard);
      EXPECT_EQ(cs.num_constraints(), 2u);
      EXPECT_EQ(cs.is_satisfied(), !(must_be_false && value)) << must_be_false << value;
    }
  }
}

struct BitOp {
  const char* result_name;
  AllocatedBit (*op)(r1cs::ConstraintSystem&, const AllocatedBit&, const AllocatedBit&);
  bool (*truth)(bool, bool);
};

TEST(AllocatedBit, TruthTablesAndTampering) {
  // Origin: bellpepper-core boolean.rs test_xor / test_and / test_and_not / test_nor.
  const BitOp ops[] = {
      {"xor result", xor_bits, [](bool a, bool b) { return a != b; }},
      {"and result", and_bits, [](bool a, bool b) { return a && b; }},
      {"and not result", and_not_bits, [](bool a, bool b) { return a && !b; }},
      {"nor result", nor_bits, [](bool a, bool b) { return !a && !b; }},
  };
  for (const BitOp& op : ops) {
    for (bool a_val : {false, true}) {
      for (bool b_val : {false, true}) {
        TestConstraintSystem cs;
        AllocatedBit a, b;
        {
          r1cs::Namespace ns(cs, "a");
          a = AllocatedBit::alloc(cs, a_val);
        }
        {
          r1cs::Namespace ns(cs, "b");
          b = AllocatedBit::alloc(cs, b_val);
        }
        const AllocatedBit c = op.op(cs, a, b);
        const bool expected = op.truth(a_val, b_val);
        EXPECT_EQ(c.value(), expected) << op.result_name;
        EXPECT_EQ(cs.num_constraints(), 3u);
        EXPECT_TRUE(cs.is_satisfied());
        EXPECT_EQ(cs.get("a/boolean"), fr_bit(a_val));
        EXPECT_EQ(cs.get(op.result_name), fr_bit(expected));
        cs.set(op.result_name, fr_bit(!expected));
        EXPECT_FALSE(cs.is_satisfied()) << op.result_name;
      }
    }
  }
}

// The six operand types of boolean.rs's tests.
enum class Operand { kConstTrue, kConstFalse, kAllocTrue, kAllocFalse, kNegTrue, kNegFalse };
constexpr Operand kOperands[] = {Operand::kConstTrue,  Operand::kConstFalse, Operand::kAllocTrue,
                                 Operand::kAllocFalse, Operand::kNegTrue,    Operand::kNegFalse};

Boolean make_operand(r1cs::ConstraintSystem& cs, Operand op, const char* name) {
  r1cs::Namespace ns(cs, name);
  switch (op) {
    case Operand::kConstTrue:
      return Boolean::constant(true);
    case Operand::kConstFalse:
      return Boolean::constant(false);
    case Operand::kAllocTrue:
      return Boolean(AllocatedBit::alloc(cs, true));
    case Operand::kAllocFalse:
      return Boolean(AllocatedBit::alloc(cs, false));
    case Operand::kNegTrue:
      return Boolean(AllocatedBit::alloc(cs, false)).negated();  // = true
    case Operand::kNegFalse:
      return Boolean(AllocatedBit::alloc(cs, true)).negated();
  }
  return {};
}

bool is_const(Operand op) {
  return op == Operand::kConstTrue || op == Operand::kConstFalse;
}

TEST(Boolean, XorAndOrFoldConstants) {
  // Origin: bellpepper-core boolean.rs test_boolean_xor / test_boolean_and (all 36 pairs).
  for (Operand oa : kOperands) {
    for (Operand ob : kOperands) {
      for (int which = 0; which < 3; ++which) {
        TestConstraintSystem cs;
        const Boolean a = make_operand(cs, oa, "a");
        const Boolean b = make_operand(cs, ob, "b");
        const size_t before = cs.num_constraints();
        const size_t first_result = cs.num_aux();
        Boolean r;
        bool expected = false;
        if (which == 0) {
          r = xor_bits(cs, a, b);
          expected = a.value() != b.value();
        } else if (which == 1) {
          r = and_bits(cs, a, b);
          expected = a.value() && b.value();
        } else {
          r = or_bits(cs, a, b);
          expected = a.value() || b.value();
        }
        EXPECT_EQ(r.value(), expected);
        EXPECT_TRUE(cs.is_satisfied());
        const size_t cost = cs.num_constraints() - before;
        // Any constant operand folds the operation away; two allocated operands cost one.
        EXPECT_EQ(cost, (is_const(oa) || is_const(ob)) ? 0u : 1u);
        EXPECT_EQ(r.is_constant(),
                  (is_const(oa) && is_const(ob)) ||
                      (which == 1 && (oa == Operand::kConstFalse || ob == Operand::kConstFalse)) ||
                      (which == 2 && (oa == Operand::kConstTrue || ob == Operand::kConstTrue)));
        if (cost > 0) {
          EXPECT_EQ(expect_tampering_detected(cs, "", 1, first_result), 1u);
        }
      }
    }
  }
}

TEST(Boolean, Sha256ChAndMajAllOperandTypes) {
  // Origin: bellpepper-core boolean.rs test_boolean_sha256_ch / test_boolean_sha256_maj (all
  // 216 triples): values, satisfaction, and the generic costs 1 (ch) and 2 (maj).
  for (Operand oa : kOperands) {
    for (Operand ob : kOperands) {
      for (Operand oc : kOperands) {
        for (bool maj : {false, true}) {
          TestConstraintSystem cs;
          const Boolean a = make_operand(cs, oa, "a");
          const Boolean b = make_operand(cs, ob, "b");
          const Boolean c = make_operand(cs, oc, "c");
          const size_t before = cs.num_constraints();
          const size_t first_result = cs.num_aux();
          const Boolean r = maj ? sha256_maj(cs, a, b, c) : sha256_ch(cs, a, b, c);
          const bool x = a.value(), y = b.value(), z = c.value();
          const bool expected = maj ? ((x && y) != (x && z)) != (y && z) : (x && y) != (!x && z);
          EXPECT_EQ(r.value(), expected);
          EXPECT_TRUE(cs.is_satisfied());
          const size_t cost = cs.num_constraints() - before;
          const size_t constants = is_const(oa) + is_const(ob) + is_const(oc);
          if (constants == 0) {
            EXPECT_EQ(cost, maj ? 2u : 1u);
          } else {
            EXPECT_LE(cost, 1u);
          }
          if (constants == 3) {
            EXPECT_TRUE(r.is_constant());
          }
          // The gadget's own variables are all determined by its constraints.
          if (cost > 0) {
            EXPECT_EQ(expect_tampering_detected(cs, "", 1, first_result), cost);
          }
        }
      }
    }
  }
}

TEST(Boolean, ChWithConstantTrueSelectorUsesTheGenericGadget) {
  // boolean.rs: ch(Constant(true), b, c) falls through to the generic gadget (1 constraint),
  // although it equals b.
  TestConstraintSystem cs;
  const Boolean b = make_operand(cs, Operand::kAllocTrue, "b");
  const Boolean c = make_operand(cs, Operand::kAllocFalse, "c");
  const Boolean r = sha256_ch(cs, Boolean::constant(true), b, c);
  EXPECT_EQ(cs.num_constraints(), 3u);
  EXPECT_TRUE(r.value());
  EXPECT_EQ(r.kind(), Boolean::Kind::kIs);
  EXPECT_TRUE(cs.is_satisfied());
}

TEST(Boolean, LinearCombinations) {
  TestConstraintSystem cs;
  const Boolean is = make_operand(cs, Operand::kAllocTrue, "x");
  const Variable x = is.bit().variable();
  const Fr three = Fr::from_u64(3);
  EXPECT_TRUE(Boolean::constant(false).lc(three).empty());
  const Variable one = r1cs::ConstraintSystem::one();
  EXPECT_EQ(Boolean::constant(true).lc(three), LinearCombination(three * one));
  EXPECT_EQ(is.lc(three), LinearCombination(three * x));
  EXPECT_EQ(is.negated().lc(three), LinearCombination(three * one) + (-three) * x);
}

TEST(Boolean, EnforceEqual) {
  // Origin: bellpepper-core boolean.rs test_enforce_equal.
  for (bool a_bool : {false, true}) {
    for (bool b_bool : {false, true}) {
      for (bool a_neg : {false, true}) {
        for (bool b_neg : {false, true}) {
          const bool equal = (a_bool != a_neg) == (b_bool != b_neg);
          for (int mode = 0; mode < 4; ++mode) {  // bit: 1 = a allocated, 2 = b allocated
            TestConstraintSystem cs;
            Boolean a = Boolean::constant(a_bool), b = Boolean::constant(b_bool);
            if (mode & 1)
              a = make_operand(cs, a_bool ? Operand::kAllocTrue : Operand::kAllocFalse, "a");
            if (mode & 2)
              b = make_operand(cs, b_bool ? Operand::kAllocTrue : Operand::kAllocFalse, "b");
            if (a_neg) a = a.negated();
            if (b_neg) b = b.negated();
            if (mode == 0) {
              if (equal) {
                EXPECT_NO_THROW(enforce_equal(cs, a, b));
              } else {
                EXPECT_THROW(enforce_equal(cs, a, b), Unsatisfiable);
              }
              continue;
            }
            enforce_equal(cs, a, b);
            EXPECT_EQ(cs.is_satisfied(), equal);
          }
        }
      }
    }
  }
}

TEST(Boolean, U64IntoBooleanVecLe) {
  TestConstraintSystem cs;
  const uint64_t v = 0x8000'0000'dead'beefull;
  const std::vector<Boolean> bits = u64_into_boolean_vec_le(cs, v);
  ASSERT_EQ(bits.size(), 64u);
  for (unsigned i = 0; i < 64; ++i) EXPECT_EQ(bits[i].value(), ((v >> i) & 1) != 0) << i;
  EXPECT_EQ(cs.get("bit 63/boolean"), Fr::one());
  EXPECT_EQ(cs.num_constraints(), 64u);
  EXPECT_TRUE(cs.is_satisfied());
}

}  // namespace
}  // namespace cuzk::gadgets
