// Every implementation synthesises the same circuit: counts agree (before and after the input
// rows), densities agree (prover on the fly, counter on the fly, recorder and keypair from the
// matrices), and the recorder's matrices reproduce the prover's a/b/c.
#include <gtest/gtest.h>

#include <functional>
#include <ostream>

#include "r1cs/counting_cs.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "test_circuits.hpp"

namespace cuzk::r1cs {
namespace {

struct Case {
  const char* name;
  std::function<void(ConstraintSystem&)> circuit;
  size_t inputs, aux, constraints;  // before the input rows, ONE included
  friend void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }
};

class CrossImplementation : public ::testing::TestWithParam<Case> {};

TEST_P(CrossImplementation, CountsDensitiesAndEvaluationsAgree) {
  const Case& k = GetParam();
  TestConstraintSystem test;
  ProvingAssignment pa;
  RecordingCS rec;
  KeypairAssembly ka;
  CountingCS count;
  for (ConstraintSystem* cs :
       std::initializer_list<ConstraintSystem*>{&test, &pa, &rec, &ka, &count}) {
    k.circuit(*cs);
    EXPECT_EQ(cs->num_inputs(), k.inputs);
    EXPECT_EQ(cs->num_aux(), k.aux);
    EXPECT_EQ(cs->num_constraints(), k.constraints);
  }
  EXPECT_TRUE(test.is_satisfied()) << *test.which_is_unsatisfied();

  pa.finalize();
  rec.finalize();
  ka.finalize();
  count.finalize();
  const size_t rows = k.constraints + k.inputs;
  for (ConstraintSystem* cs : std::initializer_list<ConstraintSystem*>{&pa, &rec, &ka, &count}) {
    EXPECT_EQ(cs->num_constraints(), rows);
  }
  EXPECT_EQ(rec.densities(), pa.densities());
  EXPECT_EQ(ka.densities(), pa.densities());
  EXPECT_EQ(count.densities(), pa.densities());
  EXPECT_EQ(std::vector<Fr>(pa.inputs().begin(), pa.inputs().end()),
            std::vector<Fr>(test.inputs().begin(), test.inputs().end()));
  EXPECT_EQ(std::vector<Fr>(pa.aux().begin(), pa.aux().end()),
            std::vector<Fr>(test.aux().begin(), test.aux().end()));

  const std::vector<Fr> a = evaluate(rec.a(), pa.inputs(), pa.aux());
  const std::vector<Fr> b = evaluate(rec.b(), pa.inputs(), pa.aux());
  const std::vector<Fr> c = evaluate(rec.c(), pa.inputs(), pa.aux());
  EXPECT_EQ(a, std::vector<Fr>(pa.a().begin(), pa.a().end()));
  EXPECT_EQ(b, std::vector<Fr>(pa.b().begin(), pa.b().end()));
  EXPECT_EQ(c, std::vector<Fr>(pa.c().begin(), pa.c().end()));
  // A satisfied witness satisfies every row, the input rows included.
  for (size_t r = 0; r < rows; ++r) ASSERT_EQ(a[r] * b[r], c[r]) << "row " << r;
  // The keypair's columns are the transposes of the recorder's rows.
  EXPECT_EQ(ka.at().nnz(), rec.a().nnz());
  EXPECT_EQ(ka.bt().nnz(), rec.b().nnz());
  EXPECT_EQ(ka.ct().nnz(), rec.c().nnz());
  // The counter's non-zeros are the recorder's.
  EXPECT_EQ(count.nnz_a(), rec.a().nnz());
  EXPECT_EQ(count.nnz_b(), rec.b().nnz());
  EXPECT_EQ(count.nnz_c(), rec.c().nnz());
}

INSTANTIATE_TEST_SUITE_P(
    Circuits, CrossImplementation,
    ::testing::Values(
        Case{"cubic", [](ConstraintSystem& cs) { test_circuits::cubic(cs, 3, 35); }, 2, 3, 3},
        Case{"chain_1024",
             [](ConstraintSystem& cs) { test_circuits::multiplication_chain(cs, 1024); }, 2,
             2 * 1024 + 1, 1024 + 1},
        Case{"many_inputs_100", [](ConstraintSystem& cs) { test_circuits::many_inputs(cs, 100); },
             101, 101, 101},
        Case{"decompose_256",
             [](ConstraintSystem& cs) { test_circuits::boolean_decomposition(cs, 256); }, 1, 257,
             257},
        Case{"density_probe", [](ConstraintSystem& cs) { test_circuits::density_probe(cs); }, 4, 5,
             3}),
    [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace cuzk::r1cs
