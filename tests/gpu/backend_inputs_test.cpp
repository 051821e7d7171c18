// What CudaBackend checks on the host, before any device work (src/gpu/backend/witness_view.hpp,
// cuda_backend.hpp): witness views and the shape checks with their messages, density views, the
// absent-device error and the NTT table choice by device memory; and gpu_partition_bench's
// synthetic partition (shape, witness mix, densities, determinism). No device needed: these run
// everywhere test_gpu is built.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../groth16/groth16_fixture.hpp"
#include "backend_fixture.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu_partition_bench.hpp"

namespace cuzk::gpu {
namespace {

using groth16::Parameters;
using groth16::testing::bench_circuit;
using groth16::testing::Circuit;
using groth16::testing::setup_for;
using groth16::testing::synthesize;
using testing::domain_of;

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

}  // namespace
}  // namespace cuzk::gpu
