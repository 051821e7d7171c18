// LinearCombination: bellpepper's merge semantics (sorted, one term per variable, zero sums kept),
// the builder operators, inline/heap storage and evaluation — checked against a std::map model.
#include "r1cs/linear_combination.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "r1cs/small_fr.hpp"

namespace cuzk::r1cs {
namespace {

using small_fr::f;

// The model: variable (raw word, so inputs sort first) -> coefficient.
using Model = std::map<uint64_t, Fr>;

void expect_matches(const LinearCombination& lc, const Model& model) {
  ASSERT_EQ(lc.size(), model.size());
  size_t i = 0;
  for (const auto& [raw, coeff] : model) {
    EXPECT_EQ(lc[i].var.raw(), raw) << "term " << i;
    EXPECT_EQ(lc[i].coeff, coeff) << "term " << i;
    ++i;
  }
}

TEST(LinearCombination, SortsInputsBeforeAuxAndMergesDuplicates) {
  const Variable a0 = Variable::aux(0), a5 = Variable::aux(5), i1 = Variable::input(1);
  LinearCombination lc = LinearCombination() + a5 + i1 + a0 + a5 + f(2) * a5 - i1;
  // a5: 1 + 1 + 2 = 4; i1: 1 - 1 = 0 (kept as a zero term, as bellpepper's Indexer); a0: 1.
  ASSERT_EQ(lc.size(), 3u);
  EXPECT_EQ(lc[0].var, i1);
  EXPECT_TRUE(lc[0].coeff.is_zero());
  EXPECT_EQ(lc[1].var, a0);
  EXPECT_EQ(lc[1].coeff, f(1));
  EXPECT_EQ(lc[2].var, a5);
  EXPECT_EQ(lc[2].coeff, f(4));
}

TEST(LinearCombination, AddSimplifyLikeBellpepper) {
  // bellpepper's test_add_simplify: aux i added i + 1 times -> n terms with coefficient i + 1.
  const size_t n = 5;
  LinearCombination lc;
  for (size_t i = 0; i < n; ++i)
    for (size_t k = 0; k <= i; ++k) lc += Variable::aux(i);
  ASSERT_EQ(lc.size(), n);
  for (size_t i = 0; i < n; ++i) EXPECT_EQ(lc[i].coeff, f(i + 1));
}

TEST(LinearCombination, ZeroSumTermsEvaluateToNothing) {
  const Variable i1 = Variable::input(1), a0 = Variable::aux(0);
  LinearCombination lc = LinearCombination() + f(2) * i1 + f(2) * a0;
  lc = lc + (-f(1)) * i1 - i1 - a0 - a0;
  ASSERT_EQ(lc.size(), 2u);
  EXPECT_TRUE(lc[0].coeff.is_zero());
  EXPECT_TRUE(lc[1].coeff.is_zero());
  const std::vector<Fr> inputs = {f(1), f(123)}, aux = {f(456)};
  EXPECT_EQ(lc.evaluate(inputs, aux), Fr::zero());
}

TEST(LinearCombination, EvaluateMatchesNaiveSum) {
  // bellpepper's test_eval_lc: Σ_i (1·input_i + 2·aux_i) with input_i = i, aux_i = i + 1 -> 155.
  LinearCombination lc;
  std::vector<Fr> inputs, aux;
  for (uint64_t i = 0; i < 10; ++i) {
    lc = lc + Variable::input(i) + f(2) * Variable::aux(i);
    inputs.push_back(f(i));
    aux.push_back(f(i + 1));
  }
  EXPECT_EQ(lc.evaluate(inputs, aux), f(155));
  EXPECT_THROW(lc.evaluate(std::span(inputs).first(5), aux), std::out_of_range);
}

TEST(LinearCombination, AddsAndSubtractsWholeLcs) {
  const Variable x = Variable::aux(1), y = Variable::aux(2), z = Variable::aux(3);
  const Variable one = Variable::one();
  const LinearCombination p = LinearCombination() + x + f(3) * z;
  const LinearCombination q = LinearCombination() + one + f(5) * y + z;
  // Interleaved merge: (x + 3z) + 2(1 + 5y + z) = 2·ONE + x + 10y + 5z.
  LinearCombination r = p;
  r.add_scaled(q, f(2));
  expect_matches(r, {{one.raw(), f(2)}, {x.raw(), f(1)}, {y.raw(), f(10)}, {z.raw(), f(5)}});
  // Subtraction gives zero terms, not removed.
  const LinearCombination zero = p - p;
  ASSERT_EQ(zero.size(), 2u);
  EXPECT_TRUE(zero[0].coeff.is_zero() && zero[1].coeff.is_zero());
  // Self-addition doubles.
  LinearCombination d = p;
  d += d;
  EXPECT_EQ(d, p.scaled(f(2)));
  // Fast path: appending an LC that lies above every present term.
  LinearCombination lo = LinearCombination() + one + x;
  lo += LinearCombination() + y + z;
  expect_matches(lo, {{one.raw(), f(1)}, {x.raw(), f(1)}, {y.raw(), f(1)}, {z.raw(), f(1)}});
}

TEST(LinearCombination, InlineUpToFourTermsThenHeap) {
  LinearCombination lc;
  for (uint64_t i = 0; i < LinearCombination::kInlineTerms; ++i) lc += Variable::aux(i);
  EXPECT_TRUE(lc.is_inline());
  lc += Variable::aux(100);
  EXPECT_FALSE(lc.is_inline());
  EXPECT_EQ(lc.size(), 5u);

  // Copies and moves of both storage kinds keep the terms.
  LinearCombination small = LinearCombination() + Variable::aux(7) + Variable::input(2);
  LinearCombination small_copy = small;
  LinearCombination small_moved = std::move(small);
  EXPECT_EQ(small_copy, small_moved);
  EXPECT_TRUE(small_moved.is_inline());
  LinearCombination big_copy = lc;
  LinearCombination big_moved = std::move(lc);
  EXPECT_EQ(big_copy, big_moved);
  EXPECT_FALSE(big_moved.is_inline());
  EXPECT_TRUE(lc.empty());  // NOLINT(bugprone-use-after-move): moved-from is empty by contract
  // Move-assigning an inline LC into a heap one reuses the heap buffer.
  big_copy = std::move(small_copy);
  EXPECT_EQ(big_copy, small_moved);
}

TEST(LinearCombination, RandomOperationsMatchMapModel) {
  std::mt19937_64 rng(42);
  for (int round = 0; round < 200; ++round) {
    LinearCombination lc;
    Model model;
    const int ops = int(rng() % 40);
    for (int k = 0; k < ops; ++k) {
      const Variable v = (rng() & 1) ? Variable::input(rng() % 8) : Variable::aux(rng() % 24);
      const Fr c = (rng() % 4 == 0) ? Fr::one() : Fr::random(rng);
      switch (rng() % 4) {
        case 0:
          lc += c * v;
          model[v.raw()] += c;
          break;
        case 1:
          lc -= c * v;
          model[v.raw()] -= c;
          break;
        case 2: {  // add a scaled random LC
          LinearCombination other;
          Model other_model;
          for (int t = int(rng() % 6); t > 0; --t) {
            const Variable w = Variable::aux(rng() % 24);
            const Fr d = Fr::random(rng);
            other += d * w;
            other_model[w.raw()] += d;
          }
          lc.add_scaled(other, c);
          for (const auto& [raw, d] : other_model) model[raw] += d * c;
          break;
        }
        default:
          lc += v;
          model[v.raw()] += Fr::one();
      }
    }
    expect_matches(lc, model);
  }
}

}  // namespace
}  // namespace cuzk::r1cs
