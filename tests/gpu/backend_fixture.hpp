// Shared pieces of the CudaBackend tests (backend_*_test.cpp): the check that a GPU backend gives
// CpuBackend's proofs for the same (r, s) and that they verify, the helpers around it, and the
// fixture of the device tests (one class, so that its tests form one suite across the files).
// A mismatch names the differing proof parts: A alone points at msm_a, B at the G2 MSM, C alone at
// msm_h / msm_l / msm_b_g1 (a wrong A also makes C wrong).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "../groth16/groth16_fixture.hpp"
#include "device_fixture.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/proof.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::gpu::testing {

// The evaluation domain of an assignment: its row count rounded up to a power of two.
inline size_t domain_of(const r1cs::ProvingAssignment& pa) {
  size_t m = 1;
  while (m < pa.num_constraints()) m <<= 1;
  return m;
}

inline std::vector<groth16::Randomness> random_rs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<groth16::Randomness> rs(n);
  for (auto& r : rs) r = {ff::Fr::random(rng), ff::Fr::random(rng)};
  return rs;
}

// Which parts of the proof differ (empty when none).
inline std::string proof_diff(const groth16::Proof& want, const groth16::Proof& got) {
  std::string d;
  if (!(want.a == got.a)) d += " A";
  if (!(want.b == got.b)) d += " B";
  if (!(want.c == got.c)) d += " C";
  return d.empty() ? "" : "proof parts differing:" + d;
}

inline bool has_phase(const groth16::ProveOutput& out, const std::string& name) {
  for (const auto& [n, ms] : out.timings)
    if (n == name) return true;
  return false;
}

// Proves `circuits` (one assignment each, same shape) on the CPU and on `gpu` with the same (r, s);
// expects equal bytes and valid proofs. Returns the GPU output.
// host_params: the CPU's parameters when `params` has sections released to the device.
inline groth16::ProveOutput expect_same_proofs(
    groth16::Backend& gpu, const groth16::Parameters& params,
    const std::vector<groth16::testing::Circuit>& circuits, uint64_t rs_seed,
    const groth16::Parameters* host_params = nullptr) {
  using groth16::testing::synthesize;
  const auto rs = random_rs(circuits.size(), rs_seed);
  std::vector<r1cs::ProvingAssignment> cpu_batch, gpu_batch;
  std::vector<std::vector<ff::Fr>> inputs;
  for (const auto& c : circuits) {
    cpu_batch.push_back(synthesize(c));
    gpu_batch.push_back(synthesize(c));
    inputs.push_back(groth16::testing::public_inputs(cpu_batch.back()));
  }
  const groth16::ProveOutput want =
      groth16::CpuBackend().prove(std::move(cpu_batch), host_params ? *host_params : params, rs);
  groth16::ProveOutput got = gpu.prove(std::move(gpu_batch), params, rs);
  EXPECT_EQ(got.proofs.size(), circuits.size());
  const auto pvk = groth16::prepare_verifying_key(params.vk);
  for (size_t i = 0; i < std::min(got.proofs.size(), want.proofs.size()); ++i) {
    EXPECT_EQ(groth16::encode_proof(got.proofs[i]), groth16::encode_proof(want.proofs[i]))
        << "circuit " << i << ": " << proof_diff(want.proofs[i], got.proofs[i]);
    EXPECT_TRUE(groth16::verify_proof(pvk, got.proofs[i], inputs[i])) << "circuit " << i;
  }
  return got;
}

class CudaBackendTest : public DeviceTest {};

}  // namespace cuzk::gpu::testing
