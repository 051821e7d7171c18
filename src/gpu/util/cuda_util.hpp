// Host-side CUDA runtime helpers for the GPU backend: one error policy and RAII owners.
//
// Errors: every runtime call goes through CUZK_CUDA_CHECK, which throws CudaError carrying the
// failed expression, its file:line and the runtime's error name and message; the engine turns
// that into a failed job (never an abort). Destructors never throw: they release and ignore
// errors (a device that is already gone has nothing left to free).
//
// Ownership: DeviceBuffer<T> owns a cudaMalloc'd array (std::unique_ptr with a cudaFree deleter:
// move-only, freed exactly once), PinnedBuffer<T> a cudaHostAlloc'd one; Stream and Event own a
// cudaStream_t / cudaEvent_t the same way.
// Allocation is explicit and visible at the call site — pools and budgets belong to the engine.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "groth16/device_error.hpp"

namespace cuzk::gpu {

// A failed CUDA call: a device error (groth16::DeviceError), worth another try elsewhere.
class CudaError : public groth16::DeviceError {
 public:
  CudaError(cudaError_t code, const std::string& what) : groth16::DeviceError(what), code_(code) {}
  cudaError_t code() const { return code_; }
  // A failed allocation: not sticky, so the context stays usable and the call may go elsewhere.
  bool out_of_device_memory() const { return code_ == cudaErrorMemoryAllocation; }

 private:
  cudaError_t code_;
};

inline void cuda_check(cudaError_t err, const char* expr, const char* file, int line) {
  if (err == cudaSuccess) return;
  throw CudaError(err, std::string(file) + ":" + std::to_string(line) + ": " + expr + " failed: " +
                           cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ")");
}

#define CUZK_CUDA_CHECK(expr) ::cuzk::gpu::cuda_check((expr), #expr, __FILE__, __LINE__)

// Number of usable CUDA devices; 0 when there is no device or no (sufficient) driver, so callers
// and tests can skip the GPU path instead of failing.
inline int cuda_device_count() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    (void)cudaGetLastError();  // reset the runtime's last-error state
    return 0;
  }
  return n;
}

// Free memory of the current device, in bytes (CudaError when the runtime cannot say).
inline size_t free_device_bytes() {
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  return free_bytes;
}

namespace cuda_detail {

// An owned array of n T in memory from Memory::allocate, released once by Memory::release.
template <class T, class Memory>
class OwnedArray {
  static_assert(std::is_trivially_copyable_v<T>, "CUDA buffers hold plain data");

 public:
  OwnedArray() = default;
  explicit OwnedArray(size_t n) : size_(n) {
    if (n != 0) ptr_.reset(static_cast<T*>(Memory::allocate(n * sizeof(T))));
  }

  T* data() { return ptr_.get(); }
  const T* data() const { return ptr_.get(); }
  size_t size() const { return size_; }
  size_t size_bytes() const { return size_ * sizeof(T); }

 private:
  struct Free {
    void operator()(T* p) const noexcept { Memory::release(p); }
  };
  std::unique_ptr<T, Free> ptr_;
  size_t size_ = 0;
};

struct DeviceMemory {
  static void* allocate(size_t bytes) {
    void* p = nullptr;
    CUZK_CUDA_CHECK(cudaMalloc(&p, bytes));
    return p;
  }
  static void release(void* p) noexcept { (void)cudaFree(p); }
};

// Page-locked, portable to every device.
struct PinnedMemory {
  static void* allocate(size_t bytes) {
    void* p = nullptr;
    CUZK_CUDA_CHECK(cudaHostAlloc(&p, bytes, cudaHostAllocPortable));
    return p;
  }
  static void release(void* p) noexcept { (void)cudaFreeHost(p); }
};

}  // namespace cuda_detail

template <class T>
class DeviceBuffer : public cuda_detail::OwnedArray<T, cuda_detail::DeviceMemory> {
 public:
  using cuda_detail::OwnedArray<T, cuda_detail::DeviceMemory>::OwnedArray;
  using cuda_detail::OwnedArray<T, cuda_detail::DeviceMemory>::data;
  using cuda_detail::OwnedArray<T, cuda_detail::DeviceMemory>::size;

