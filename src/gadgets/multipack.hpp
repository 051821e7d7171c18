// Packing bits into field elements (bellperson gadgets/multipack.rs): LSB first, at most
// CAPACITY = 254 bits per element, so any bit string packs without wrapping mod r.
//
// * pack_into_inputs: one public input per 254-bit chunk, each with one constraint
//   (sum 2^i bit_i) * 1 = input. The verifier computes the same inputs natively with
//   compute_multipacking.
// * pack_bits: the first 254 bits as one private AllocatedNum ("input"), one constraint. This is
//   how Filecoin turns a SHA-256 digest into a field element.
// Constant-true bits add a ONE term, constant-false bits nothing (Boolean::lc).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "gadgets/num.hpp"

namespace cuzk::gadgets {

inline constexpr size_t kFrCapacity = Fr::kBits - 1;  // 254

void pack_into_inputs(ConstraintSystem& cs, std::span<const Boolean> bits);
AllocatedNum pack_bits(ConstraintSystem& cs, std::span<const Boolean> bits);

// The public inputs pack_into_inputs creates for these bit values.
std::vector<Fr> compute_multipacking(const std::vector<bool>& bits);

// Bits of a byte string, MSB first within each byte (the SHA-256 message order).
std::vector<bool> bytes_to_bits(std::span<const uint8_t> bytes);
// Bits of a byte string, LSB first within each byte (the LE order of an Fr repr).
std::vector<bool> bytes_to_bits_le(std::span<const uint8_t> bytes);

}  // namespace cuzk::gadgets
