// GpuNtt (src/gpu/ntt/ntt.hpp) on the device against the CPU NTT (src/ntt), bit for bit: the four
// natural-order transforms and the H pipeline on random inputs, at every size 2^1..2^12, at 2^16,
// 2^20 (two passes) and 2^21 (the first size with three passes and a split twiddle table, the
// production plan of 2^27 in miniature), and 2^27 itself; round trips; narrow pass plans that reach
// multi-pass and split-table kernels at small sizes; concurrent streams; argument checks. Skipped
// without a GPU.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "device_fixture.hpp"
#include "gpu/ntt/ntt.hpp"
#include "gpu/ntt/ntt_h_polynomial.hpp"
#include "gpu/util/cuda_util.hpp"
#include "ntt/domain.hpp"
#include "ntt/h_polynomial.hpp"
#include "ntt/ntt.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

using ff::Fr;

constexpr unsigned kLargestLog = 21;

ntt::Domain cpu_domain(unsigned log_n) {
  auto d = ntt::Domain::create(log_n);
  if (!d.ok()) throw std::runtime_error(d.error().message);
  return std::move(d).value();
}

const char* name(NttTransform t) {
  switch (t) {
    case NttTransform::kForward:
      return "forward";
    case NttTransform::kInverse:
      return "inverse";
    case NttTransform::kCosetForward:
      return "coset forward";
    case NttTransform::kCosetInverse:
      return "coset inverse";
  }
  return "?";
}

constexpr NttTransform kTransforms[] = {NttTransform::kForward, NttTransform::kInverse,
                                        NttTransform::kCosetForward, NttTransform::kCosetInverse};

void cpu_transform(NttTransform t, const ntt::Domain& d, std::vector<Fr>& a) {
  switch (t) {
    case NttTransform::kForward:
      return ntt::forward_ntt(d, a);
    case NttTransform::kInverse:
      return ntt::inverse_ntt(d, a);
    case NttTransform::kCosetForward:
      return ntt::coset_ntt(d, a);
    case NttTransform::kCosetInverse:
      return ntt::inverse_coset_ntt(d, a);
  }
}

// "" when equal, else where and how many elements differ.
std::string to_hex_u64(uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[size_t(i)] = kDigits[v & 15];
  return s;
}

std::string compare(const std::vector<Fr>& got, const std::vector<Fr>& expect) {
  if (got.size() != expect.size()) return "sizes differ";
  size_t first = got.size(), count = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] == expect[i]) continue;
    if (count++ == 0) first = i;
  }
  if (count == 0) return "";
  // Canonical values of the first mismatch (raw Montgomery limbs too: a non-reduced result shows
  // up as limbs >= r with an equal canonical value).
  auto limbs = [](const Fr& x) {
    std::string s;
    for (size_t k = 4; k-- > 0;) s += to_hex_u64(x.montgomery()[k]);
    return s;
  };
  return std::to_string(count) + " of " + std::to_string(got.size()) +
         " elements differ, the first at index " + std::to_string(first) + ": got mont " +
         limbs(got[first]) + " want mont " + limbs(expect[first]) + ", canonical equal: " +
         (got[first].to_canonical() == expect[first].to_canonical() ? "yes" : "no");
}

class NttDeviceTest : public testing::DeviceTest {
 protected:
  // One GpuNtt for the suite: its tables are built once per size.
  static GpuNtt& gpu() {
    static GpuNtt ntt(0, kLargestLog);
    return ntt;
  }

  static void check_transforms(GpuNtt& ntt, unsigned log_n, uint64_t seed,
                               std::span<const NttTransform> transforms = kTransforms) {
    const ntt::Domain d = cpu_domain(log_n);
    for (NttTransform t : transforms) {
      const std::vector<Fr> input = testing::random_values<Fr>(d.size(), seed + unsigned(t));
      std::vector<Fr> expect = input;
      cpu_transform(t, d, expect);
      std::vector<Fr> got = input;
      ntt.transform(t, got);
      const std::string diff = compare(got, expect);
      EXPECT_EQ(diff, "") << name(t) << " at 2^" << log_n;
    }
  }

