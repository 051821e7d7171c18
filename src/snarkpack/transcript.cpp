// SnarkPack's Fiat–Shamir transcript (see transcript.hpp).
#include "snarkpack/transcript.hpp"

#include <array>

#include "curve/encoding.hpp"
#include "snarkpack/gt_codec.hpp"

namespace cuzk::snarkpack {
namespace {

constexpr std::string_view kPrefix = "snarkpack-v1";

std::span<const uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

}  // namespace

Transcript::Transcript(std::string_view tag) {
  hasher_.update(bytes_of(kPrefix));
  hasher_.update(bytes_of(tag));
}

Transcript& Transcript::write(const ff::Fr& x) {
  hasher_.update(x.to_bytes_le());
  return *this;
}

Transcript& Transcript::write(const curve::G1Affine& p) {
  hasher_.update(curve::encode_compressed<curve::G1Config>(p));
  return *this;
}

Transcript& Transcript::write(const curve::G1& p) {
  return write(p.to_affine());
}

Transcript& Transcript::write(const curve::G2Affine& q) {
  hasher_.update(curve::encode_compressed<curve::G2Config>(q));
  return *this;
}

Transcript& Transcript::write(const curve::Gt& g) {
  hasher_.update(gt_serde_bytes(g));
  return *this;
}

Transcript& Transcript::write_bytes(std::span<const uint8_t> bytes) {
  std::array<uint8_t, 8> length;
  for (size_t i = 0; i < length.size(); ++i) length[i] = uint8_t(uint64_t(bytes.size()) >> (8 * i));
  hasher_.update(length);
  hasher_.update(bytes);
  return *this;
}

ff::Fr Transcript::challenge() {
  for (uint64_t counter = 1;; ++counter) {
    std::array<uint8_t, 8> nonce;
    for (size_t i = 0; i < nonce.size(); ++i) nonce[i] = uint8_t(counter >> (8 * (7 - i)));
    hasher_.update(nonce);
    hash::Sha256 state = hasher_;
    auto digest = state.finalize();
    digest[31] &= 0x7f;
    auto c = ff::Fr::from_bytes_le(digest);
    if (c && !c->is_zero() && !c->is_one()) return *c;
  }
}

}  // namespace cuzk::snarkpack
