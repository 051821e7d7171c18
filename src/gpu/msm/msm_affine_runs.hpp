// Batch-affine bucket sums (the first run level of the GPU Pippenger, as an alternative to
// sum_runs of msm_buckets.hpp): one thread runs L consecutive chunks ("lanes") in lockstep, so that
// each step has up to L independent additions acc_l + P_l of affine points, and they share one
// field inversion (Montgomery's trick): an affine addition then costs 5 products and a square plus
// 1/L of an inversion, against XYZZ's 8 products and 2 squares. Written once over the field type F
// (CUZK_HD): the device instantiates it in msm_runs.cuh, the host tests over the emulated fields.
//
// Outputs are exactly sum_runs' for the same chunks (each lane is one chunk of chunk_len entries:
// its buckets, its two partial slots — the same keys, the same points), so the later levels and
// the reduction are shared. Per step and lane: the entry's key is compared with the lane's run; a
// finished run is stored (store_run); then the entry's base P is loaded, and
//   - the lane's accumulator is empty:  acc = P, no addition;
//   - acc.x == P.x (P = ±acc):          P goes into the lane's XYZZ "side" sum instead, which the
//                                       affine formula cannot take; a run's sum is acc + side;
//   - otherwise d = P.x − acc.x joins the step's product (the forward pass), and after one
//     inversion the backward pass gives each lane 1/d and its new acc.
// Bases at infinity are skipped. The lanes' state lives in global memory (AffineLaneState),
// lane-major across the threads of a launch, so that a warp's accesses to one lane are adjacent.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpu/arith/affine.hpp"
#include "gpu/arith/hd.hpp"
#include "gpu/arith/point_storage.hpp"
#include "gpu/arith/xyzz.hpp"
#include "gpu/msm/msm_buckets.hpp"
#include "gpu/msm/msm_digits.hpp"

namespace cuzk::gpu {

// One lane's run: its key (kInvalidKey: none, or a skip run) and flags.
struct AffineLaneRun {
  uint32_t key;
  uint32_t flags;
};

// Flags of AffineLaneRun.
inline constexpr uint32_t kLaneHasAcc = 1;      // acc holds the run's affine sum so far
inline constexpr uint32_t kLaneHasSide = 2;     // side holds a sum too
inline constexpr uint32_t kLanePending = 4;     // an addition acc + pending waits for the inversion
inline constexpr uint32_t kLaneAtBegin = 8;     // the run started at the chunk's first entry

// The lanes' state of one launch: element (lane l, thread t) at l·threads + t.
template <class FS>  // field storage of the coordinates
struct AffineLaneState {
  AffineStorage<FS>* acc;
  AffineStorage<FS>* pending;  // the base being added in this step
  FS* prefix;                  // the product of the step's earlier denominators
  XyzzStorage<FS>* side;
  AffineLaneRun* runs;
  size_t threads;

