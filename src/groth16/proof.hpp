// A Groth16 proof (A in G1, B in G2, C in G1) and its 192-byte encoding:
// A (48, compressed) ‖ B (96, compressed) ‖ C (48, compressed), as bellperson writes it. A
// Filecoin multi-partition proof is the concatenation of its partition proofs.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "curve/encoding.hpp"
#include "util/result.hpp"

namespace cuzk::groth16 {

struct Proof {
  curve::G1Affine a;
  curve::G2Affine b;
  curve::G1Affine c;

  friend bool operator==(const Proof&, const Proof&) = default;
};

inline constexpr size_t kProofBytes = 192;

std::array<uint8_t, kProofBytes> encode_proof(const Proof& proof);

// Full checks (range, on curve, subgroup) and, as bellperson, no point may be the identity.
Result<Proof, curve::DecodeError> decode_proof(std::span<const uint8_t> bytes);

// Concatenated proofs; the length must be a positive multiple of 192.
std::vector<uint8_t> encode_proofs(std::span<const Proof> proofs);
Result<std::vector<Proof>, curve::DecodeError> decode_proofs(std::span<const uint8_t> bytes);

}  // namespace cuzk::groth16