  static void check_h(GpuNtt& ntt, unsigned log_n, uint64_t seed) {
    const ntt::Domain d = cpu_domain(log_n);
    const std::vector<Fr> a = testing::random_values<Fr>(d.size(), seed);
    const std::vector<Fr> b = testing::random_values<Fr>(d.size(), seed + 1);
    const std::vector<Fr> c = testing::random_values<Fr>(d.size(), seed + 2);
    std::vector<Fr> ea = a, eb = b, ec = c;
    ntt::compute_h_coefficients(d, ea, eb, ec);
    std::vector<Fr> got = a;
    compute_h_gpu(ntt, d, got, b, c);
    EXPECT_EQ(compare(got, ea), "") << "H at 2^" << log_n;
  }
};

TEST_F(NttDeviceTest, TransformsMatchCpuAtSmallSizes) {
  for (unsigned log_n = 1; log_n <= 12; ++log_n) check_transforms(gpu(), log_n, 10 * log_n);
}

TEST_F(NttDeviceTest, TransformsMatchCpuAtLargeSizes) {
  for (unsigned log_n : {16u, 20u, kLargestLog}) check_transforms(gpu(), log_n, 10 * log_n);
}

// The production size: three passes of 9 bits carry the bit reversal (ntt_pass.hpp's Layout) with
// a column and its image in each tile, a geometry no smaller size has; whole tables as on an H200.
// The forward transform (a DIF's), the coset one (a DIT's) and H (the quotient's, with its scaling
// and c): the inverse transforms take the forward one's path. ~2 minutes, mostly the CPU's side.
TEST_F(NttDeviceTest, ProductionSizeMatchesCpu) {
  constexpr unsigned kLog = 27;
  GpuNtt ntt(0, kLog, GpuNttOptions{ntt_detail::kMaxPassLog, kLog, kLog});
  constexpr NttTransform kFusedFlows[] = {NttTransform::kForward, NttTransform::kCosetForward};
  check_transforms(ntt, kLog, 2700, kFusedFlows);
  check_h(ntt, kLog, 2710);
}

// The first pass's twiddles and H's power scalings from whole tables
// (CudaBackendOptions::NttTables::kWhole) instead of split ones: the same transforms and H.
TEST_F(NttDeviceTest, WholeTablesMatchCpu) {
  GpuNtt whole(0, kLargestLog, GpuNttOptions{ntt_detail::kMaxPassLog, kLargestLog, kLargestLog});
  check_transforms(whole, kLargestLog, 900);
  check_h(whole, kLargestLog, 910);
  EXPECT_GT(whole.table_bytes(), 2 * (sizeof(FrStorage) << kLargestLog));  // two whole scalings
}

TEST_F(NttDeviceTest, StructuredInputsMatchCpu) {
  const unsigned log_n = 11;
  const ntt::Domain d = cpu_domain(log_n);
  std::vector<std::vector<Fr>> inputs;
  inputs.emplace_back(d.size(), Fr::zero());
  inputs.emplace_back(d.size(), Fr::one());
  inputs.emplace_back(d.size(), -Fr::one());  // p - 1 everywhere
  std::vector<Fr> impulse(d.size(), Fr::zero());
  impulse[1] = Fr::one();
  inputs.push_back(impulse);
  std::vector<Fr> edges;
  const std::vector<Fr> e = testing::edge_values<Fr>();
  for (size_t i = 0; i < d.size(); ++i) edges.push_back(e[i % e.size()]);
  inputs.push_back(edges);
  for (const std::vector<Fr>& input : inputs) {
    for (NttTransform t : kTransforms) {
      std::vector<Fr> expect = input, got = input;
      cpu_transform(t, d, expect);
      gpu().transform(t, got);
      EXPECT_EQ(compare(got, expect), "") << name(t);
    }
  }
}

