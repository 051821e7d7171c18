// The GPU fixed-base multiplication (fixed_base.hpp): the sum and normalise kernels over the
// bodies of fixed_base_thread.hpp, the chunked two-slot driver, and Groth16 setup's multiplier.
// Instantiated for G1 and G2 at the end.
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "gpu/arith/fields.cuh"
#include "gpu/arith/point_storage.hpp"
#include "gpu/params/fixed_base.hpp"
#include "gpu/params/fixed_base_thread.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/device_guard.hpp"
#include "util/parallel.hpp"

namespace cuzk::gpu {
namespace {

constexpr unsigned kThreads = 256;

template <class C>
using Table = groth16::FixedBaseTable<C>;
template <class C>
constexpr bool same_layout() {
  return Table<C>::kWindowBits == fixed_base::kWindowBits &&
         Table<C>::kWindows == fixed_base::kWindows && Table<C>::kDigits == fixed_base::kDigits;
}
static_assert(same_layout<curve::G1Config>() && same_layout<curve::G2Config>(),
              "the device reads the CPU table's layout");

template <class C>
__global__ void __launch_bounds__(kThreads)
    sum_kernel(const AffineStorageOf<C>* __restrict__ table, const FrStorage* __restrict__ scalars,
               size_t n, XyzzStorageOf<C>* __restrict__ sums) {
  const size_t i = size_t(blockIdx.x) * kThreads + threadIdx.x;
  if (i >= n) return;
  fixed_base::scalar_times_base<DeviceField<C>, FrDevice>(table, scalars[i]).store(sums[i]);
}

// Thread t normalises the run t, t + runs, t + 2·runs, ... (runs threads in all).
template <class C>
__global__ void __launch_bounds__(kThreads)
    normalize_kernel(const XyzzStorageOf<C>* __restrict__ sums, size_t n, size_t runs,
                     AffineStorageOf<C>* __restrict__ out) {
  const size_t t = size_t(blockIdx.x) * kThreads + threadIdx.x;
  if (t >= runs) return;
  fixed_base::normalize_run<DeviceField<C>>(sums, n, t, runs, out);
}

unsigned blocks_for(size_t threads) {
  return unsigned((threads + kThreads - 1) / kThreads);
}

// Host threads for a loop over `bytes` of memory: one below 1 MiB, where starting threads costs
// more than the copy.
unsigned threads_for(size_t bytes, unsigned threads) {
  return bytes >= (size_t(1) << 20) ? threads : 1;
}

// One chunk in flight: its stream, staging and device buffers.
template <class C>
struct Slot {
  Stream stream;
  Event start, middle, stop;  // around and between the kernels
  PinnedBuffer<FrStorage> scalars_host;
  PinnedBuffer<AffineStorageOf<C>> points_host;
  DeviceBuffer<FrStorage> scalars;
  DeviceBuffer<XyzzStorageOf<C>> sums;
  DeviceBuffer<AffineStorageOf<C>> points;
  size_t first = 0, count = 0;  // the chunk enqueued and not yet collected (count 0: none)

  ~Slot() { (void)cudaStreamSynchronize(stream.get()); }  // no copy into freed buffers

