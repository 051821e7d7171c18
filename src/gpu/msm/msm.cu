// The GPU MSM driver (msm.hpp), templated on the curve and instantiated for G1 and G2 at the end:
// validates a call, sizes and grows the scratch buffers, enqueues the
// kernels of msm_kernels.hpp on the caller's stream in the order of msm.hpp's algorithm, and
// finishes the windows on the host. Host code only; the kernels live in msm_{prepare,sort}.cu and
// msm_{runs,reduce}.cuh (instantiated per curve).
//
// Phases: prepare_terms (uploads, partition, counts), sum_ones, pippenger (per sort group
// sort_group then sum_group_runs, in G1 overlapped on two streams; then the reduction), combine
// (host).
// Sync points: after the partition (the tail and ones counts size everything that follows) and at
// the end (W + 1 window/ones sums and the non-canonical flag). Scratch grows only where no queued
// work uses the buffer: before a call's first launch, and after the counts sync (without a
// partition there is no sync, but then only the uploaded scalars and the flag are in flight, and
// phase 3 never reallocates those).
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "gpu/msm/msm.hpp"
#include "gpu/msm/msm_kernels.hpp"
#include "gpu/msm/msm_phase_timer.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/device_guard.hpp"
#include "gpu/util/enqueue_window.hpp"

namespace cuzk::gpu {
namespace {

namespace k = msm_kernels;

bool is_device_pointer(const void* p) {
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return attr.type == cudaMemoryTypeDevice || attr.type == cudaMemoryTypeManaged;
}

// The buffer, grown to at least n elements (contents not kept). Only while the stream is idle.
template <class T>
T* ensure(DeviceBuffer<T>& b, size_t n) {
  if (b.size() < n) {
    b = DeviceBuffer<T>();  // free first: peak memory is the new size, not the sum
    b = DeviceBuffer<T>(n);
  }
  return b.data();
}

size_t ceil_div(size_t a, size_t b) {
  return (a + b - 1) / b;
}

// CUB treats a null temporary pointer as a size query: never hand it an empty buffer.
constexpr size_t kMinTempBytes = 256;

// Partial-sum slots of the run levels for one sort group: level 1 writes 2·C1, level 2 2·C2, and
// the levels alternate between two buffers (level 3 writes at most 2·C1 again).
struct PartialSlots {
  size_t first = 0, second = 0;
};
PartialSlots partial_slots(const GpuMsmPlan& plan) {
  const size_t c1 = plan.chunks(plan.group_entries());
  const size_t c2 = c1 > 1 ? ceil_div(2 * c1, plan.level_chunk_len) : 0;
  return {2 * c1, 2 * c2};
}

// Radix-sort temporary bytes: the largest over the group shapes (the last group may be smaller).
size_t sort_temp_bytes(const GpuMsmPlan& plan) {
  size_t bytes = 0;
  for (unsigned g = 0; g < plan.groups(); ++g) {
    const unsigned gw = std::min(plan.group_windows, plan.windows - g * plan.group_windows);
    bytes = std::max(bytes, k::sort_temp_bytes(size_t(gw) * plan.terms, int(plan.key_bits(gw))));
  }
  return bytes;
}

using msm_detail::Phase;
using msm_detail::PhaseTimer;

}  // namespace

// Whether pippenger() overlaps a sort group's digits and sort with the previous group's runs (on
// two streams). G1 only: on an H200 the overlap took a 2^27 G1 MSM 762 -> 749 ms, but a 32 GiB-
// shaped partition's B_G2 MSM 361 -> 367 ms (its bucket kernel is longer and holds fewer
// threads, so the side stream's blocks delay it more than they fill its tails).
template <class C>
inline constexpr bool kOverlapGroups = std::is_same_v<C, curve::G1Config>;
template <class C>
bool overlaps_groups(const GpuMsmOptions& options) {
  return kOverlapGroups<C> && options.overlap_groups;
}

// All device scratch of one GpuMsmT (msm.hpp's memory paragraph), grown by ensure() only.
template <class C>
struct GpuMsmScratch {
  using Bases = AffineStorageOf<C>;
  using Sums = XyzzStorageOf<C>;
  DeviceBuffer<ScalarWords> scalars_in;  // host scalars, uploaded
  DeviceBuffer<uint64_t> density_in;     // host density, uploaded
  DeviceBuffer<Bases> bases_in;          // host-vector API only
  DeviceBuffer<uint32_t> word_rank, tail, ones, flags;
  DeviceBuffer<int64_t> counts;
  DeviceBuffer<uint32_t> shifted;  // ShiftedScalars of the tail terms: 8 words per term
  // Sort entries, two sets: while one group's runs read a set, the next group's digits and sort
  // fill the other (OverlapStreams). Each set is a CUB double buffer.
  struct SortBuffers {
    DeviceBuffer<uint32_t> keys[2], values[2];
    size_t bytes() const {
      return keys[0].size_bytes() + keys[1].size_bytes() + values[0].size_bytes() +
             values[1].size_bytes();
    }
  };
  SortBuffers sorts[2];
  DeviceBuffer<uint8_t> temp;  // CUB
  DeviceBuffer<Sums> buckets, segments, thread_sums, block_sums, results;
  DeviceBuffer<uint32_t> part_keys[2];
  DeviceBuffer<Sums> part_sums[2];
  PhaseTimer timer;

