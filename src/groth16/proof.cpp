// Proof encoding (see proof.hpp).
#include "groth16/proof.hpp"

#include <string>

namespace cuzk::groth16 {

using curve::DecodeError;
using curve::G1Config;
using curve::G2Config;

std::array<uint8_t, kProofBytes> encode_proof(const Proof& proof) {
  std::array<uint8_t, kProofBytes> out;
  std::span<uint8_t> s(out);
  curve::encode_compressed<G1Config>(proof.a, s.subspan<0, 48>());
  curve::encode_compressed<G2Config>(proof.b, s.subspan<48, 96>());
  curve::encode_compressed<G1Config>(proof.c, s.subspan<144, 48>());
  return out;
}

Result<Proof, DecodeError> decode_proof(std::span<const uint8_t> bytes) {
  if (bytes.size() != kProofBytes) {
    return Error<DecodeError>{DecodeError::kLength,
                              "proof must be 192 bytes, got " + std::to_string(bytes.size())};
  }
  auto a = curve::decode_g1_compressed(bytes.subspan(0, 48));
  if (!a) return Error<DecodeError>{a.code(), "proof.a: " + a.error().message};
  auto b = curve::decode_g2_compressed(bytes.subspan(48, 96));
  if (!b) return Error<DecodeError>{b.code(), "proof.b: " + b.error().message};
  auto c = curve::decode_g1_compressed(bytes.subspan(144, 48));
  if (!c) return Error<DecodeError>{c.code(), "proof.c: " + c.error().message};
  for (auto [inf, name] : {std::pair{a->is_identity(), "a"}, std::pair{b->is_identity(), "b"},
                           std::pair{c->is_identity(), "c"}}) {
    if (inf) {
      return Error<DecodeError>{DecodeError::kInfinity,
                                std::string("proof.") + name + " is the point at infinity"};
    }
  }
  return Proof{*a, *b, *c};
}

std::vector<uint8_t> encode_proofs(std::span<const Proof> proofs) {
  std::vector<uint8_t> out;
  out.reserve(proofs.size() * kProofBytes);
  for (const auto& p : proofs) {
    auto b = encode_proof(p);
    out.insert(out.end(), b.begin(), b.end());
  }
  return out;
}

Result<std::vector<Proof>, DecodeError> decode_proofs(std::span<const uint8_t> bytes) {
  if (bytes.empty() || bytes.size() % kProofBytes != 0) {
    return Error<DecodeError>{
        DecodeError::kLength,
        "proof bytes must be a positive multiple of 192, got " + std::to_string(bytes.size())};
  }
  std::vector<Proof> out;
  for (size_t i = 0; i < bytes.size(); i += kProofBytes) {
    auto p = decode_proof(bytes.subspan(i, kProofBytes));
    if (!p) {
      return Error<DecodeError>{
          p.code(), "proof " + std::to_string(i / kProofBytes) + ": " + p.error().message};
    }
    out.push_back(*p);
  }
  return out;
}

}  // namespace cuzk::groth16
