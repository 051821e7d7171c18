// CudaBackend (src/gpu/backend/cuda_backend.hpp) against CpuBackend: for small circuits (the test
// circuits of tests/r1cs and the bench circuit at 2^10 and 2^14 rows, padded and exact), the same
// (r, s) must give the same 192-byte proof, and it must verify; batches, a second proof on the
// resident SRS, preload / evict, a new parameter set at a recycled address, two jobs in flight, the
// start_views path the benchmark uses, the errors. Device tests skip without a GPU.
//
// Host tests (run everywhere): the witness views and shape checks, the absent-device error, and
// gpu_partition_bench's synthetic partition (shape, witness mix, densities, determinism).
//
// A mismatch names the differing proof parts: A alone points at msm_a, B at the CPU G2 MSM, C
// alone at msm_h / msm_l / msm_b_g1 (a wrong A also makes C wrong).
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "../groth16/groth16_fixture.hpp"
#include "device_fixture.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/device_srs.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu/msm/msm.hpp"
#include "gpu/util/staged_upload.hpp"
#include "gpu_partition_bench.hpp"
#include "groth16/bench_circuit.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/proof.hpp"
#include "groth16/spread_backend.hpp"
#include "groth16/verifier.hpp"
#include "msm/msm.hpp"

namespace cuzk::gpu {
namespace {

using groth16::CpuBackend;
using groth16::Parameters;
using groth16::Proof;
using groth16::ProveOutput;
using groth16::Randomness;
using groth16::testing::bench_circuit;
using groth16::testing::Circuit;
using groth16::testing::public_inputs;
using groth16::testing::setup_for;
using groth16::testing::synthesize;

size_t domain_of(const r1cs::ProvingAssignment& pa) {
  size_t m = 1;
  while (m < pa.num_constraints()) m <<= 1;
  return m;
}

std::vector<Randomness> random_rs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Randomness> rs(n);
  for (auto& r : rs) r = {ff::Fr::random(rng), ff::Fr::random(rng)};
  return rs;
}

// Which parts of the proof differ (empty when none).
std::string proof_diff(const Proof& want, const Proof& got) {
  std::string d;
  if (!(want.a == got.a)) d += " A";
  if (!(want.b == got.b)) d += " B";
  if (!(want.c == got.c)) d += " C";
  return d.empty() ? "" : "proof parts differing:" + d;
}

bool has_phase(const ProveOutput& out, const std::string& name) {
  for (const auto& [n, ms] : out.timings)
    if (n == name) return true;
  return false;
}

// Proves `circuits` (one assignment each, same shape) on the CPU and on `gpu` with the same (r, s);
// expects equal bytes and valid proofs. Returns the GPU output.
// host_params: the CPU's parameters when `params` has sections released to the device.
ProveOutput expect_same_proofs(groth16::Backend& gpu, const Parameters& params,
                               const std::vector<Circuit>& circuits, uint64_t rs_seed,
                               const Parameters* host_params = nullptr) {
  const auto rs = random_rs(circuits.size(), rs_seed);
  std::vector<r1cs::ProvingAssignment> cpu_batch, gpu_batch;
  std::vector<std::vector<ff::Fr>> inputs;
  for (const Circuit& c : circuits) {
    cpu_batch.push_back(synthesize(c));
    gpu_batch.push_back(synthesize(c));
    inputs.push_back(public_inputs(cpu_batch.back()));
  }
  const ProveOutput want =
      CpuBackend().prove(std::move(cpu_batch), host_params ? *host_params : params, rs);
  ProveOutput got = gpu.prove(std::move(gpu_batch), params, rs);
  EXPECT_EQ(got.proofs.size(), circuits.size());
  const auto pvk = groth16::prepare_verifying_key(params.vk);
  for (size_t i = 0; i < std::min(got.proofs.size(), want.proofs.size()); ++i) {
    EXPECT_EQ(groth16::encode_proof(got.proofs[i]), groth16::encode_proof(want.proofs[i]))
        << "circuit " << i << ": " << proof_diff(want.proofs[i], got.proofs[i]);
    EXPECT_TRUE(groth16::verify_proof(pvk, got.proofs[i], inputs[i])) << "circuit " << i;
  }
  return got;
}

// ---------------------------------------------------------------------------------------------
// Host tests.

TEST(WitnessViewTest, ViewOfAnAssignmentFitsItsParameters) {
  const Circuit circuit = bench_circuit(100, 3);
  const Parameters params = setup_for(circuit, 5);
  const auto pa = synthesize(circuit);
  const WitnessView v = WitnessView::of(pa);
  EXPECT_EQ(v.num_constraints(), pa.num_constraints());
  EXPECT_EQ(v.inputs.size(), 4u);  // ONE, x1, x2, out
  EXPECT_EQ(v.a_aux.popcount(), pa.a_aux_density().popcount());
  EXPECT_EQ(v.b_input.popcount(), pa.b_input_density().popcount());
  EXPECT_EQ(v.b_aux.popcount(), pa.b_aux_density().popcount());
  const std::vector<WitnessView> views{v, v};
  EXPECT_EQ(check_witnesses_fit(views, params.vk, SrsShape::of(params), 2, 28), domain_of(pa));
}

TEST(WitnessViewTest, MismatchesAreRejectedWithAMessage) {
  const Circuit circuit = bench_circuit(100, 3);
  const Parameters params = setup_for(circuit, 5);
  const auto pa = synthesize(circuit);
  const WitnessView v = WitnessView::of(pa);
  const SrsShape shape = SrsShape::of(params);
  auto message = [&](std::vector<WitnessView> views, SrsShape s, size_t rs, unsigned max_log) {
    try {
      check_witnesses_fit(views, params.vk, s, rs, max_log);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  auto contains = [](const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
  };
  EXPECT_TRUE(contains(message({}, shape, 0, 28), "no circuits")) << message({}, shape, 0, 28);
  EXPECT_TRUE(contains(message({v}, shape, 2, 28), "one (r, s) per circuit"));
  SrsShape bad = shape;
  bad.h += 1;
  EXPECT_TRUE(contains(message({v}, bad, 1, 28), "parameters do not fit the circuit: h"))
      << message({v}, bad, 1, 28);
  bad = shape;
  bad.b_g2 -= 1;
  EXPECT_TRUE(contains(message({v}, bad, 1, 28), "b_g2"));
  bad = shape;
  bad.a += 1;
  EXPECT_TRUE(contains(message({v}, bad, 1, 28), "parameters do not fit the circuit: a"));
  EXPECT_TRUE(contains(message({v}, shape, 1, 5), "exceeds")) << message({v}, shape, 1, 5);

  WitnessView short_c = v;
  short_c.c = short_c.c.first(short_c.c.size() - 1);
  EXPECT_TRUE(contains(message({short_c}, shape, 1, 28), "a, b, c have"));
  WitnessView short_density = v;
  short_density.b_aux.words = short_density.b_aux.words.first(1);
  EXPECT_TRUE(contains(message({short_density}, shape, 1, 28), "words"));
  WitnessView other_shape = v;
  std::vector<uint64_t> flipped(v.b_aux.words.begin(), v.b_aux.words.end());
  flipped[0] ^= 1;
  other_shape.b_aux.words = flipped;
  EXPECT_TRUE(contains(message({v, other_shape}, shape, 2, 28), "does not have the shape"));

  const auto other = synthesize(bench_circuit(200, 3));
  EXPECT_TRUE(contains(message({v, WitnessView::of(other)}, shape, 2, 28), "shape of circuit 0"));
}

TEST(DensityViewTest, PopcountAndComparisonIgnoreBitsPastTheEnd) {
  const std::vector<uint64_t> words{~uint64_t(0), 0b1011 | (uint64_t(1) << 63)};
  const DensityView d{words, 64 + 4};
  EXPECT_EQ(d.word_count(), 2u);
  EXPECT_EQ(d.popcount(), 64u + 3u);
  const std::vector<uint64_t> other_words{~uint64_t(0), 0b1011};
  EXPECT_TRUE(d.same_bits(DensityView{other_words, 68}));
  const std::vector<uint64_t> differs{~uint64_t(0), 0b0011};
  EXPECT_FALSE(d.same_bits(DensityView{differs, 68}));
  EXPECT_EQ((DensityView{words, 128}.popcount()), 64u + 4u);
  EXPECT_EQ((DensityView{{}, 0}.popcount()), 0u);
}

TEST(CudaBackendHostTest, AbsentDeviceIsRejected) {
  EXPECT_FALSE(cuda_device_available(-1));
  EXPECT_FALSE(cuda_device_available(cuda_backend_device_count()));
  EXPECT_THROW({ CudaBackend absent(cuda_backend_device_count()); }, std::invalid_argument);
  EXPECT_THROW({ CudaBackend negative(-1); }, std::invalid_argument);
  static_assert(std::is_base_of_v<std::runtime_error, CudaError>);
}

// kAuto's whole NTT tables (12 GiB at 2^27) only where the 32 GiB PoRep parameters, two input
// slots and the tables fit: an H200 (143,771 MiB) yes, an 80 GB H100 or a 24 GB card no.
TEST(CudaBackendHostTest, NttTablesAreWholeOnLargeDevicesOnly) {
  using T = CudaBackendOptions::NttTables;
  constexpr size_t kMiB = size_t(1) << 20;
  EXPECT_TRUE(whole_ntt_tables(T::kAuto, 143771 * kMiB));
  EXPECT_TRUE(whole_ntt_tables(T::kAuto, kWholeTableMinDeviceBytes));
  EXPECT_FALSE(whole_ntt_tables(T::kAuto, kWholeTableMinDeviceBytes - 1));
  EXPECT_FALSE(whole_ntt_tables(T::kAuto, 81559 * kMiB));
  EXPECT_FALSE(whole_ntt_tables(T::kSplit, 143771 * kMiB));
  EXPECT_TRUE(whole_ntt_tables(T::kWhole, 24 * 1024 * kMiB));
}

TEST(PartitionShapeTest, RealShapeAndScaledShapes) {
  const auto real = bench::PartitionShape::porep_32g(27);
  EXPECT_EQ(real.constraints, 130'278'869u);
  EXPECT_EQ(real.inputs, 328u);
  EXPECT_EQ(real.aux, 130'169'893u);
  EXPECT_EQ(real.domain(), size_t(1) << 27);
  for (unsigned log2 = 10; log2 <= 28; ++log2) {
    const auto s = bench::PartitionShape::porep_32g(log2);
    EXPECT_LE(s.constraints, s.domain()) << log2;
    EXPECT_GT(s.constraints, s.domain() / 2) << log2;  // the domain is exactly 2^log2
    EXPECT_GE(s.constraints, s.inputs) << log2;
    EXPECT_LT(s.aux, s.constraints) << log2;
  }
  EXPECT_THROW(bench::PartitionShape::porep_32g(9), std::invalid_argument);
  EXPECT_THROW(bench::PartitionShape::porep_32g(29), std::invalid_argument);
}

TEST(SyntheticPartitionTest, WitnessHasTheShapeMixAndDensities) {
  const auto shape = bench::PartitionShape::porep_32g(14);
  const auto w = bench::make_witness(shape, 11, 3);
  ASSERT_EQ(w.a.size(), shape.constraints);
  ASSERT_EQ(w.b.size(), shape.constraints);
  ASSERT_EQ(w.c.size(), shape.constraints);
  ASSERT_EQ(w.inputs.size(), shape.inputs);
  ASSERT_EQ(w.aux.size(), shape.aux);
  EXPECT_EQ(w.inputs[0], ff::Fr::one());
  for (size_t i = 0; i < w.a.size(); ++i) ASSERT_EQ(w.c[i], w.a[i] * w.b[i]) << "row " << i;
  size_t zeros = 0, ones = 0;
  for (const auto& x : w.aux) {
    zeros += x.is_zero();
    ones += x == ff::Fr::one();
  }
  const double n = double(shape.aux);
  EXPECT_NEAR(zeros / n, 0.30, 0.02);
  EXPECT_NEAR(ones / n, 0.25, 0.02);
  const WitnessView v = w.view();
  EXPECT_NEAR(double(v.a_aux.popcount()) / n, 0.997, 0.003);
  EXPECT_NEAR(double(v.b_aux.popcount()) / n, 0.254, 0.02);
  EXPECT_EQ(v.b_input.popcount(), 1u);
  if (shape.aux % 64 != 0) {  // no stray bits past the last variable, as DensityTracker
    EXPECT_EQ(w.a_aux.back() >> (shape.aux % 64), 0u);
    EXPECT_EQ(w.b_aux.back() >> (shape.aux % 64), 0u);
  }
  const SrsShape srs = bench::srs_shape_for(w, shape);
  const auto host = bench::make_srs_host(shape.inputs, srs.b_g2, 3, 2, 64, 16);
  EXPECT_EQ(host.vk.ic.size(), shape.inputs);
  EXPECT_EQ(host.b_g2.size(), srs.b_g2);
  EXPECT_TRUE(host.b_g2.back().is_on_curve() && !host.b_g2.back().is_identity());
  const std::vector<WitnessView> views{v};
  EXPECT_EQ(check_witnesses_fit(views, host.vk, srs, 1, 28), shape.domain());
}

TEST(SyntheticPartitionTest, DeterministicWhateverTheThreadCount) {
  const auto shape = bench::PartitionShape::porep_32g(12);
  const auto one = bench::make_witness(shape, 5, 1);
  const auto many = bench::make_witness(shape, 5, 4);
  EXPECT_EQ(one.a, many.a);
  EXPECT_EQ(one.aux, many.aux);
  EXPECT_EQ(one.b_aux, many.b_aux);
  EXPECT_NE(bench::make_witness(shape, 6, 4).aux, one.aux);
}

// ---------------------------------------------------------------------------------------------
// Device tests.

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

class CudaBackendTest : public testing::DeviceTest {};

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
  const std::vector<std::string> want{"upload", "wait_device", "setup",    "ntt_h",    "msm_h",
                                      "msm_l",  "msm_a",       "msm_b_g1", "msm_b_g2", "assembly"};
  EXPECT_EQ(names, want);  // preloaded: no upload_srs

  CudaBackendOptions serial;
  serial.overlap_uploads = false;
  CudaBackend one_slot(0, serial);
  one_slot.preload(params);
  names.clear();
  const ProveOutput serial_out = expect_same_proofs(one_slot, params, {bench_circuit(1000, 4)}, 2);
  for (const auto& [name, ms] : serial_out.timings) names.push_back(name);
  const std::vector<std::string> want_serial{"setup", "upload",   "ntt_h",    "msm_h",   "msm_l",
                                             "msm_a", "msm_b_g1", "msm_b_g2", "assembly"};
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
  const std::vector<std::string> want{"setup",        "b_g2_scalars", "upload", "ntt_h",
                                      "msm_h",        "msm_l",        "msm_a",  "msm_b_g1",
                                      "b_g2_scalars", "upload",       "ntt_h"};
  EXPECT_EQ(names, want);
  EXPECT_TRUE(has_phase(out, "b_g2_cpu"));
  EXPECT_FALSE(has_phase(out, "msm_b_g2"));
  // The GPU path on the same parameters: B in G2 becomes resident on its own backend.
  CudaBackend on_gpu(0);
  expect_same_proofs(on_gpu, params, {bench_circuit(1000, 5), bench_circuit(1000, 6)}, 2);
  EXPECT_EQ(on_gpu.resident_bytes(), DeviceSrs::bytes_for(params, true));
  EXPECT_GT(DeviceSrs::bytes_for(params, true), DeviceSrs::bytes_for(params, false));
}

// The daemon's host_copy = false: each section uploaded, then freed from the host; the set proves
// from the device alone, and a backend that does not hold it refuses it.
TEST_F(CudaBackendTest, SectionsPreloadedOneByOneThenReleasedFromTheHost) {
  const Circuit circuit = bench_circuit(1020, 1);
  const Parameters full = setup_for(circuit, 23);
  Parameters released = full;
  CudaBackend gpu(0);
  for (const groth16::Section s : groth16::kSections) {
    EXPECT_FALSE(gpu.is_resident(released)) << groth16::to_string(s);
    EXPECT_TRUE(gpu.preload_section(released, s));
    released.release(s);
  }
  EXPECT_TRUE(gpu.is_resident(released));
  EXPECT_TRUE(released.h.empty() && released.b_g2.empty());
  EXPECT_EQ(gpu.resident_bytes(), DeviceSrs::bytes_for(full));
  EXPECT_FALSE(has_phase(expect_same_proofs(gpu, released, {bench_circuit(1020, 2)}, 1, &full),
                         "upload_srs"));
  EXPECT_FALSE(has_phase(expect_same_proofs(gpu, released, {bench_circuit(1020, 3)}, 2, &full),
                         "upload_srs"));

  CudaBackend other(0);
  auto w = synthesize(bench_circuit(1020, 4));
  std::vector<r1cs::ProvingAssignment> ws;
  ws.push_back(std::move(w));
  EXPECT_THROW((void)other.prove(std::move(ws), released, random_rs(1, 3)), std::invalid_argument);
  gpu.evict(released);
  EXPECT_EQ(gpu.resident_bytes(), 0u);
}

// prepare_domain builds the NTT tables ahead of the first proof of a size: proofs unchanged, a
// size that is not a power of two refused, a second call harmless.
TEST_F(CudaBackendTest, DomainsPreparedAheadProveAlike) {
  const Circuit circuit = bench_circuit(1000, 1);
  const Parameters params = setup_for(circuit, 24);
  CudaBackend gpu(0);
  EXPECT_THROW(gpu.prepare_domain(1000), std::invalid_argument);
  gpu.prepare_domain(1024);
  gpu.prepare_domain(1024);
  expect_same_proofs(gpu, params, {bench_circuit(1000, 2)}, 1);
  gpu.prepare_domain(1 << 12);  // another size beside the one in use
  expect_same_proofs(gpu, params, {bench_circuit(1000, 3)}, 2);
}

TEST_F(CudaBackendTest, PreloadEvictAndARecycledAddress) {
  const Circuit circuit = bench_circuit(1020, 1);
  CudaBackend gpu(0);
  std::optional<Parameters> params;
  params.emplace(setup_for(circuit, 21));
  gpu.preload(*params);
  EXPECT_TRUE(gpu.is_resident(*params));
  EXPECT_EQ(gpu.resident_bytes(), DeviceSrs::bytes_for(*params));
  EXPECT_FALSE(
      has_phase(expect_same_proofs(gpu, *params, {bench_circuit(1020, 2)}, 1), "upload_srs"));
  gpu.evict(*params);
  EXPECT_FALSE(gpu.is_resident(*params));
  EXPECT_EQ(gpu.resident_bytes(), 0u);
  EXPECT_TRUE(
      has_phase(expect_same_proofs(gpu, *params, {bench_circuit(1020, 3)}, 2), "upload_srs"));

  // Another parameter set of the same shape at the same address: noticed, uploaded again.
  const Parameters* address = &*params;
  params.reset();
  params.emplace(setup_for(circuit, 22));
  ASSERT_EQ(&*params, address);
  EXPECT_FALSE(gpu.is_resident(*params));
  EXPECT_TRUE(
      has_phase(expect_same_proofs(gpu, *params, {bench_circuit(1020, 4)}, 3), "upload_srs"));
  EXPECT_EQ(gpu.resident_bytes(), DeviceSrs::bytes_for(*params));
  gpu.evict_all();
  EXPECT_EQ(gpu.resident_bytes(), 0u);
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

// The combination the backend's A and B MSMs use and msm_device_test.cpp does not: Montgomery
// scalars and a density bitmap, both in device memory (the assignment as uploaded).
TEST_F(CudaBackendTest, GpuMsmWithMontgomeryDeviceScalarsAndDeviceDensity) {
  const size_t n = 5000;
  const auto ks = msm::testing::mixed_scalars(n, 71);
  std::vector<FrStorage> mont(n);
  for (size_t i = 0; i < n; ++i) mont[i] = to_storage(ff::Fr::from_canonical_unchecked(ks[i]));
  CUZK_CUDA_CHECK(cudaSetDevice(0));
  DeviceBuffer<FrStorage> d_mont(n);
  d_mont.upload(mont);
  GpuMsm gpu_msm(0);
  Stream stream;
  for (double p : {0.254, 0.997}) {
    const auto words = bench::random_density(n, p, 2, 5, 6);
    const size_t m = DensityView{words, n}.popcount();
    const auto bases = msm::testing::random_points<curve::G1Config>(m, 72);
    std::vector<G1AffineStorage> storage(m);
    to_storage(bases, storage);
    DeviceBuffer<G1AffineStorage> d_bases(m);
    d_bases.upload(storage);
    DeviceBuffer<uint64_t> d_words(words.size());
    d_words.upload(words);
    const curve::G1 want = msm::msm_density<curve::G1Config>(bases, words, ks);
    EXPECT_EQ(
        gpu_msm.msm_density(d_bases.data(), m, d_words.data(), d_mont.data(), n, stream.get()),
        want)
        << "density " << p;
  }
}

TEST_F(CudaBackendTest, StagedUploaderCopiesEveryChunk) {
  CUZK_CUDA_CHECK(cudaSetDevice(0));
  Stream stream;
  StagedUploader uploader(4096, 3);  // 512 words per chunk: ~200 chunks, both buffers reused
  std::vector<uint64_t> words(100'003);
  for (size_t i = 0; i < words.size(); ++i) words[i] = i * 0x9E3779B97F4A7C15ull;
  DeviceBuffer<uint64_t> d(words.size() + 1);
  uploader.copy(d.data(), std::span<const uint64_t>(words), stream.get());
  std::vector<uint64_t> back(words.size());
  d.download(back);
  for (size_t i = 0; i < words.size(); ++i)
    ASSERT_EQ(back[i], words[i]) << "first mismatch at " << i;

  // A conversion on the way (the SRS path): G1 points into device layout, 42 per chunk.
  const auto points = msm::testing::random_points<curve::G1Config>(1000, 3);
  DeviceBuffer<G1AffineStorage> dp(points.size());
  const curve::G1Affine* src = points.data();
  uploader.upload(dp.data(), points.size(), stream.get(),
                  [src](size_t first, size_t count, G1AffineStorage* out) {
                    for (size_t i = 0; i < count; ++i) out[i] = to_storage(src[first + i]);
                  });
  std::vector<G1AffineStorage> got(points.size());
  dp.download(got);
  for (size_t i = 0; i < points.size(); ++i)
    ASSERT_EQ(from_storage(got[i]), points[i]) << "first mismatch at " << i;
  uploader.copy(d.data(), std::span<const uint64_t>(), stream.get());  // empty: nothing to do
}

TEST_F(CudaBackendTest, LastDeviceWorksAndIsNamed) {
  const int device = cuda_backend_device_count() - 1;
  CudaBackend gpu(device);
  EXPECT_EQ(gpu.name(), "cuda:" + std::to_string(device));
  EXPECT_EQ(gpu.device(), device);
  const Parameters params = setup_for(bench_circuit(1020, 1), 51);
  expect_same_proofs(gpu, params, {bench_circuit(1020, 2)}, 19);
}

// A GPU smaller than the parameter set: the sections streamed from the host in chunks of 256 bases
// (so every section is several chunks and density chunks end mid-section), B in G2 on the GPU and
// on the CPU; the CPU's proofs, nothing left resident, the upload time in its own phase.
TEST_F(CudaBackendTest, StreamedSrsGivesTheCpuProofs) {
  for (const bool b_g2_on_gpu : {true, false}) {
    SCOPED_TRACE(b_g2_on_gpu ? "B in G2 on the GPU" : "B in G2 on the CPU");
    CudaBackendOptions options;
    options.cpu_threads = 2;
    options.b_g2_on_gpu = b_g2_on_gpu;
    options.srs_placement = CudaBackendOptions::SrsPlacement::kStreamed;
    options.stream_chunk_points = 256;
    CudaBackend gpu(0, options);
    const Parameters params = setup_for(bench_circuit(1020, 1), 71);
    const ProveOutput out =
        expect_same_proofs(gpu, params, {bench_circuit(1020, 2), bench_circuit(1020, 3)}, 21);
    EXPECT_FALSE(gpu.is_resident(params));
    EXPECT_TRUE(has_phase(out, "stream_srs"));
    EXPECT_FALSE(has_phase(out, "upload_srs"));
    const Parameters larger = setup_for(bench_circuit(16380, 1), 72);
    expect_same_proofs(gpu, larger, {bench_circuit(16380, 5)}, 22);
    const Parameters bits = setup_for(
        [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::boolean_decomposition(cs, 2000); },
        73);
    expect_same_proofs(gpu, bits, {[](r1cs::ConstraintSystem& cs) {
                         r1cs::test_circuits::boolean_decomposition(cs, 2000);
                       }},
                       23);
  }
  CudaBackendOptions bad;
  bad.stream_chunk_points = 100;
  EXPECT_THROW(CudaBackend(0, bad), std::invalid_argument);
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

// Out of device memory surfaces as a CudaError (a std::runtime_error) naming the phase, and the
// backend works again once memory is back. Opt-in (CUZK_GPU_OOM_TEST=1): it fills the device's
// memory, which would fail other GPU tests running at the same time.
TEST_F(CudaBackendTest, OutOfDeviceMemoryIsARuntimeErrorWithThePhase) {
  const char* opt_in = std::getenv("CUZK_GPU_OOM_TEST");
  if (opt_in == nullptr || std::string(opt_in) != "1")
    GTEST_SKIP() << "set CUZK_GPU_OOM_TEST=1 to run (fills the GPU's memory)";
  const Parameters params = setup_for(bench_circuit(16380, 1), 61);
  CudaBackend gpu(0);
  CUZK_CUDA_CHECK(cudaSetDevice(0));
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  std::optional<DeviceBuffer<uint8_t>> hog;
  for (size_t keep = size_t(1) << 20; !hog && keep < free_bytes; keep *= 2) {
    try {
      hog.emplace(free_bytes - keep);
    } catch (const CudaError&) {
      (void)cudaGetLastError();
    }
  }
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

}  // namespace
}  // namespace cuzk::gpu
