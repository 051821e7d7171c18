// Parameter points decoded on the device (gpu/params/srs_decode.hpp) against the host decoder: the
// same storage for G1 and G2 points, the first bad point found for each kind of damage the host
// refuses; and the host_copy = false preload from a .params file's bytes (CudaBackend::
// preload_raw_section): the same proofs as the CPU from the full set, a damaged file refused with
// the host loader's message and nothing left resident.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "../groth16/groth16_fixture.hpp"
#include "../msm/msm_fixtures.hpp"
#include "curve/encoding.hpp"
#include "device_fixture.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/device_srs.hpp"
#include "gpu/params/srs_decode.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/parameters.hpp"
#include "groth16/verifier.hpp"
#include "util/mapped_file.hpp"

namespace cuzk::gpu {
namespace {

using groth16::Parameters;
using groth16::Section;

class SrsDecodeTest : public testing::DeviceTest {};

// The wire bytes of `points`, one after the other.
template <class C>
std::vector<uint8_t> wire(const std::vector<curve::Affine<C>>& points) {
  std::vector<uint8_t> out;
  for (const auto& p : points) {
    const auto bytes = curve::encode_uncompressed<C>(p);
    out.insert(out.end(), bytes.begin(), bytes.end());
  }
  return out;
}

// The bytes decoded on the device: the first bad index, and the storage read back.
template <class C>
size_t decode_on_device(const std::vector<uint8_t>& bytes, std::vector<AffineStorageOf<C>>& out) {
  using S = AffineStorageOf<C>;
  out.resize(bytes.size() / sizeof(S));
  std::memcpy(static_cast<void*>(out.data()), bytes.data(), bytes.size());
  DeviceBuffer<S> d(out.size());
  d.upload(out);
  Stream stream;
  const size_t bad = decode_points_in_place<C>(d.data(), out.size(), stream.get());
  d.download(out);
  return bad;
}

template <class C>
void expect_decoded_like_the_host(size_t n, uint64_t seed) {
  const auto points = msm::testing::random_points<C>(n, seed);
  std::vector<AffineStorageOf<C>> got;
  EXPECT_EQ(decode_on_device<C>(wire<C>(points), got), n);
  std::vector<AffineStorageOf<C>> want(n);
  to_storage(points, want);
  for (size_t i = 0; i < n; ++i) ASSERT_TRUE(got[i] == want[i]) << "point " << i;
}

TEST_F(SrsDecodeTest, G1AndG2PointsDecodeLikeTheHost) {
  expect_decoded_like_the_host<curve::G1Config>(3000, 1);
  expect_decoded_like_the_host<curve::G2Config>(700, 2);
}

// Each damage the host decoder refuses, at `at` of 64 points: the device names that index (the
// first bad one, also with a later bad point behind it).
template <class C>
void expect_first_bad_found(uint64_t seed) {
  constexpr size_t kSize = curve::kUncompressedSize<C>;
  const auto points = msm::testing::random_points<C>(64, seed);
  const std::vector<uint8_t> good = wire<C>(points);
  struct Damage {
    const char* what;
    void (*apply)(uint8_t* point);
  };
  const Damage damages[] = {
      {"compression flag", [](uint8_t* p) { p[0] |= 0x80; }},
      {"infinity flag", [](uint8_t* p) { p[0] |= 0x40; }},
      {"sign flag", [](uint8_t* p) { p[0] |= 0x20; }},
      {"x not canonical", [](uint8_t* p) { std::memset(p, 0x1f, 48); }},  // > p, flags clear
      {"off the curve", [](uint8_t* p) { p[kSize - 1] ^= 1; }},
      {"all zero (infinity without its flag)", [](uint8_t* p) { std::memset(p, 0, kSize); }},
  };
  for (const Damage& d : damages) {
    std::vector<uint8_t> bytes = good;
    d.apply(bytes.data() + 17 * kSize);
    d.apply(bytes.data() + 40 * kSize);
    std::vector<AffineStorageOf<C>> out;
    EXPECT_EQ(decode_on_device<C>(bytes, out), 17u) << d.what;
    const Section s = std::is_same_v<C, curve::G2Config> ? Section::kBG2 : Section::kH;
    EXPECT_TRUE(groth16::section_point_error(bytes, s, 17).has_value())
        << d.what << ": the host refuses it too";
  }
}

TEST_F(SrsDecodeTest, TheFirstBadPointIsFound) {
  expect_first_bad_found<curve::G1Config>(3);
  expect_first_bad_found<curve::G2Config>(4);
}

// A .params file of `params` in the test's temporary directory, mapped.
struct ParamsFile {
  explicit ParamsFile(const Parameters& params, const std::string& name)
      : path((std::filesystem::temp_directory_path() / name).string()) {
    groth16::write_parameters_file(params, path);
  }
  ~ParamsFile() { std::filesystem::remove(path); }
  std::string path;
};

// The daemon's raw hook in small: the vk from the file, each section's count set, its bytes
// handed to the backend. The first error, or true when every section was placed.
groth16::ParamsResult<bool> preload_raw(CudaBackend& gpu, std::span<const uint8_t> file,
                                        Parameters& out) {
  auto layout = groth16::scan_params_layout(file);
  if (!layout) return layout.error();
  auto vk = groth16::read_verifying_key(file, true);
  if (!vk) return vk.error();
  out.vk = std::move(vk).value();
  for (const Section s : groth16::kSections) {
    out.released[size_t(s)] = layout->at(s).count;
    auto placed = gpu.preload_raw_section(out, s, groth16::params_section_bytes(file, *layout, s));
    if (!placed) return placed;
    EXPECT_TRUE(*placed) << groth16::to_string(s);
  }
  return true;
}

TEST_F(SrsDecodeTest, APreloadFromTheFileBytesProvesLikeTheCpu) {
  const auto circuit = groth16::testing::bench_circuit(1020, 1);
  const Parameters full = groth16::testing::setup_for(circuit, 31);
  const ParamsFile file(full, "cuzk-srs-decode-test.params");
  const MappedFile mapped(file.path);
  CudaBackend gpu(0);
  Parameters released;
  const auto placed = preload_raw(gpu, mapped.bytes(), released);
  ASSERT_TRUE(placed) << placed.error().message;
  EXPECT_TRUE(gpu.is_resident(released));
  EXPECT_FALSE(released.on_host());
  EXPECT_EQ(gpu.resident_bytes(), DeviceSrs::bytes_for(full));

  std::mt19937_64 rng(5);
  const std::vector<groth16::Randomness> rs = {{ff::Fr::random(rng), ff::Fr::random(rng)}};
  std::vector<r1cs::ProvingAssignment> on_gpu, on_cpu;
  on_gpu.push_back(groth16::testing::synthesize(circuit));
  on_cpu.push_back(groth16::testing::synthesize(circuit));
  const auto inputs = groth16::testing::public_inputs(on_cpu.back());
  const auto got = gpu.prove(std::move(on_gpu), released, rs);
  const auto want = groth16::CpuBackend().prove(std::move(on_cpu), full, rs);
  ASSERT_EQ(got.proofs.size(), 1u);
  EXPECT_EQ(groth16::encode_proof(got.proofs[0]), groth16::encode_proof(want.proofs[0]));
  EXPECT_TRUE(
      groth16::verify_proof(groth16::prepare_verifying_key(full.vk), got.proofs[0], inputs));
}

TEST_F(SrsDecodeTest, ADamagedFileIsRefusedWithTheHostLoadersMessage) {
  const Parameters full = groth16::testing::setup_for(groth16::testing::bench_circuit(1020, 1), 32);
  const ParamsFile file(full, "cuzk-srs-decode-damaged.params");
  std::vector<uint8_t> bytes;
  {
    const MappedFile mapped(file.path);
    bytes.assign(mapped.bytes().begin(), mapped.bytes().end());
  }
  const auto layout = groth16::scan_params_layout(bytes);
  ASSERT_TRUE(layout);
  bytes[layout->at(Section::kL).offset + 5 * 96 + 95] ^= 1;  // l[5] off the curve
  const auto host = groth16::read_parameters(bytes, 1);
  ASSERT_FALSE(host);
  CudaBackend gpu(0);
  Parameters released;
  const auto placed = preload_raw(gpu, bytes, released);
  ASSERT_FALSE(placed);
  EXPECT_EQ(placed.error().message, host.error().message);
  EXPECT_NE(placed.error().message.find("l[5]"), std::string::npos) << placed.error().message;
  EXPECT_FALSE(gpu.is_resident(released));
  EXPECT_EQ(gpu.resident_bytes(), 0u) << "the sections placed before it are dropped";
}

}  // namespace
}  // namespace cuzk::gpu
