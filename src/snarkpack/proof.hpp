// SnarkPack's aggregate proof (bellperson aggregate/proof.rs, AggregateProof) and its wire format,
// byte for byte: what rust-fil-proofs' seal_commit_phase2 returns for a non-interactive PoRep.
//
//   com_ab (T, U), com_c (T, U), ip_ab              5 GT, 288 bytes each (gt_codec.hpp)
//   agg_c                                           G1 compressed (48)
//   nproofs                                         u32 little-endian, a power of two >= 2
//   comms_ab[l] ((T,U) left, (T,U) right)           4 GT each, l = log2(nproofs)
//   comms_c[l]                                      4 GT each
//   z_ab[l] (left, right)                           2 GT each
//   z_c[l] (left, right)                            2 G1 each
//   final_a, final_b, final_c                       G1, G2 (96), G1
//   final_vkey (2 G2), final_wkey (2 G1)
//   vkey_opening (2 G2), wkey_opening (2 G1)
//
// So 13 GT per round plus 5, e.g. 14,164 bytes for 16 proofs and 23,092 for 128. Points are
// decoded with the full checks (on the curve, in the subgroup); the identity is allowed where
// bellperson allows it. Every decode error names the field.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "snarkpack/commitment.hpp"
#include "snarkpack/error.hpp"

namespace cuzk::snarkpack {

// The most proofs one aggregate may hold: bellperson's MAX_SRS_SIZE rounded down to a power of 2.
inline constexpr uint32_t kMaxAggregatedProofs = uint32_t(1) << 20;

template <class T>
struct LeftRight {
  T left, right;
  friend bool operator==(const LeftRight&, const LeftRight&) = default;
};

// The values GIPA sends in each round and its final values.
struct GipaProof {
  uint32_t nproofs = 0;
  std::vector<LeftRight<GtPair>> comms_ab;      // TIPP: commitments to (A, B) halves
  std::vector<LeftRight<GtPair>> comms_c;       // MIPP: commitments to C halves
  std::vector<LeftRight<curve::Gt>> z_ab;       // TIPP: cross pairing products
  std::vector<LeftRight<curve::G1Affine>> z_c;  // MIPP: cross multi-exponentiations
  curve::G1Affine final_a;
  curve::G2Affine final_b;
  curve::G1Affine final_c;
  std::pair<curve::G2Affine, curve::G2Affine> final_vkey;
  std::pair<curve::G1Affine, curve::G1Affine> final_wkey;
  friend bool operator==(const GipaProof&, const GipaProof&) = default;
};

struct AggregateProof {
  GtPair com_ab, com_c;
  curve::Gt ip_ab;        // prod e(A_i, B_i^(r^i))
  curve::G1Affine agg_c;  // sum C_i r^i
  GipaProof gipa;
  std::pair<curve::G2Affine, curve::G2Affine> vkey_opening;  // KZG openings of the final keys
  std::pair<curve::G1Affine, curve::G1Affine> wkey_opening;
  friend bool operator==(const AggregateProof&, const AggregateProof&) = default;
};

// ceil(log2(n)): the rounds of GIPA for n proofs.
unsigned gipa_rounds(uint32_t nproofs);

// The encoded size of an aggregate of n proofs (n a power of two >= 2).
size_t aggregate_proof_bytes(uint32_t nproofs);

// Throws std::invalid_argument for a proof whose vectors do not match nproofs, or a GT value
// (the identity) that bellperson's encoding cannot hold.
std::vector<uint8_t> encode_aggregate_proof(const AggregateProof& proof);

// The whole buffer must be one proof (trailing bytes are an error).
SnarkpackResult<AggregateProof> decode_aggregate_proof(std::span<const uint8_t> bytes);

}  // namespace cuzk::snarkpack
