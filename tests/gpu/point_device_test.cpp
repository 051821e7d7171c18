// Device G1 arithmetic (src/gpu/arith/jacobian.hpp, xyzz.hpp through elementwise.hpp) against the
// CPU curve: random points plus the special cases identity + P, P + identity, P + P, P + (−P).
// Jacobian results must be the CPU's coordinates bit for bit (same formulas); XYZZ results must be
// the same points, with ZZ³ = ZZZ².
#include <gtest/gtest.h>

#include <vector>

#include "device_fixture.hpp"
#include "gpu/ntt/elementwise.hpp"
#include "gpu/util/cuda_util.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

using curve::G1;
using curve::G1Affine;

// Operand pairs (a[i], b[i]): consecutive random points, then the special cases.
struct Operands {
  std::vector<G1> a, b;
};
Operands make_operands() {
  const std::vector<G1> pts = testing::random_points(300, 23);
  Operands ops;
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    ops.a.push_back(pts[i]);
    ops.b.push_back(pts[i + 1]);
  }
  const G1 p = pts[0], o = G1::identity();
  const G1 special_a[] = {p, p, o, p, o, p.dbl()};
  const G1 special_b[] = {p, -p, p, o, o, -p};
  ops.a.insert(ops.a.end(), std::begin(special_a), std::end(special_a));
  ops.b.insert(ops.b.end(), std::begin(special_b), std::end(special_b));
  return ops;
}

std::vector<G1Affine> to_affine(const std::vector<G1>& v) {
  std::vector<G1Affine> out(v.size());
  batch_normalize<curve::G1Config>(v, out);
  return out;
}

template <class T, class S, class F>
std::vector<S> convert(const std::vector<T>& v, F f) {
  std::vector<S> out;
  out.reserve(v.size());
  for (const T& x : v) out.push_back(f(x));
  return out;
}

template <class S>
std::vector<S> download(const DeviceBuffer<S>& d) {
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<S> out(d.size());
  d.download(out);
  return out;
}

void expect_same_coords(const std::vector<G1JacobianStorage>& got, const std::vector<G1>& want,
                        const char* what) {
  ASSERT_EQ(got.size(), want.size());
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const G1 g = from_storage(got[i]);
    if (g.x == want[i].x && g.y == want[i].y && g.z == want[i].z) continue;
    if (++bad <= 5) ADD_FAILURE() << what << ": coordinates differ from the CPU at case " << i;
  }
  EXPECT_EQ(bad, 0u) << what;
}

void expect_same_points(const std::vector<G1XyzzStorage>& got, const std::vector<G1>& want,
                        const char* what) {
  ASSERT_EQ(got.size(), want.size());
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const ff::Fp zz = from_storage(got[i].zz), zzz = from_storage(got[i].zzz);
    const bool ok = from_storage(got[i]) == want[i] && zz.square() * zz == zzz.square();
    if (ok) continue;
    if (++bad <= 5) ADD_FAILURE() << what << ": wrong point at case " << i;
  }
  EXPECT_EQ(bad, 0u) << what;
}

class PointDeviceTest : public testing::DeviceTest {
 protected:
  void SetUp() override {
    testing::DeviceTest::SetUp();
    if (IsSkipped()) return;
    ops_ = make_operands();
    n_ = ops_.a.size();
    const std::vector<G1Affine> b_aff = to_affine(ops_.b);
    for (size_t i = 0; i < n_; ++i) {
      sum_.push_back(ops_.a[i] + ops_.b[i]);
      mixed_sum_.push_back(ops_.a[i] + b_aff[i]);
      dbl_.push_back(ops_.a[i].dbl());
    }
    b_affine_ = DeviceBuffer<G1AffineStorage>(n_);
    b_affine_.upload(
        convert<G1Affine, G1AffineStorage>(b_aff, [](const G1Affine& p) { return to_storage(p); }));
  }

  Operands ops_;
  size_t n_ = 0;
  std::vector<G1> sum_, mixed_sum_, dbl_;  // CPU oracle
  DeviceBuffer<G1AffineStorage> b_affine_;
};

TEST_F(PointDeviceTest, JacobianMatchesCpuBitForBit) {
  DeviceBuffer<G1JacobianStorage> a(n_), b(n_), out(n_);
  a.upload(ops_.a);  // curve::G1 and G1JacobianStorage are the same bytes
  b.upload(ops_.b);

  g1_jacobian_add(a.data(), b.data(), out.data(), n_, nullptr);
  expect_same_coords(download(out), sum_, "jacobian add");
  g1_jacobian_mixed_add(a.data(), b_affine_.data(), out.data(), n_, nullptr);
  expect_same_coords(download(out), mixed_sum_, "jacobian mixed add");
  g1_jacobian_double(a.data(), out.data(), n_, nullptr);
  expect_same_coords(download(out), dbl_, "jacobian double");
}

TEST_F(PointDeviceTest, XyzzMatchesCpu) {
  auto xyzz = [](const G1& p) { return to_xyzz_storage(p); };
  DeviceBuffer<G1XyzzStorage> a(n_), b(n_), out(n_);
  a.upload(convert<G1, G1XyzzStorage>(ops_.a, xyzz));
  b.upload(convert<G1, G1XyzzStorage>(ops_.b, xyzz));

  g1_xyzz_add(a.data(), b.data(), out.data(), n_, nullptr);
  expect_same_points(download(out), sum_, "xyzz add");
  g1_xyzz_mixed_add(a.data(), b_affine_.data(), out.data(), n_, nullptr);
  expect_same_points(download(out), mixed_sum_, "xyzz mixed add");
  g1_xyzz_double(a.data(), out.data(), n_, nullptr);
  expect_same_points(download(out), dbl_, "xyzz double");

  // In place, as a bucket update: a[i] += b_affine[i].
  g1_xyzz_mixed_add(a.data(), b_affine_.data(), a.data(), n_, nullptr);
  expect_same_points(download(a), mixed_sum_, "xyzz mixed add in place");
}

TEST_F(PointDeviceTest, ZeroedXyzzMemoryIsTheIdentity) {
  DeviceBuffer<G1XyzzStorage> buckets(n_);
  CUZK_CUDA_CHECK(cudaMemset(buckets.data(), 0, buckets.size_bytes()));
  g1_xyzz_mixed_add(buckets.data(), b_affine_.data(), buckets.data(), n_, nullptr);
  expect_same_points(download(buckets), ops_.b, "identity + affine");
}

}  // namespace
}  // namespace cuzk::gpu
