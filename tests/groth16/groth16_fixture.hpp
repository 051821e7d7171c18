// Shared helpers of the Groth16 tests: synthesise a test circuit for setup and for proving, and
// produce parameters once per circuit.
#pragma once

#include <functional>
#include <random>

#include "groth16/bench_circuit.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/setup.hpp"
#include "r1cs/test_circuits.hpp"

namespace cuzk::groth16::testing {

using Circuit = std::function<void(r1cs::ConstraintSystem&)>;

// The bench circuit (groth16/bench_circuit.hpp) of `constraints` rows and witness seed `seed`.
inline Circuit bench_circuit(size_t constraints, uint64_t seed) {
  return [=](r1cs::ConstraintSystem& cs) { synthesize_bench_circuit(cs, constraints, seed); };
}

inline Parameters setup_for(const Circuit& circuit, uint64_t seed) {
  r1cs::KeypairAssembly ka;
  circuit(ka);
  ka.finalize();
  std::mt19937_64 rng(seed);
  return generate_parameters(ka, ToxicWaste::random(rng));
}

inline r1cs::ProvingAssignment synthesize(const Circuit& circuit) {
  r1cs::ProvingAssignment pa;
  circuit(pa);
  pa.finalize();
  return pa;
}

// The public inputs as the verifier sees them (without the constant one).
inline std::vector<ff::Fr> public_inputs(const r1cs::ProvingAssignment& pa) {
  return {pa.inputs().begin() + 1, pa.inputs().end()};
}

}  // namespace cuzk::groth16::testing
