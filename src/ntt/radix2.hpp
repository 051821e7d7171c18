// Radix-2 butterflies and the one loop nest every pass of the transform runs: one stage over a
// contiguous tile in cache. Internal to src/ntt (namespace detail); transform.cpp builds passes
// from it.
//
// Two flows, both with the same twiddle per butterfly (stage s pairs indices i and i + 2^s, twiddle
// w = omega^(j * n / 2^(s+1)) with j = i mod 2^s):
//   DIF (Gentleman-Sande, natural in, bit-reversed out):  (u, v) <- (u + v, (u - v) w)
//   DIT (Cooley-Tukey, bit-reversed in, natural out):     (u, v) <- (u + v w, u - v w)
// Cost per butterfly: one multiplication, one addition, one subtraction; none when w = 1, which
// the in-cache row pass exploits (the first butterfly of every block: 2/log2(n) of all of them).
//
// "Mirrored" twiddles let the inverse transform reuse the forward table: omega^-e = omega^(n - e)
// = -omega^(n/2 - e), so reading table[n/2 - e] and swapping the roles of + and - in the butterfly
// gives the inverse twiddle at no extra cost (the table holds n/2 + 1 entries so e = 0 works).
#pragma once

#include <cstddef>

#include "ff/fr.hpp"

namespace cuzk::ntt::detail {

using ff::Fr;

enum class Flow { kDif, kDit };

// The twiddles of one stage inside a tile: for row offset r (within the butterfly block) and
// column c, w(r, c) = base[r * row_step + c * col_step], negated when the table is read mirrored.
// unit_row0: the twiddles of row offset 0 are exactly 1, so those butterflies skip the product.
// prefetch: the table is large and strided (column passes), so fetch it ahead (see below).
struct StageTwiddles {
  const Fr* base;
  ptrdiff_t row_step;
  ptrdiff_t col_step;
  bool unit_row0 = false;
  bool prefetch = false;
};

// Either flow with w = 1: (u, v) <- (u + v, u - v).
inline void butterfly_unit(Fr& u, Fr& v) {
  Fr t = u - v;
  u += v;
  v = t;
}

template <Flow F, bool kMirrored>
inline void butterfly(Fr& u, Fr& v, const Fr& w) {
  if constexpr (F == Flow::kDif) {
    Fr t = kMirrored ? v - u : u - v;  // (u - v) * (-w) = (v - u) * w
    u += v;
    v = t * w;
  } else {
    Fr t = v * w;
    if constexpr (kMirrored) {  // u + v * (-w) = u - t
      v = u + t;
      u -= t;
    } else {
      v = u - t;
      u += t;
    }
  }
}

// Column passes read the big twiddle table with large strides (each twiddle of the widest stage is
// used once), which no hardware prefetcher follows; fetching the twiddles a few rows ahead hides
// that latency behind the butterflies.
inline constexpr size_t kTwiddlePrefetchRows = 8;

inline void prefetch_twiddles(const Fr* w, const StageTwiddles& tw, size_t width) {
  const Fr* ahead = w + ptrdiff_t(kTwiddlePrefetchRows) * tw.row_step;
  const size_t step = tw.col_step == 1 || tw.col_step == -1 ? 2 : 1;  // two Fr per 64-byte line
  for (size_t c = 0; c < width; c += step) __builtin_prefetch(ahead + ptrdiff_t(c) * tw.col_step);
}

// One radix-2 stage over a tile of `rows` x `width` elements stored row-major and contiguous:
// row r is paired with row r + half for every r whose `half` bit is clear.
template <Flow F, bool kMirrored>
void tile_stage(Fr* tile, size_t rows, size_t width, size_t half, const StageTwiddles& tw) {
  for (size_t block = 0; block < rows; block += 2 * half) {
    size_t r = 0;
    if (tw.unit_row0) {
      Fr* u = tile + block * width;
      Fr* v = u + half * width;
      for (size_t c = 0; c < width; ++c) butterfly_unit(u[c], v[c]);
      r = 1;
    }
    for (; r < half; ++r) {
      Fr* u = tile + (block + r) * width;
      Fr* v = u + half * width;
      const Fr* w = tw.base + ptrdiff_t(r) * tw.row_step;
      if (tw.prefetch && r + kTwiddlePrefetchRows < half) prefetch_twiddles(w, tw, width);
      for (size_t c = 0; c < width; ++c) {
        butterfly<F, kMirrored>(u[c], v[c], w[ptrdiff_t(c) * tw.col_step]);
      }
    }
  }
}

}  // namespace cuzk::ntt::detail
