// CpuBackend: the Groth16 prover on the CPU (floor 3's NTT and MSM), the reference the GPU
// backend is checked against and the fallback when no GPU is present.
//
// start(): per circuit, a/b/c from the matrices if they were deferred (phase matvec, on the CPU:
// ProvingAssignment::materialize), H by 6 NTTs (ntt::compute_h_coefficients), then the G1 MSMs H,
// L, A, B1 (density-filtered where bellperson filters). finish(): the G2 MSM B2 and the assembly.
// Circuits are processed one after the other, each using all `threads`.
#pragma once

#include "groth16/backend.hpp"

namespace cuzk::groth16 {

class CpuBackend final : public Backend {
 public:
  explicit CpuBackend(unsigned threads = 0) : threads_(threads) {}

  std::string name() const override { return "cpu"; }
  std::unique_ptr<Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                 const Parameters& params,
                                 std::span<const Randomness> randomness) override;
  ProveOutput finish(std::unique_ptr<Pending> pending) override;

 private:
  unsigned threads_;
};

}  // namespace cuzk::groth16
