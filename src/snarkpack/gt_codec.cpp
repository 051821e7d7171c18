// bellperson's GT encodings (see gt_codec.hpp).
#include "snarkpack/gt_codec.hpp"

#include "ff/field_pow.hpp"

namespace cuzk::snarkpack {
namespace {

using ff::Fp;
using ff::Fp12;
using ff::Fp2;
using ff::Fp6;

// The six Fp coefficients of an Fp6, in tower order.
std::array<const Fp*, 6> coefficients(const Fp6& a) {
  return {&a.c0.c0, &a.c0.c1, &a.c1.c0, &a.c1.c1, &a.c2.c0, &a.c2.c1};
}

void write_fp6(const Fp6& a, uint8_t* out) {
  for (const Fp* c : coefficients(a)) {
    c->to_bytes_le(std::span<uint8_t, Fp::kBytes>(out, Fp::kBytes));
    out += Fp::kBytes;
  }
}

}  // namespace

bool is_in_gt(const Fp12& f) {
  if (f.is_zero()) return false;
  return ff::field_pow(f, ff::Fr::kModulus).is_one();
}

std::optional<std::array<uint8_t, kGtCompressedBytes>> compress_gt(const curve::Gt& g) {
  if (g.value.c1.is_zero()) return std::nullopt;
  Fp6 c0 = g.value.c0;
  c0.c0 = c0.c0 + Fp2::one();
  const Fp6 b = c0 * g.value.c1.inverse();
  std::array<uint8_t, kGtCompressedBytes> out;
  write_fp6(b, out.data());
  return out;
}

std::optional<curve::Gt> decompress_gt(std::span<const uint8_t, kGtCompressedBytes> in) {
  Fp6 b;
  std::array<Fp*, 6> parts = {&b.c0.c0, &b.c0.c1, &b.c1.c0, &b.c1.c1, &b.c2.c0, &b.c2.c1};
  for (size_t i = 0; i < parts.size(); ++i) {
    auto fp = Fp::from_bytes_le(
        std::span<const uint8_t, Fp::kBytes>(in.data() + i * Fp::kBytes, Fp::kBytes));
    if (!fp) return std::nullopt;
    *parts[i] = *fp;
  }
  const Fp12 f = Fp12{b, Fp6::one()} * Fp12{b, -Fp6::one()}.inverse();
  if (!is_in_gt(f)) return std::nullopt;
  return curve::Gt{f};
}

std::array<uint8_t, kGtSerdeBytes> gt_serde_bytes(const curve::Gt& g) {
  std::array<uint8_t, kGtSerdeBytes> out;
  write_fp6(g.value.c0, out.data());
  write_fp6(g.value.c1, out.data() + kGtSerdeBytes / 2);
  return out;
}

}  // namespace cuzk::snarkpack
