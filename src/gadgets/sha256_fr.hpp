// Filecoin's SHA-256 over field elements as circuits (filecoin-hashers Sha256Function's
// *_circuit functions, spec §3.3): the gadget form of hash::sha256_domain_hash2 / sha256_node.
//
// Each Fr becomes its 32-byte LE repr as a bit string: to_bits_le (255 bits, 256 constraints,
// non-strict), one constant-false pad bit, then each group of 8 bits reversed
// (reverse_bit_numbering) so the bytes read MSB first as SHA-256 wants. After hashing, each
// digest byte is reversed back to LSB first and the first 254 bits are packed into one
// AllocatedNum (pack_bits, 1 constraint): exactly the vanilla trim of the top two bits of byte 31.
//
// Costs: sha256_hash2 of two Fr 45,379 (2 x 256 + 44,866 + 1; the two constant pad bits save 8
// constraints in the message schedule); sha256_hash_leaf_bits of two 256-bit allocated inputs
// 44,875 on top of the inputs' own 512 booleanity constraints (45,387 in all).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "gadgets/num.hpp"

namespace cuzk::gadgets {

// Pads to a multiple of 8 with constant false, then reverses every byte's bits.
std::vector<Boolean> reverse_bit_numbering(std::vector<Boolean> bits);

// SHA-256 of `bits` in namespace "hash", digest bytes turned LSB first, the first 254 bits
// packed in namespace "pack_le" (hash_circuit).
AllocatedNum sha256_digest_num(ConstraintSystem& cs, std::span<const Boolean> bits);

// trim(SHA-256(repr(leaf_0) || ... )): each leaf decomposed in namespace "i_num_into_bits".
AllocatedNum sha256_hash_multi_leaf(ConstraintSystem& cs, std::span<const AllocatedNum> leaves);
// trim(SHA-256(repr(a) || repr(b))): namespaces "a_bits", "b_bits".
AllocatedNum sha256_hash2(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b);
// trim(SHA-256(left || right)) for bit strings in LE-per-byte order (each padded to whole bytes
// and byte-reversed).
AllocatedNum sha256_hash_leaf_bits(ConstraintSystem& cs, std::span<const Boolean> left,
                                   std::span<const Boolean> right);

// Allocates the bits of `bytes`, LSB first within each byte ("bit i"; storage-proofs-core
// bytes_into_boolean_vec) / MSB first (bytes_into_boolean_vec_be).
std::vector<Boolean> bytes_into_boolean_vec(ConstraintSystem& cs, std::span<const uint8_t> bytes);
std::vector<Boolean> bytes_into_boolean_vec_be(ConstraintSystem& cs,
                                               std::span<const uint8_t> bytes);

}  // namespace cuzk::gadgets
