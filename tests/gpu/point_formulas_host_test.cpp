// The GPU point templates (src/gpu/arith/jacobian.hpp, xyzz.hpp) instantiated on the host — over
// the CPU field and over the GPU limb code with the emulated carry chain, for G1 (Fp) and G2 (Fp2 =
// Ext2, ext2.hpp) — against the CPU curve (src/curve). Jacobian results must equal the CPU's
// coordinates bit for bit (same formulas); XYZZ results must be the same points and keep
// ZZ³ = ZZZ². Also the storage conversions of both curves. Runs without a GPU.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "gpu/arith/carry_chain_host.hpp"
#include "gpu/arith/ext2.hpp"
#include "gpu/arith/mont32.hpp"
#include "gpu/arith/point_storage.hpp"
#include "gpu/arith/xyzz.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

using curve::G1;
using curve::G1Affine;
using curve::G2;
using curve::G2Affine;
using ff::Fp;
using ff::Fp2;
using FpEmu = Mont32<ff::FpConfig, HostCarryChain>;
using Fp2Emu = Ext2<FpEmu>;

// Moves CPU field elements into the field type under test and back.
template <class Cpu, class F>
struct Lift {
  static F in(const Cpu& x) { return F::load(to_storage(x)); }
  static Cpu out(const F& x) { return from_storage(x.store()); }
};
template <class Cpu>
struct Lift<Cpu, Cpu> {
  static Cpu in(const Cpu& x) { return x; }
  static Cpu out(const Cpu& x) { return x; }
};

template <class Param>
class PointFormulaTest : public ::testing::Test {
 protected:
  using C = typename Param::Curve;
  using F = typename Param::Field;
  using J = curve::Jacobian<C>;
  using A = curve::Affine<C>;
  using CpuF = typename C::Field;
  using L = Lift<CpuF, F>;
  static std::vector<J> points(size_t n, uint64_t seed) {
    return testing::random_points_of<C>(n, seed);
  }
  static Jacobian<F> jac(const J& p) { return {L::in(p.x), L::in(p.y), L::in(p.z)}; }
  static J cpu(const Jacobian<F>& p) { return {L::out(p.x), L::out(p.y), L::out(p.z)}; }
  static Affine<F> aff(const A& p) {
    return p.infinity ? Affine<F>::identity() : Affine<F>{L::in(p.x), L::in(p.y)};
  }
  // The CPU Jacobian point as XYZZ: ZZ = Z², ZZZ = Z³.
  static Xyzz<F> xyzz(const J& p) {
    const CpuF zz = p.z.square();
    return {L::in(p.x), L::in(p.y), L::in(zz), L::in(zz * p.z)};
  }
  static J cpu(const Xyzz<F>& p) { return cpu(p.to_jacobian()); }
  static void expect_consistent(const Xyzz<F>& p) {
    const CpuF zz = L::out(p.zz), zzz = L::out(p.zzz);
    EXPECT_EQ(zz.square() * zz, zzz.square()) << "ZZ^3 != ZZZ^2";
    EXPECT_TRUE(cpu(p).to_affine().is_on_curve());
  }
  // Bit-for-bit comparison of Jacobian coordinates (stronger than projective equality).
  static void expect_same_coords(const J& got, const J& want) {
    EXPECT_EQ(got.x, want.x);
    EXPECT_EQ(got.y, want.y);
    EXPECT_EQ(got.z, want.z);
  }
};
using testing::CurveCase;
using PointFormulaCases =
    ::testing::Types<CurveCase<curve::G1Config, Fp>, CurveCase<curve::G1Config, FpEmu>,
                     CurveCase<curve::G2Config, Fp2>, CurveCase<curve::G2Config, Fp2Emu>>;
TYPED_TEST_SUITE(PointFormulaTest, PointFormulaCases);

TYPED_TEST(PointFormulaTest, JacobianMatchesCpuCoordinates) {
  using T = TestFixture;
  using J = typename T::J;
  using A = typename T::A;
  const std::vector<J> pts = T::points(8, 3);
  const J o = J::identity();
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    const J &p = pts[i], &q = pts[i + 1];
    const A qa = q.to_affine(), pa = p.to_affine();
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
    T::expect_same_coords(T::cpu(T::jac(p) + T::aff(A::identity())), p);
    EXPECT_TRUE((T::jac(p) + T::jac(-p)).is_identity());
  }
}

TYPED_TEST(PointFormulaTest, XyzzMatchesCpuPoints) {
  using T = TestFixture;
  using J = typename T::J;
  using A = typename T::A;
  using X = Xyzz<typename T::F>;
  const std::vector<J> pts = T::points(8, 5);
  const X o = X::identity();
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    const J &p = pts[i], &q = pts[i + 1];
    const A qa = q.to_affine(), pa = p.to_affine();
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
    EXPECT_EQ(T::cpu(xp + T::aff(A::identity())), p);
    EXPECT_TRUE(o.dbl().is_identity());
    EXPECT_TRUE((o + o).is_identity());
    EXPECT_TRUE((o + T::aff(A::identity())).is_identity());
  }
}

TYPED_TEST(PointFormulaTest, XyzzBucketSumMatchesCpu) {
  using T = TestFixture;
  using J = typename T::J;
  const std::vector<J> pts = T::points(40, 9);
  // p0, p0 again (the madd doubling case), -2·p0 (back to the identity), then the rest.
  std::vector<J> adds = {pts[0], pts[0], -pts[0].dbl()};
  adds.insert(adds.end(), pts.begin(), pts.end());
  Xyzz<typename T::F> bucket = Xyzz<typename T::F>::identity();
  J want = J::identity();
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

TEST(PointStorage, G2ConversionsRoundTrip) {
  const std::vector<G2> pts = testing::random_points_of<curve::G2Config>(4, 2);
  for (const G2& p : pts) {
    EXPECT_EQ(from_storage(to_storage(p)), p);
    const G2Affine a = p.to_affine();
    const G2AffineStorage s = to_storage(a);
    EXPECT_EQ(from_storage(s), a);
    // Coordinates are the CPU elements' bytes (x at 0, y at 96).
    EXPECT_EQ(std::memcmp(&s.x, &a.x, sizeof(s.x)), 0);
    EXPECT_EQ(std::memcmp(&s.y, &a.y, sizeof(s.y)), 0);
    EXPECT_EQ(from_storage(to_xyzz_storage(p)), p);
  }
  EXPECT_TRUE(from_storage(to_storage(G2Affine::identity())).is_identity());
  EXPECT_EQ(to_storage(G2Affine::identity()), G2AffineStorage{});
  EXPECT_TRUE(from_storage(G2XyzzStorage{}).is_identity());
  const G2 p = pts[0];
  G2JacobianStorage s;
  std::memcpy(&s, &p, sizeof(s));
  EXPECT_EQ(s, to_storage(p));
  std::vector<G2Affine> in = {pts[1].to_affine(), G2Affine::identity()};
  std::vector<G2AffineStorage> out(2);
  to_storage(in, out);
  EXPECT_EQ(out[0], to_storage(in[0]));
  EXPECT_EQ(out[1], G2AffineStorage{});
}

}  // namespace
}  // namespace cuzk::gpu
