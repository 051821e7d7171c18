// CudaBackend's deadline lane (start_deadline, prove_lane.hpp): its proofs equal the CPU's for the
// same (r, s) and verify, also while the main lane proves a larger circuit beside it on other
// threads; it runs on the lane only for what it takes (one circuit, resident set, B in G2 on the
// GPU, domain up to 2^24: the "deadline_lane" marker) and falls back to start() for the rest, and
// for what it finds no device memory for; the workspace release leaves both lanes usable. The
// measured latency under load is cuzk-bench deadline's (docs/perf). Skips without a GPU.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>
#include <vector>

#include "../groth16/groth16_fixture.hpp"
#include "backend_fixture.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "groth16/bench_circuit.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/proof.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::gpu {
namespace {

using groth16::Parameters;
using groth16::ProveOutput;
using groth16::Randomness;
using groth16::testing::bench_circuit;
using groth16::testing::Circuit;
using groth16::testing::public_inputs;
using groth16::testing::setup_for;
using groth16::testing::synthesize;

using testing::has_phase;

bool on_deadline_lane(const ProveOutput& out) {
  return has_phase(out, "deadline_lane");
}

// start_deadline + finish of one circuit, checked against the CPU with the same (r, s).
ProveOutput expect_deadline_proof(CudaBackend& gpu, const Parameters& params, const Circuit& c,
                                  uint64_t seed) {
  std::mt19937_64 rng(seed);
  const Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
  std::vector<r1cs::ProvingAssignment> cpu, dev;
  cpu.push_back(synthesize(c));
  dev.push_back(synthesize(c));
  const auto inputs = public_inputs(cpu[0]);
  const ProveOutput want = groth16::CpuBackend().prove(std::move(cpu), params, std::span(&rs, 1));
  ProveOutput got = gpu.finish(gpu.start_deadline(std::move(dev), params, std::span(&rs, 1)));
  EXPECT_EQ(groth16::encode_proof(got.proofs.at(0)), groth16::encode_proof(want.proofs.at(0)));
  EXPECT_TRUE(
      groth16::verify_proof(groth16::prepare_verifying_key(params.vk), got.proofs[0], inputs));
  return got;
}

class DeadlineLaneTest : public testing::DeviceTest {};

TEST_F(DeadlineLaneTest, ProofsEqualTheCpusBesideTheMainLane) {
  const Parameters small = setup_for(bench_circuit(1020, 1), 41);
  const Parameters large = setup_for(bench_circuit(16380, 1), 42);
  CudaBackend gpu(0, 2);
  // Not resident yet: start() places it (no lane marker); then it is.
  EXPECT_FALSE(on_deadline_lane(expect_deadline_proof(gpu, small, bench_circuit(1020, 2), 1)));
  EXPECT_TRUE(on_deadline_lane(expect_deadline_proof(gpu, small, bench_circuit(1020, 3), 2)));

  gpu.preload(large);
  std::atomic<bool> stop{false};
  std::vector<std::thread> main_lane;
  for (int t = 0; t < 2; ++t) {  // the main lane kept busy with the larger circuit
    main_lane.emplace_back([&, t] {
      for (uint64_t k = 0; !stop; ++k) {
        std::mt19937_64 rng(100 + 10 * uint64_t(t) + k);
        const Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
        std::vector<r1cs::ProvingAssignment> b;
        b.push_back(synthesize(bench_circuit(16380, 7 + k)));
        const auto inputs = public_inputs(b[0]);
        const ProveOutput out = gpu.prove(std::move(b), large, std::span(&rs, 1));
        EXPECT_TRUE(groth16::verify_proof(groth16::prepare_verifying_key(large.vk),
                                          out.proofs.at(0), inputs));
      }
    });
  }
  for (uint64_t k = 0; k < 6; ++k) {
    EXPECT_TRUE(
        on_deadline_lane(expect_deadline_proof(gpu, small, bench_circuit(1020, 10 + k), k)));
  }
  stop = true;
  for (auto& t : main_lane) t.join();

  gpu.release_workspace();
  EXPECT_TRUE(on_deadline_lane(expect_deadline_proof(gpu, small, bench_circuit(1020, 30), 30)));
  gpu.evict(small);
  EXPECT_FALSE(on_deadline_lane(expect_deadline_proof(gpu, small, bench_circuit(1020, 31), 31)));
}

TEST_F(DeadlineLaneTest, WhatTheLaneDoesNotTakeGoesToTheMainLane) {
  const Parameters params = setup_for(bench_circuit(1020, 1), 43);
  CudaBackendOptions cpu_g2;
  cpu_g2.b_g2_on_gpu = false;  // B in G2 on the host: not the lane's
  CudaBackend host_b2(0, cpu_g2);
  host_b2.preload(params);
  EXPECT_FALSE(on_deadline_lane(expect_deadline_proof(host_b2, params, bench_circuit(1020, 2), 3)));
  // Two circuits in one start: the main lane.
  CudaBackend gpu(0, 2);
  gpu.preload(params);
  std::mt19937_64 rng(5);
  const std::vector<Randomness> rs = {{ff::Fr::random(rng), ff::Fr::random(rng)},
                                      {ff::Fr::random(rng), ff::Fr::random(rng)}};
  std::vector<r1cs::ProvingAssignment> two;
  two.push_back(synthesize(bench_circuit(1020, 4)));
  two.push_back(synthesize(bench_circuit(1020, 5)));
  const ProveOutput out = gpu.finish(gpu.start_deadline(std::move(two), params, rs));
  EXPECT_EQ(out.proofs.size(), 2u);
  EXPECT_FALSE(on_deadline_lane(out));
}

// Without device memory for the lane (the main lane's workspace and a hog hold all of it), a
// deadline start runs on the main lane rather than fail: the same proof, with the notice; once
// the memory is back the next one runs on the lane. Fills the device: CUZK_GPU_OOM_TEST=1 only.
TEST_F(DeadlineLaneTest, WithoutDeviceMemoryForTheLaneTheMainLaneProves) {
  if (!testing::memory_tests_opted_in()) GTEST_SKIP() << testing::kMemoryTestsOptIn;
  const Parameters params = setup_for(bench_circuit(16380, 1), 44);
  CudaBackend gpu(0, 2);
  gpu.preload(params);
  // The main lane's workspace for this circuit: slot, tables, both MSMs' scratch.
  testing::expect_same_proofs(gpu, params, {bench_circuit(16380, 2)}, 6);
  CUZK_CUDA_CHECK(cudaSetDevice(0));
  auto hog = testing::hold_free_device_memory();
  ASSERT_TRUE(hog.has_value());
  const ProveOutput moved = expect_deadline_proof(gpu, params, bench_circuit(16380, 3), 3);
  EXPECT_FALSE(on_deadline_lane(moved));
  EXPECT_TRUE(has_phase(moved, kDeadlineLaneOutOfMemoryNotice));
  hog.reset();
  const ProveOutput back = expect_deadline_proof(gpu, params, bench_circuit(16380, 4), 4);
  EXPECT_TRUE(on_deadline_lane(back));
  EXPECT_FALSE(has_phase(back, kDeadlineLaneOutOfMemoryNotice));
}

}  // namespace
}  // namespace cuzk::gpu
