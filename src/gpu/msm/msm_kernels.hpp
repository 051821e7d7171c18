// Host entry points of the GPU MSM kernels, one group per translation unit (kept small: each
// instantiates the 384-bit field arithmetic). The driver, msm.cu, calls them in order on one
// stream; every function enqueues work and returns without waiting. Sizes are element counts
// (< 2^31, checked by the driver); pointers are device pointers.
//
//   msm_prepare.cu  classification (0 / 1 / other) and compaction of the terms, density ranks,
//                   scalars out of Montgomery form
//   msm_sort.cu     signed digits to sort entries, radix sort (CUB)
//   msm_runs.cuh    bucket sums over the sorted runs, and the partial-sum levels
//   msm_reduce.cuh  weighted bucket reduction, block sums, batch addition of the scalar-1 bases
// The last two hold point arithmetic and are templated on the CPU curve configuration (G1 / G2):
// one .cu per curve instantiates them (msm_runs.cu / msm_runs_g2.cu, msm_reduce.cu /
// msm_reduce_g2.cu), so the two curves share one implementation and compile in parallel.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "gpu/arith/point_storage.hpp"
#include "gpu/msm/msm_buckets.hpp"
#include "gpu/msm/msm_digits.hpp"

namespace cuzk::gpu::msm_kernels {

// ---- msm_prepare.cu ----

// Where a term's base is: the scalar index itself, or with a density bitmap the rank of its bit
// (word_rank[w] = set bits in words < w).
struct BaseIndexMap {
  const uint64_t* density;    // null: identity
  const uint32_t* word_rank;  // n_words + 1 entries; the last one is the total
};

// Temporary bytes for density_ranks over n scalar indices.
size_t density_ranks_temp_bytes(size_t n);
// word_rank[w] for w <= ceil(n / 64): popcounts (bits >= n ignored), exclusive prefix sum.
void density_ranks(void* temp, size_t temp_bytes, const uint64_t* density, size_t n,
                   uint32_t* word_rank, cudaStream_t stream);

struct PartitionSpec {
  const ScalarWords* scalars;
  bool montgomery;  // scalars hold FrStorage (Montgomery) rather than canonical limbs
  bool split;       // scalars 0 dropped and 1 sent to `ones`; else every term is a tail term
  const uint64_t* density;  // null: all indices are terms
};
size_t partition_temp_bytes(size_t n);
// Scalar indices i < n of the terms: nontrivial ones to tail[0 .. counts[0]), scalar-1 ones to
// ones[0 .. counts[1]) (both in increasing order); the rest are dropped.
void partition_terms(void* temp, size_t temp_bytes, const PartitionSpec& spec, size_t n,
                     uint32_t* tail, uint32_t* ones, int64_t* counts, cudaStream_t stream);

// For k < t, with x = the canonical form of scalars[idx ? idx[k] : k]: term k of `shifted` =
// x + H (digits.shift); x >= r sets *noncanonical = 1. Where idx is given, idx[k] becomes the base
// index of that scalar index (map).
void gather_shifted(const ScalarWords* scalars, bool montgomery, uint32_t* idx, BaseIndexMap map,
                    size_t t, const DigitCodec& digits, const ShiftedScalars& shifted,
                    uint32_t* noncanonical, cudaStream_t stream);
// idx[k] = base index of scalar index idx[k], for k < m.
void map_base_indices(uint32_t* idx, size_t m, BaseIndexMap map, cudaStream_t stream);

// ---- msm_sort.cu ----

// For k < t and the windows first .. first + gw - 1: keys[gi·t + k], values[gi·t + k] of term k
// (shifted scalar term k of `shifted`, base base_idx ? base_idx[k] : k).
void compute_digits(const ShiftedScalars& shifted, const uint32_t* base_idx, size_t t,
                    const DigitCodec& digits, const BucketKeys& keys_codec, uint32_t first,
                    uint32_t gw, uint32_t* keys, uint32_t* values, cudaStream_t stream);

size_t sort_temp_bytes(size_t entries, int bits);
// Sorts (keys[0], values[0]) by the low `bits` key bits, using [1] as the alternate buffers;
// returns which of the two holds the result.
int sort_entries(void* temp, size_t temp_bytes, uint32_t* keys[2], uint32_t* values[2],
                 size_t entries, int bits, cudaStream_t stream);

// ---- msm_runs.cuh (instantiated per curve: msm_runs.cu G1, msm_runs_g2.cu G2) ----

// The bucket-run kernels of curve C (curve::G1Config or curve::G2Config).
template <class C>
struct RunKernels {
  using Bases = AffineStorageOf<C>;
  using Sums = XyzzStorageOf<C>;
  using Outputs = RunOutputs<FieldStorageOf<C>>;

  // Resident threads per SM of the first-level kernel (its occupancy on the current device).
  static unsigned base_runs_threads_per_sm();
  // First level over `count` sorted entries: chunks = ceil(count / chunk_len), 2 slots each.
  static void sum_base_runs(const uint32_t* keys, const uint32_t* values, size_t count,
                            uint32_t chunk_len, const Bases* bases, const BucketKeys& codec,
                            const Outputs& out, cudaStream_t stream);
  // A later level over `count` partial slots.
  static void sum_partial_runs(const uint32_t* keys, const Sums* sums, size_t count,
                               uint32_t chunk_len, const BucketKeys& codec, const Outputs& out,
                               cudaStream_t stream);
};

// ---- msm_reduce.cuh (instantiated per curve: msm_reduce.cu G1, msm_reduce_g2.cu G2) ----

// Threads of a batch_add block (and so its per-thread sums per block).
inline constexpr uint32_t kBatchAddThreads = 128;

template <class C>
struct ReduceKernels {
  using Bases = AffineStorageOf<C>;
  using Sums = XyzzStorageOf<C>;

  // out[w·S + s] = weighted sum of segment s of window w (S = buckets_per_window / segment_len).
  static void reduce_segments(const Sums* buckets, uint32_t windows, uint32_t buckets_per_window,
                              uint32_t segment_len, Sums* out, cudaStream_t stream);
  // out[g] = sum of in[g·per_group .. (g+1)·per_group), for g < groups (one block each).
  static void sum_groups(const Sums* in, uint32_t groups, size_t per_group, Sums* out,
                         cudaStream_t stream);
  // Blocks of batch_add (kBatchAddThreads threads each): one full wave on the current device.
  static uint32_t batch_add_blocks(int sm_count);
  // thread_sums[j] = sum of bases[idx[k]] over k < m, k = j mod (blocks · kBatchAddThreads).
  static void batch_add(const Bases* bases, const uint32_t* idx, size_t m, uint32_t blocks,
                        Sums* thread_sums, cudaStream_t stream);
};

}  // namespace cuzk::gpu::msm_kernels
