// The built-in test circuit as an engine job (see bench_job.hpp).
#include "engine/bench_job.hpp"

#include <stdexcept>

#include "groth16/bench_circuit.hpp"

namespace cuzk::engine {

std::string bench_circuit_id(size_t constraints) {
  return "chain-" + std::to_string(constraints);
}

BenchCircuitJob::BenchCircuitJob(size_t constraints, uint64_t seed, unsigned partitions)
    : constraints_(constraints),
      seed_(seed),
      partitions_(partitions),
      circuit_id_(bench_circuit_id(constraints)) {
  if (constraints < groth16::kBenchCircuitMinConstraints) {
    throw std::invalid_argument("the test circuit needs at least 2 constraints");
  }
  if (partitions == 0) throw std::invalid_argument("a job needs at least one partition");
}

std::string BenchCircuitJob::describe() const {
  return circuit_id_ + " seed " + std::to_string(seed_) + " x" + std::to_string(partitions_);
}

void BenchCircuitJob::synthesize(unsigned partition, r1cs::ProvingAssignment& out) const {
  groth16::synthesize_bench_circuit(out, constraints_, seed_ + partition);
}

std::vector<ff::Fr> BenchCircuitJob::public_inputs(
    unsigned, const r1cs::ProvingAssignment& synthesized) const {
  auto in = synthesized.inputs();
  return {in.begin() + 1, in.end()};
}

}  // namespace cuzk::engine