  // The side stream of overlapped groups and the events that order it against the caller's
  // stream; created on first use, on the MSM's device, with the caller's stream's priority (a
  // deadline lane's sorts must not run at the default priority), again if that changes.
  struct OverlapStreams {
    explicit OverlapStreams(int priority) : priority(priority), side(priority) {}
    int priority;
    Stream side;
    Event gathered{cudaEventDisableTiming};
    Event sorted[2] = {Event(cudaEventDisableTiming), Event(cudaEventDisableTiming)};
    Event consumed[2] = {Event(cudaEventDisableTiming), Event(cudaEventDisableTiming)};
  };
  std::unique_ptr<OverlapStreams> overlap;
  OverlapStreams& overlap_for(cudaStream_t stream) {
    int priority = 0;
    CUZK_CUDA_CHECK(cudaStreamGetPriority(stream, &priority));
    if (!overlap || overlap->priority != priority) {
      overlap = std::make_unique<OverlapStreams>(priority);
    }
    return *overlap;
  }

  size_t bytes() const {
    size_t b = scalars_in.size_bytes() + density_in.size_bytes() + bases_in.size_bytes() +
               word_rank.size_bytes() + tail.size_bytes() + ones.size_bytes() + flags.size_bytes() +
               counts.size_bytes() + shifted.size_bytes() + temp.size_bytes() +
               buckets.size_bytes() + segments.size_bytes() + thread_sums.size_bytes() +
               block_sums.size_bytes() + results.size_bytes();
    for (int i = 0; i < 2; ++i) {
      b += sorts[i].bytes() + part_keys[i].size_bytes() + part_sums[i].size_bytes();
    }
    return b;
  }