  // Copies from / to a contiguous host range (vector, array, span) of T or of any type with the
  // same size and trivially copyable layout (e.g. ff::Fr into FrStorage: the representations are
  // identical). Synchronous.
  template <class Range>
  void upload(const Range& src) {
    const auto s = std::span(src);
    check_compatible<typename decltype(s)::element_type>(s.size());
    if (!s.empty()) {
      CUZK_CUDA_CHECK(cudaMemcpy(data(), s.data(), s.size_bytes(), cudaMemcpyHostToDevice));
      // From pageable memory cudaMemcpy may return before the DMA has landed, and kernels on
      // non-blocking streams do not wait for the legacy stream: wait here, so that "upload, then
      // launch on any stream" is safe (seen as wrong NTT outputs when the GPU was shared).
      CUZK_CUDA_CHECK(cudaStreamSynchronize(nullptr));
    }
  }
  template <class Range>
  void download(Range& dst) const {
    const auto s = std::span(dst);
    check_compatible<typename decltype(s)::element_type>(s.size());
    if (!s.empty()) {
      CUZK_CUDA_CHECK(
          cudaMemcpy(static_cast<void*>(s.data()), data(), s.size_bytes(), cudaMemcpyDeviceToHost));
    }
  }
  // Asynchronous on `stream`; `src` must stay alive (and should be pinned) until it completes.
  template <class Range>
  void upload_async(const Range& src, cudaStream_t stream) {
    const auto s = std::span(src);
    check_compatible<typename decltype(s)::element_type>(s.size());
    if (!s.empty()) {
      CUZK_CUDA_CHECK(
          cudaMemcpyAsync(data(), s.data(), s.size_bytes(), cudaMemcpyHostToDevice, stream));
    }
  }

 private:
  template <class U>
  void check_compatible(size_t n) const {
    static_assert(sizeof(U) == sizeof(T) && std::is_trivially_copyable_v<std::remove_const_t<U>>,
                  "host element type must have the device element's layout");
    if (n > size()) throw std::length_error("DeviceBuffer: host span larger than the buffer");
  }
};

// Page-locked host memory (cudaHostAlloc, portable to every device): the host side of
// asynchronous copies. Contents uninitialised.
template <class T>
using PinnedBuffer = cuda_detail::OwnedArray<T, cuda_detail::PinnedMemory>;

// A non-blocking stream (does not synchronise with the legacy default stream).
class Stream {
 public:
  // priority: 0 the default; lower numbers are higher priorities
  // (cudaDeviceGetStreamPriorityRange).
  explicit Stream(int priority = 0) {
    cudaStream_t s = nullptr;
    CUZK_CUDA_CHECK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, priority));
    s_.reset(s);
  }
  cudaStream_t get() const { return s_.get(); }
  void synchronize() const { CUZK_CUDA_CHECK(cudaStreamSynchronize(get())); }

 private:
  struct Destroy {
    void operator()(cudaStream_t s) const noexcept { (void)cudaStreamDestroy(s); }
  };
  std::unique_ptr<std::remove_pointer_t<cudaStream_t>, Destroy> s_;
};

class Event {
 public:
  // flags: cudaEventDisableTiming for an event that only orders streams (cheaper).
  explicit Event(unsigned flags = cudaEventDefault) {
    cudaEvent_t e = nullptr;
    CUZK_CUDA_CHECK(cudaEventCreateWithFlags(&e, flags));
    e_.reset(e);
  }
  cudaEvent_t get() const { return e_.get(); }
  void record(cudaStream_t stream) { CUZK_CUDA_CHECK(cudaEventRecord(get(), stream)); }
  void synchronize() const { CUZK_CUDA_CHECK(cudaEventSynchronize(get())); }
  // Work enqueued on `stream` after this call waits for the event's last record.
  void make_wait(cudaStream_t stream) const {
    CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream, get(), 0));
  }
  // Milliseconds between two recorded, completed events.
  static float elapsed_ms(const Event& start, const Event& stop) {
    float ms = 0;
    CUZK_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
    return ms;
  }

 private:
  struct Destroy {
    void operator()(cudaEvent_t e) const noexcept { (void)cudaEventDestroy(e); }
  };
  std::unique_ptr<std::remove_pointer_t<cudaEvent_t>, Destroy> e_;
};

}  // namespace cuzk::gpu