TEST_F(NttDeviceTest, RoundTripsRestoreTheInput) {
  for (unsigned log_n : {1u, 2u, 5u, 9u, 10u, 11u, 12u, 16u, 20u, kLargestLog}) {
    const size_t n = size_t(1) << log_n;
    const std::vector<Fr> input = testing::random_values<Fr>(n, 1000 + log_n);
    DeviceBuffer<FrStorage> d(n);
    d.upload(input);
    Stream s;
    gpu().forward(d.data(), log_n, s.get());
    gpu().inverse(d.data(), log_n, s.get());
    gpu().coset_forward(d.data(), log_n, s.get());
    gpu().coset_inverse(d.data(), log_n, s.get());
    s.synchronize();
    std::vector<Fr> got(n);
    d.download(got);
    EXPECT_EQ(compare(got, input), "") << "2^" << log_n;
  }
}

TEST_F(NttDeviceTest, HPipelineMatchesCpu) {
  for (unsigned log_n = 1; log_n <= 10; ++log_n) check_h(gpu(), log_n, 100 * log_n);
  for (unsigned log_n : {16u, kLargestLog}) check_h(gpu(), log_n, 100 * log_n);
}

TEST_F(NttDeviceTest, HPipelineOnDeviceBuffersMatchesCpu) {
  const unsigned log_n = 12;
  const ntt::Domain d = cpu_domain(log_n);
  std::vector<Fr> a = testing::random_values<Fr>(d.size(), 7),
                  b = testing::random_values<Fr>(d.size(), 8),
                  c = testing::random_values<Fr>(d.size(), 9);
  // Buffers larger than the domain (the prover's pools): only the first n elements are used.
  DeviceBuffer<FrStorage> da(d.size() + 5), db(d.size() + 5), dc(d.size() + 5);
  da.upload(a);
  db.upload(b);
  dc.upload(c);
  Stream s;
  compute_h_gpu(gpu(), d, da, db, dc, s.get());
  s.synchronize();
  std::vector<Fr> got(d.size());
  da.download(got);
  ntt::compute_h_coefficients(d, a, b, c);
  EXPECT_EQ(compare(got, a), "");
}

// Many narrow passes, middle passes, split twiddle tables: the kernels of every pass width.
TEST_F(NttDeviceTest, NarrowPlansMatchCpu) {
  const GpuNttOptions plans[] = {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {7, 8}, {9, 10}};
  for (const GpuNttOptions& options : plans) {
    GpuNtt ntt(0, 13, options);
    SCOPED_TRACE("max_pass_log " + std::to_string(options.max_pass_log) +
                 ", full_twiddle_max_log " + std::to_string(options.full_twiddle_max_log));
    for (unsigned log_n : {1u, 3u, 6u, 9u, 13u}) check_transforms(ntt, log_n, 500 + log_n);
    check_h(ntt, 8, 600);
  }
}

// A bounded enqueue window (the main lane's beside a deadline lane) changes only when the host
// enqueues the passes.
TEST_F(NttDeviceTest, EnqueueWindowsMatchCpu) {
  GpuNtt ntt(0, 13, {2, 3});  // narrow passes: many steps per transform
  for (unsigned ahead : {1u, 2u, 5u}) {
    ntt.set_enqueue_window(ahead, nullptr);
    SCOPED_TRACE("steps_ahead " + std::to_string(ahead));
    for (unsigned log_n : {1u, 9u, 13u}) check_transforms(ntt, log_n, 700 + log_n);
    check_h(ntt, 12, 800);
  }
}

// Three vectors of n random values (seeds seed, seed + 1, seed + 2) and their copies on the device.
struct ThreeVectors {
  std::vector<std::vector<Fr>> host;
  std::vector<DeviceBuffer<FrStorage>> dev;
};
ThreeVectors three_random_vectors(size_t n, uint64_t seed) {
  ThreeVectors v;
  for (uint64_t i = 0; i < 3; ++i) {
    v.host.push_back(testing::random_values<Fr>(n, seed + i));
    v.dev.emplace_back(n);
    v.dev.back().upload(v.host.back());
  }
  return v;
}

