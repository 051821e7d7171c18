// CudaBackend's parameter set on the device (src/gpu/backend/device_srs.hpp, cuda_backend.hpp),
// each time against CpuBackend's proofs for the same (r, s): sections preloaded one by one and
// then released from the host, NTT domains prepared ahead, preload / evict and a new set at a
// recycled address, the set streamed from the host when the GPU is too small, or from its file
// when the device would rather not hold it; and the pieces that put it there: StagedUploader's
// chunks, and the MSM over device-resident Montgomery scalars and density the A and B sections
// use. Skips without a GPU.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "../groth16/groth16_fixture.hpp"
#include "../msm/msm_fixtures.hpp"
#include "backend_fixture.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/device_srs.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu/msm/msm.hpp"
#include "gpu/util/staged_upload.hpp"
#include "gpu_partition_bench.hpp"
#include "msm/msm.hpp"

namespace cuzk::gpu {
namespace {

using groth16::Parameters;
using groth16::ProveOutput;
using groth16::testing::bench_circuit;
using groth16::testing::Circuit;
using groth16::testing::setup_for;
using groth16::testing::synthesize;
using testing::CudaBackendTest;
using testing::expect_same_proofs;
using testing::has_phase;
using testing::random_rs;

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

// A set left in its file (leaves_in_file; the daemon's host_copy = false when holding it would
// crowd out the proofs' work): every proof streams it from the file's bytes, decoded and checked
// on the device, in chunks of 256 bases — the CPU's proofs, nothing resident; a point changed in
// the file fails the proof. kResident never leaves a set in its file, kStreamed always does.
TEST_F(CudaBackendTest, SetLeftInItsFileStreamsFromTheFileBytes) {
  const Parameters full = setup_for(bench_circuit(1020, 1), 74);
  const auto path = std::filesystem::temp_directory_path() /
                    ("cuzk-in-file-" + std::to_string(::getpid()) + ".params");
  groth16::write_parameters_file(full, path.string());
  std::ifstream in(path, std::ios::binary);
  auto file = std::make_shared<std::vector<uint8_t>>(std::istreambuf_iterator<char>(in),
                                                     std::istreambuf_iterator<char>());
  std::filesystem::remove(path);
  const auto in_file = [&full](std::shared_ptr<std::vector<uint8_t>> bytes) {
    const auto layout = *groth16::scan_params_layout(*bytes);
    Parameters p;
    p.vk = full.vk;
    for (const groth16::Section s : groth16::kSections) {
      p.released[size_t(s)] = layout.at(s).count;
      p.in_file.bytes[size_t(s)] = groth16::params_section_bytes(*bytes, layout, s);
    }
    p.in_file.keep = std::move(bytes);
    return p;
  };
  CudaBackendOptions options;
  options.cpu_threads = 2;
  options.stream_chunk_points = 256;
  CudaBackend gpu(0, options);
  const Parameters params = in_file(file);
  const ProveOutput out =
      expect_same_proofs(gpu, params, {bench_circuit(1020, 2), bench_circuit(1020, 3)}, 24, &full);
  EXPECT_FALSE(gpu.is_resident(params));
  EXPECT_EQ(gpu.resident_bytes(), 0u);
  EXPECT_TRUE(has_phase(out, "stream_srs"));
  EXPECT_FALSE(has_phase(out, "upload_srs"));

  auto changed = std::make_shared<std::vector<uint8_t>>(*file);
  const auto layout = *groth16::scan_params_layout(*changed);
  (*changed)[layout.at(groth16::Section::kL).offset + 300 * 96 + 95] ^= 1;  // l[300].y
  const Parameters bad = in_file(changed);
  auto w = synthesize(bench_circuit(1020, 2));
  std::vector<r1cs::ProvingAssignment> ws;
  ws.push_back(std::move(w));
  const auto rs = random_rs(1, 25);
  EXPECT_ANY_THROW((void)gpu.prove(std::move(ws), bad, rs));

  EXPECT_FALSE(gpu.leaves_in_file(size_t(1) << 20, 1024, 1024)) << "a small set is held";
  options.srs_placement = CudaBackendOptions::SrsPlacement::kStreamed;
  EXPECT_TRUE(CudaBackend(0, options).leaves_in_file(size_t(1) << 20, 1024, 1024));
  options.srs_placement = CudaBackendOptions::SrsPlacement::kResident;
  EXPECT_FALSE(CudaBackend(0, options).leaves_in_file(size_t(1) << 50, 1 << 27, 1 << 27));
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

}  // namespace
}  // namespace cuzk::gpu
