// Byte-order helpers for the hash preimages of this floor: integers written little- or
// big-endian into fixed arrays, read back, and text as bytes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace cuzk::filecoin {

inline std::span<const uint8_t> as_bytes(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

template <class T>
std::array<uint8_t, sizeof(T)> to_le_bytes(T x) {
  std::array<uint8_t, sizeof(T)> out;
  for (size_t i = 0; i < sizeof(T); ++i) out[i] = uint8_t(uint64_t(x) >> (8 * i));
  return out;
}

template <class T>
std::array<uint8_t, sizeof(T)> to_be_bytes(T x) {
  std::array<uint8_t, sizeof(T)> out;
  for (size_t i = 0; i < sizeof(T); ++i) out[sizeof(T) - 1 - i] = uint8_t(uint64_t(x) >> (8 * i));
  return out;
}

template <class T>
T from_le_bytes(const uint8_t* p) {
  uint64_t x = 0;
  for (size_t i = sizeof(T); i-- > 0;) x = (x << 8) | p[i];
  return T(x);
}

template <class T>
T from_be_bytes(const uint8_t* p) {
  uint64_t x = 0;
  for (size_t i = 0; i < sizeof(T); ++i) x = (x << 8) | p[i];
  return T(x);
}

}  // namespace cuzk::filecoin
