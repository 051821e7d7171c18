// Test helpers for the hash floor: field elements from the big-endian hex the spec prints,
// nodes from byte hex ("bytes as stored"), and the reverse for readable failures.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "ff/fr.hpp"
#include "hash/node32.hpp"
#include "util/hex.hpp"

namespace cuzk::hash::testing {

// "0x..." big-endian integer (as in spec §2.8) -> Fr.
inline ff::Fr fr_from_be_hex(std::string_view hex) {
  auto bytes = from_hex(hex);
  if (!bytes || bytes->size() != 32) throw std::invalid_argument("bad Fr hex");
  std::reverse(bytes->begin(), bytes->end());
  std::array<uint8_t, 32> le;
  std::copy(bytes->begin(), bytes->end(), le.begin());
  auto x = ff::Fr::from_bytes_le(le);
  if (!x) throw std::invalid_argument("Fr hex >= p");
  return *x;
}

// scalar_from_u64s([l0, l1, l2, l3]) / FrRepr limbs, least significant first.
inline ff::Fr fr_from_limbs(uint64_t l0, uint64_t l1, uint64_t l2, uint64_t l3) {
  auto x = ff::Fr::from_canonical({l0, l1, l2, l3});
  if (!x) throw std::invalid_argument("limbs >= p");
  return *x;
}

inline std::string fr_to_be_hex(const ff::Fr& x) {
  auto be = x.to_bytes_be();
  return "0x" + to_hex(be);
}

// 32 bytes in storage order.
inline Node32 node_from_hex(std::string_view hex) {
  auto bytes = from_hex(hex);
  if (!bytes || bytes->size() != 32) throw std::invalid_argument("bad node hex");
  Node32 n;
  std::copy(bytes->begin(), bytes->end(), n.begin());
  return n;
}

inline std::string node_to_hex(const Node32& n) {
  return to_hex(n);
}

}  // namespace cuzk::hash::testing