// a, b, c transformed concurrently on three streams by one GpuNtt.
TEST_F(NttDeviceTest, ConcurrentStreamsGiveTheSameResults) {
  const unsigned log_n = 16;
  const ntt::Domain d = cpu_domain(log_n);
  auto [host, dev] = three_random_vectors(d.size(), 40);
  Stream streams[3];
  for (int i = 0; i < 3; ++i) gpu().coset_evaluations(dev[i].data(), log_n, streams[i].get());
  for (Stream& s : streams) s.synchronize();
  for (int i = 0; i < 3; ++i) {
    std::vector<Fr> expect = host[i];
    ntt::inverse_ntt(d, expect);
    ntt::coset_ntt(d, expect);
    std::vector<Fr> got(d.size());
    dev[i].download(got);
    EXPECT_EQ(compare(got, expect), "") << "stream " << i;
  }
}

// The H pipeline's pieces as a caller overlapping uploads runs them: a and b to coset
// evaluations and c to coefficients over Z on three streams, then the quotient.
TEST_F(NttDeviceTest, HPiecesOnThreeStreamsMatchCpu) {
  const unsigned log_n = 17;
  const ntt::Domain d = cpu_domain(log_n);
  auto [host, dev] = three_random_vectors(d.size(), 70);
  Stream streams[3];
  gpu().coset_evaluations(dev[0].data(), log_n, streams[0].get());
  gpu().coset_evaluations(dev[1].data(), log_n, streams[1].get());
  gpu().coefficients_over_z(dev[2].data(), log_n, streams[2].get());
  for (Stream& s : streams) s.synchronize();
  gpu().quotient(dev[0].data(), dev[1].data(), dev[2].data(), log_n, streams[0].get());
  streams[0].synchronize();
  std::vector<Fr> got(d.size());
  dev[0].download(got);
  ntt::compute_h_coefficients(d, host[0], host[1], host[2]);
  EXPECT_EQ(compare(got, host[0]), "");
}

TEST_F(NttDeviceTest, RejectsBadArguments) {
  std::vector<Fr> three(3), big(size_t(1) << 14);
  EXPECT_THROW(GpuNtt(0, 0), std::invalid_argument);
  EXPECT_THROW(GpuNtt(0, 29), std::invalid_argument);
  EXPECT_THROW(GpuNtt(0, 10, GpuNttOptions{11, 20}), std::invalid_argument);
  EXPECT_THROW(GpuNtt(0, 10, GpuNttOptions{10, 20, 29}), std::invalid_argument);
  GpuNtt small(0, 12);
  EXPECT_THROW(small.transform(NttTransform::kForward, three), std::invalid_argument);
  EXPECT_THROW(small.transform(NttTransform::kForward, big), std::invalid_argument);
  EXPECT_THROW(small.forward(nullptr, 4, nullptr), std::invalid_argument);
  EXPECT_THROW(small.compute_h(nullptr, nullptr, nullptr, 0, nullptr), std::invalid_argument);
  EXPECT_THROW(small.coset_evaluations(nullptr, 4, nullptr), std::invalid_argument);
  EXPECT_THROW(small.coefficients_over_z(nullptr, 4, nullptr), std::invalid_argument);
  EXPECT_THROW(small.coefficients_over_z(nullptr, 13, nullptr), std::invalid_argument);
  const ntt::Domain d = cpu_domain(4);
  DeviceBuffer<FrStorage> short_buffer(8), ok(16);
  EXPECT_THROW(compute_h_gpu(small, d, short_buffer, ok, ok, nullptr), std::invalid_argument);
}

TEST_F(NttDeviceTest, TablesAreSmall) {
  GpuNtt ntt(0, 21);
  ntt.prepare(21);
  // Inner tables, hi = 21 split, hi = 14 whole, scalings: well under a megabyte per 2^20 points.
  EXPECT_LT(ntt.table_bytes(), size_t(2) << 20);
  EXPECT_GT(ntt.table_bytes(), size_t(0));
}

}  // namespace
}  // namespace cuzk::gpu