  // Bytes of one lane.
  static constexpr size_t kLaneBytes = 2 * sizeof(AffineStorage<FS>) + sizeof(FS) +
                                       sizeof(XyzzStorage<FS>) + sizeof(AffineLaneRun);
  // The arrays carved out of `bytes` (threads · lanes · kLaneBytes of 16-byte aligned memory).
  static AffineLaneState carve(void* bytes, size_t threads, unsigned lanes) {
    const size_t n = threads * lanes;
    auto* side = static_cast<XyzzStorage<FS>*>(bytes);
    auto* acc = reinterpret_cast<AffineStorage<FS>*>(side + n);
    auto* pending = acc + n;
    auto* prefix = reinterpret_cast<FS*>(pending + n);
    auto* runs = reinterpret_cast<AffineLaneRun*>(prefix + n);
    return {acc, pending, prefix, side, runs, threads};
  }
};

// Lanes [first_chunk, first_chunk + lanes) ∩ [0, chunks) of one level over `count` sorted entries,
// for thread `thread` of the lane state. load(i) gives entry i's affine base (any order).
template <class F, class Loader>
CUZK_HD void sum_runs_affine(size_t first_chunk, unsigned lanes, uint32_t chunk_len, size_t chunks,
                             size_t count, const uint32_t* keys, Loader&& load,
                             const BucketKeys& codec, const RunOutputs<typename F::Storage>& out,
                             const AffineLaneState<typename F::Storage>& st, size_t thread) {
  using A = Affine<F>;
  using P = Xyzz<F>;
  if (first_chunk >= chunks) return;
  if (first_chunk + lanes > chunks) lanes = unsigned(chunks - first_chunk);
  auto at = [&](unsigned l) { return size_t(l) * st.threads + thread; };
  auto chunk_begin = [&](unsigned l) { return (first_chunk + l) * chunk_len; };
  auto chunk_end = [&](unsigned l) {
    const size_t e = chunk_begin(l) + chunk_len;
    return e < count ? e : count;
  };
  // A finished run of lane l: acc + side into its bucket or partial slot.
  auto flush = [&](unsigned l, const AffineLaneRun& run, bool tail) {
    P sum = (run.flags & kLaneHasAcc) ? P::from_affine(A::load(st.acc[at(l)])) : P::identity();
    if (run.flags & kLaneHasSide) sum += P::load(st.side[at(l)]);
    const size_t begin = chunk_begin(l);
    const bool head = (run.flags & kLaneAtBegin) && begin > 0 && keys[begin - 1] == run.key;
    const size_t chunk = first_chunk + l;
    store_run<F>(sum, run.key, head, tail, out.part_keys + 2 * chunk, out.part_sums + 2 * chunk,
                 codec, out);
  };

  CUZK_ROLLED
  for (unsigned l = 0; l < lanes; ++l) {
    const size_t chunk = first_chunk + l;
    out.part_keys[2 * chunk] = kInvalidKey;
    out.part_keys[2 * chunk + 1] = kInvalidKey;
    st.runs[at(l)] = {kInvalidKey, 0};
  }
  CUZK_ROLLED
  for (uint32_t step = 0; step < chunk_len; ++step) {
    // Forward: start runs, place first points, and chain the denominators.
    F product = F::one();
    bool any = false;
    CUZK_ROLLED
    for (unsigned l = 0; l < lanes; ++l) {
      const size_t i = chunk_begin(l) + step;
      if (i >= chunk_end(l)) continue;
      AffineLaneRun run = st.runs[at(l)];
      const uint32_t key = keys[i];
      if (key != run.key) {
        if (run.key != kInvalidKey) flush(l, run, false);
        run.key = codec.is_skip(key) ? kInvalidKey : key;
        run.flags = step == 0 ? kLaneAtBegin : 0;
      }
      run.flags &= ~kLanePending;
      if (run.key != kInvalidKey) {
        const A p = load(i);
        if (p.is_identity()) {
        } else if (!(run.flags & kLaneHasAcc)) {
          p.store(st.acc[at(l)]);
          run.flags |= kLaneHasAcc;
        } else {
          const F d = p.x - F::load(st.acc[at(l)].x);
          if (d.is_zero()) {  // p = ±acc
            const P side = (run.flags & kLaneHasSide) ? P::load(st.side[at(l)]) : P::identity();
            (side + p).store(st.side[at(l)]);
            run.flags |= kLaneHasSide;
          } else {
            st.prefix[at(l)] = product.store();
            product = product * d;
            p.store(st.pending[at(l)]);
            run.flags |= kLanePending;
            any = true;
          }
        }
      }
      st.runs[at(l)] = run;
    }
    if (!any) continue;
    // One inversion, then backward: 1/d_l = inv · prefix_l, inv ·= d_l.
    F inv = product.inverse();
    CUZK_ROLLED
    for (unsigned l = lanes; l-- > 0;) {
      if (!(st.runs[at(l)].flags & kLanePending)) continue;
      const A p = A::load(st.pending[at(l)]);
      const A acc = A::load(st.acc[at(l)]);
      const F d = p.x - acc.x;
      const F lambda = (p.y - acc.y) * (inv * F::load(st.prefix[at(l)]));
      inv = inv * d;
      const F x3 = lambda.square() - acc.x - p.x;
      const A sum{x3, lambda * (acc.x - x3) - acc.y};
      sum.store(st.acc[at(l)]);
    }
  }
  CUZK_ROLLED
  for (unsigned l = 0; l < lanes; ++l) {
    const AffineLaneRun run = st.runs[at(l)];
    if (run.key == kInvalidKey) continue;
    const size_t end = chunk_end(l);
    flush(l, run, end < count && keys[end] == run.key);
  }
}

}  // namespace cuzk::gpu
