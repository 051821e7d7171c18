// The cuzk-bench test circuit (see bench_circuit.hpp).
#include "groth16/bench_circuit.hpp"

#include <random>
#include <stdexcept>
#include <vector>

namespace cuzk::groth16 {

using ff::Fr;
using r1cs::LinearCombination;
using r1cs::Variable;

void synthesize_bench_circuit(r1cs::ConstraintSystem& cs, size_t constraints, uint64_t seed) {
  if (constraints < kBenchCircuitMinConstraints) {
    throw std::invalid_argument("the bench circuit needs at least 2 constraints, got " +
                                std::to_string(constraints));
  }
  // Test data, not proof randomness: the instance must be a function of the seed, because it is
  // synthesised again wherever it is used (a bench job's partition k is seed + k; the tests
  // compare CPU and GPU proofs of two syntheses of one instance byte for byte). The proof's
  // blinding values r, s come from the OS (util/system_random.hpp), never from this generator.
  std::mt19937_64 rng(seed);
  const Fr x1v = Fr::random(rng), x2v = Fr::random(rng);
  // Values first: `out` is an input and inputs come first.
  std::vector<Fr> t(constraints - 1), acc(constraints - 1);
  acc[0] = x1v * x2v;
  for (size_t i = 1; i + 1 < constraints; ++i) {
    t[i] = Fr::random(rng);
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
