// FieldStorage<Config>: how a field element sits in memory on the GPU (device buffers, pinned host
// buffers) — N little-endian 32-bit Montgomery limbs, 16-byte aligned so that a kernel loads it
// with 128-bit vector loads. The register type that computes is Mont32 (mont32.hpp). Ext2Storage
// is an element of a quadratic extension (c0, c1): Fp2Storage, the G2 coordinates (ext2.hpp).
//
// The layout is byte-identical to the CPU field (ff::MontField: N/2 little-endian 64-bit limbs,
// the same Montgomery radix, both fully reduced), so arrays of ff::Fp / ff::Fr are copied to and
// from arrays of FpStorage / FrStorage with plain memcpy / cudaMemcpy. The static_asserts below
// and tests/gpu/mont32_host_test.cpp hold that true; to_storage / from_storage are the typed
// single-element forms for host code.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ff/fp.hpp"
#include "ff/fp2.hpp"
#include "ff/fr.hpp"
#include "gpu/arith/mont32_params.hpp"

namespace cuzk::gpu {

template <class Config>
struct alignas(16) FieldStorage {
  static constexpr size_t kLimbs = Mont32Params<Config>::kLimbs;
  uint32_t limbs[kLimbs];

  friend constexpr bool operator==(const FieldStorage&, const FieldStorage&) = default;
};

template <class FS>
struct alignas(16) Ext2Storage {
  FS c0, c1;

  friend constexpr bool operator==(const Ext2Storage&, const Ext2Storage&) = default;
};

using FpStorage = FieldStorage<ff::FpConfig>;
using FrStorage = FieldStorage<ff::FrConfig>;
using Fp2Storage = Ext2Storage<FpStorage>;

static_assert(std::endian::native == std::endian::little,
              "CPU 64-bit limbs and GPU 32-bit limbs share bytes only on little-endian hosts");
static_assert(sizeof(FpStorage) == 48 && sizeof(FpStorage) == sizeof(ff::Fp));
static_assert(sizeof(FrStorage) == 32 && sizeof(FrStorage) == sizeof(ff::Fr));
static_assert(std::is_trivially_copyable_v<FpStorage> && std::is_trivially_copyable_v<ff::Fp>);
static_assert(std::is_trivially_copyable_v<FrStorage> && std::is_trivially_copyable_v<ff::Fr>);
static_assert(std::is_standard_layout_v<ff::Fp> && std::is_standard_layout_v<ff::Fr>);
// ff::Fp2 is {Fp c0, c1}: the same 96 bytes as Fp2Storage.
static_assert(sizeof(Fp2Storage) == 96 && sizeof(ff::Fp2) == 96);
static_assert(std::is_standard_layout_v<ff::Fp2> && offsetof(ff::Fp2, c1) == 48 &&
              offsetof(Fp2Storage, c1) == 48);
static_assert(std::is_trivially_copyable_v<Fp2Storage> && std::is_trivially_copyable_v<ff::Fp2>);

// Host helpers: the CPU element's Montgomery limbs, reinterpreted (no arithmetic).
template <class Config>
inline FieldStorage<Config> to_storage(const ff::MontField<Config>& x) {
  FieldStorage<Config> s;
  std::memcpy(s.limbs, x.montgomery().data(), sizeof(s.limbs));
  return s;
}
template <class Config>
inline ff::MontField<Config> from_storage(const FieldStorage<Config>& s) {
  typename ff::MontField<Config>::Repr r;
  std::memcpy(r.data(), s.limbs, sizeof(s.limbs));
  return ff::MontField<Config>::from_montgomery(r);
}
inline Fp2Storage to_storage(const ff::Fp2& x) {
  return {to_storage(x.c0), to_storage(x.c1)};
}
inline ff::Fp2 from_storage(const Fp2Storage& s) {
  return {from_storage(s.c0), from_storage(s.c1)};
}

}  // namespace cuzk::gpu
