// The GPU point templates (src/gpu/jacobian.hpp, xyzz.hpp) instantiated on the host — once over
// the CPU field, once over the GPU limb code with the emulated carry chain — against the CPU curve
// (src/curve). Jacobian results must equal the CPU's coordinates bit for bit (same formulas); XYZZ
// results must be the same points and keep ZZ³ = ZZZ². Runs without a GPU.
#include <gtest/gtest.h>

#include <vector>

#include "gpu/carry_chain_host.hpp"
#include "gpu/mont32.hpp"
#include "gpu/point_storage.hpp"
#include "gpu/xyzz.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

using curve::G1;
using curve::G1Affine;
using ff::Fp;

// Moves CPU field elements into the field type under test and back.
template <class F>
struct Lift;
template <>
struct Lift<Fp> {
  static Fp in(const Fp& x) { return x; }
  static Fp out(const Fp& x) { return x; }
};
template <>
struct Lift<Mont32<ff::FpConfig, HostCarryChain>> {
  using F = Mont32<ff::FpConfig, HostCarryChain>;
  static F in(const Fp& x) { return F::load(to_storage(x)); }
  static Fp out(const F& x) { return from_storage(x.store()); }
};

template <class F>
class PointFormulaTest : public ::testing::Test {
 protected:
  using L = Lift<F>;
  static Jacobian<F> jac(const G1& p) { return {L::in(p.x), L::in(p.y), L::in(p.z)}; }
  static G1 cpu(const Jacobian<F>& p) { return {L::out(p.x), L::out(p.y), L::out(p.z)}; }
  static Affine<F> aff(const G1Affine& p) {
    return p.infinity ? Affine<F>::identity() : Affine<F>{L::in(p.x), L::in(p.y)};
  }
  // The CPU Jacobian point as XYZZ: ZZ = Z², ZZZ = Z³.
  static Xyzz<F> xyzz(const G1& p) {
    Fp zz = p.z.square();
    return {L::in(p.x), L::in(p.y), L::in(zz), L::in(zz * p.z)};
  }
  static G1 cpu(const Xyzz<F>& p) { return cpu(p.to_jacobian()); }
  static void expect_consistent(const Xyzz<F>& p) {
    Fp zz = L::out(p.zz), zzz = L::out(p.zzz);
    EXPECT_EQ(zz.square() * zz, zzz.square()) << "ZZ^3 != ZZZ^2";
    EXPECT_TRUE(cpu(p).to_affine().is_on_curve());
  }
  // Bit-for-bit comparison of Jacobian coordinates (stronger than projective equality).
  static void expect_same_coords(const G1& got, const G1& want) {
    EXPECT_EQ(got.x, want.x);
    EXPECT_EQ(got.y, want.y);
    EXPECT_EQ(got.z, want.z);
  }
};
using FieldTypes = ::testing::Types<Fp, Mont32<ff::FpConfig, HostCarryChain>>;
TYPED_TEST_SUITE(PointFormulaTest, FieldTypes);

TYPED_TEST(PointFormulaTest, JacobianMatchesCpuCoordinates) {
  using T = TestFixture;
  const std::vector<G1> pts = testing::random_points(8, 3);
  const G1 o = G1::identity();
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    const G1 &p = pts[i], &q = pts[i + 1];
    const G1Affine qa = q.to_affine(), pa = p.to_affine();
    T::expect_same_coords(T::cpu(T::jac(p) + T::jac(q)), p + q);
    T::expect_same_coords(T::cpu(T::jac(p) + T::jac(p)), p + p);
    T::expect_same_coords(T::cpu(T::jac(p) + T::jac(-p)), p + (-p));
    T::expect_same_coords(T::cpu(T::jac(o) + T::jac(p)), o + p);
    T::expect_same_coords(T::cpu(T::jac(p) + T::jac(o)), p + o);
    T::expect_same_coords(T::cpu(T::jac(p).dbl()), p.dbl());
    T::expect_same_coords(T::cpu(T::jac(o).dbl()), o.dbl());
    T::expect_same_coords(T::cpu(T::jac(p) + T::aff(qa)), p + qa);
    T::expect_same_coords(T::cpu(T::jac(p) + T::aff(pa)), p + pa);
    T::expect_same_coords(T::cpu(T::jac(p) + T::aff(-pa)), p + (-pa));
    T::expect_same_coords(T::cpu(T::jac(o) + T::aff(qa)), o + qa);
    T::expect_same_coords(T::cpu(T::jac(p) + T::aff(G1Affine::identity())), p);
    EXPECT_TRUE((T::jac(p) + T::jac(-p)).is_identity());
  }
}

