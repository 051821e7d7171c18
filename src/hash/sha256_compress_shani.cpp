// SHA-256 compression with the x86 SHA extensions (SHA-NI), plus the cpuid probe that allows it.
//
// Only the functions below carry __attribute__((target("sha,sse4.1"))), so the rest of the
// binary stays baseline x86-64. Design (Intel's SHA extensions paper, 2013):
//  * sha256rnds2 runs two rounds on the state split as ABEF / CDGH register pairs, so the
//    chaining value is shuffled into that layout once per call, not per block;
//  * each 4-word quarter of the schedule W[t..t+3] comes from the previous four quarters:
//    msg1 adds sigma0 of W[t-15..t-12] to W[t-16..t-13], the alignr word window adds
//    W[t-7..t-4], and msg2 finishes with sigma1 of W[t-2], W[t-1];
//  * 16 quad-rounds, each: W + K, two rnds2 (low then high half of the sum).
#include "hash/sha256_backends.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

namespace cuzk::hash::sha256_detail {

bool cpu_has_shani() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
  const bool ssse3 = ecx & (1u << 9), sse41 = ecx & (1u << 19);
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
  const bool sha = ebx & (1u << 29);
  return ssse3 && sse41 && sha;
}

__attribute__((target("sha,sse4.1"))) void compress_shani(Sha256State& state, const uint8_t* blocks,
                                                          size_t block_count) {
  // Big-endian message words: reverse the bytes of each 32-bit lane.
  const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

  // state {a,b,c,d}, {e,f,g,h} -> abef = {f,e,b,a}, cdgh = {h,g,d,c} (lane 0 first).
  __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[0]));
  __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[4]));
  __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

  for (size_t blk = 0; blk < block_count; ++blk) {
    const uint8_t* block = blocks + blk * kSha256BlockBytes;
    const __m128i abef_in = abef, cdgh_in = cdgh;
    __m128i w[4];  // ring of schedule quarters: w[q % 4] holds W[4q .. 4q+3]
#pragma GCC unroll 16
    for (int q = 0; q < 16; ++q) {
      if (q < 4) {
        __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * q));
        w[q] = _mm_shuffle_epi8(raw, byte_swap);
      } else {
        __m128i partial = _mm_sha256msg1_epu32(w[q % 4], w[(q + 1) % 4]);
        partial = _mm_add_epi32(partial, _mm_alignr_epi8(w[(q + 3) % 4], w[(q + 2) % 4], 4));
        w[q % 4] = _mm_sha256msg2_epu32(partial, w[(q + 3) % 4]);
      }
      const __m128i k =
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(&kSha256RoundConstants[4 * q]));
      __m128i wk = _mm_add_epi32(w[q % 4], k);
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);  // rounds 4q, 4q+1
      wk = _mm_shuffle_epi32(wk, 0x0E);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);  // rounds 4q+2, 4q+3
    }
    abef = _mm_add_epi32(abef, abef_in);
    cdgh = _mm_add_epi32(cdgh, cdgh_in);
  }

  // Back to {a,b,c,d}, {e,f,g,h}.
  __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  dcba = _mm_blend_epi16(feba, dchg, 0xF0);
  hgfe = _mm_alignr_epi8(dchg, feba, 8);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[0]), dcba);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[4]), hgfe);
}

}  // namespace cuzk::hash::sha256_detail

#else  // not x86

namespace cuzk::hash::sha256_detail {
bool cpu_has_shani() {
  return false;
}
void compress_shani(Sha256State& state, const uint8_t* blocks, size_t block_count) {
  compress_portable(state, blocks, block_count);
}
}  // namespace cuzk::hash::sha256_detail

#endif
