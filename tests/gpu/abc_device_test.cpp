// Deferred a/b/c on the device (src/gpu/backend/abc_kernels.hpp, device_circuit.hpp, CudaBackend):
// the kernel's a, b, c equal the CPU's sparse products (ProvingAssignment::materialize) value for
// value, padding included; CudaBackend proves deferred assignments — alone, in batches mixed with
// computed ones, on both upload paths and with B in G2 on the CPU — to the CpuBackend's bytes for
// the same (r, s), and the proofs verify; the matrices are uploaded once per circuit and freed by
// evict_all, or for another circuit's room, least recently used first; one input slot is lent
// to the next proof. Device tests skip without a GPU.
#include <gtest/gtest.h>

#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "../groth16/deferred_fixture.hpp"
#include "device_fixture.hpp"
#include "gpu/backend/abc_kernels.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/device_circuit.hpp"
#include "gpu/util/staged_upload.hpp"
#include "groth16/bench_circuit.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::gpu {
namespace {

using groth16::Parameters;
using groth16::ProveOutput;
using groth16::Randomness;
using groth16::testing::Circuit;

// The bench chain (coefficients ±1) with bit decompositions (powers of two: the kernel's table
// multiplications), a multiplication chain and the cubic (a constant 5): `chain` + ~400 rows,
// whose shape does not depend on the seed (one recording serves every instance). The packing
// rows are the long ones that a whole warp sums: 300 entries (several 32-lane strides), and 8
// then 9 (either side of the kernel's per-lane limit) back to back with more 9-entry rows, 10
// rows apart, so that one warp holds several long rows.
Circuit mixed_circuit(size_t chain, uint64_t seed) {
  return [=](r1cs::ConstraintSystem& cs) {
    groth16::synthesize_bench_circuit(cs, chain, seed);
    r1cs::test_circuits::boolean_decomposition(cs, 300, seed);
    const size_t short_bits[] = {8, 9, 9, 9, 9};
    for (size_t i = 0; i < std::size(short_bits); ++i) {
      r1cs::Namespace ns(cs, [&] { return "short decomposition " + std::to_string(i); });
      r1cs::test_circuits::boolean_decomposition(cs, short_bits[i], seed);
    }
    r1cs::test_circuits::multiplication_chain(cs, 50, seed);
    r1cs::test_circuits::cubic(cs, 3, 35);
  };
}

std::vector<Circuit> instances(size_t chain, std::initializer_list<uint64_t> seeds) {
  std::vector<Circuit> out;
  for (uint64_t s : seeds) out.push_back(mixed_circuit(chain, s));
  return out;
}

size_t count_phase(const ProveOutput& out, const std::string& name) {
  size_t n = 0;
  for (const auto& [phase, ms] : out.timings) n += phase == name;
  return n;
}

// Proves `circuits` on the CPU from generic synthesis and on `gpu` with circuit i deferred where
// deferred[i]; expects the same bytes and valid proofs.
ProveOutput expect_cpu_proofs(groth16::Backend& gpu, const Parameters& params,
                              const std::vector<Circuit>& circuits,
                              const std::vector<bool>& deferred,
                              const std::shared_ptr<const r1cs::PrecompiledCircuit>& precompiled,
                              uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Randomness> rs;
  std::vector<r1cs::ProvingAssignment> cpu_batch, gpu_batch;
  std::vector<std::vector<ff::Fr>> inputs;
  for (size_t i = 0; i < circuits.size(); ++i) {
    rs.push_back({ff::Fr::random(rng), ff::Fr::random(rng)});
    cpu_batch.push_back(groth16::testing::synthesize(circuits[i]));
    inputs.push_back(groth16::testing::public_inputs(cpu_batch.back()));
    gpu_batch.push_back(deferred[i]
                            ? groth16::testing::synthesize_deferred(circuits[i], precompiled)
                            : groth16::testing::synthesize(circuits[i]));
  }
  const ProveOutput want = groth16::CpuBackend().prove(std::move(cpu_batch), params, rs);
  ProveOutput got = gpu.prove(std::move(gpu_batch), params, rs);
  EXPECT_EQ(got.proofs.size(), circuits.size());
  const auto pvk = groth16::prepare_verifying_key(params.vk);
  for (size_t i = 0; i < std::min(got.proofs.size(), want.proofs.size()); ++i) {
    EXPECT_EQ(groth16::encode_proof(got.proofs[i]), groth16::encode_proof(want.proofs[i]))
        << "circuit " << i;
    EXPECT_TRUE(groth16::verify_proof(pvk, got.proofs[i], inputs[i])) << "circuit " << i;
  }
  return got;
}

class AbcDeviceTest : public testing::DeviceTest {};

// The kernel alone: a 2^14-row domain with ~15,400 rows (padding written as zeros over garbage).
TEST_F(AbcDeviceTest, KernelEqualsTheCpuProductsAndZeroesThePadding) {
  const Circuit circuit = mixed_circuit(15000, 5);
  const auto precompiled = groth16::testing::precompile(circuit);
  r1cs::ProvingAssignment pa = groth16::testing::synthesize_deferred(circuit, precompiled);
  std::vector<ff::Fr> z(pa.inputs().begin(), pa.inputs().end());
  z.insert(z.end(), pa.aux().begin(), pa.aux().end());
  pa.materialize(2);
  const size_t rows = pa.num_constraints();
  const size_t m = size_t(1) << 14;
  ASSERT_LT(rows, m);

  Stream stream;
  StagedUploader uploader(size_t(1) << 20, 2);
  const DeviceCircuit dc = DeviceCircuit::upload(*precompiled, uploader, stream.get());
  EXPECT_EQ(dc.rows, rows);
  EXPECT_EQ(dc.bytes(), DeviceCircuit::bytes_for(*precompiled));
  DeviceBuffer<FrStorage> dz(z.size()), da(m), db(m), dc_out(m);
  dz.upload(z);
  for (auto* v : {&da, &db, &dc_out}) CUZK_CUDA_CHECK(cudaMemset(v->data(), 0xA5, v->size_bytes()));
  evaluate_abc(dc.matrices(), dz.data(), da.data(), db.data(), dc_out.data(), m, stream.get());
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  const auto check = [&](const DeviceBuffer<FrStorage>& got, std::span<const ff::Fr> want,
                         const char* name) {
    std::vector<ff::Fr> host(m);
    got.download(host);
    size_t bad = 0;
    for (size_t r = 0; r < m; ++r) {
      const ff::Fr expected = r < rows ? want[r] : ff::Fr::zero();
      if (host[r] != expected && bad++ < 3) ADD_FAILURE() << name << "[" << r << "] differs";
    }
    EXPECT_EQ(bad, 0u) << name;
  };
  check(da, pa.a(), "a");
  check(db, pa.b(), "b");
  check(dc_out, pa.c(), "c");
}

TEST_F(AbcDeviceTest, DeferredProofsEqualTheCpusOnBothUploadPaths) {
  const Circuit shape = mixed_circuit(15000, 1);
  const Parameters params = groth16::testing::setup_for(shape, 31);
  const auto precompiled = groth16::testing::precompile(shape);
  for (bool overlap : {true, false}) {
    SCOPED_TRACE(overlap ? "overlapped upload" : "one input slot");
    CudaBackendOptions options;
    options.overlap_uploads = overlap;
    CudaBackend gpu(0, options);
    gpu.preload(params);
    const ProveOutput first =
        expect_cpu_proofs(gpu, params, instances(15000, {11}), {true}, precompiled, 1);
    EXPECT_EQ(count_phase(first, "upload_circuit"), 1u);
    EXPECT_EQ(count_phase(first, "abc"), 1u);
    EXPECT_EQ(gpu.resident_circuit_bytes(), DeviceCircuit::bytes_for(*precompiled));
    // Batches (the one-slot path) mixing deferred and computed assignments; the matrices stay.
    const ProveOutput mixed = expect_cpu_proofs(gpu, params, instances(15000, {12, 13, 14}),
                                                {true, false, true}, precompiled, 2);
    EXPECT_EQ(count_phase(mixed, "upload_circuit"), 0u);
    EXPECT_EQ(count_phase(mixed, "abc"), 2u);
    gpu.evict_all();
    EXPECT_EQ(gpu.resident_circuit_bytes(), 0u);
    const ProveOutput again =
        expect_cpu_proofs(gpu, params, instances(15000, {15}), {true}, precompiled, 3);
    EXPECT_EQ(count_phase(again, "upload_circuit"), 1u);
  }
}

TEST_F(AbcDeviceTest, DeferredProofsWithBInG2OnTheCpuAndAPaddedDomain) {
  const Circuit shape = mixed_circuit(600, 1);  // 2^10 domain, padded
  const Parameters params = groth16::testing::setup_for(shape, 32);
  const auto precompiled = groth16::testing::precompile(shape);
  CudaBackend gpu(0, CudaBackendOptions{.cpu_threads = 2, .b_g2_on_gpu = false});
  expect_cpu_proofs(gpu, params, instances(600, {21, 22}), {true, true}, precompiled, 4);
  // Deferred after a larger proof left the slot's buffers dirty: the padding is rewritten.
  const Parameters larger = groth16::testing::setup_for(mixed_circuit(15000, 1), 33);
  expect_cpu_proofs(gpu, larger, instances(15000, {23}), {false}, precompiled, 5);
  expect_cpu_proofs(gpu, params, instances(600, {24}), {true}, precompiled, 6);
}

// Two circuits' matrices where the free memory holds one of them (a buffer takes the rest): the
// second frees the first (phase evict_circuits; the prover's MSM scratch is left alone), the
// first coming back frees the second, and where even freeing every other would not make room
// nothing is freed and the error says so — unless the MSM scratch is freed (lane_room; here the
// buffer), when the matrices are uploaded beside the others.
// Sizes: ~52 bytes of matrices per constraint (small ~150 MiB, big ~300 MiB), and a slack of
// 64 MiB, so that cudaMalloc's rounding of the ten arrays (up to 2 MiB each) never decides.
TEST_F(AbcDeviceTest, AnotherCircuitsMatricesFreeTheLeastRecentlyUsed) {
  const auto big = groth16::testing::precompile(mixed_circuit(6000000, 1));
  const auto small = groth16::testing::precompile(mixed_circuit(3000000, 1));
  const size_t big_bytes = DeviceCircuit::bytes_for(*big);
  const size_t small_bytes = DeviceCircuit::bytes_for(*small);
  const size_t slack = size_t(64) << 20;
  ASSERT_GT(small_bytes, 2 * slack);
  ASSERT_GT(big_bytes, small_bytes + 2 * slack);
  Stream stream;
  StagedUploader uploader(size_t(1) << 20, 2);
  DeviceCircuits circuits;
  groth16::PhaseTimings t;
  Stopwatch sw;
  size_t lane_rooms = 0;                      // calls of lane_room
  std::optional<DeviceBuffer<uint8_t>> rest;  // the memory the test takes; "MSM scratch" below
  const auto lane_room = [&] {
    ++lane_rooms;
    rest.reset();
  };
  const auto get = [&](const r1cs::PrecompiledCircuit& c) -> const DeviceCircuit& {
    t.clear();
    return circuits.get(c, uploader, stream.get(), t, sw);
  };
  const auto phases = [&](const std::string& name) {
    size_t n = 0;
    for (const auto& [phase, ms] : t) n += phase == name;
    return n;
  };
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  ASSERT_GT(free_bytes, big_bytes + small_bytes + (size_t(1) << 30));
  {
    rest.emplace(free_bytes - big_bytes - slack);
    EXPECT_EQ(get(*big).digest, big->digest());
    EXPECT_EQ(phases("evict_circuits"), 0u);
    t.clear();
    EXPECT_EQ(circuits.get(*small, uploader, stream.get(), t, sw, lane_room).digest,
              small->digest());
    EXPECT_EQ(lane_rooms, 0u) << "evicting the other circuit made room";
    EXPECT_EQ(phases("evict_circuits"), 1u);
    EXPECT_EQ(phases("upload_circuit"), 1u);
    EXPECT_EQ(circuits.bytes(), small_bytes);
    EXPECT_EQ(get(*big).rows, big->a().rows());
    EXPECT_EQ(phases("evict_circuits"), 1u);
    EXPECT_EQ(circuits.bytes(), big_bytes);
    rest.reset();
  }
  circuits.clear();
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  rest.emplace(free_bytes - small_bytes - (big_bytes - small_bytes) / 2);
  get(*small);
  try {
    get(*big);
    ADD_FAILURE() << "the big circuit's matrices cannot fit";
  } catch (const CudaError& e) {
    EXPECT_NE(std::string(e.what()).find("matrices need"), std::string::npos) << e.what();
  }
  EXPECT_EQ(circuits.bytes(), small_bytes);  // nothing freed
  t.clear();
  EXPECT_EQ(circuits.get(*big, uploader, stream.get(), t, sw, lane_room).rows, big->a().rows());
  EXPECT_EQ(lane_rooms, 1u);
  EXPECT_EQ(phases("free_msm_scratch"), 1u);
  EXPECT_EQ(phases("evict_circuits"), 0u);
  EXPECT_EQ(circuits.bytes(), small_bytes + big_bytes) << "both beside each other";
}

// Where slot 1 does not fit (a buffer leaves less free than its 8 GB reserve: an 80 GB card under
// the 32 GiB PoRep set), threads proving at once share slot 0: each proof lends it once its
// kernels have read the assignment, the next deferred one uploads beside the lender's H
// (borrowed_slot_uploads) and computes its a, b, c after it; a computed assignment (its a, b, c
// uploaded) waits for the lender first. Every proof equals the CPU's and verifies.
TEST_F(AbcDeviceTest, OneInputSlotIsLentToTheNextProof) {
  const Circuit shape = mixed_circuit(15000, 1);
  const Parameters params = groth16::testing::setup_for(shape, 34);
  const auto precompiled = groth16::testing::precompile(shape);
  CudaBackend gpu(0);
  gpu.preload(params);
  expect_cpu_proofs(gpu, params, instances(15000, {40}), {true}, precompiled, 8);  // warm
  constexpr size_t kThreads = 3, kEach = 4;
  std::mt19937_64 rng(9);
  struct Proof {
    Randomness r;
    r1cs::ProvingAssignment gpu, cpu;
    std::vector<ff::Fr> inputs;
    std::vector<groth16::Proof> got;
  };
  std::vector<Proof> proofs(kThreads * kEach);
  for (size_t i = 0; i < proofs.size(); ++i) {
    Proof& p = proofs[i];
    const Circuit circuit = mixed_circuit(15000, 50 + i);
    p.r = {ff::Fr::random(rng), ff::Fr::random(rng)};
    p.cpu = groth16::testing::synthesize(circuit);
    p.inputs = groth16::testing::public_inputs(p.cpu);
    p.gpu = i == 5 ? groth16::testing::synthesize(circuit)
                   : groth16::testing::synthesize_deferred(circuit, precompiled);
  }
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  ASSERT_GT(free_bytes, size_t(3) << 30);
  std::optional<DeviceBuffer<uint8_t>> rest(std::in_place, free_bytes - (size_t(2) << 30));
  std::vector<std::thread> threads;
  for (size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (size_t k = 0; k < kEach; ++k) {
        Proof& p = proofs[t * kEach + k];
        std::vector<r1cs::ProvingAssignment> one;
        one.push_back(std::move(p.gpu));
        p.got = gpu.prove(std::move(one), params, std::span(&p.r, 1)).proofs;
      }
    });
  }
  for (auto& t : threads) t.join();
  rest.reset();
  EXPECT_EQ(gpu.second_slot_uploads(), 0u) << "slot 1 did not fit";
  EXPECT_GT(gpu.borrowed_slot_uploads(), 0u) << "no upload ran beside the lender's H";
  const auto pvk = groth16::prepare_verifying_key(params.vk);
  for (size_t i = 0; i < proofs.size(); ++i) {
    Proof& p = proofs[i];
    std::vector<r1cs::ProvingAssignment> one;
    one.push_back(std::move(p.cpu));
    const ProveOutput want =
        groth16::CpuBackend().prove(std::move(one), params, std::span(&p.r, 1));
    ASSERT_EQ(p.got.size(), 1u) << "proof " << i;
    EXPECT_EQ(groth16::encode_proof(p.got[0]), groth16::encode_proof(want.proofs[0]))
        << "proof " << i;
    EXPECT_TRUE(groth16::verify_proof(pvk, p.got[0], p.inputs)) << "proof " << i;
  }
}

TEST_F(AbcDeviceTest, BackendSaysItEvaluatesDeferredProducts) {
  CudaBackend gpu(0);
  EXPECT_TRUE(gpu.evaluates_deferred_abc());
  // Deadline starts: only where the deadline lane would not take the domain (2^24 at most).
  EXPECT_TRUE(gpu.evaluates_deferred_abc_for_deadline(size_t(1) << 27));
  EXPECT_FALSE(gpu.evaluates_deferred_abc_for_deadline(size_t(1) << 19));
  EXPECT_FALSE(groth16::CpuBackend().evaluates_deferred_abc());
}

}  // namespace
}  // namespace cuzk::gpu
