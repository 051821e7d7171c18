// The built-in test circuit of cuzk-bench: exactly N constraints, 3 public inputs, a chain of
// multiplications and additions over random values. Its shape depends only on N (so one
// parameter file serves every witness); its values on the seed.
//
//   inputs x1, x2 (random), out
//   c_0:      x1 * x2 = acc_0
//   c_i:      acc_{i-1} * t_i = acc_i        (odd i: multiplication by a fresh aux t_i)
//             (acc_{i-1} + t_i) * 1 = acc_i  (even i: addition)
//   c_{N-1}:  acc_{N-2} * 1 = out
#pragma once

#include <cstdint>
#include <string>

#include "r1cs/constraint_system.hpp"

namespace cuzk::groth16 {

inline constexpr size_t kBenchCircuitMinConstraints = 2;

// Throws std::invalid_argument for N < 2.
void synthesize_bench_circuit(r1cs::ConstraintSystem& cs, size_t constraints, uint64_t seed);

// The parameter file stem for the N-constraint circuit: "cuzk-test-chain-<N>" (.params / .vk);
// "test" marks parameters from our own setup, never Filecoin's ceremony files.
std::string bench_circuit_params_stem(size_t constraints);

}  // namespace cuzk::groth16