  // Pippenger buffers for a plan: two sort buffer sets when its groups overlap.
  void ensure_pippenger(const GpuMsmPlan& plan, bool overlap) {
    const unsigned sets = overlap ? std::min(plan.groups(), 2u) : 1u;
    for (unsigned set = 0; set < sets; ++set) {
      for (int i = 0; i < 2; ++i) {
        ensure(sorts[set].keys[i], plan.group_entries());
        ensure(sorts[set].values[i], plan.group_entries());
      }
    }
    ensure(temp, std::max(sort_temp_bytes(plan), kMinTempBytes));
    ensure(buckets, plan.bucket_count());
    const PartialSlots slots = partial_slots(plan);
    ensure(part_keys[0], slots.first);
    ensure(part_sums[0], slots.first);
    ensure(part_keys[1], slots.second);
    ensure(part_sums[1], slots.second);
    ensure(segments, size_t(plan.windows) * plan.segments_per_window());
  }
  void ensure_ones(uint32_t blocks) {
    ensure(thread_sums, size_t(blocks) * k::kBatchAddThreads);
    ensure(block_sums, blocks);
  }
};

namespace {

// One call's inputs, on the device once prepare_terms has uploaded what was on the host.
template <class C>
struct Inputs {
  const AffineStorageOf<C>* bases;
  size_t n_bases;
  const ScalarWords* scalars;
  bool montgomery;
  size_t n;                 // scalars
  const uint64_t* density;  // null: plain MSM
  bool split;
};

struct Terms {
  size_t tail = 0, ones = 0;
  bool partitioned = false;  // tail/ones lists exist (else: every index is a tail term)
  k::BaseIndexMap map{nullptr, nullptr};
};

// Phase 1: uploads, density ranks, the 0/1/other partition, and the counts (host sync).
template <class C>
Terms prepare_terms(GpuMsmScratch<C>& s, Inputs<C>& in, cudaStream_t stream) {
  const size_t words = ceil_div(in.n, 64);
  const bool host_scalars = !is_device_pointer(in.scalars);
  const bool host_density = in.density != nullptr && !is_device_pointer(in.density);
  Terms terms;
  terms.partitioned = in.split || in.density != nullptr;
  if (host_scalars) ensure(s.scalars_in, in.n);
  if (host_density) ensure(s.density_in, words);
  if (in.density != nullptr) ensure(s.word_rank, words + 1);
  if (terms.partitioned) {
    ensure(s.tail, in.n);
    ensure(s.ones, in.n);
    ensure(s.counts, 2);
  }
  ensure(s.flags, 1);
  size_t temp = 0;
  if (in.density != nullptr) temp = k::density_ranks_temp_bytes(in.n);
  if (terms.partitioned) temp = std::max(temp, k::partition_temp_bytes(in.n));
  if (temp > 0) ensure(s.temp, std::max(temp, kMinTempBytes));

  if (host_scalars) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(s.scalars_in.data(), in.scalars, in.n * sizeof(ScalarWords),
                                    cudaMemcpyHostToDevice, stream));
    in.scalars = s.scalars_in.data();
  }
  if (host_density) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(s.density_in.data(), in.density, words * sizeof(uint64_t),
                                    cudaMemcpyHostToDevice, stream));
    in.density = s.density_in.data();
  }
  CUZK_CUDA_CHECK(cudaMemsetAsync(s.flags.data(), 0, sizeof(uint32_t), stream));
  if (in.density != nullptr) {
    k::density_ranks(s.temp.data(), s.temp.size_bytes(), in.density, in.n, s.word_rank.data(),
                     stream);
    terms.map = k::BaseIndexMap{in.density, s.word_rank.data()};
  }
  if (!terms.partitioned) {
    terms.tail = in.n;
    return terms;
  }
  const k::PartitionSpec spec{in.scalars, in.montgomery, in.split, in.density};
  k::partition_terms(s.temp.data(), s.temp.size_bytes(), spec, in.n, s.tail.data(), s.ones.data(),
                     s.counts.data(), stream);
  int64_t counts[2] = {0, 0};
  uint32_t density_bits = 0;
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(counts, s.counts.data(), sizeof(counts), cudaMemcpyDeviceToHost, stream));
  if (in.density != nullptr) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(&density_bits, s.word_rank.data() + words, sizeof(uint32_t),
                                    cudaMemcpyDeviceToHost, stream));
  }
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  if (in.density != nullptr && density_bits != in.n_bases)
    throw std::invalid_argument("GpuMsm::msm_density: bases has " + std::to_string(in.n_bases) +
                                " points but density sets " + std::to_string(density_bits) +
                                " bits");
  terms.tail = size_t(counts[0]);
  terms.ones = size_t(counts[1]);
  return terms;
}

// Phase 2: the scalar-1 bases, summed into *out.
template <class C>
void sum_ones(GpuMsmScratch<C>& s, const Inputs<C>& in, const Terms& terms, uint32_t blocks,
              XyzzStorageOf<C>* out, cudaStream_t stream) {
  using Reduce = k::ReduceKernels<C>;
  if (terms.ones == 0) {
    CUZK_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(XyzzStorageOf<C>), stream));
    return;
  }
  k::map_base_indices(s.ones.data(), terms.ones, terms.map, stream);
  Reduce::batch_add(in.bases, s.ones.data(), terms.ones, blocks, s.thread_sums.data(), stream);
  Reduce::sum_groups(s.thread_sums.data(), blocks, k::kBatchAddThreads, s.block_sums.data(),
                     stream);
  Reduce::sum_groups(s.block_sums.data(), 1, blocks, out, stream);
}

