// BenchCircuitJob: a proof of the built-in test circuit (groth16/bench_circuit.hpp), the engine's
// stand-in for a Filecoin proof in tests and in the bench's in-process mode. Partition k is the
// N-constraint chain with seed `seed + k`, so a multi-partition job has distinct, checkable
// partition proofs. Its circuit id is "chain-<N>", whose parameters are the bench's
// "cuzk-test-chain-<N>.params" (filecoin/porep_parameters.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/circuit_job.hpp"

namespace cuzk::engine {

// "chain-<N>".
std::string bench_circuit_id(size_t constraints);

class BenchCircuitJob final : public CircuitJob {
 public:
  // Throws std::invalid_argument for constraints < 2 or partitions == 0.
  BenchCircuitJob(size_t constraints, uint64_t seed, unsigned partitions = 1);

  const std::string& circuit_id() const override { return circuit_id_; }
  unsigned partitions() const override { return partitions_; }
  std::string describe() const override;
  void synthesize(unsigned partition, r1cs::ProvingAssignment& out) const override;
  std::vector<ff::Fr> public_inputs(unsigned partition,
                                    const r1cs::ProvingAssignment& synthesized) const override;

 private:
  size_t constraints_;
  uint64_t seed_;
  unsigned partitions_;
  std::string circuit_id_;
};

}  // namespace cuzk::engine
