// GpuMsmT<C>: multi-scalar multiplication sum_i k_i·P_i on one GPU over the curve C
// (curve::G1Config: GpuMsm; curve::G2Config: GpuMsmG2) — the same group element as the CPU
// msm::msm<C> / msm::msm_density<C> (src/msm), for any input. One implementation for both curves:
// the driver (msm.cu) and the point kernels (msm_runs.cuh, msm_reduce.cuh) are templated on C;
// the scalar-side kernels (prepare, digits, sort) do not depend on the curve.
//
// Inputs. Bases are a device array of AffineStorageOf<C> (G1 96 B, G2 192 B; infinity = (0, 0)):
// the SRS is
// uploaded once and stays resident; calls only read it. Scalars are n × 32 bytes, either canonical
// Fr limbs (ff::Fr::Repr, 4 × u64 LE; a value >= r throws std::invalid_argument like the CPU MSM)
// or Montgomery FrStorage (as the NTT leaves them; converted on the device), in device memory or in
// host memory (uploaded into scratch; pinned memory uploads fastest). The density variant is
// Groth16's filtered query: bit i of `density` (64 bits per word, LE) selects scalar i, and the
// bases are compact — bases[rank(i)], one per set bit below n_scalars.
// Device pointers must be 16-byte aligned (cudaMalloc'd arrays are).
//
// Algorithm (one call; details in msm.cu and the files it names):
//   1. prepare   density ranks; a stable three-way partition of the term indices: scalar 0
//                dropped, scalar 1 to the batch addition, the rest ("tail") to Pippenger
//                (GpuMsmOptions::split_trivial; spec §4.3). One host sync reads the counts.
//   2. ones      grid-wide batch addition of the scalar-1 bases (XYZZ per thread, then block
//                sums, then one block; spec §4.5).
//   3. Pippenger over the tail: its scalars gathered once (canonical, shifted for the digits,
//                as planes of 32-bit words), signed-digit windows (msm/signed_digits.hpp's
//                recoding), per group of windows a CUB radix sort of (bucket, base) entries,
//                load-balanced run sums into XYZZ buckets (any bucket skew), weighted running-sum
//                reduction in segments.
//   4. combine   the windows' sums and the ones' sum come back to the host (W + 1 points), where
//                Horner's rule (c doublings per window) finishes in Jacobian coordinates.
//
// Memory. Scratch buffers are allocated on first use, grow when a larger call needs them and are
// reused (no allocation in steady state); reserve() allocates them up front. Roughly, for n
// scalars and t tail terms: 40 B·n (indices, shifted scalars; the caller may lend the 32 B·t of
// shifted scalars: GpuMsmOptions::shifted_scalars), 16 B per sort entry (up to
// max_sort_entries = 2^27 entries: 2 GiB; twice that in G1 with several sort groups, whose
// digits and sorts overlap the previous group's runs), 192 B per G1 bucket, 384 B per G2 bucket
// (W·2^(c-1): 1.3 GB at c = 20, 4.8 GB at c = 22 in G1; the cap max_bucket_bytes makes G2 pick
// a smaller c), plus partial sums (~2 % of the sort buffers). scratch_bytes() reports the total.
//
// Streams and threads: work is enqueued on the caller's stream, and in G1 on a side stream of the
// object's own ordered against it by events (the next sort group's digits and sort, msm.cu);
// every call returns the result, so it waits for its own work (two host syncs per call, one
// without partition). One GpuMsm serves
// one call at a time — use one object per concurrent stream. For random scalars (the H query)
// pass split_trivial = false: there is nothing to split, and the partition is skipped.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "ff/fr.hpp"
#include "gpu/arith/field_storage.hpp"
#include "gpu/arith/point_storage.hpp"
#include "gpu/msm/msm_plan.hpp"