// Phase 3a, one sort group: its entries' digits and their sort, into sort buffer set `set`;
// returns which of the set's double buffers holds the sorted entries.
template <class C>
int sort_group(GpuMsmScratch<C>& s, const GpuMsmPlan& plan, const ShiftedScalars& shifted,
               const uint32_t* base_idx, unsigned g, unsigned set, cudaStream_t stream) {
  const BucketKeys codec{plan.window_bits, plan.buckets};
  const size_t t = plan.terms;
  const unsigned first = g * plan.group_windows;
  const unsigned gw = std::min(plan.group_windows, plan.windows - first);
  auto& b = s.sorts[set];
  uint32_t* keys[2] = {b.keys[0].data(), b.keys[1].data()};
  uint32_t* values[2] = {b.values[0].data(), b.values[1].data()};
  k::compute_digits(shifted, base_idx, t, digit_codec(plan), codec, first, gw, keys[0], values[0],
                    stream);
  s.timer.mark(Phase::kDigits);
  const int sel = k::sort_entries(s.temp.data(), s.temp.size_bytes(), keys, values, size_t(gw) * t,
                                  int(plan.key_bits(gw)), stream);
  s.timer.mark(Phase::kSort);
  return sel;
}

// Phase 3b, one sort group: the run levels over its sorted entries into the group's buckets.
template <class C>
void sum_group_runs(GpuMsmScratch<C>& s, const Inputs<C>& in, const GpuMsmPlan& plan, unsigned g,
                    unsigned set, int sel, cudaStream_t stream) {
  const BucketKeys codec{plan.window_bits, plan.buckets};
  const unsigned first = g * plan.group_windows;
  const unsigned gw = std::min(plan.group_windows, plan.windows - first);
  const size_t entries = size_t(gw) * plan.terms;
  using Runs = k::RunKernels<C>;
  XyzzStorageOf<C>* group_buckets = s.buckets.data() + size_t(first) * plan.buckets;
  using Out = typename Runs::Outputs;
  Runs::sum_base_runs(s.sorts[set].keys[sel].data(), s.sorts[set].values[sel].data(), entries,
                      plan.chunk_len, in.bases, codec,
                      Out{group_buckets, s.part_keys[0].data(), s.part_sums[0].data()}, stream);
  size_t chunks = plan.chunks(entries);
  for (int cur = 0; chunks > 1; cur = 1 - cur) {
    const size_t slots = 2 * chunks;
    Runs::sum_partial_runs(
        s.part_keys[cur].data(), s.part_sums[cur].data(), slots, plan.level_chunk_len, codec,
        Out{group_buckets, s.part_keys[1 - cur].data(), s.part_sums[1 - cur].data()}, stream);
    chunks = ceil_div(slots, plan.level_chunk_len);
  }
  s.timer.mark(Phase::kRuns);
}

