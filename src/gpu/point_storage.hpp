// How G1 points sit in GPU memory (device buffers, pinned host buffers): coordinates are
// FieldStorage (Montgomery, 32-bit limbs, byte-identical to the CPU field). The register types
// that compute are in affine.hpp, jacobian.hpp, xyzz.hpp; this header also converts to and from
// the CPU points (src/curve) on the host.
//
// Conventions:
//   AffineStorage {x, y}        — bases (the SRS). Infinity is (0, 0), as in blst and sppark: no
//                                 point of y² = x³ + 4 has x = y = 0. The CPU G1Affine carries a
//                                 bool instead (and so is 104 bytes, not 96): convert with
//                                 to_storage / from_storage, never memcpy.
//   JacobianStorage {x, y, z}   — identity z = 0. Byte-identical to the CPU curve::G1 (memcpy ok).
//   XyzzStorage {x, y, zz, zzz} — MSM buckets, x = X/ZZ, y = Y/ZZZ (ZZ³ = ZZZ²). Identity is
//                                 zz = 0; all-zero memory is the identity, so cudaMemset(0)
//                                 clears a bucket array.
#pragma once

#include <cstddef>
#include <span>
#include <stdexcept>
#include <type_traits>

#include "curve/g1.hpp"
#include "gpu/field_storage.hpp"

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

static_assert(sizeof(G1AffineStorage) == 96 && sizeof(G1XyzzStorage) == 192);
static_assert(sizeof(G1JacobianStorage) == sizeof(curve::G1) && sizeof(curve::G1) == 144);
static_assert(std::is_standard_layout_v<curve::G1> && offsetof(curve::G1, x) == 0 &&
              offsetof(curve::G1, y) == 48 && offsetof(curve::G1, z) == 96);
static_assert(std::is_trivially_copyable_v<curve::G1>);
// Affine bases: x and y sit where the CPU G1Affine has them (its bool flag follows at byte 96).
static_assert(std::is_standard_layout_v<curve::G1Affine> && offsetof(curve::G1Affine, x) == 0 &&
              offsetof(curve::G1Affine, y) == 48);

// Host conversions to and from the CPU points.
inline G1AffineStorage to_storage(const curve::G1Affine& p) {
  if (p.infinity) return G1AffineStorage{};  // (0, 0)
  return {to_storage(p.x), to_storage(p.y)};
}
inline curve::G1Affine from_storage(const G1AffineStorage& s) {
  if (s == G1AffineStorage{}) return curve::G1Affine::identity();
  return {from_storage(s.x), from_storage(s.y), false};
}
// Arrays of bases (e.g. an SRS section) into device layout; the spans must have equal sizes.
inline void to_storage(std::span<const curve::G1Affine> in, std::span<G1AffineStorage> out) {
  if (in.size() != out.size()) throw std::invalid_argument("to_storage: span sizes differ");
  for (size_t i = 0; i < in.size(); ++i) out[i] = to_storage(in[i]);
}
inline G1JacobianStorage to_storage(const curve::G1& p) {
  return {to_storage(p.x), to_storage(p.y), to_storage(p.z)};
}
inline curve::G1 from_storage(const G1JacobianStorage& s) {
  return {from_storage(s.x), from_storage(s.y), from_storage(s.z)};
}
// XYZZ buckets to and from CPU Jacobian points: in as ZZ = Z², ZZZ = Z³; out as the Jacobian point
// with the same affine coordinates.
inline G1XyzzStorage to_xyzz_storage(const curve::G1& p) {
  const ff::Fp zz = p.z.square();
  return {to_storage(p.x), to_storage(p.y), to_storage(zz), to_storage(zz * p.z)};
}
inline curve::G1 from_storage(const G1XyzzStorage& s) {
  // Z = ZZ·ZZZ, X = X·ZZ·ZZZ², Y = Y·ZZ³·ZZZ² (as Xyzz::to_jacobian, in CPU arithmetic).
  const ff::Fp x = from_storage(s.x), y = from_storage(s.y), zz = from_storage(s.zz),
               zzz = from_storage(s.zzz);
  const ff::Fp zz_zzz2 = zz * zzz.square();
  return {x * zz_zzz2, y * zz.square() * zz_zzz2, zz * zzz};
}

}  // namespace cuzk::gpu
