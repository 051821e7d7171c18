// Bit-reversal: the index map rev_k(i) (the k-bit mirror of i) and the in-place permutation
// a[i] <-> a[rev_k(i)] that turns the bit-reversed output of a DIF transform into natural order.
//
// The permutation is blocked for the cache (Carter-Gatlin "COBRA" style): write i = (x, m, y) with
// x, y the top and bottom q bits; rev(i) = (rev y, rev m, rev x), so the 2^q x 2^q block of the
// middle value m and the block of rev m swap with a transpose. Each block is 2^q contiguous runs
// of 2^q elements, so every cache line loaded is used whole; small arrays use the plain swap loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "ff/fr.hpp"

namespace cuzk::ntt {

// The low `bits` bits of i, mirrored (bits <= 64; bits == 0 gives 0).
constexpr uint64_t bit_reverse_index(uint64_t i, unsigned bits) {
  if (bits == 0) return 0;
  i = ((i >> 1) & 0x5555555555555555ull) | ((i & 0x5555555555555555ull) << 1);
  i = ((i >> 2) & 0x3333333333333333ull) | ((i & 0x3333333333333333ull) << 2);
  i = ((i >> 4) & 0x0f0f0f0f0f0f0f0full) | ((i & 0x0f0f0f0f0f0f0f0full) << 4);
  return __builtin_bswap64(i) >> (64 - bits);
}

// Permutes a (size a power of two, else std::invalid_argument) into bit-reversed order.
// threads: 0 = all cores. An involution: applying it twice restores a.
void bit_reverse_permute(std::span<ff::Fr> a, unsigned threads = 0);

}  // namespace cuzk::ntt
