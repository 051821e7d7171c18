// zcash / bellperson point encoding (format and check order in encoding.hpp). The generic code
// sees a coordinate as a list of Fp components in wire order (Fp: {a}; Fp2: {c1, c0}); the two
// overloads below are the only group-specific part.
#include "curve/encoding.hpp"

#include <algorithm>
#include <string>
#include <type_traits>

#include "curve/subgroup.hpp"

namespace cuzk::curve {
namespace {

constexpr uint8_t kCompressedFlag = 0x80;
constexpr uint8_t kInfinityFlag = 0x40;
constexpr uint8_t kSignFlag = 0x20;
constexpr uint8_t kFlagMask = kCompressedFlag | kInfinityFlag | kSignFlag;
constexpr size_t kFpBytes = ff::Fp::kBytes;

std::array<ff::Fp, 1> to_wire(const ff::Fp& a) {
  return {a};
}
std::array<ff::Fp, 2> to_wire(const ff::Fp2& a) {
  return {a.c1, a.c0};
}
void from_wire(const ff::Fp* c, ff::Fp& a) {
  a = c[0];
}
void from_wire(const ff::Fp* c, ff::Fp2& a) {
  a = {c[1], c[0]};
}

// "x", "x.c1", "y.c0", ...: the name of Fp component `i` of a flat wire list.
template <class F>
std::string component_name(size_t i) {
  constexpr size_t n = kFpComponents<F>;
  std::string name = i / n == 0 ? "x" : "y";
  if constexpr (n == 2) name += i % n == 0 ? ".c1" : ".c0";
  return name;
}

template <class Config>
constexpr const char* group_name() {
  return std::is_same_v<Config, G1Config> ? "G1" : "G2";
}

// Writes the coordinates (x, then y when `with_y`) without flags.
template <class Config>
void write_coordinates(const Affine<Config>& p, bool with_y, uint8_t* out) {
  auto put = [&](const typename Config::Field& f) {
    for (const ff::Fp& c : to_wire(f)) {
      c.to_bytes_be(std::span<uint8_t, kFpBytes>(out, kFpBytes));
      out += kFpBytes;
    }
  };
  put(p.x);
  if (with_y) put(p.y);
}

template <class Config>
Error<DecodeError> fail(DecodeError code, bool compressed, const std::string& what) {
  return {code, std::string(group_name<Config>()) + (compressed ? " compressed" : " uncompressed") +
                    " point: " + what};
}

// The checks of encoding.hpp in order; `in` holds the x (and for uncompressed, y) bytes.
template <class Config>
DecodeResult<Config> decode(std::span<const uint8_t> in, bool compressed, PointCheck check) {
  using F = typename Config::Field;
  using A = Affine<Config>;
  constexpr size_t kComponents = kFpComponents<F>;
  const size_t want = compressed ? kCompressedSize<Config> : kUncompressedSize<Config>;
  if (in.size() != want) {
    return fail<Config>(
        DecodeError::kLength, compressed,
        "expected " + std::to_string(want) + " bytes, got " + std::to_string(in.size()));
  }

  const uint8_t flags = in[0] & kFlagMask;
  const bool infinity = flags & kInfinityFlag, sign = flags & kSignFlag;
  if (bool(flags & kCompressedFlag) != compressed) {
    return fail<Config>(
        DecodeError::kFlags, compressed,
        compressed ? "compression flag (0x80) is not set" : "compression flag (0x80) is set");
  }
  if (sign && !compressed) {
    return fail<Config>(DecodeError::kFlags, compressed,
                        "sign flag (0x20) is set, but only compressed encodings carry a sign");
  }
  if (sign && infinity) {
    return fail<Config>(DecodeError::kFlags, compressed,
                        "sign flag (0x20) is set on the point at infinity");
  }

  std::array<uint8_t, kUncompressedSize<Config>> bytes{};
  std::copy(in.begin(), in.end(), bytes.begin());
  bytes[0] &= uint8_t(~kFlagMask);
  const size_t n = compressed ? kComponents : 2 * kComponents;
  std::array<ff::Fp, 2 * kComponents> comps;
  for (size_t i = 0; i < n; ++i) {
    auto c = ff::Fp::from_bytes_be(
        std::span<const uint8_t, kFpBytes>(bytes.data() + i * kFpBytes, kFpBytes));
    if (!c) {
      return fail<Config>(DecodeError::kCoordinate, compressed,
                          component_name<F>(i) + " is not a canonical field element (>= p)");
    }
    comps[i] = *c;
  }

  if (infinity) {
    if (std::any_of(bytes.begin(), bytes.end(), [](uint8_t b) { return b != 0; })) {
      return fail<Config>(DecodeError::kInfinity, compressed,
                          "infinity flag (0x40) is set but the other bits are not all zero");
    }
    return A::identity();
  }

  A p;
  p.infinity = false;
  from_wire(comps.data(), p.x);
  if (compressed) {
    auto y = (p.x.square() * p.x + Config::b()).sqrt();
    if (!y) {
      return fail<Config>(DecodeError::kNotOnCurve, compressed,
                          "x^3 + b is not a square: no curve point has this x");
    }
    p.y = y->is_lexicographically_largest() == sign ? *y : -*y;
  } else {
    from_wire(comps.data() + kComponents, p.y);
    if (!p.is_on_curve()) {
      return fail<Config>(DecodeError::kNotOnCurve, compressed,
                          "(x, y) does not satisfy y^2 = x^3 + b");
    }
  }

  if (check == PointCheck::kSubgroup && !is_in_subgroup(p)) {
    return fail<Config>(DecodeError::kNotInSubgroup, compressed,
                        "on the curve but not in the order-r subgroup");
  }
  return p;
}

}  // namespace

const char* to_string(DecodeError e) {
  switch (e) {
    case DecodeError::kLength:
      return "length";
    case DecodeError::kFlags:
      return "flags";
    case DecodeError::kCoordinate:
      return "coordinate";
    case DecodeError::kInfinity:
      return "infinity";
    case DecodeError::kNotOnCurve:
      return "not_on_curve";
    case DecodeError::kNotInSubgroup:
      return "not_in_subgroup";
  }
  return "unknown";
}

template <class Config>
void encode_compressed(const Affine<Config>& p, std::span<uint8_t, kCompressedSize<Config>> out) {
  if (p.is_identity()) {
    std::fill(out.begin(), out.end(), 0);
    out[0] = kCompressedFlag | kInfinityFlag;
    return;
  }
  write_coordinates(p, false, out.data());
  out[0] |= kCompressedFlag;
  if (p.y.is_lexicographically_largest()) out[0] |= kSignFlag;
}

template <class Config>
void encode_uncompressed(const Affine<Config>& p,
                         std::span<uint8_t, kUncompressedSize<Config>> out) {
  if (p.is_identity()) {
    std::fill(out.begin(), out.end(), 0);
    out[0] = kInfinityFlag;
    return;
  }
  write_coordinates(p, true, out.data());
}

template <class Config>
DecodeResult<Config> decode_compressed(std::span<const uint8_t> in, PointCheck check) {
  return decode<Config>(in, true, check);
}

template <class Config>
DecodeResult<Config> decode_uncompressed(std::span<const uint8_t> in, PointCheck check) {
  return decode<Config>(in, false, check);
}

template void encode_compressed<G1Config>(const G1Affine&, std::span<uint8_t, 48>);
template void encode_compressed<G2Config>(const G2Affine&, std::span<uint8_t, 96>);
template void encode_uncompressed<G1Config>(const G1Affine&, std::span<uint8_t, 96>);
template void encode_uncompressed<G2Config>(const G2Affine&, std::span<uint8_t, 192>);
template DecodeResult<G1Config> decode_compressed<G1Config>(std::span<const uint8_t>, PointCheck);
template DecodeResult<G2Config> decode_compressed<G2Config>(std::span<const uint8_t>, PointCheck);
template DecodeResult<G1Config> decode_uncompressed<G1Config>(std::span<const uint8_t>, PointCheck);
template DecodeResult<G2Config> decode_uncompressed<G2Config>(std::span<const uint8_t>, PointCheck);

}  // namespace cuzk::curve
