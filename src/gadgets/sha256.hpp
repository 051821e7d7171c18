// SHA-256 as a circuit (bellperson gadgets/sha256.rs, the Sapling design), constraint for
// constraint: the message schedule, then 64 rounds whose e and a additions are deferred and
// materialised by one addmany when next used, then the chaining additions — all equalities
// batched by one MultiEq per compression.
//
// Bits are Booleans in the standard SHA-256 bit order: message bytes in order, each MSB first;
// the digest is the 8 state words, each MSB first. Constant input bits fold away, so a block of
// constants costs nothing and the constant padding block of a 64-byte message costs 19,034.
// Costs [bellperson tests]: one compression of 512 allocated bits with the constant IV 25,840
// constraints; SHA-256 of a 64-byte allocated message (data + padding block) 44,874.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "gadgets/uint32.hpp"

namespace cuzk::gadgets {

using Sha256Words = std::array<UInt32, 8>;

// The FIPS 180-4 initial hash value as constant words.
Sha256Words sha256_iv_words();

// One compression of a 512-bit block into `state`. Throws std::invalid_argument unless
// block.size() == 512.
Sha256Words sha256_compression_function(ConstraintSystem& cs, std::span<const Boolean> block,
                                        const Sha256Words& state);

// The compression of one block from the IV, no padding: 256 digest bits.
std::vector<Boolean> sha256_block_no_padding(ConstraintSystem& cs, std::span<const Boolean> block);

// SHA-256 of a message of whole bytes (input.size() % 8 == 0, else std::invalid_argument), with
// FIPS padding by constant bits; block i is synthesised in namespace "block i". 256 digest bits.
std::vector<Boolean> sha256(ConstraintSystem& cs, std::span<const Boolean> input);

}  // namespace cuzk::gadgets