  // Buffers for chunks of n scalars; only while the stream is idle.
  void reserve(size_t n) {
    if (scalars.size() >= n) return;
    scalars_host = {};  // free first: peak memory is the new size, not the sum
    points_host = {};
    scalars = {};
    sums = {};
    points = {};
    scalars_host = PinnedBuffer<FrStorage>(n);
    points_host = PinnedBuffer<AffineStorageOf<C>>(n);
    scalars = DeviceBuffer<FrStorage>(n);
    sums = DeviceBuffer<XyzzStorageOf<C>>(n);
    points = DeviceBuffer<AffineStorageOf<C>>(n);
  }
};

}  // namespace

template <class C>
struct GpuFixedBaseT<C>::State {
  State(int d, const GpuFixedBaseOptions& o) : device(d), options(o) {}
  int device;
  GpuFixedBaseOptions options;
  DeviceBuffer<AffineStorageOf<C>> table;
  Slot<C> slots[2];
  GpuFixedBaseStats stats;
};

template <class C>
GpuFixedBaseT<C>::GpuFixedBaseT(int device, const groth16::FixedBaseTable<C>& table,
                                const GpuFixedBaseOptions& options) {
  if (device < 0 || device >= cuda_device_count())
    throw std::invalid_argument("GpuFixedBase: no CUDA device " + std::to_string(device));
  if (options.chunk == 0 || options.run_length == 0)
    throw std::invalid_argument("GpuFixedBase: chunk and run_length must be positive");
  DeviceGuard guard(device);
  state_ = std::make_unique<State>(device, options);  // streams and events of `device`
  const auto entries = table.table();
  std::vector<AffineStorageOf<C>> host(entries.size());
  to_storage_array<C>(entries, host);
  state_->table = DeviceBuffer<AffineStorageOf<C>>(host.size());
  state_->table.upload(host);
}

template <class C>
GpuFixedBaseT<C>::~GpuFixedBaseT() {
  if (state_ != nullptr) release_on_device(state_->device, [&] { state_.reset(); });
}
template <class C>
GpuFixedBaseT<C>::GpuFixedBaseT(GpuFixedBaseT&&) noexcept = default;
template <class C>
GpuFixedBaseT<C>& GpuFixedBaseT<C>::operator=(GpuFixedBaseT&&) noexcept = default;

template <class C>
const GpuFixedBaseStats& GpuFixedBaseT<C>::last_stats() const {
  return state_->stats;
}
template <class C>
int GpuFixedBaseT<C>::device() const {
  return state_->device;
}

template <class C>
void GpuFixedBaseT<C>::mul_batch(std::span<const ff::Fr> scalars, std::span<CpuAffine> out) {
  if (scalars.size() != out.size())
    throw std::invalid_argument("GpuFixedBase: scalar and point spans differ in size");
  static_assert(sizeof(ff::Fr) == sizeof(FrStorage), "scalars are staged by memcpy");
  State& s = *state_;
  const size_t n = scalars.size();
  s.stats = {};
  s.stats.points = n;
  if (n == 0) return;
  DeviceGuard guard(s.device);
  const size_t chunk = std::min(s.options.chunk, n);
  const unsigned threads = resolve_threads(s.options.host_threads);

  // Waits for the slot's chunk and converts its points into `out`.
  auto collect = [&](Slot<C>& slot) {
    if (slot.count == 0) return;
    slot.stream.synchronize();
    s.stats.sum_ms += Event::elapsed_ms(slot.start, slot.middle);
    s.stats.normalize_ms += Event::elapsed_ms(slot.middle, slot.stop);
    const AffineStorageOf<C>* from = slot.points_host.data();
    CpuAffine* to = out.data() + slot.first;
    parallel_for(slot.count, threads_for(slot.count * sizeof(CpuAffine), threads),
                 [&](size_t b, size_t e) {
                   for (size_t i = b; i < e; ++i) to[i] = from_storage(from[i]);
                 });
    slot.count = 0;
  };
  // Stages chunk [first, first + count) and enqueues its copies and kernels on the slot's stream.
  auto enqueue = [&](Slot<C>& slot, size_t first, size_t count) {
    slot.reserve(chunk);
    FrStorage* staged = slot.scalars_host.data();
    parallel_for(count, threads_for(count * sizeof(FrStorage), threads), [&](size_t b, size_t e) {
      std::memcpy(static_cast<void*>(staged + b), scalars.data() + first + b,
                  (e - b) * sizeof(FrStorage));
    });
    const cudaStream_t stream = slot.stream.get();
    CUZK_CUDA_CHECK(cudaMemcpyAsync(slot.scalars.data(), staged, count * sizeof(FrStorage),
                                    cudaMemcpyHostToDevice, stream));
    slot.start.record(stream);
    sum_kernel<C><<<blocks_for(count), kThreads, 0, stream>>>(s.table.data(), slot.scalars.data(),
                                                              count, slot.sums.data());
    CUZK_CUDA_CHECK(cudaGetLastError());
    slot.middle.record(stream);
    const size_t runs = (count + s.options.run_length - 1) / s.options.run_length;
    normalize_kernel<C><<<blocks_for(runs), kThreads, 0, stream>>>(slot.sums.data(), count, runs,
                                                                   slot.points.data());
    CUZK_CUDA_CHECK(cudaGetLastError());
    slot.stop.record(stream);
    CUZK_CUDA_CHECK(cudaMemcpyAsync(slot.points_host.data(), slot.points.data(),
                                    count * sizeof(AffineStorageOf<C>), cudaMemcpyDeviceToHost,
                                    stream));
    slot.first = first;
    slot.count = count;
    ++s.stats.chunks;
  };

  try {
    // Chunk k goes to slot k % 2: collecting a slot's previous chunk and staging its next one
    // overlap the other slot's work on the device.
    for (size_t first = 0, k = 0; first < n; first += chunk, ++k) {
      Slot<C>& slot = s.slots[k % 2];
      collect(slot);
      enqueue(slot, first, std::min(chunk, n - first));
    }
    for (Slot<C>& slot : s.slots) collect(slot);
  } catch (...) {
    for (Slot<C>& slot : s.slots) {  // leave nothing in flight into the buffers
      (void)cudaStreamSynchronize(slot.stream.get());
      slot.count = 0;
    }
    throw;
  }
}

template class GpuFixedBaseT<curve::G1Config>;
template class GpuFixedBaseT<curve::G2Config>;

GpuFixedBaseMultiplier::GpuFixedBaseMultiplier(int device, const GpuFixedBaseOptions& options)
    : g1_(device, groth16::FixedBaseTable<curve::G1Config>(curve::G1::generator()), options),
      g2_(device, groth16::FixedBaseTable<curve::G2Config>(curve::G2::generator()), options) {}

void GpuFixedBaseMultiplier::g1(std::span<const ff::Fr> scalars, std::span<curve::G1Affine> out) {
  g1_.mul_batch(scalars, out);
}

void GpuFixedBaseMultiplier::g2(std::span<const ff::Fr> scalars, std::span<curve::G2Affine> out) {
  g2_.mul_batch(scalars, out);
}

}  // namespace cuzk::gpu
