// Selecting and inserting field elements by index bits (storage-proofs-core
// gadgets/insertion.rs), the Merkle-path building blocks: the running hash is inserted among its
// siblings at the position given by the challenge bits.
//
// * pick(cond, a, b) = cond ? a : b: one variable "pick result" and (b - a) * cond = b - c.
// * select(from, bits): the element at the LE index `bits` out of 2^k, a binary tree of
//   2^k - 1 picks consuming the most significant bit first.
// * insert(element, bits, elements): `elements` with `element` inserted at index `bits`
//   (elements.size() + 1 == 2^bits.size()). Hand-optimised for 2, 4 and 8 outputs — 2, 8 and 22
//   constraints; arity 8 needs the two low bits allocated and not negated — and n * (n - 1)
//   picks (one select per position) otherwise.
#pragma once

#include <span>
#include <vector>

#include "gadgets/num.hpp"

namespace cuzk::gadgets {

AllocatedNum pick(ConstraintSystem& cs, const Boolean& condition, const AllocatedNum& a,
                  const AllocatedNum& b);

// Throws std::invalid_argument unless from.size() == 2^path_bits.size().
AllocatedNum select(ConstraintSystem& cs, std::span<const AllocatedNum> from,
                    std::span<const Boolean> path_bits);

// Throws std::invalid_argument unless elements.size() + 1 == 2^bits.size(), or (arity 8) if
// bits[0] or bits[1] is not an allocated, non-negated bit.
std::vector<AllocatedNum> insert(ConstraintSystem& cs, const AllocatedNum& element,
                                 std::span<const Boolean> bits,
                                 std::span<const AllocatedNum> elements);

}  // namespace cuzk::gadgets