namespace cuzk::gpu {

template <class C>
struct GpuMsmScratch;  // msm.cu

// What the last call did, for benchmarks and logs. Phase times are filled only when profiling
// is on (set_profiling): events between the phases, so they add up to the GPU time of the call.
struct GpuMsmStats {
  size_t tail_terms = 0;  // terms through Pippenger
  size_t one_terms = 0;   // terms batch-added
  GpuMsmPlan plan;        // valid when tail_terms > 0
  float prepare_ms = 0, ones_ms = 0, digits_ms = 0, sort_ms = 0, runs_ms = 0, reduce_ms = 0;
};

template <class C>
class GpuMsmT {
 public:
  using Point = curve::Jacobian<C>;
  using CpuAffine = curve::Affine<C>;
  using Bases = AffineStorageOf<C>;

  // Binds to CUDA device `device` (calls switch to it and restore the caller's current device).
  explicit GpuMsmT(int device = 0);
  ~GpuMsmT();
  GpuMsmT(GpuMsmT&&) noexcept;
  GpuMsmT& operator=(GpuMsmT&&) noexcept;
  GpuMsmT(const GpuMsmT&) = delete;
  GpuMsmT& operator=(const GpuMsmT&) = delete;

  // sum_{i < n} scalars[i]·d_bases[i].
  Point msm(const Bases* d_bases, size_t n, const ff::Fr::Repr* scalars,
            cudaStream_t stream = nullptr, const GpuMsmOptions& options = {});
  Point msm(const Bases* d_bases, size_t n, const FrStorage* scalars, cudaStream_t stream = nullptr,
            const GpuMsmOptions& options = {});

  // sum over the set bits i < n_scalars of scalars[i]·d_bases[rank(i)]; n_bases must equal the
  // number of those bits (std::invalid_argument otherwise). density: ceil(n_scalars / 64) words,
  // device or host memory.
  Point msm_density(const Bases* d_bases, size_t n_bases, const uint64_t* density,
                    const ff::Fr::Repr* scalars, size_t n_scalars, cudaStream_t stream = nullptr,
                    const GpuMsmOptions& options = {});
  Point msm_density(const Bases* d_bases, size_t n_bases, const uint64_t* density,
                    const FrStorage* scalars, size_t n_scalars, cudaStream_t stream = nullptr,
                    const GpuMsmOptions& options = {});

  // Host-vector conveniences (tests, tools): the bases are converted and uploaded on every call.
  Point msm(std::span<const CpuAffine> bases, std::span<const ff::Fr::Repr> scalars,
            const GpuMsmOptions& options = {});
  Point msm_density(std::span<const CpuAffine> bases, std::span<const uint64_t> density,
                    std::span<const ff::Fr::Repr> scalars, const GpuMsmOptions& options = {});

  // Allocates the scratch for calls of up to n scalars (all of them Pippenger terms).
  void reserve(size_t n, const GpuMsmOptions& options = {});
  size_t scratch_bytes() const;
  // Frees the scratch (grown again by the next call). Only while no call of it is running.
  void release_scratch();

  void set_profiling(bool on) { profiling_ = on; }
  const GpuMsmStats& last_stats() const { return stats_; }
  int device() const { return device_; }
  int sm_count() const { return sm_count_; }

 private:
  struct Request;
  Point run(const Request& request, cudaStream_t stream, const GpuMsmOptions& options);
  GpuMsmPlan plan_for(size_t terms, const GpuMsmOptions& options) const;

  int device_ = 0;
  int sm_count_ = 1;
  unsigned run_threads_per_sm_ = 1;  // occupancy of the bucket-run kernel
  uint32_t batch_blocks_ = 1;        // one wave of the batch addition
  bool profiling_ = false;
  GpuMsmStats stats_;
  std::unique_ptr<GpuMsmScratch<C>> scratch_;
};

// Defined (explicitly instantiated) in msm.cu for these two.
extern template class GpuMsmT<curve::G1Config>;
extern template class GpuMsmT<curve::G2Config>;

using GpuMsm = GpuMsmT<curve::G1Config>;
using GpuMsmG2 = GpuMsmT<curve::G2Config>;

}  // namespace cuzk::gpu