// Phase 3: Pippenger over the tail terms; window sums into results[0 .. W).
//
// The groups' digits and sorts are memory-bound, their run sums compute-bound. In G1
// (kOverlapGroups) and without profiling, group g + 1's digits and sort run on a side stream while
// group g's runs sum on `stream`, in the other sort buffer set (the runs of g wait for its sort,
// the sort of g + 2 for the runs of g), so that they fill the SMs that the runs kernels leave idle
// in their tails. Otherwise every phase runs on `stream`, one after the other (with profiling, so
// that the phase times add up).
template <class C>
void pippenger(GpuMsmScratch<C>& s, const Inputs<C>& in, const Terms& terms, const GpuMsmPlan& plan,
               const GpuMsmOptions& options, XyzzStorageOf<C>* results, cudaStream_t stream) {
  // Every tail term's scalar, compacted (partition), out of Montgomery form, shifted by H.
  uint32_t* idx = terms.partitioned ? s.tail.data() : nullptr;
  uint32_t* lent = shifted_scalars_for(options, plan.terms);
  const ShiftedScalars shifted{lent != nullptr ? lent : s.shifted.data(), plan.terms};
  k::gather_shifted(in.scalars, in.montgomery, idx, terms.map, plan.terms, digit_codec(plan),
                    shifted, s.flags.data(), stream);
  const uint32_t* base_idx = idx;
  CUZK_CUDA_CHECK(
      cudaMemsetAsync(s.buckets.data(), 0, plan.bucket_count() * sizeof(XyzzStorageOf<C>), stream));
  EnqueueWindow window(plan.groups() > 1 ? options.groups_ahead : 0, options.yield_to);
  if (!overlaps_groups<C>(options) || s.timer.on() || plan.groups() == 1) {
    for (unsigned g = 0; g < plan.groups(); ++g) {
      window.wait_turn();
      const int sel = sort_group(s, plan, shifted, base_idx, g, 0, stream);
      sum_group_runs(s, in, plan, g, 0, sel, stream);
      window.mark(stream);
    }
  } else {
    auto& o = s.overlap_for(stream);
    const cudaStream_t side = o.side.get();
    o.gathered.record(stream);
    o.gathered.make_wait(side);
    for (unsigned g = 0; g < plan.groups(); ++g) {
      window.wait_turn();
      const unsigned set = g % 2;
      if (g >= 2) o.consumed[set].make_wait(side);  // the runs of group g - 2 read this set
      const int sel = sort_group(s, plan, shifted, base_idx, g, set, side);
      o.sorted[set].record(side);
      o.sorted[set].make_wait(stream);
      sum_group_runs(s, in, plan, g, set, sel, stream);
      o.consumed[set].record(stream);
      window.mark(stream);
    }
  }
  k::ReduceKernels<C>::reduce_segments(s.buckets.data(), plan.windows, plan.buckets,
                                       plan.segment_len, s.segments.data(), stream);
  k::ReduceKernels<C>::sum_groups(s.segments.data(), plan.windows, plan.segments_per_window(),
                                  results, stream);
  s.timer.mark(Phase::kReduce);
}

// Phase 4 (host): sum_j 2^(j c) S_j by Horner, plus the ones.
template <class C>
curve::Jacobian<C> combine(const std::vector<XyzzStorageOf<C>>& sums, const GpuMsmPlan& plan) {
  const unsigned windows = unsigned(sums.size()) - 1;
  curve::Jacobian<C> acc = curve::Jacobian<C>::identity();
  for (unsigned j = windows; j-- > 0;) {
    for (unsigned i = 0; i < plan.window_bits && !acc.is_identity(); ++i) acc = acc.dbl();
    acc += from_storage(sums[j]);
  }
  return acc + from_storage(sums[windows]);
}

}  // namespace

template <class C>
struct GpuMsmT<C>::Request {
  const Bases* bases = nullptr;
  size_t n_bases = 0;
  const void* scalars = nullptr;
  bool montgomery = false;
  size_t n_scalars = 0;
  const uint64_t* density = nullptr;  // null: plain MSM
};

template <class C>
GpuMsmT<C>::GpuMsmT(int device) : device_(device), scratch_(std::make_unique<GpuMsmScratch<C>>()) {
  if (device < 0 || device >= cuda_device_count())
    throw std::invalid_argument("GpuMsm: no CUDA device " + std::to_string(device));
  CUZK_CUDA_CHECK(cudaDeviceGetAttribute(&sm_count_, cudaDevAttrMultiProcessorCount, device));
  DeviceGuard guard(device_);
  run_threads_per_sm_ = k::RunKernels<C>::base_runs_threads_per_sm();
  batch_blocks_ = k::ReduceKernels<C>::batch_add_blocks(sm_count_);
}
template <class C>
GpuMsmT<C>::~GpuMsmT() {
  if (scratch_ != nullptr) release_on_device(device_, [&] { scratch_.reset(); });
}
template <class C>
GpuMsmT<C>::GpuMsmT(GpuMsmT&&) noexcept = default;
template <class C>
GpuMsmT<C>& GpuMsmT<C>::operator=(GpuMsmT&&) noexcept = default;

template <class C>
size_t GpuMsmT<C>::scratch_bytes() const {
  return scratch_ ? scratch_->bytes() : 0;
}

template <class C>
void GpuMsmT<C>::release_scratch() {
  DeviceGuard guard(device_);
  scratch_ = std::make_unique<GpuMsmScratch<C>>();
}

