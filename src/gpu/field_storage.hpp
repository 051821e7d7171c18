// FieldStorage<Config>: how a field element sits in memory on the GPU (device buffers, pinned host
// buffers) — N little-endian 32-bit Montgomery limbs, 16-byte aligned so that a kernel loads it
// with 128-bit vector loads. The register type that computes is Mont32 (mont32.hpp).
//
// The layout is byte-identical to the CPU field (ff::MontField: N/2 little-endian 64-bit limbs,
// the same Montgomery radix, both fully reduced), so arrays of ff::Fp / ff::Fr are copied to and
// from arrays of FpStorage / FrStorage with plain memcpy / cudaMemcpy. The static_asserts below
// and tests/gpu/mont32_host_test.cpp hold that true; to_storage / from_storage are the typed
// single-element forms for host code.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ff/fp.hpp"
#include "ff/fr.hpp"
#include "gpu/mont32_params.hpp"

namespace cuzk::gpu {

template <class Config>
struct alignas(16) FieldStorage {
  static constexpr size_t kLimbs = Mont32Params<Config>::kLimbs;
  uint32_t limbs[kLimbs];

  friend constexpr bool operator==(const FieldStorage&, const FieldStorage&) = default;
};

using FpStorage = FieldStorage<ff::FpConfig>;
using FrStorage = FieldStorage<ff::FrConfig>;

static_assert(std::endian::native == std::endian::little,
              "CPU 64-bit limbs and GPU 32-bit limbs share bytes only on little-endian hosts");
static_assert(sizeof(FpStorage) == 48 && sizeof(FpStorage) == sizeof(ff::Fp));
static_assert(sizeof(FrStorage) == 32 && sizeof(FrStorage) == sizeof(ff::Fr));
static_assert(std::is_trivially_copyable_v<FpStorage> && std::is_trivially_copyable_v<ff::Fp>);
static_assert(std::is_trivially_copyable_v<FrStorage> && std::is_trivially_copyable_v<ff::Fr>);
static_assert(std::is_standard_layout_v<ff::Fp> && std::is_standard_layout_v<ff::Fr>);

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

}  // namespace cuzk::gpu
