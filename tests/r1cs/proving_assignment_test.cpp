// ProvingAssignment: a/b/c evaluations, the appended input rows, hand-computed densities, and
// the lifecycle rules (finalize once, read-only after, no names built).
#include "r1cs/proving_assignment.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "r1cs/small_fr.hpp"
#include "test_circuits.hpp"

namespace cuzk::r1cs {
namespace {

using small_fr::f;

TEST(ProvingAssignment, CubicEvaluationsAndInputRows) {
  ProvingAssignment pa;
  test_circuits::cubic(pa, 3, 35);
  EXPECT_EQ(pa.num_inputs(), 2u);
  EXPECT_EQ(pa.num_aux(), 3u);
  EXPECT_EQ(pa.num_constraints(), 3u);
  pa.finalize();
  ASSERT_EQ(pa.num_constraints(), 5u);
  // square: 3 * 3 = 9; cube: 9 * 3 = 27; sum: (27 + 3 + 5) * 1 = 35; then ONE * 0 = 0,
  // out * 0 = 0.
  const std::vector<Fr> a = {f(3), f(9), f(35), f(1), f(35)};
  const std::vector<Fr> b = {f(3), f(3), f(1), f(0), f(0)};
  const std::vector<Fr> c = {f(9), f(27), f(35), f(0), f(0)};
  EXPECT_EQ(std::vector<Fr>(pa.a().begin(), pa.a().end()), a);
  EXPECT_EQ(std::vector<Fr>(pa.b().begin(), pa.b().end()), b);
  EXPECT_EQ(std::vector<Fr>(pa.c().begin(), pa.c().end()), c);
  EXPECT_EQ(std::vector<Fr>(pa.inputs().begin(), pa.inputs().end()),
            (std::vector<Fr>{f(1), f(35)}));
  EXPECT_EQ(std::vector<Fr>(pa.aux().begin(), pa.aux().end()),
            (std::vector<Fr>{f(3), f(9), f(27)}));
  // Densities: A holds x, x_sq, x_cu (aux 0, 1, 2); B holds x (twice) and ONE.
  EXPECT_EQ(pa.a_aux_density().words()[0], 0b111u);
  EXPECT_EQ(pa.b_aux_density().words()[0], 0b001u);
  EXPECT_EQ(pa.b_input_density().words()[0], 0b01u);
}

TEST(ProvingAssignment, DensityProbeHandComputed) {
  ProvingAssignment pa;
  test_circuits::density_probe(pa);
  const QueryDensities before = pa.densities();
  pa.finalize();
  // The input rows (input_i in A, nothing in B) change no density.
  EXPECT_EQ(pa.densities(), before);
  EXPECT_EQ(pa.a_aux_density().size(), 5u);
  EXPECT_EQ(pa.a_aux_density().words()[0], 0b00001u);  // w0 only; w3 sums to zero
  EXPECT_EQ(pa.a_aux_density().popcount(), 1u);
  EXPECT_EQ(pa.b_input_density().size(), 4u);
  EXPECT_EQ(pa.b_input_density().words()[0], 0b0101u);  // ONE, p2
  EXPECT_EQ(pa.b_input_density().popcount(), 2u);
  EXPECT_EQ(pa.b_aux_density().words()[0], 0b00110u);  // w1, w2; w4 has coefficient 0
  EXPECT_EQ(pa.b_aux_density().popcount(), 2u);
  // The zero-sum A of c1 still evaluates (to 0); c0: (2 + 3) * 4 = 20.
  EXPECT_EQ(pa.a()[0], f(5));
  EXPECT_EQ(pa.c()[0], f(20));
  EXPECT_EQ(pa.a()[1], f(0));
  EXPECT_EQ(pa.b()[1], f(7));
  EXPECT_EQ(pa.b()[2], f(21));
}

TEST(ProvingAssignment, DensitiesAcrossWords) {
  // 256 bits + packed: every bit is in A ((1 - b) * b) and B; packed only in C; ONE in B.
  ProvingAssignment pa;
  test_circuits::boolean_decomposition(pa, 256);
  pa.finalize();
  ASSERT_EQ(pa.a_aux_density().size(), 257u);
  ASSERT_EQ(pa.a_aux_density().words().size(), 5u);
  for (int w = 0; w < 4; ++w) {
    EXPECT_EQ(pa.a_aux_density().words()[w], ~uint64_t(0));
    EXPECT_EQ(pa.b_aux_density().words()[w], ~uint64_t(0));
  }
  EXPECT_EQ(pa.a_aux_density().words()[4], 0u);
  EXPECT_EQ(pa.b_aux_density().words()[4], 0u);
  EXPECT_EQ(pa.a_aux_density().popcount(), 256u);
  EXPECT_EQ(pa.b_input_density().popcount(), 1u);
  EXPECT_EQ(pa.num_constraints(), 257u + 1u);
}

TEST(ProvingAssignment, RandomLcsMatchNaiveEvaluationAndDensities) {
  // Coefficients drawn from {0, 1, -1, random} exercise every shortcut of the evaluator (zero
  // skipped, one added, minus one subtracted, first term initialising the sum), against a naive
  // Σ coeff·value and naive density sets.
  std::mt19937_64 rng(2024);
  ProvingAssignment pa;
  std::vector<Fr> inputs = {Fr::one()}, aux;
  for (int i = 0; i < 5; ++i) inputs.push_back(Fr::random(rng));
  for (int j = 0; j < 70; ++j) aux.push_back(Fr::random(rng));
  for (size_t i = 1; i < inputs.size(); ++i) pa.alloc_input(inputs[i]);
  for (const Fr& v : aux) pa.alloc(v);
  std::vector<bool> a_aux(aux.size()), b_in(inputs.size()), b_aux(aux.size());
  auto random_coeff = [&]() {
    switch (rng() % 4) {
      case 0:
        return Fr::zero();
      case 1:
        return Fr::one();
      case 2:
        return -Fr::one();
      default:
        return Fr::random(rng);
    }
  };
  auto random_lc = [&]() {
    LinearCombination lc;
    for (int t = int(rng() % 7); t > 0; --t) {
      const Variable v = (rng() % 3 == 0) ? Variable::input(rng() % inputs.size())
                                          : Variable::aux(rng() % aux.size());
      lc += random_coeff() * v;
    }
    return lc;
  };
  auto naive = [&](const LinearCombination& lc, std::vector<bool>* in_d, std::vector<bool>* aux_d) {
    Fr acc = Fr::zero();
    for (const Term& t : lc) {
      const Fr& value = t.var.is_input() ? inputs[t.var.index()] : aux[t.var.index()];
      acc += t.coeff * value;
      if (t.coeff.is_zero()) continue;
      std::vector<bool>* d = t.var.is_input() ? in_d : aux_d;
      if (d != nullptr) (*d)[t.var.index()] = true;
    }
    return acc;
  };
  std::vector<Fr> a, b, c;
  for (int k = 0; k < 300; ++k) {
    const LinearCombination la = random_lc(), lb = random_lc(), lc = random_lc();
    pa.enforce(la, lb, lc);
    a.push_back(naive(la, nullptr, &a_aux));
    b.push_back(naive(lb, &b_in, &b_aux));
    c.push_back(naive(lc, nullptr, nullptr));
  }
  EXPECT_EQ(std::vector<Fr>(pa.a().begin(), pa.a().end()), a);
  EXPECT_EQ(std::vector<Fr>(pa.b().begin(), pa.b().end()), b);
  EXPECT_EQ(std::vector<Fr>(pa.c().begin(), pa.c().end()), c);
  for (size_t j = 0; j < aux.size(); ++j) {
    EXPECT_EQ(pa.a_aux_density().get(j), a_aux[j]) << "aux " << j;
    EXPECT_EQ(pa.b_aux_density().get(j), b_aux[j]) << "aux " << j;
  }
  for (size_t i = 0; i < inputs.size(); ++i) EXPECT_EQ(pa.b_input_density().get(i), b_in[i]);
  EXPECT_EQ(pa.a_aux_density().popcount(), size_t(std::count(a_aux.begin(), a_aux.end(), true)));
}

TEST(ProvingAssignment, NeverBuildsNames) {
  ProvingAssignment pa;
  int built = 0;
  auto name = [&] {
    ++built;
    return std::string("expensive");
  };
  Namespace ns(pa, name);
  const Variable x = pa.alloc(f(2), name);
  pa.alloc_input(f(4), name);
  pa.enforce(x, x, Variable::input(1), name);
  EXPECT_FALSE(pa.wants_names());
  EXPECT_EQ(built, 0);
}

TEST(ProvingAssignment, LifecycleRules) {
  ProvingAssignment pa;
  const Variable x = pa.alloc(f(2));
  EXPECT_THROW(pa.enforce(Variable::aux(1), x, x), std::out_of_range);
  EXPECT_THROW(pa.enforce(x, Variable::input(3), x), std::out_of_range);
  pa.enforce(x, x, x);
  pa.finalize();
  EXPECT_THROW(pa.finalize(), std::logic_error);
  EXPECT_THROW(pa.alloc(f(1)), std::logic_error);
  EXPECT_THROW(pa.enforce(x, x, x), std::logic_error);

  // clear() returns to the fresh state and can be reused with reserved storage.
  pa.clear();
  pa.reserve({.num_inputs = 2, .num_aux = 3, .num_constraints = 3});
  EXPECT_EQ(pa.num_inputs(), 1u);
  EXPECT_EQ(pa.num_aux(), 0u);
  EXPECT_EQ(pa.num_constraints(), 0u);
  EXPECT_FALSE(pa.finalized());
  test_circuits::cubic(pa, 3, 35);
  pa.finalize();
  EXPECT_EQ(pa.num_constraints(), 5u);
  EXPECT_EQ(pa.a()[2], f(35));
}

}  // namespace
}  // namespace cuzk::r1cs
