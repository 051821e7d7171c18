// The cuzk-bench test circuit (see bench_circuit.hpp).
#include "groth16/bench_circuit.hpp"

#include <stdexcept>
#include <vector>

namespace cuzk::groth16 {

using ff::Fr;
using r1cs::LinearCombination;
using r1cs::Variable;

namespace {

// SplitMix64's finaliser: a bijection of 64-bit words that spreads every input bit.
uint64_t mix64(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Value i of the instance made from `seed`: a field element spread over the whole field (a
// product of two 64-bit words plus a third), the same on every call.
Fr instance_value(uint64_t seed, uint64_t i) {
  const uint64_t k = mix64(seed) ^ (i * 0x9E3779B97F4A7C15ull);
  return Fr::from_u64(mix64(k)) * Fr::from_u64(mix64(k + 1)) + Fr::from_u64(mix64(k + 2));
}

}  // namespace

void synthesize_bench_circuit(r1cs::ConstraintSystem& cs, size_t constraints, uint64_t seed) {
  if (constraints < kBenchCircuitMinConstraints) {
    throw std::invalid_argument("the bench circuit needs at least 2 constraints, got " +
                                std::to_string(constraints));
  }
  // Test data, not proof randomness: the instance is a fixed function of the seed (value i of
  // instance `seed` is instance_value(seed, i)), because it is synthesised again wherever it is
  // used (a bench job's partition k is seed + k; the tests compare CPU and GPU proofs of two
  // syntheses of one instance byte for byte). The proof's blinding values r, s come from the OS
  // (util/system_random.hpp).
  const Fr x1v = instance_value(seed, 0), x2v = instance_value(seed, 1);
  // Values first: `out` is an input and inputs come first.
  std::vector<Fr> t(constraints - 1), acc(constraints - 1);
  acc[0] = x1v * x2v;
  for (size_t i = 1; i + 1 < constraints; ++i) {
    t[i] = instance_value(seed, i + 1);
    acc[i] = (i & 1) ? acc[i - 1] * t[i] : acc[i - 1] + t[i];
  }
  Variable x1 = cs.alloc_input(x1v, "x1");
  Variable x2 = cs.alloc_input(x2v, "x2");
  Variable out = cs.alloc_input(acc[constraints - 2], "out");
  Variable prev = cs.alloc(acc[0], "acc 0");
  cs.enforce(x1, x2, prev, "start");
  for (size_t i = 1; i + 1 < constraints; ++i) {
    Variable ti = cs.alloc(t[i], [&] { return "t " + std::to_string(i); });
    Variable next = cs.alloc(acc[i], [&] { return "acc " + std::to_string(i); });
    if (i & 1) {
      cs.enforce(prev, ti, next, [&] { return "mul " + std::to_string(i); });
    } else {
      cs.enforce(LinearCombination(prev) + ti, cs.one(), next,
                 [&] { return "add " + std::to_string(i); });
    }
    prev = next;
  }
  cs.enforce(prev, cs.one(), out, "expose");
}

std::string bench_circuit_params_stem(size_t constraints) {
  return "cuzk-test-chain-" + std::to_string(constraints);
}

}  // namespace cuzk::groth16
