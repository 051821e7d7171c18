// TestConstraintSystem: satisfaction, the path of the first failing constraint, named access,
// and bellpepper's naming rules.
#include "r1cs/test_constraint_system.hpp"

#include <gtest/gtest.h>

#include "r1cs/small_fr.hpp"
#include "test_circuits.hpp"

namespace cuzk::r1cs {
namespace {

using small_fr::f;

TEST(TestConstraintSystem, CubicSatisfiedAndUnsatisfied) {
  TestConstraintSystem good;
  test_circuits::cubic(good, 3, 35);
  EXPECT_TRUE(good.is_satisfied());
  EXPECT_EQ(good.which_is_unsatisfied(), std::nullopt);
  EXPECT_TRUE(good.verify(std::vector<Fr>{f(35)}));
  EXPECT_FALSE(good.verify(std::vector<Fr>{f(36)}));
  EXPECT_EQ(good.num_inputs(), 2u);
  EXPECT_EQ(good.num_aux(), 3u);
  EXPECT_EQ(good.num_constraints(), 3u);
  EXPECT_EQ(good.input_path(0), "ONE");
  EXPECT_EQ(good.input_path(1), "cubic/out");
  EXPECT_EQ(good.aux_path(2), "cubic/x_cu");
  EXPECT_EQ(good.get("cubic/x_sq"), f(9));

  TestConstraintSystem bad;
  test_circuits::cubic(bad, 3, 36);  // wrong public output
  EXPECT_FALSE(bad.is_satisfied());
  EXPECT_EQ(bad.first_unsatisfied(), 2u);
  EXPECT_EQ(bad.which_is_unsatisfied(), "cubic/sum");
}

TEST(TestConstraintSystem, TamperingReportsTheFirstBrokenConstraint) {
  TestConstraintSystem cs;
  test_circuits::cubic(cs, 3, 35);
  cs.set("cubic/x_sq", f(10));  // breaks "square" (first) and "cube"
  EXPECT_EQ(cs.which_is_unsatisfied(), "cubic/square");
  cs.set("cubic/x_cu", f(30));  // now square still fails first
  EXPECT_EQ(cs.which_is_unsatisfied(), "cubic/square");
  cs.set("cubic/x_sq", f(9));
  EXPECT_EQ(cs.which_is_unsatisfied(), "cubic/cube");
  EXPECT_THROW(cs.get("cubic/nothing"), std::out_of_range);
  EXPECT_THROW(cs.get("cubic/square"), std::out_of_range);  // a constraint, not a variable
}

TEST(TestConstraintSystem, MultiplicationChainFailureDeepInside) {
  TestConstraintSystem cs;
  test_circuits::multiplication_chain(cs, 1 << 10);
  EXPECT_EQ(cs.num_constraints(), (1u << 10) + 1);
  EXPECT_EQ(cs.num_aux(), 2u * (1 << 10) + 1);
  ASSERT_TRUE(cs.is_satisfied());
  // Changing step 517's multiplier breaks exactly that step's multiplication.
  cs.set("chain/step 517/m", f(5));
  EXPECT_EQ(cs.which_is_unsatisfied(), "chain/step 517/mul");
  EXPECT_EQ(cs.first_unsatisfied(), 517u);
}

TEST(TestConstraintSystem, NestedNamespacePath) {
  // The shape of a SHA-256 gadget failure report.
  TestConstraintSystem cs;
  Namespace sha(cs, "sha256");
  Namespace compression(cs, "compression");
  for (int round = 0; round < 5; ++round) {
    Namespace r(cs, [&] { return "round " + std::to_string(round); });
    const Variable x = cs.alloc(f(round), "x");
    const Variable y = cs.alloc(f(round + 1), "y");
    const Fr sum = (round == 3) ? f(100) : f(2 * round + 1);  // round 3 is wrong
    const Variable s = cs.alloc(sum, "sum");
    EXPECT_EQ(cs.current_namespace(), "sha256/compression/round " + std::to_string(round));
    cs.enforce(LinearCombination(x) + y, ConstraintSystem::one(), s, "add");
  }
  EXPECT_EQ(cs.which_is_unsatisfied(), "sha256/compression/round 3/add");
  EXPECT_EQ(cs.get("sha256/compression/round 4/sum"), f(9));
}

TEST(TestConstraintSystem, NamingRules) {
  TestConstraintSystem cs;
  cs.alloc(f(1), "a");
  EXPECT_THROW(cs.alloc(f(1), "a"), std::logic_error);     // same path twice
  EXPECT_THROW(cs.alloc(f(1), "ONE"), std::logic_error);   // ONE is taken
  EXPECT_THROW(cs.alloc(f(1), "x/y"), std::logic_error);   // '/' not allowed
  EXPECT_THROW(cs.push_namespace("a"), std::logic_error);  // a variable lives there
  EXPECT_THROW(cs.pop_namespace(), std::logic_error);      // nothing to pop
  // Unnamed objects take their namespace's path and may repeat.
  {
    Namespace ns(cs, "gadget");
    cs.alloc(f(1));
    cs.alloc(f(2));
    cs.enforce(LinearCombination(), LinearCombination(), LinearCombination());
  }
  EXPECT_EQ(cs.aux_path(cs.num_aux() - 1), "gadget");
  EXPECT_EQ(cs.constraints().back().path, "gadget");
  EXPECT_EQ(cs.current_namespace(), "");
  EXPECT_TRUE(cs.wants_names());
}

TEST(TestConstraintSystem, StoresConstraintsAsGiven) {
  TestConstraintSystem cs;
  test_circuits::cubic(cs, 2, 15);
  ASSERT_EQ(cs.constraints().size(), 3u);
  const auto& sum = cs.constraints()[2];
  // (x_cu + x + 5·ONE): sorted, ONE (input) first.
  ASSERT_EQ(sum.a.size(), 3u);
  EXPECT_EQ(sum.a[0].var, Variable::one());
  EXPECT_EQ(sum.a[0].coeff, f(5));
  EXPECT_EQ(sum.a[1].var, Variable::aux(0));
  EXPECT_EQ(sum.a[2].var, Variable::aux(2));
  EXPECT_EQ(sum.c[0].var, Variable::input(1));
  EXPECT_TRUE(cs.is_satisfied());
}

}  // namespace
}  // namespace cuzk::r1cs