TYPED_TEST(PointFormulaTest, XyzzMatchesCpuPoints) {
  using T = TestFixture;
  using X = Xyzz<TypeParam>;
  const std::vector<G1> pts = testing::random_points(8, 5);
  const X o = X::identity();
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    const G1 &p = pts[i], &q = pts[i + 1];
    const G1Affine qa = q.to_affine(), pa = p.to_affine();
    const X xp = T::xyzz(p), xq = T::xyzz(q);
    for (const X& r : {xp + xq, xp + xp, xp.dbl(), xp + T::aff(qa), xp + T::aff(pa)}) {
      T::expect_consistent(r);
    }
    EXPECT_EQ(T::cpu(xp + xq), p + q);
    EXPECT_EQ(T::cpu(xp + xp), p.dbl());
    EXPECT_EQ(T::cpu(xp.dbl()), p.dbl());
    EXPECT_EQ(T::cpu(xp + T::aff(qa)), p + q);
    EXPECT_EQ(T::cpu(xp + T::aff(pa)), p.dbl());
    EXPECT_TRUE((xp + (-xp)).is_identity());
    EXPECT_TRUE((xp + T::aff(-pa)).is_identity());
    EXPECT_EQ(T::cpu(o + xp), p);
    EXPECT_EQ(T::cpu(xp + o), p);
    EXPECT_EQ(T::cpu(o + T::aff(pa)), p);
    EXPECT_EQ(T::cpu(xp + T::aff(G1Affine::identity())), p);
    EXPECT_TRUE(o.dbl().is_identity());
    EXPECT_TRUE((o + o).is_identity());
    EXPECT_TRUE((o + T::aff(G1Affine::identity())).is_identity());
  }
}

TYPED_TEST(PointFormulaTest, XyzzBucketSumMatchesCpu) {
  using T = TestFixture;
  const std::vector<G1> pts = testing::random_points(40, 9);
  // p0, p0 again (the madd doubling case), -2·p0 (back to the identity), then the rest.
  std::vector<G1> adds = {pts[0], pts[0], -pts[0].dbl()};
  adds.insert(adds.end(), pts.begin(), pts.end());
  Xyzz<TypeParam> bucket = Xyzz<TypeParam>::identity();
  G1 want = G1::identity();
  for (size_t i = 0; i < adds.size(); ++i) {
    bucket += T::aff(adds[i].to_affine());
    want += adds[i];
    if (i == 2) {
      EXPECT_TRUE(bucket.is_identity());
    }
  }
  T::expect_consistent(bucket);
  EXPECT_EQ(T::cpu(bucket), want);
}

TEST(PointStorage, ConversionsRoundTrip) {
  const std::vector<G1> pts = testing::random_points(4, 1);
  for (const G1& p : pts) {
    EXPECT_EQ(from_storage(to_storage(p)), p);
    const G1Affine a = p.to_affine();
    EXPECT_EQ(from_storage(to_storage(a)), a);
  }
  EXPECT_TRUE(from_storage(to_storage(G1Affine::identity())).is_identity());
  EXPECT_EQ(to_storage(G1Affine::identity()), G1AffineStorage{});
  EXPECT_TRUE(from_storage(G1XyzzStorage{}).is_identity());
  // Jacobian storage is the CPU point's bytes.
  const G1 p = pts[0];
  G1JacobianStorage s;
  std::memcpy(&s, &p, sizeof(s));
  EXPECT_EQ(s, to_storage(p));
}

}  // namespace
}  // namespace cuzk::gpu
