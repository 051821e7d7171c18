// Fuzzes point and proof decoding (curve/encoding.hpp, groth16/proof.hpp): every decoder gets
// the input, with both PointCheck levels, and those whose size it has can succeed (G1 48 / 96,
// G2 96 / 192, a proof 192, proofs any multiple of 192 bytes). Beyond "no crash": the encodings
// are canonical, so what decodes re-encodes to exactly the input; a subgroup-checked decode
// succeeding implies the on-curve one does, with the same point.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "curve/encoding.hpp"
#include "fuzz_check.hpp"
#include "groth16/proof.hpp"

using namespace cuzk;
using curve::PointCheck;

namespace {

template <class Bytes>
bool same(const Bytes& encoded, std::span<const uint8_t> input) {
  return std::equal(encoded.begin(), encoded.end(), input.begin(), input.end());
}

// One encoding of one group: decode with both checks, compare, re-encode.
template <class Config, class Decode, class Encode>
void check_form(std::span<const uint8_t> in, Decode decode, Encode encode) {
  auto on_curve = decode(in, PointCheck::kOnCurve);
  auto in_subgroup = decode(in, PointCheck::kSubgroup);
  if (in_subgroup) FUZZ_CHECK(on_curve.ok() && *on_curve == *in_subgroup);
  if (on_curve) FUZZ_CHECK(same(encode(*on_curve), in));
}

template <class Config>
void check_group(std::span<const uint8_t> in) {
  check_form<Config>(
      in, [](auto bytes, PointCheck c) { return curve::decode_compressed<Config>(bytes, c); },
      [](const curve::Affine<Config>& p) { return curve::encode_compressed<Config>(p); });
  check_form<Config>(
      in, [](auto bytes, PointCheck c) { return curve::decode_uncompressed<Config>(bytes, c); },
      [](const curve::Affine<Config>& p) { return curve::encode_uncompressed<Config>(p); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> in(data, size);
  check_group<curve::G1Config>(in);
  check_group<curve::G2Config>(in);
  if (auto proof = groth16::decode_proof(in)) FUZZ_CHECK(same(groth16::encode_proof(*proof), in));
  if (auto proofs = groth16::decode_proofs(in)) {
    FUZZ_CHECK(same(groth16::encode_proofs(*proofs), in));
  }
  return 0;
}
