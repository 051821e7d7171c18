// The per-thread bodies of the GPU Pippenger's bucket kernels (msm_runs.cu, msm_reduce.cu),
// written once over the field type F (CUZK_HD): the device instantiates them with FpDevice (G1) and
// Fp2Device (G2), the host tests with the emulated GPU fields — the same code, checked without a
// GPU. Points sit in memory as AffineStorage / XyzzStorage over F::Storage.
//
// Runs (sum_runs). The entries of a sort group are sorted by key, so each bucket's terms form one
// run. Thread `chunk` owns the entries [chunk·L, chunk·L + L) and sums every run it sees into an
// XYZZ accumulator (mixed additions of affine bases at the first level, full additions of partial
// sums later). A run that does not touch the chunk's edges — or touches an edge where the key
// changes — is the whole bucket: it is stored into the bucket array. A run that continues past an
// edge goes to one of the chunk's two partial slots: slot 2·chunk ("head", continued from the left)
// or 2·chunk + 1 ("tail", continued to the right; a run that fills the chunk and continues on both
// sides goes there too, and the head slot gets the same key with the identity, so that the
// bucket's slots stay adjacent). Unused slots get kInvalidKey. Hence in the slot array every key's
// slots are contiguous and never interleaved with invalid ones, which is exactly the input shape of
// the next level; each level divides the entries by L/2, the last one has a single chunk, and
// every bucket is stored exactly once, by the level where its run first fits one chunk. Work per
// thread is bounded by L whatever the distribution of keys (one giant bucket included).
//
// Reduction (weighted_segment_sum). A window's sum is sum_b (b+1)·B_b. Thread `seg` takes the
// buckets [seg·L, seg·L + L), runs the classic running sum from the top (running += B_i, total +=
// running gives sum_i (i+1)·B_{seg·L+i}) and adds (seg·L)·running by double-and-add; the window's
// segment results are then summed.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpu/arith/affine.hpp"
#include "gpu/arith/hd.hpp"
#include "gpu/arith/point_storage.hpp"
#include "gpu/arith/xyzz.hpp"
#include "gpu/msm/msm_digits.hpp"

namespace cuzk::gpu {

// The point of an entry's value (encode_value: base index | sign << 31) from its loaded base:
// negated when the sign bit is set.
template <class F>
CUZK_HD Affine<F> signed_base(const AffineStorage<typename F::Storage>& base, uint32_t value) {
  Affine<F> p = Affine<F>::load(base);
  if (value & kSignBit) p.y = -p.y;  // -(0, 0) = (0, 0)
  return p;
}

// First level: entry i is the (possibly negated) affine base of sorted value i.
template <class F>
struct SortedBaseLoader {
  const uint32_t* values;
  const AffineStorage<typename F::Storage>* bases;
  CUZK_HD Affine<F> operator()(size_t i) const {
    const uint32_t v = values[i];
    return signed_base<F>(bases[v & ~kSignBit], v);
  }
};

// Later levels: entry i is a partial XYZZ sum.
template <class F>
struct PartialSumLoader {
  const XyzzStorage<typename F::Storage>* sums;
  CUZK_HD Xyzz<F> operator()(size_t i) const { return Xyzz<F>::load(sums[i]); }
};

template <class FS>  // field storage of the coordinates
struct RunOutputs {
  XyzzStorage<FS>* buckets;  // the group's buckets, window-major (BucketKeys::bucket_index)
  uint32_t* part_keys;       // 2 slots per chunk
  XyzzStorage<FS>* part_sums;
};

// One chunk of one level (see the top of the file). keys/load cover `count` entries; load is
// called in entry order (a loader may keep state between calls: prefetching_loader.cuh).
template <class F, class Loader>
CUZK_HD void sum_runs(size_t chunk, uint32_t chunk_len, size_t count, const uint32_t* keys,
                      Loader&& load, const BucketKeys& codec,
                      const RunOutputs<typename F::Storage>& out) {
  using P = Xyzz<F>;
  const size_t begin = chunk * chunk_len;
  const size_t end = begin + chunk_len < count ? begin + chunk_len : count;
  uint32_t* slot_keys = out.part_keys + 2 * chunk;
  XyzzStorage<typename F::Storage>* slot_sums = out.part_sums + 2 * chunk;
  slot_keys[0] = kInvalidKey;
  slot_keys[1] = kInvalidKey;
  if (begin >= end) return;

  auto flush = [&](uint32_t key, const P& acc, size_t s, size_t e) {
    const bool head = s == begin && s > 0 && keys[s - 1] == key;
    const bool tail = e == end && e < count && keys[e] == key;
    if (tail) {
      slot_keys[1] = key;
      acc.store(slot_sums[1]);
      if (head) {
        slot_keys[0] = key;
        P::identity().store(slot_sums[0]);
      }
    } else if (head) {
      slot_keys[0] = key;
      acc.store(slot_sums[0]);
    } else {
      acc.store(out.buckets[codec.bucket_index(key)]);
    }
  };

  // Each entry is loaded just before its addition. Loading entry i+1 a step ahead into registers
  // (a software pipeline) held one more point there and made the G1 bucket kernel 4 % slower on an
  // H200 (2^27 random: 708 against 680 ms; docs/perf/gpu.md); the device's G1 loader prefetches
  // into shared memory instead (prefetching_loader.cuh: 707 -> 679 ms).
  uint32_t run_key = kInvalidKey;
  size_t run_begin = begin;
  P acc = P::identity();
  for (size_t i = begin; i < end; ++i) {
    const uint32_t key = keys[i];
    if (key != run_key) {
      if (run_key != kInvalidKey) flush(run_key, acc, run_begin, i);
      run_key = codec.is_skip(key) ? kInvalidKey : key;
      run_begin = i;
      acc = P::identity();
    }
    if (run_key != kInvalidKey) acc += load(i);
  }
  if (run_key != kInvalidKey) flush(run_key, acc, run_begin, end);
}

// sum_{i < len} (seg·len + i + 1)·B_{seg·len + i} for one segment of a window's buckets.
template <class F>
CUZK_HD Xyzz<F> weighted_segment_sum(const XyzzStorage<typename F::Storage>* window_buckets,
                                     uint32_t seg, uint32_t len) {
  using P = Xyzz<F>;
  const XyzzStorage<typename F::Storage>* b = window_buckets + size_t(seg) * len;
  P running = P::identity(), total = P::identity();
  CUZK_ROLLED
  for (uint32_t i = len; i-- > 0;) {
    running = reduction_add(running, P::load(b[i]));
    total = reduction_add(total, running);
  }
  // total + m·running, the bits of m from the bottom: the running sum is doubled in place and added
  // into total, so two points are live, not three (running, total and a product).
  CUZK_ROLLED
  for (uint32_t m = seg * len; m != 0; m >>= 1) {  // m < 2^(c-1) <= 2^23
    if (m & 1) total = reduction_add(total, running);
    if (m > 1) running = reduction_dbl(running);
  }
  return total;
}

}  // namespace cuzk::gpu
