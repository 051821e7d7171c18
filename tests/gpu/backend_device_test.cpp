// CudaBackend (src/gpu/backend/cuda_backend.hpp) against CpuBackend: for small circuits (the test
// circuits of tests/r1cs and the bench circuit at 2^10 and 2^14 rows, padded and exact), the same
// (r, s) must give the same 192-byte proof, and it must verify; batches and a second proof on the
// resident SRS, the phases it times, several threads on one device, B in G2 on the CPU, two jobs in
// flight, the start_views path the benchmark uses, the last device, a SpreadBackend over every
// device, the errors (bad shapes, out of device memory), a device too small for both MSMs'
// scratch. Skips without a GPU.
// The parameter set on the device (preload, evict, streaming, uploads):
// backend_srs_device_test.cpp; the host-side checks: backend_inputs_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "../groth16/groth16_fixture.hpp"
#include "backend_fixture.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/device_srs.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu/util/staged_upload.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/proof.hpp"
#include "groth16/spread_backend.hpp"

namespace cuzk::gpu {
namespace {

using groth16::CpuBackend;
using groth16::Parameters;
using groth16::Proof;
using groth16::ProveOutput;
using groth16::Randomness;
using groth16::testing::bench_circuit;
using groth16::testing::Circuit;
using groth16::testing::setup_for;
using groth16::testing::synthesize;
using testing::CudaBackendTest;
using testing::domain_of;
using testing::expect_same_proofs;
using testing::has_phase;
using testing::proof_diff;
using testing::random_rs;

struct NamedCase {
  const char* name;
  Circuit circuit;
  size_t domain;  // expected m: the sizes the test claims to cover
};

class BackendMatchesCpu : public testing::DeviceTest,
                          public ::testing::WithParamInterface<NamedCase> {};

TEST_P(BackendMatchesCpu, SameProofBytesAndTheyVerify) {
  const NamedCase& c = GetParam();
  const Parameters params = setup_for(c.circuit, 42);
  ASSERT_EQ(domain_of(synthesize(c.circuit)), c.domain) << "test case sized wrongly";
  CudaBackend gpu(0, 0);
  const ProveOutput out = expect_same_proofs(gpu, params, {c.circuit}, 7);
  EXPECT_TRUE(gpu.is_resident(params));
  EXPECT_EQ(gpu.resident_bytes(), DeviceSrs::bytes_for(params));
  EXPECT_TRUE(has_phase(out, "upload_srs"));
}

INSTANTIATE_TEST_SUITE_P(
    Circuits, BackendMatchesCpu,
    ::testing::Values(
        NamedCase{"cubic",
                  [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::cubic(cs, 3, 35); }, 8},
        NamedCase{"many_inputs_40",
                  [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::many_inputs(cs, 40); },
                  128},
        NamedCase{"boolean_decomposition_2000",
                  [](r1cs::ConstraintSystem& cs) {
                    r1cs::test_circuits::boolean_decomposition(cs, 2000);
                  },
                  2048},
        NamedCase{
            "chain_1024",
            [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::multiplication_chain(cs, 1024); },
            2048},
        NamedCase{"bench_2_10_exact", bench_circuit(1020, 1), 1024},
        NamedCase{"bench_2_10_padded", bench_circuit(1000, 1), 1024},
        NamedCase{"bench_2_14_exact", bench_circuit(16380, 1), 16384}),
    [](const auto& info) { return std::string(info.param.name); });

TEST_F(CudaBackendTest, BatchOfThreeThenASecondProofOnTheResidentSrs) {
  const Parameters params = setup_for(bench_circuit(1020, 1), 9);
  CudaBackend gpu(0, 2);
  const ProveOutput first = expect_same_proofs(
      gpu, params, {bench_circuit(1020, 11), bench_circuit(1020, 12), bench_circuit(1020, 13)}, 3);
  EXPECT_TRUE(has_phase(first, "upload_srs"));
  const size_t resident = gpu.resident_bytes();
  EXPECT_EQ(resident, DeviceSrs::bytes_for(params));

  const ProveOutput second =
      expect_same_proofs(gpu, params, {bench_circuit(1020, 14), bench_circuit(1020, 15)}, 4);
  EXPECT_FALSE(has_phase(second, "upload_srs")) << "the SRS was uploaded again";
  EXPECT_EQ(gpu.resident_bytes(), resident);

  // A larger domain on the same backend: the workspace grows, the first SRS stays.
  const Parameters larger = setup_for(bench_circuit(16380, 1), 10);
  expect_same_proofs(gpu, larger, {bench_circuit(16380, 2)}, 5);
  EXPECT_TRUE(gpu.is_resident(params));
  EXPECT_EQ(gpu.resident_bytes(), resident + DeviceSrs::bytes_for(larger));
  expect_same_proofs(gpu, params, {bench_circuit(1020, 16)}, 6);  // and back to the small one
  // A padded domain in buffers left larger (and dirty) by the 2^14 proof: the zero padding must
  // cover exactly [constraints, m).
  const Parameters padded = setup_for(bench_circuit(1000, 1), 12);
  expect_same_proofs(gpu, padded, {bench_circuit(1000, 7)}, 9);
  EXPECT_GT(gpu.workspace_bytes(), 0u);
  gpu.release_workspace();
  expect_same_proofs(gpu, params, {bench_circuit(1020, 17)}, 8);
}

TEST_F(CudaBackendTest, TimingsNameEveryPhase) {
  const Parameters params = setup_for(bench_circuit(1000, 1), 2);
  CudaBackend gpu(0);
  gpu.preload(params);
  const ProveOutput out = expect_same_proofs(gpu, params, {bench_circuit(1000, 3)}, 1);
  std::vector<std::string> names;
  for (const auto& [name, ms] : out.timings) {
    names.push_back(name);
    EXPECT_GE(ms, 0.0) << name;
  }
  // One circuit, B in G2 on the GPU: the upload first (beside any other proof's kernels), then
  // the wait for the device, then its work.
  const std::vector<std::string> want{"upload",   "wait_device", "setup", "msm_l", "msm_a",
                                      "msm_b_g1", "msm_b_g2",    "ntt_h", "msm_h", "assembly"};
  EXPECT_EQ(names, want);  // preloaded: no upload_srs

  CudaBackendOptions serial;
  serial.overlap_uploads = false;
  CudaBackend one_slot(0, serial);
  one_slot.preload(params);
  names.clear();
  const ProveOutput serial_out = expect_same_proofs(one_slot, params, {bench_circuit(1000, 4)}, 2);
  for (const auto& [name, ms] : serial_out.timings) names.push_back(name);
  const std::vector<std::string> want_serial{"setup",    "upload", "msm_l", "msm_a",   "msm_b_g1",
                                             "msm_b_g2", "ntt_h",  "msm_h", "assembly"};
  EXPECT_EQ(names, want_serial);
}

// Several threads on one device (CudaBackendOptions::overlap_uploads): uploads into the second
// input slot run beside the other proof's kernels; every proof equals the CPU's and verifies.
TEST_F(CudaBackendTest, ThreadsOnOneDeviceShareItThroughTwoInputSlots) {
  const Parameters params = setup_for(bench_circuit(16380, 1), 21);
  CudaBackend gpu(0, 2);
  gpu.preload(params);
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&, t] {
      for (int k = 0; k < 3; ++k) {
        const uint64_t seed = uint64_t(200 + 3 * t + k);
        expect_same_proofs(gpu, params, {bench_circuit(16380, seed)}, seed);
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_GT(gpu.second_slot_uploads(), 0u) << "no upload ran beside another proof";
  gpu.release_workspace();
  expect_same_proofs(gpu, params, {bench_circuit(16380, 300)}, 300);  // after the release
}

// B in G2 on CPU threads (CudaBackendOptions::b_g2_on_gpu = false): the same proofs, the CPU
// path's phases, and only the G1 sections resident.
TEST_F(CudaBackendTest, BG2OnTheCpuPath) {
  const Parameters params = setup_for(bench_circuit(1000, 1), 2);
  CudaBackend gpu(0, CudaBackendOptions{.cpu_threads = 2, .b_g2_on_gpu = false});
  gpu.preload(params);
  EXPECT_EQ(gpu.resident_bytes(), DeviceSrs::bytes_for(params, false));
  const ProveOutput out =
      expect_same_proofs(gpu, params, {bench_circuit(1000, 3), bench_circuit(1000, 4)}, 1);
  std::vector<std::string> names;
  for (const auto& [name, ms] : out.timings) {
    if (names.size() < 11) names.push_back(name);
  }
  const std::vector<std::string> want{"setup",        "b_g2_scalars", "upload", "msm_l",
                                      "msm_a",        "msm_b_g1",     "ntt_h",  "msm_h",
                                      "b_g2_scalars", "upload",       "msm_l"};
  EXPECT_EQ(names, want);
  EXPECT_TRUE(has_phase(out, "b_g2_cpu"));
  EXPECT_FALSE(has_phase(out, "msm_b_g2"));
  // The GPU path on the same parameters: B in G2 becomes resident on its own backend.
  CudaBackend on_gpu(0);
  expect_same_proofs(on_gpu, params, {bench_circuit(1000, 5), bench_circuit(1000, 6)}, 2);
  EXPECT_EQ(on_gpu.resident_bytes(), DeviceSrs::bytes_for(params, true));
  EXPECT_GT(DeviceSrs::bytes_for(params, true), DeviceSrs::bytes_for(params, false));
}

TEST_F(CudaBackendTest, TwoJobsInFlight) {
  // The engine's pattern: start the next job before finishing the previous one.
  const Parameters params = setup_for(bench_circuit(1020, 1), 31);
  const auto rs = random_rs(2, 13);
  CudaBackend gpu(0);
  auto make = [](uint64_t seed) {
    std::vector<r1cs::ProvingAssignment> b;
    b.push_back(synthesize(bench_circuit(1020, seed)));
    return b;
  };
  auto first = gpu.start(make(1), params, std::span(&rs[0], 1));
  auto second = gpu.start(make(2), params, std::span(&rs[1], 1));
  const ProveOutput out2 = gpu.finish(std::move(second));
  const ProveOutput out1 = gpu.finish(std::move(first));
  const ProveOutput want1 = CpuBackend().prove(make(1), params, std::span(&rs[0], 1));
  const ProveOutput want2 = CpuBackend().prove(make(2), params, std::span(&rs[1], 1));
  EXPECT_EQ(groth16::encode_proof(out1.proofs.at(0)), groth16::encode_proof(want1.proofs.at(0)))
      << proof_diff(want1.proofs.at(0), out1.proofs.at(0));
  EXPECT_EQ(groth16::encode_proof(out2.proofs.at(0)), groth16::encode_proof(want2.proofs.at(0)))
      << proof_diff(want2.proofs.at(0), out2.proofs.at(0));
  // A pending state dropped without finish waits for its G2 MSM and leaves the backend usable.
  { auto dropped = gpu.start(make(3), params, std::span(&rs[0], 1)); }
  expect_same_proofs(gpu, params, {bench_circuit(1020, 4)}, 14);
}

TEST_F(CudaBackendTest, StartViewsOnAnSrsUploadedByHand) {
  // The benchmark's path: views and a DeviceSrs it owns.
  const Circuit circuit = bench_circuit(1000, 5);
  const Parameters params = setup_for(circuit, 41);
  const auto pa = synthesize(circuit);
  const auto rs = random_rs(1, 17);
  CUZK_CUDA_CHECK(cudaSetDevice(0));
  Stream stream;
  StagedUploader uploader(size_t(1) << 16, 2);  // small chunks: many of them, both buffers used
  const DeviceSrs g1 = DeviceSrs::upload(params, uploader, stream.get());
  EXPECT_EQ(g1.bytes(), DeviceSrs::bytes_for(params));
  CudaBackend gpu(0);
  const std::vector<WitnessView> views{WitnessView::of(pa), WitnessView::of(pa)};
  const CudaBackend::SrsRef srs{&params.vk, &g1, params.b_g2};
  const std::vector<Randomness> same_rs{rs.at(0), rs.at(0)};  // both proofs equal the CPU's
  const ProveOutput got = gpu.finish(gpu.start_views(views, srs, same_rs));
  std::vector<r1cs::ProvingAssignment> batch;
  batch.push_back(synthesize(circuit));
  const ProveOutput want = CpuBackend().prove(std::move(batch), params, rs);
  ASSERT_EQ(got.proofs.size(), 2u);
  for (const Proof& p : got.proofs) {
    EXPECT_EQ(groth16::encode_proof(p), groth16::encode_proof(want.proofs.at(0)))
        << proof_diff(want.proofs.at(0), p);
  }
  EXPECT_EQ(gpu.resident_bytes(), 0u);  // start_views does not make anything resident
  EXPECT_THROW(gpu.start_views(views, CudaBackend::SrsRef{}, random_rs(2, 1)),
               std::invalid_argument);

  // B in G2 only on the device (the benchmark's layout): no host section needed.
  const CudaBackend::SrsRef device_only{&params.vk, &g1, {}};
  const ProveOutput dev = gpu.finish(gpu.start_views(views, device_only, same_rs));
  ASSERT_EQ(dev.proofs.size(), 2u);
  EXPECT_EQ(groth16::encode_proof(dev.proofs[0]), groth16::encode_proof(want.proofs.at(0)));
  // The CPU path reads the host section, whatever the DeviceSrs holds.
  CudaBackend cpu_b2(0, CudaBackendOptions{.cpu_threads = 2, .b_g2_on_gpu = false});
  const ProveOutput host = cpu_b2.finish(cpu_b2.start_views(views, srs, same_rs));
  ASSERT_EQ(host.proofs.size(), 2u);
  EXPECT_EQ(groth16::encode_proof(host.proofs[1]), groth16::encode_proof(want.proofs.at(0)));
  EXPECT_THROW(cpu_b2.start_views(views, device_only, same_rs), std::invalid_argument);
}

TEST_F(CudaBackendTest, LastDeviceWorksAndIsNamed) {
  const int device = cuda_backend_device_count() - 1;
  CudaBackend gpu(device);
  EXPECT_EQ(gpu.name(), "cuda:" + std::to_string(device));
  EXPECT_EQ(gpu.device(), device);
  const Parameters params = setup_for(bench_circuit(1020, 1), 51);
  expect_same_proofs(gpu, params, {bench_circuit(1020, 2)}, 19);
}

// The daemon's several-GPU backend: a SpreadBackend of one CudaBackend per device, driven by two
// threads per device at once (the daemon's prover workers), gives the CPU proofs; with several
// devices, every device proves some.
TEST_F(CudaBackendTest, SpreadOverEveryDeviceGivesTheCpuProofs) {
  const int n = cuda_backend_device_count();
  std::vector<std::unique_ptr<groth16::Backend>> members;
  for (int d = 0; d < n; ++d) members.push_back(std::make_unique<CudaBackend>(d, 2));
  groth16::SpreadBackend spread(std::move(members));
  EXPECT_EQ(spread.devices(), size_t(n));
  const Parameters params = setup_for(bench_circuit(1020, 1), 61);
  const int proofs_per_thread = 2;
  std::vector<std::thread> threads;
  for (int t = 0; t < 2 * n; ++t) {
    threads.emplace_back([&, t] {
      for (int k = 0; k < proofs_per_thread; ++k) {
        const uint64_t seed = uint64_t(100 + t * proofs_per_thread + k);
        const ProveOutput out =
            expect_same_proofs(spread, params, {bench_circuit(1020, seed)}, seed);
        EXPECT_EQ(out.backend.rfind("cuda:", 0), 0u) << out.backend;
      }
    });
  }
  for (auto& t : threads) t.join();
  const std::vector<uint64_t> starts = spread.starts();
  uint64_t total = 0;
  for (int d = 0; d < n; ++d) {
    EXPECT_GE(starts[size_t(d)], 1u) << "device " << d << " proved nothing";
    total += starts[size_t(d)];
  }
  EXPECT_EQ(total, uint64_t(2 * n * proofs_per_thread));
}

TEST_F(CudaBackendTest, ShapeErrorsAreInvalidArgumentsAndLeaveTheBackendUsable) {
  const Parameters small = setup_for(bench_circuit(10, 1), 5);
  CudaBackend gpu(0);
  auto one = [](const Circuit& c) {
    std::vector<r1cs::ProvingAssignment> b;
    b.push_back(synthesize(c));
    return b;
  };
  const auto rs = random_rs(2, 1);
  try {
    gpu.start(one(bench_circuit(20, 1)), small, std::span(&rs[0], 1));
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("parameters do not fit"), std::string::npos) << e.what();
  }
  EXPECT_THROW(gpu.start(one(bench_circuit(10, 1)), small, rs), std::invalid_argument);
  EXPECT_THROW(gpu.start({}, small, {}), std::invalid_argument);
  auto cpu_pending = CpuBackend().start(one(bench_circuit(10, 1)), small, std::span(&rs[0], 1));
  EXPECT_THROW(gpu.finish(std::move(cpu_pending)), std::invalid_argument);
  EXPECT_FALSE(gpu.is_resident(small));  // nothing was uploaded for the rejected calls
  expect_same_proofs(gpu, small, {bench_circuit(10, 2)}, 23);
}

using testing::kMemoryTestsOptIn;
using testing::memory_tests_opted_in;

// Out of device memory surfaces as a CudaError (a std::runtime_error) naming the phase, and the
// backend works again once memory is back.
TEST_F(CudaBackendTest, OutOfDeviceMemoryIsARuntimeErrorWithThePhase) {
  if (!memory_tests_opted_in()) GTEST_SKIP() << kMemoryTestsOptIn;
  const Parameters params = setup_for(bench_circuit(16380, 1), 61);
  CudaBackend gpu(0);
  CUZK_CUDA_CHECK(cudaSetDevice(0));
  std::optional<DeviceBuffer<uint8_t>> hog = testing::hold_free_device_memory();
  ASSERT_TRUE(hog.has_value());
  std::vector<r1cs::ProvingAssignment> batch;
  batch.push_back(synthesize(bench_circuit(16380, 2)));
  const auto rs = random_rs(1, 3);
  try {
    gpu.prove(std::move(batch), params, rs);
    ADD_FAILURE() << "expected an out-of-memory error";
  } catch (const CudaError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("CudaBackend, phase "), std::string::npos) << what;
    EXPECT_EQ(e.code(), cudaErrorMemoryAllocation) << what;
  }
  hog.reset();
  expect_same_proofs(gpu, params, {bench_circuit(16380, 3)}, 4);
}

// A device that cannot hold both MSMs' scratch beside the rest (an 80 GB card under a 32 GiB PoRep
// partition): the main lane keeps one at a time from the allocation that fails — B in G2's, the
// last, with the G1 MSMs' scratch still held — and gives the CPU's proofs then and after; the proof
// that stepped down carries the notice (msm_room_notice), the next does not. The device is left the
// measured workspace of the same proof less 4 MiB (B in G2's scratch is ~20 MB here, the G1 MSMs'
// ~12 MB).
TEST_F(CudaBackendTest, OneMsmScratchAtATimeWhenTheDeviceCannotHoldBoth) {
  if (!memory_tests_opted_in()) GTEST_SKIP() << kMemoryTestsOptIn;
  const Parameters params = setup_for(bench_circuit(16380, 1), 61);
  CudaBackend gpu(0);
  CUZK_CUDA_CHECK(cudaSetDevice(0));
  expect_same_proofs(gpu, params, {bench_circuit(16380, 2)}, 5);  // kernels loaded, SRS resident
  gpu.release_workspace();
  const size_t before = free_device_bytes();
  expect_same_proofs(gpu, params, {bench_circuit(16380, 3)}, 6);
  const size_t workspace = before - std::min(before, free_device_bytes());
  EXPECT_EQ(gpu.msm_room(), MsmRoom::kBoth);
  gpu.release_workspace();
  constexpr size_t kShort = size_t(4) << 20;
  ASSERT_GT(workspace, kShort);
  DeviceBuffer<uint8_t> hog(free_device_bytes() - (workspace - kShort));
  const auto notices = [](const groth16::ProveOutput& out) {
    std::vector<std::string> found;
    for (const auto& [phase, ms] : out.timings) {
      if (groth16::is_notice_phase(phase)) found.push_back(phase);
    }
    return found;
  };
  const auto stepped = expect_same_proofs(gpu, params, {bench_circuit(16380, 4)}, 7);
  EXPECT_EQ(gpu.msm_room(), MsmRoom::kOneAtATime);
  EXPECT_EQ(notices(stepped), std::vector<std::string>{"notice:msm_scratch_one_at_a_time"});
  const auto after = expect_same_proofs(gpu, params, {bench_circuit(16380, 5)}, 8);
  EXPECT_TRUE(notices(after).empty());  // one at a time from now on, said once
}

}  // namespace
}  // namespace cuzk::gpu
