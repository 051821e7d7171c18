// How G1 and G2 points sit in GPU memory (device buffers, pinned host buffers): coordinates are
// FieldStorage (G1: Fp, Montgomery, 32-bit limbs, byte-identical to the CPU field) or Fp2Storage
// (G2: two of them, byte-identical to ff::Fp2). The register types
// that compute are in affine.hpp, jacobian.hpp, xyzz.hpp; this header also converts to and from
// the CPU points (src/curve) on the host.
//
// Conventions:
//   AffineStorage {x, y}        — bases (the SRS). Infinity is (0, 0), as in blst: no point of
//                                 y² = x³ + 4 (G1) or y² = x³ + 4(1 + u) (G2) has x = y = 0. The
//                                 CPU Affine carries a bool instead (G1: 104 bytes, not 96; G2:
//                                 200, not 192): convert with to_storage / from_storage, never
//                                 memcpy.
//   JacobianStorage {x, y, z}   — identity z = 0. Byte-identical to the CPU curve::G1 / G2
//                                 (memcpy ok).
//   XyzzStorage {x, y, zz, zzz} — MSM buckets, x = X/ZZ, y = Y/ZZZ (ZZ³ = ZZZ²). Identity is
//                                 zz = 0; all-zero memory is the identity, so cudaMemset(0)
//                                 clears a bucket array.
#pragma once

#include <cstddef>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "gpu/arith/field_storage.hpp"

namespace cuzk::gpu {

template <class FS>
struct AffineStorage {
  FS x, y;
  friend constexpr bool operator==(const AffineStorage&, const AffineStorage&) = default;
};
template <class FS>
struct JacobianStorage {
  FS x, y, z;
  friend constexpr bool operator==(const JacobianStorage&, const JacobianStorage&) = default;
};
template <class FS>
struct XyzzStorage {
  FS x, y, zz, zzz;
  friend constexpr bool operator==(const XyzzStorage&, const XyzzStorage&) = default;
};

using G1AffineStorage = AffineStorage<FpStorage>;
using G1JacobianStorage = JacobianStorage<FpStorage>;
using G1XyzzStorage = XyzzStorage<FpStorage>;

using G2AffineStorage = AffineStorage<Fp2Storage>;
using G2JacobianStorage = JacobianStorage<Fp2Storage>;
using G2XyzzStorage = XyzzStorage<Fp2Storage>;

static_assert(sizeof(G1AffineStorage) == 96 && sizeof(G1XyzzStorage) == 192);
static_assert(sizeof(G2AffineStorage) == 192 && sizeof(G2XyzzStorage) == 384);
static_assert(sizeof(G2JacobianStorage) == sizeof(curve::G2) && sizeof(curve::G2) == 288);
static_assert(std::is_standard_layout_v<curve::G2> && offsetof(curve::G2, y) == 96 &&
              offsetof(curve::G2, z) == 192 && std::is_trivially_copyable_v<curve::G2>);
static_assert(sizeof(G1JacobianStorage) == sizeof(curve::G1) && sizeof(curve::G1) == 144);
static_assert(std::is_standard_layout_v<curve::G1> && offsetof(curve::G1, x) == 0 &&
              offsetof(curve::G1, y) == 48 && offsetof(curve::G1, z) == 96);
static_assert(std::is_trivially_copyable_v<curve::G1>);
// Affine bases: x and y sit where the CPU G1Affine has them (its bool flag follows at byte 96).
static_assert(std::is_standard_layout_v<curve::G1Affine> && offsetof(curve::G1Affine, x) == 0 &&
              offsetof(curve::G1Affine, y) == 48);

// The storage types of a CPU curve (curve::G1Config, curve::G2Config): its field's storage and the
// point layouts over it.
template <class C>
using FieldStorageOf = decltype(to_storage(std::declval<const typename C::Field&>()));
template <class C>
using AffineStorageOf = AffineStorage<FieldStorageOf<C>>;
template <class C>
using JacobianStorageOf = JacobianStorage<FieldStorageOf<C>>;
template <class C>
using XyzzStorageOf = XyzzStorage<FieldStorageOf<C>>;

// And back: the CPU curve whose coordinates a field storage holds.
template <class FS>
struct CurveOfStorage;
template <>
struct CurveOfStorage<FpStorage> {
  using type = curve::G1Config;
};
template <>
struct CurveOfStorage<Fp2Storage> {
  using type = curve::G2Config;
};

// Host conversions to and from the CPU points, for either curve.
template <class C>
AffineStorageOf<C> to_storage(const curve::Affine<C>& p) {
  if (p.infinity) return AffineStorageOf<C>{};  // (0, 0)
  return {to_storage(p.x), to_storage(p.y)};
}
template <class FS>
curve::Affine<typename CurveOfStorage<FS>::type> from_storage(const AffineStorage<FS>& s) {
  using A = curve::Affine<typename CurveOfStorage<FS>::type>;
  if (s == AffineStorage<FS>{}) return A::identity();
  return A{from_storage(s.x), from_storage(s.y), false};
}
template <class C>
JacobianStorageOf<C> to_storage(const curve::Jacobian<C>& p) {
  return {to_storage(p.x), to_storage(p.y), to_storage(p.z)};
}
template <class FS>
curve::Jacobian<typename CurveOfStorage<FS>::type> from_storage(const JacobianStorage<FS>& s) {
  return {from_storage(s.x), from_storage(s.y), from_storage(s.z)};
}
// XYZZ buckets to and from CPU Jacobian points: in as ZZ = Z², ZZZ = Z³; out as the Jacobian point
// with the same affine coordinates.
template <class C>
XyzzStorageOf<C> to_xyzz_storage(const curve::Jacobian<C>& p) {
  const auto zz = p.z.square();
  return {to_storage(p.x), to_storage(p.y), to_storage(zz), to_storage(zz * p.z)};
}
template <class FS>
curve::Jacobian<typename CurveOfStorage<FS>::type> from_storage(const XyzzStorage<FS>& s) {
  // Z = ZZ·ZZZ, X = X·ZZ·ZZZ², Y = Y·ZZ³·ZZZ² (as Xyzz::to_jacobian, in CPU arithmetic).
  const auto x = from_storage(s.x), y = from_storage(s.y), zz = from_storage(s.zz),
             zzz = from_storage(s.zzz);
  const auto zz_zzz2 = zz * zzz.square();
  return {x * zz_zzz2, y * zz.square() * zz_zzz2, zz * zzz};
}

// Arrays of bases (e.g. an SRS section) into device layout; the spans must have equal sizes.
template <class C>
void to_storage_array(std::span<const curve::Affine<C>> in, std::span<AffineStorageOf<C>> out) {
  if (in.size() != out.size()) throw std::invalid_argument("to_storage: span sizes differ");
  for (size_t i = 0; i < in.size(); ++i) out[i] = to_storage(in[i]);
}
inline void to_storage(std::span<const curve::G1Affine> in, std::span<G1AffineStorage> out) {
  to_storage_array<curve::G1Config>(in, out);
}
inline void to_storage(std::span<const curve::G2Affine> in, std::span<G2AffineStorage> out) {
  to_storage_array<curve::G2Config>(in, out);
}

}  // namespace cuzk::gpu
