// Node32: a 32-byte Filecoin "domain" value (a Merkle node, comm_d, comm_r, ...), always the
// little-endian canonical repr of an Fr (spec §1), plus its conversions.
//
// An "Fr32" value has the top two bits of byte 31 clear, so it is < 2^254 < p and always a valid
// Fr; trimming a SHA-256 digest to Fr32 is how Filecoin maps SHA output into the field.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "ff/fr.hpp"

namespace cuzk::hash {

using Node32 = std::array<uint8_t, 32>;

// Clears bits 6 and 7 of byte 31 (the two most significant bits of the LE integer).
constexpr Node32 trim_to_fr32(Node32 bytes) {
  bytes[31] &= 0x3f;
  return bytes;
}
constexpr bool is_fr32(const Node32& bytes) {
  return (bytes[31] & 0xc0) == 0;
}

inline Node32 node_from_fr(const ff::Fr& x) {
  return x.to_bytes_le();
}
// nullopt when the LE integer is >= p (never for an Fr32 value).
inline std::optional<ff::Fr> fr_from_node(const Node32& bytes) {
  return ff::Fr::from_bytes_le(bytes);
}

}  // namespace cuzk::hash
