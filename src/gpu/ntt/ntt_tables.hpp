// Host-side construction of the constant tables the GPU transform reads (ntt_pass.hpp), from the
// CPU field (src/ff) — the one source of the roots of unity and the coset generator, the same
// values src/ntt's Domain derives: w_{2^k} = (2^32-th root of unity)^(2^(32-k)), g = 7.
//
// All tables are plain arrays of FrStorage (the CPU Montgomery bytes), built once per size and
// uploaded by GpuNtt (ntt.hpp), or used in place by the host emulation in the tests:
//   inner twiddles   w_{2^(t+1)}^(+-j) at [2^t + j], t < kMaxPassLog: 1024 entries per direction
//                    (32 KiB), shared by every size because w_{2^(t+1)} does not depend on n.
//   pass twiddles    w_{2^hi}^e for e < 2^hi, one table per pass top bit hi (again independent of
//                    n): whole up to 2^kFullTwiddleMaxLog entries, else split into a low table
//                    (2^ceil(hi/2)) and a high table (2^floor(hi/2)). 8 MiB for hi = 18.
//   scalings         c * s^k for k < n as hi[k >> b] * lo[k & (2^b - 1)], b = ceil(log_n / 2):
//                    512 KiB each at 2^27, one per (c, s) that the transforms use; or whole,
//                    lo[k] = c * s^k (4 GiB at 2^27: one product per element instead of two).
// Building is multi-threaded (each chunk seeded by an exponentiation, so the values do not depend
// on the thread count): a table of 2^k entries costs 2^k CPU multiplications.
#pragma once

#include <cstddef>
#include <vector>

#include "ff/fr.hpp"
#include "gpu/arith/field_storage.hpp"
#include "gpu/ntt/ntt_pass.hpp"
#include "util/parallel.hpp"

namespace cuzk::gpu::ntt_detail {

using ff::Fr;

// The primitive 2^log_order-th root of unity of the chain every transform uses.
inline Fr root_of_unity(unsigned log_order) {
  Fr w = ff::fr_root_of_unity();
  for (unsigned i = log_order; i < ff::kFrTwoAdicity; ++i) w = w.square();
  return w;
}

// out[j] = first * base^j for j < count.
inline std::vector<FrStorage> power_table(const Fr& first, const Fr& base, size_t count) {
  std::vector<FrStorage> out(count);
  constexpr size_t kChunk = size_t(1) << 14;
  const size_t chunks = (count + kChunk - 1) / kChunk;
  parallel_chunks(count, chunks, 0, [&](size_t, size_t begin, size_t end) {
    Fr x = first * base.pow(uint64_t(begin));
    for (size_t j = begin; j < end; ++j) {
      out[j] = to_storage(x);
      x *= base;
    }
  });
  return out;
}

// [2^t + j] = w_{2^(t+1)}^(+-j); entry 0 (unused) is one.
inline std::vector<FrStorage> inner_twiddle_table(bool inverse) {
  std::vector<FrStorage> out(size_t(1) << kMaxPassLog);
  out[0] = to_storage(Fr::one());
  for (unsigned t = 0; t < kMaxPassLog; ++t) {
    Fr w = root_of_unity(t + 1);
    if (inverse) w = w.inverse();
    Fr x = Fr::one();
    for (size_t j = 0; j < (size_t(1) << t); ++j) {
      out[(size_t(1) << t) + j] = to_storage(x);
      x *= w;
    }
  }
  return out;
}

struct SplitTable {
  std::vector<FrStorage> lo;  // whole table when hi is empty
  std::vector<FrStorage> hi;
  unsigned lo_bits = 0;
};

// w_{2^hi}^e for e < 2^hi: whole up to 2^full_max_log entries, else split (file comment).
inline SplitTable pass_twiddle_table(unsigned hi, unsigned full_max_log = kFullTwiddleMaxLog) {
  const Fr w = root_of_unity(hi);
  SplitTable t;
  if (hi <= full_max_log) {
    t.lo = power_table(Fr::one(), w, size_t(1) << hi);
    t.lo_bits = hi;
    return t;
  }
  t.lo_bits = (hi + 1) / 2;
  t.lo = power_table(Fr::one(), w, size_t(1) << t.lo_bits);
  t.hi = power_table(Fr::one(), w.pow(uint64_t(1) << t.lo_bits), size_t(1) << (hi - t.lo_bits));
  return t;
}

// c * s^k for k < 2^log_n: whole (lo[k], hi empty), or split at b = ceil(log_n / 2):
// hi[x] = c * s^(x 2^b), lo[y] = s^y.
inline SplitTable scale_table(unsigned log_n, const Fr& c, const Fr& s, bool whole = false) {
  SplitTable t;
  if (whole) {
    t.lo = power_table(c, s, size_t(1) << log_n);
    t.lo_bits = log_n;
    return t;
  }
  t.lo_bits = (log_n + 1) / 2;
  t.lo = power_table(Fr::one(), s, size_t(1) << t.lo_bits);
  t.hi = power_table(c, s.pow(uint64_t(1) << t.lo_bits), size_t(1) << (log_n - t.lo_bits));
  return t;
}

}  // namespace cuzk::gpu::ntt_detail
