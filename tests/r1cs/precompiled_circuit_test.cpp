// Precompiled synthesis on the small test circuits: witness-only synthesis + the precompiled
// matrices give exactly generic synthesis's ProvingAssignment (a, b, c, inputs, aux, densities)
// at any thread count; the matrices equal RecordingCS's; the digest identifies the circuit; a
// witness of another shape, or matrices of another circuit, are refused.
#include "r1cs/precompiled_circuit.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <stdexcept>

#include "common/assignment_equality.hpp"
#include "r1cs/witness_cs.hpp"
#include "test_circuits.hpp"

namespace cuzk::r1cs {
namespace {

using Circuit = std::function<void(ConstraintSystem&)>;

PrecompiledCircuit precompile(const Circuit& circuit) {
  return PrecompiledCircuit::record(circuit);
}

Witness witness_of(const Circuit& circuit) {
  WitnessCS cs;
  circuit(cs);
  return std::move(cs).take();
}

TEST(PrecompiledCircuit, EqualsGenericSynthesisOnTestCircuits) {
  for (const auto& [name, circuit] : test_circuits::named_circuits()) {
    SCOPED_TRACE(name);
    ProvingAssignment generic;
    circuit(generic);
    generic.finalize();
    const PrecompiledCircuit pc = precompile(circuit);
    for (unsigned threads : {1u, 3u, 8u}) {
      SCOPED_TRACE(threads);
      ProvingAssignment pre;
      assign_precompiled(pc, witness_of(circuit), pre, threads, /*check=*/true);
      pre.finalize();
      testing::expect_same_assignment(generic, pre);
    }
  }
}

// Deferred a/b/c: the same assignment once materialized, finalized before or after, at any
// thread count; while deferred, the counts and densities are there and a, b, c are not.
TEST(PrecompiledCircuit, DeferredAssignmentMaterializesToGenericSynthesis) {
  for (const auto& [name, circuit] : test_circuits::named_circuits()) {
    SCOPED_TRACE(name);
    ProvingAssignment generic;
    circuit(generic);
    generic.finalize();
    auto pc = std::make_shared<const PrecompiledCircuit>(precompile(circuit));
    for (unsigned threads : {1u, 3u}) {
      for (bool finalize_first : {true, false}) {
        SCOPED_TRACE(::testing::Message()
                     << threads << " threads, finalize first " << finalize_first);
        ProvingAssignment deferred;
        assign_deferred(pc, witness_of(circuit), deferred);
        ASSERT_EQ(deferred.deferred_circuit(), pc.get());
        EXPECT_TRUE(deferred.a().empty());
        EXPECT_EQ(deferred.num_constraints(), pc->num_constraints());
        EXPECT_EQ(deferred.densities(), generic.densities());
        if (finalize_first) {
          deferred.finalize();
          EXPECT_EQ(deferred.num_constraints(), generic.num_constraints());
          deferred.materialize(threads);
        } else {
          deferred.materialize(threads);
          deferred.finalize();
        }
        EXPECT_EQ(deferred.deferred_circuit(), nullptr);
        testing::expect_same_assignment(generic, deferred);
      }
    }
  }
}

TEST(PrecompiledCircuit, DeferredAssignmentIsRefusedForAnotherShapeAndClears) {
  auto pc = std::make_shared<const PrecompiledCircuit>(
      precompile([](ConstraintSystem& cs) { test_circuits::multiplication_chain(cs, 10); }));
  ProvingAssignment out;
  EXPECT_THROW(assign_deferred(pc, witness_of([](ConstraintSystem& cs) {
                                 test_circuits::multiplication_chain(cs, 11);
                               }),
                               out),
               std::invalid_argument);
  EXPECT_EQ(out.deferred_circuit(), nullptr);
  assign_deferred(
      pc, witness_of([](ConstraintSystem& cs) { test_circuits::multiplication_chain(cs, 10); }),
      out);
  out.clear();
  EXPECT_EQ(out.deferred_circuit(), nullptr);
  EXPECT_EQ(out.num_constraints(), 0u);
  out.materialize();  // nothing deferred: nothing to do
  EXPECT_TRUE(out.a().empty());
}

TEST(PrecompiledCircuit, MatricesAndDensitiesAreRecordingCSs) {
  for (const auto& [name, circuit] : test_circuits::named_circuits()) {
    SCOPED_TRACE(name);
    RecordingCS rec;
    circuit(rec);
    rec.finalize();
    const PrecompiledCircuit pc = PrecompiledCircuit::from_recording(rec);
    EXPECT_EQ(pc.num_inputs(), rec.num_inputs());
    EXPECT_EQ(pc.num_aux(), rec.num_aux());
    EXPECT_EQ(pc.num_constraints() + pc.num_inputs(), rec.num_constraints());
    const CsrMatrix* recorded[] = {&rec.a(), &rec.b(), &rec.c()};
    const IndexedCsr* stored[] = {&pc.a(), &pc.b(), &pc.c()};
    for (int m = 0; m < 3; ++m) {
      const CsrMatrix back = pc.to_csr(*stored[m]);
      EXPECT_EQ(back.row_ptr, recorded[m]->row_ptr);
      EXPECT_EQ(back.cols, recorded[m]->cols);
      EXPECT_EQ(back.coeffs, recorded[m]->coeffs);
    }
    EXPECT_TRUE(pc.densities() == rec.densities());
    EXPECT_EQ(precompile(circuit).digest(), pc.digest());  // record() does the same
  }
}

TEST(PrecompiledCircuit, CoefficientTableIsDeduplicated) {
  // 256 boolean rows use 1 and -1 only; the packing row adds the powers of two from 2^1 on
  // (2^0 is ONE): the table is 1, -1 and 255 powers.
  const PrecompiledCircuit pc =
      precompile([](ConstraintSystem& cs) { test_circuits::boolean_decomposition(cs, 256); });
  EXPECT_EQ(pc.coeffs().size(), 2u + 255u);
  EXPECT_EQ(pc.coeffs()[PrecompiledCircuit::kOneIndex], Fr::one());
  EXPECT_EQ(pc.coeffs()[PrecompiledCircuit::kMinusOneIndex], -Fr::one());
}

TEST(PrecompiledCircuit, DigestIdentifiesTheMatrices) {
  const auto chain = [](size_t n) {
    return [n](ConstraintSystem& cs) { test_circuits::multiplication_chain(cs, n, 1); };
  };
  // The values do not matter (another seed), the matrices do.
  const auto other_seed = [](ConstraintSystem& cs) {
    test_circuits::multiplication_chain(cs, 50, 9);
  };
  EXPECT_EQ(precompile(chain(50)).digest(), precompile(other_seed).digest());
  EXPECT_NE(precompile(chain(50)).digest(), precompile(chain(51)).digest());
  EXPECT_EQ(precompile(chain(50)).digest_hex().size(), 64u);
}

TEST(PrecompiledCircuit, RefusesAWitnessOfAnotherShape) {
  const PrecompiledCircuit pc =
      precompile([](ConstraintSystem& cs) { test_circuits::multiplication_chain(cs, 10); });
  ProvingAssignment out;
  EXPECT_THROW(assign_precompiled(pc, witness_of([](ConstraintSystem& cs) {
                                    test_circuits::multiplication_chain(cs, 11);
                                  }),
                                  out),
               std::invalid_argument);
  EXPECT_EQ(out.num_aux(), 0u);  // untouched
}

// Same counts, different matrices: x * y = z against x * x = z. Only the check notices.
TEST(PrecompiledCircuit, CheckRefusesMatricesOfAnotherCircuit) {
  const auto product = [](bool square) {
    return [square](ConstraintSystem& cs) {
      const Fr x = Fr::from_u64(3), y = Fr::from_u64(5);
      const Variable vx = cs.alloc(x), vy = cs.alloc(y);
      const Variable vz = cs.alloc(square ? x * x : x * y);
      cs.enforce(vx, square ? vx : vy, vz);
    };
  };
  const PrecompiledCircuit squares = precompile(product(true));
  ProvingAssignment unchecked, checked;
  EXPECT_NO_THROW(assign_precompiled(squares, witness_of(product(false)), unchecked));
  EXPECT_THROW(assign_precompiled(squares, witness_of(product(false)), checked, 1, true),
               std::invalid_argument);
  EXPECT_NO_THROW(assign_precompiled(squares, witness_of(product(true)), checked, 1, true));
}

TEST(PrecompiledCircuit, AssignNeedsAFreshAssignment) {
  const Circuit circuit = [](ConstraintSystem& cs) { test_circuits::cubic(cs, 3, 35); };
  const PrecompiledCircuit pc = precompile(circuit);
  ProvingAssignment used;
  used.alloc(Fr::one());
  EXPECT_THROW(assign_precompiled(pc, witness_of(circuit), used), std::logic_error);
  ProvingAssignment cleared;
  circuit(cleared);
  cleared.clear();
  EXPECT_NO_THROW(assign_precompiled(pc, witness_of(circuit), cleared));
}

TEST(PrecompiledCircuit, FromPartsRefusesBrokenMatrices) {
  const PrecompiledCircuit pc =
      precompile([](ConstraintSystem& cs) { test_circuits::many_inputs(cs, 3); });
  const auto rebuild = [&](IndexedCsr a, std::vector<Fr> coeffs) {
    return PrecompiledCircuit::from_parts(pc.num_inputs(), pc.num_aux(), pc.num_constraints(),
                                          std::move(coeffs), std::move(a), pc.b(), pc.c());
  };
  EXPECT_EQ(rebuild(pc.a(), pc.coeffs()).digest(), pc.digest());
  IndexedCsr bad = pc.a();
  bad.cols[0] = uint32_t(pc.num_inputs() + pc.num_aux());  // out of range
  EXPECT_THROW(rebuild(bad, pc.coeffs()), std::invalid_argument);
  bad = pc.a();
  bad.coeff_index[0] = uint32_t(pc.coeffs().size());
  EXPECT_THROW(rebuild(bad, pc.coeffs()), std::invalid_argument);
  bad = pc.a();
  bad.row_ptr.pop_back();
  EXPECT_THROW(rebuild(bad, pc.coeffs()), std::invalid_argument);
  bad = pc.a();
  bad.coeff_index.back() = PrecompiledCircuit::kMinusOneIndex;  // an input row, no longer 1·input
  EXPECT_THROW(rebuild(bad, pc.coeffs()), std::invalid_argument);
  std::vector<Fr> coeffs = pc.coeffs();
  coeffs.push_back(Fr::zero());
  EXPECT_THROW(rebuild(pc.a(), coeffs), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::r1cs
