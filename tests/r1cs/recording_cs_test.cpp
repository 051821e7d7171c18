// RecordingCS: exact CSR contents for the cubic circuit, duplicate merging and zero dropping,
// fingerprints, densities from the matrices, and the lifecycle rules.
#include "r1cs/recording_cs.hpp"

#include <gtest/gtest.h>

#include "r1cs/proving_assignment.hpp"
#include "r1cs/small_fr.hpp"
#include "test_circuits.hpp"

namespace cuzk::r1cs {
namespace {

using small_fr::f;

struct Row {
  std::vector<uint32_t> cols;
  std::vector<Fr> coeffs;
  friend bool operator==(const Row&, const Row&) = default;
};

Row row(const CsrMatrix& m, size_t r) {
  Row out;
  for (uint64_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k) {
    out.cols.push_back(m.cols[k]);
    out.coeffs.push_back(m.coeffs[k]);
  }
  return out;
}

TEST(RecordingCS, CubicMatrices) {
  RecordingCS rec;
  test_circuits::cubic(rec, 3, 35);
  rec.finalize();
  // Columns: ONE = 0, out = 1, x = 2, x_sq = 3, x_cu = 4.
  const CsrMatrix& a = rec.a();
  const CsrMatrix& b = rec.b();
  const CsrMatrix& c = rec.c();
  ASSERT_EQ(a.rows(), 5u);
  EXPECT_EQ(a.num_inputs, 2u);
  EXPECT_EQ(a.num_aux, 3u);
  EXPECT_EQ(row(a, 0), (Row{{2}, {f(1)}}));
  EXPECT_EQ(row(a, 1), (Row{{3}, {f(1)}}));
  EXPECT_EQ(row(a, 2), (Row{{0, 2, 4}, {f(5), f(1), f(1)}}));
  EXPECT_EQ(row(a, 3), (Row{{0}, {f(1)}}));  // input rows
  EXPECT_EQ(row(a, 4), (Row{{1}, {f(1)}}));
  EXPECT_EQ(row(b, 0), (Row{{2}, {f(1)}}));
  EXPECT_EQ(row(b, 2), (Row{{0}, {f(1)}}));
  EXPECT_EQ(row(b, 3), Row{});
  EXPECT_EQ(row(c, 1), (Row{{4}, {f(1)}}));
  EXPECT_EQ(row(c, 2), (Row{{1}, {f(1)}}));
  EXPECT_EQ(row(c, 4), Row{});
  EXPECT_EQ(a.variable(1), Variable::input(1));
  EXPECT_EQ(a.variable(3), Variable::aux(1));

  const R1csFingerprint fp = rec.fingerprint();
  EXPECT_EQ(fp, (R1csFingerprint{2, 3, {5, 7}, {5, 3}, {5, 3}}));
}

TEST(RecordingCS, MergesDuplicatesAndDropsZeroSums) {
  RecordingCS rec;
  const Variable x = rec.alloc(f(0)), y = rec.alloc(f(0)), z = rec.alloc(f(0));
  const Variable p = rec.alloc_input(f(0));
  // A: 2x (x twice), y cancels, z has coefficient zero; B: p + 3p - ONE; C: empty.
  rec.enforce(LinearCombination(z) - z + y + x - y + x + Fr::zero() * z,
              LinearCombination(p) + f(3) * p - ConstraintSystem::one(), LinearCombination());
  rec.finalize();
  EXPECT_EQ(row(rec.a(), 0), (Row{{2}, {f(2)}}));  // x = column 2 (after ONE, p)
  EXPECT_EQ(row(rec.b(), 0), (Row{{0, 1}, {-f(1), f(4)}}));
  EXPECT_EQ(rec.fingerprint().a, (MatrixShape{3, 1 + 2}));  // + the two input rows
  // Densities follow the merged coefficients: only x is in A; only ONE and p in B.
  const QueryDensities d = rec.densities();
  EXPECT_EQ(d.a_aux.words()[0], 0b001u);
  EXPECT_EQ(d.b_aux.popcount(), 0u);
  EXPECT_EQ(d.b_input.words()[0], 0b11u);
}

TEST(RecordingCS, EvaluationEqualsProvingAssignment) {
  ProvingAssignment pa;
  RecordingCS rec;
  for (ConstraintSystem* cs :
       {static_cast<ConstraintSystem*>(&pa), static_cast<ConstraintSystem*>(&rec)}) {
    test_circuits::cubic(*cs, 5, 135);
    test_circuits::many_inputs(*cs, 9);
    test_circuits::boolean_decomposition(*cs, 300);
    test_circuits::density_probe(*cs);
    test_circuits::multiplication_chain(*cs, 100);
  }
  pa.finalize();
  rec.finalize();
  for (unsigned threads : {1u, 3u}) {
    EXPECT_EQ(evaluate(rec.a(), pa.inputs(), pa.aux(), threads),
              std::vector<Fr>(pa.a().begin(), pa.a().end()));
    EXPECT_EQ(evaluate(rec.b(), pa.inputs(), pa.aux(), threads),
              std::vector<Fr>(pa.b().begin(), pa.b().end()));
    EXPECT_EQ(evaluate(rec.c(), pa.inputs(), pa.aux(), threads),
              std::vector<Fr>(pa.c().begin(), pa.c().end()));
  }
  EXPECT_EQ(rec.densities(), pa.densities());
  EXPECT_THROW(evaluate(rec.a(), pa.inputs().first(1), pa.aux()), std::invalid_argument);
}

TEST(RecordingCS, LifecycleRules) {
  RecordingCS rec;
  const Variable x = rec.alloc(f(1));
  EXPECT_THROW(rec.a(), std::logic_error);
  EXPECT_THROW(rec.enforce(Variable::aux(2), x, x), std::out_of_range);
  rec.enforce(x, x, x);
  rec.finalize();
  EXPECT_THROW(rec.finalize(), std::logic_error);
  EXPECT_THROW(rec.alloc(f(1)), std::logic_error);
  EXPECT_EQ(rec.num_constraints(), 2u);
}

}  // namespace
}  // namespace cuzk::r1cs
