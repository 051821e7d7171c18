// GT elements in bellperson's two byte forms (blstrs' encodings), as SnarkPack writes them:
//
// - compressed, 288 bytes (AggregateProof's wire format): torus-based compression of f = c0 + c1 w
//   (Naehrig et al., "On Compressible Pairings and Their Computation", §4.1): b = (c0 + 1) / c1 in
//   Fp6, written as its six Fp coefficients (b.c0.c0, b.c0.c1, b.c1.c0, ..., b.c2.c1), each 48
//   bytes little-endian canonical. Decompression is f = (b + w) / (b - w) (Rubin–Silverberg),
//   accepted only when f is in GT (order r).
// - serde, 576 bytes (what SnarkPack's Fiat–Shamir transcript hashes: bincode of blstrs' Fp12):
//   the twelve Fp coefficients in tower order (c0.c0.c0, c0.c0.c1, ..., c1.c2.c1), each 48 bytes
//   little-endian canonical.
//
// Values are in blst's convention (curve::blst_convention): a decoded element is what bellperson
// computed, and a value of ours must be converted before it is written.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "curve/pairing.hpp"

namespace cuzk::snarkpack {

inline constexpr size_t kGtCompressedBytes = 288;
inline constexpr size_t kGtSerdeBytes = 576;

// nullopt for the one element with c1 = 0 in GT, the identity (bellperson panics on it; no pairing
// product of random points is the identity).
std::optional<std::array<uint8_t, kGtCompressedBytes>> compress_gt(const curve::Gt& g);

// nullopt when a coefficient is >= p or the decompressed element is not in GT.
std::optional<curve::Gt> decompress_gt(std::span<const uint8_t, kGtCompressedBytes> in);

std::array<uint8_t, kGtSerdeBytes> gt_serde_bytes(const curve::Gt& g);

// f^r == 1 for f != 0: membership in GT for any Fp12 element (not only cyclotomic ones).
bool is_in_gt(const ff::Fp12& f);

}  // namespace cuzk::snarkpack