template <class C>
GpuMsmPlan GpuMsmT<C>::plan_for(size_t terms, const GpuMsmOptions& options) const {
  return make_gpu_msm_plan(terms, unsigned(sm_count_), options, run_threads_per_sm_,
                           sizeof(XyzzStorageOf<C>));
}

template <class C>
void GpuMsmT<C>::reserve(size_t n, const GpuMsmOptions& options) {
  if (n == 0) return;
  if (n > kMaxMsmTerms) throw std::invalid_argument("GpuMsm::reserve: n >= 2^31");
  DeviceGuard guard(device_);
  GpuMsmScratch<C>& s = *scratch_;
  ensure(s.tail, n);
  ensure(s.ones, n);
  if (shifted_scalars_for(options, n) == nullptr) ensure(s.shifted, ShiftedScalars::kWords * n);
  ensure(s.counts, 2);
  ensure(s.flags, 1);
  ensure(s.temp, std::max(k::partition_temp_bytes(n), kMinTempBytes));
  const GpuMsmPlan plan = plan_for(n, options);
  s.ensure_pippenger(plan, overlaps_groups<C>(options));
  s.ensure_ones(batch_blocks_);
  ensure(s.results, plan.windows + 1);
}

template <class C>
typename GpuMsmT<C>::Point GpuMsmT<C>::msm(const Bases* d_bases, size_t n,
                                           const ff::Fr::Repr* scalars, cudaStream_t stream,
                                           const GpuMsmOptions& options) {
  return run({d_bases, n, scalars, false, n, nullptr}, stream, options);
}
template <class C>
typename GpuMsmT<C>::Point GpuMsmT<C>::msm(const Bases* d_bases, size_t n, const FrStorage* scalars,
                                           cudaStream_t stream, const GpuMsmOptions& options) {
  return run({d_bases, n, scalars, true, n, nullptr}, stream, options);
}
template <class C>
typename GpuMsmT<C>::Point GpuMsmT<C>::msm_density(const Bases* d_bases, size_t n_bases,
                                                   const uint64_t* density,
                                                   const ff::Fr::Repr* scalars, size_t n_scalars,
                                                   cudaStream_t stream,
                                                   const GpuMsmOptions& options) {
  if (density == nullptr && n_scalars > 0)
    throw std::invalid_argument("GpuMsm::msm_density: density is null");
  return run({d_bases, n_bases, scalars, false, n_scalars, density}, stream, options);
}
template <class C>
typename GpuMsmT<C>::Point GpuMsmT<C>::msm_density(const Bases* d_bases, size_t n_bases,
                                                   const uint64_t* density,
                                                   const FrStorage* scalars, size_t n_scalars,
                                                   cudaStream_t stream,
                                                   const GpuMsmOptions& options) {
  if (density == nullptr && n_scalars > 0)
    throw std::invalid_argument("GpuMsm::msm_density: density is null");
  return run({d_bases, n_bases, scalars, true, n_scalars, density}, stream, options);
}

namespace {
template <class C>
std::vector<AffineStorageOf<C>> to_storage_vector(std::span<const curve::Affine<C>> bases) {
  std::vector<AffineStorageOf<C>> out(bases.size());
  to_storage_array<C>(bases, out);
  return out;
}
}  // namespace

template <class C>
typename GpuMsmT<C>::Point GpuMsmT<C>::msm(std::span<const CpuAffine> bases,
                                           std::span<const ff::Fr::Repr> scalars,
                                           const GpuMsmOptions& options) {
  if (bases.size() != scalars.size())
    throw std::invalid_argument("GpuMsm::msm: bases.size() " + std::to_string(bases.size()) +
                                " != scalars.size() " + std::to_string(scalars.size()));
  if (bases.size() > kMaxMsmTerms) throw std::invalid_argument("GpuMsm::msm: n >= 2^31");
  DeviceGuard guard(device_);
  Bases* d_bases = ensure(scratch_->bases_in, bases.size());
  scratch_->bases_in.upload(to_storage_vector<C>(bases));
  return msm(d_bases, bases.size(), scalars.data(), nullptr, options);
}

