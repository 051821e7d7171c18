// Point encodings of G1 and G2 in the zcash / bellperson format (the format of Filecoin's
// parameter files and proofs), and their validating decoders.
//
// Big-endian field elements; G1 is 48 bytes compressed (x) or 96 uncompressed (x || y); G2 is 96
// or 192, each Fp2 written imaginary part first (x.c1, x.c0, y.c1, y.c0). The top three bits of
// byte 0 are flags: 0x80 compressed, 0x40 point at infinity, 0x20 sign (compressed only: y is
// the lexicographically larger of ±y). Infinity is 0xc0 00.. (compressed) or 0x40 00..
// (uncompressed).
//
// One implementation serves both groups (templates over the curve Config, instantiated for G1
// and G2 in encoding.cpp); only the coordinate's wire layout differs. Decoding runs the checks in
// a fixed order and reports the first failure, with a message naming it:
//   kLength         the buffer is not the size of the requested form;
//   kFlags          the compression flag disagrees with the form, or the sign flag is set on an
//                   uncompressed or infinity encoding;
//   kCoordinate     a 48-byte Fp component (flags masked off) is >= p;
//   kInfinity       the infinity flag is set but some other bit is not zero;
//   kNotOnCurve     (x, y) is not on the curve; compressed: x^3 + b is not a square;
//   kNotInSubgroup  on the curve but not in the order-r subgroup (only with PointCheck::kSubgroup).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "util/result.hpp"

namespace cuzk::curve {

enum class DecodeError { kLength, kFlags, kCoordinate, kInfinity, kNotOnCurve, kNotInSubgroup };

// "length", "flags", "coordinate", "infinity", "not_on_curve", "not_in_subgroup".
const char* to_string(DecodeError e);

// kOnCurve: trust subgroup membership (Filecoin's bulk parameter points are read this way);
// kSubgroup: also run the subgroup test (subgroup.hpp), for untrusted points such as proofs.
enum class PointCheck { kOnCurve, kSubgroup };

// Number of Fp components of a coordinate (Fp: 1, Fp2: 2), each 48 bytes on the wire.
template <class F>
inline constexpr size_t kFpComponents = 1;
template <>
inline constexpr size_t kFpComponents<ff::Fp2> = 2;

template <class Config>
inline constexpr size_t kCompressedSize =
    ff::Fp::kBytes* size_t{kFpComponents<typename Config::Field>};
template <class Config>
inline constexpr size_t kUncompressedSize = 2 * kCompressedSize<Config>;

template <class Config>
using DecodeResult = Result<Affine<Config>, DecodeError>;

template <class Config>
void encode_compressed(const Affine<Config>& p, std::span<uint8_t, kCompressedSize<Config>> out);
template <class Config>
void encode_uncompressed(const Affine<Config>& p,
                         std::span<uint8_t, kUncompressedSize<Config>> out);

template <class Config>
std::array<uint8_t, kCompressedSize<Config>> encode_compressed(const Affine<Config>& p) {
  std::array<uint8_t, kCompressedSize<Config>> out;
  encode_compressed<Config>(p, out);
  return out;
}
template <class Config>
std::array<uint8_t, kUncompressedSize<Config>> encode_uncompressed(const Affine<Config>& p) {
  std::array<uint8_t, kUncompressedSize<Config>> out;
  encode_uncompressed<Config>(p, out);
  return out;
}

template <class Config>
DecodeResult<Config> decode_compressed(std::span<const uint8_t> in, PointCheck check);
template <class Config>
DecodeResult<Config> decode_uncompressed(std::span<const uint8_t> in, PointCheck check);

inline DecodeResult<G1Config> decode_g1_compressed(std::span<const uint8_t> in,
                                                   PointCheck check = PointCheck::kSubgroup) {
  return decode_compressed<G1Config>(in, check);
}
inline DecodeResult<G2Config> decode_g2_compressed(std::span<const uint8_t> in,
                                                   PointCheck check = PointCheck::kSubgroup) {
  return decode_compressed<G2Config>(in, check);
}
inline DecodeResult<G2Config> decode_g2_uncompressed(std::span<const uint8_t> in,
                                                     PointCheck check = PointCheck::kSubgroup) {
  return decode_uncompressed<G2Config>(in, check);
}

}  // namespace cuzk::curve
