// Deferred a/b/c for the Groth16 tests (CPU and GPU backends): a test circuit recorded once into
// a PrecompiledCircuit, then each instance synthesised as witness only, its a/b/c left to the
// backend (r1cs::assign_deferred).
#pragma once

#include <memory>

#include "groth16_fixture.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/witness_cs.hpp"

namespace cuzk::groth16::testing {

inline std::shared_ptr<const r1cs::PrecompiledCircuit> precompile(const Circuit& circuit) {
  return std::make_shared<const r1cs::PrecompiledCircuit>(
      r1cs::PrecompiledCircuit::record(circuit));
}

// Finalized, with a/b/c deferred.
inline r1cs::ProvingAssignment synthesize_deferred(
    const Circuit& circuit, std::shared_ptr<const r1cs::PrecompiledCircuit> precompiled) {
  r1cs::WitnessCS cs;
  circuit(cs);
  r1cs::ProvingAssignment pa;
  r1cs::assign_deferred(std::move(precompiled), std::move(cs).take(), pa);
  pa.finalize();
  return pa;
}

}  // namespace cuzk::groth16::testing