template <class C>
typename GpuMsmT<C>::Point GpuMsmT<C>::msm_density(std::span<const CpuAffine> bases,
                                                   std::span<const uint64_t> density,
                                                   std::span<const ff::Fr::Repr> scalars,
                                                   const GpuMsmOptions& options) {
  if (density.size() < (scalars.size() + 63) / 64)
    throw std::invalid_argument("GpuMsm::msm_density: density has " +
                                std::to_string(density.size()) + " words, scalars.size() " +
                                std::to_string(scalars.size()) + " needs " +
                                std::to_string((scalars.size() + 63) / 64));
  if (bases.size() > kMaxMsmTerms) throw std::invalid_argument("GpuMsm::msm_density: n >= 2^31");
  DeviceGuard guard(device_);
  Bases* d_bases = ensure(scratch_->bases_in, bases.size());
  scratch_->bases_in.upload(to_storage_vector<C>(bases));
  return msm_density(d_bases, bases.size(), density.data(), scalars.data(), scalars.size(), nullptr,
                     options);
}

template <class C>
typename GpuMsmT<C>::Point GpuMsmT<C>::run(const Request& req, cudaStream_t stream,
                                           const GpuMsmOptions& options) {
  const size_t n = req.n_scalars;
  if (n > kMaxMsmTerms || req.n_bases > kMaxMsmTerms)
    throw std::invalid_argument("GpuMsm: " + std::to_string(std::max(n, req.n_bases)) +
                                " terms; at most 2^31 - 1 are supported");
  if (req.density == nullptr && req.n_bases != n)
    throw std::invalid_argument("GpuMsm: bases and scalars differ in length");
  stats_ = GpuMsmStats{};
  if (n == 0) {
    if (req.n_bases != 0) throw std::invalid_argument("GpuMsm::msm_density: bases for no scalars");
    return Point::identity();
  }
  if (req.scalars == nullptr) throw std::invalid_argument("GpuMsm: scalars is null");
  if (req.bases == nullptr && req.n_bases > 0) throw std::invalid_argument("GpuMsm: bases is null");
  if (reinterpret_cast<uintptr_t>(req.bases) % 16 != 0) {  // the kernels copy 16-byte pieces
    throw std::invalid_argument("GpuMsm: bases must be 16-byte aligned");
  }
  DeviceGuard guard(device_);
  GpuMsmScratch<C>& s = *scratch_;
  Inputs<C> in{req.bases,
               req.n_bases,
               static_cast<const ScalarWords*>(req.scalars),
               req.montgomery,
               n,
               req.density,
               options.split_trivial};

  s.timer.start(profiling_, stream);
  const Terms terms = prepare_terms(s, in, stream);
  s.timer.mark(Phase::kPrepare);
  stats_.tail_terms = terms.tail;
  stats_.one_terms = terms.ones;

  // The counts are known and the stream is idle: grow the rest of the scratch, then enqueue.
  GpuMsmPlan plan;
  if (terms.tail > 0) {
    plan = plan_for(terms.tail, options);
    s.ensure_pippenger(plan, overlaps_groups<C>(options));
    if (shifted_scalars_for(options, terms.tail) == nullptr) {
      ensure(s.shifted, ShiftedScalars::kWords * terms.tail);
    }
  }
  stats_.plan = plan;
  if (terms.ones > 0) s.ensure_ones(batch_blocks_);
  XyzzStorageOf<C>* results = ensure(s.results, plan.windows + 1);  // windows, then the ones

  sum_ones(s, in, terms, batch_blocks_, results + plan.windows, stream);
  s.timer.mark(Phase::kOnes);
  if (terms.tail > 0) pippenger(s, in, terms, plan, options, results, stream);

  std::vector<XyzzStorageOf<C>> sums(plan.windows + 1);
  uint32_t noncanonical = 0;
  CUZK_CUDA_CHECK(cudaMemcpyAsync(sums.data(), results, sums.size() * sizeof(XyzzStorageOf<C>),
                                  cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&noncanonical, s.flags.data(), sizeof(uint32_t),
                                  cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  s.timer.collect(stats_);
  if (noncanonical != 0) throw std::invalid_argument("GpuMsm: a scalar is not canonical (>= r)");
  return combine<C>(sums, plan);
}

template class GpuMsmT<curve::G1Config>;
template class GpuMsmT<curve::G2Config>;

}  // namespace cuzk::gpu
