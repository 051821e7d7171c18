// GpuNtt: number-theoretic transforms over Fr on one CUDA device, bit-identical to src/ntt
// (forward_ntt, inverse_ntt, coset_ntt, inverse_coset_ntt, compute_h_coefficients), for domains of
// 2^1 .. 2^max_log_n points (at most 2^28). Natural order in and out, in place.
//
// Design (details in ntt_pass.hpp, ntt_program.hpp): each transform is a DIF or DIT of
// ceil(log_n / 10) shared-memory passes (2^27: three passes of 9 bits, one sweep over memory
// each), plus one bit-reversal sweep where the natural order needs it (at 2^27 the permutation
// rides in two of the passes instead: ntt_pass.hpp's Layout); the factors 1/n, g^(+-i)
// and 1/Z ride in a pass. The H pipeline is the CPU's (src/ntt/h_polynomial.hpp): 6 transforms (c
// needs no coset evaluations), the inverse transforms leave bit-reversed data that the forward DIT
// consumes directly, so a single permutation; a*b is fused into the first pass of the last
// transform and the subtraction of c into its last.
//
// Lifecycle. The constructor uploads the size-independent tables; prepare(log_n) builds this size's
// twiddle and scaling tables once (synchronous): split tables on the host with the CPU field (the
// one source of the constants), uploaded (~12 MiB at 2^27 with the default options); whole tables
// (12 GiB at 2^27) multiplied out on the device from the same split halves, one product per entry
// (fr_expand_split_table). Every transform calls it on first use of a size. Tables stay until
// destruction (table_bytes() says how much). Thread-safe: several host threads may run transforms
// of any size on their own streams concurrently; the kernels only read the tables. Every call
// selects the object's device for its duration and restores the caller's.
//
// Calls enqueue kernels on `stream` and return without waiting (except for a first-use prepare);
// data pointers are device pointers to 2^log_n elements. Bad arguments throw
// std::invalid_argument naming the parameter; CUDA failures throw CudaError. The host-span
// overloads are synchronous conveniences for tests and tools (they allocate device memory).
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <memory>
#include <mutex>
#include <span>

#include "ff/fr.hpp"
#include "gpu/arith/field_storage.hpp"
#include "gpu/ntt/ntt_program.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {

using NttTransform = ntt_detail::Transform;  // kForward, kInverse, kCosetForward, kCosetInverse

class PriorityGate;  // enqueue_window.hpp

// Tuning knobs, validated by the constructor. The defaults are the production plan; tests use
// narrow ones to reach multi-pass and split-table code paths at small sizes.
struct GpuNttOptions {
  unsigned max_pass_log = ntt_detail::kMaxPassLog;                 // 1 .. kMaxPassLog
  unsigned full_twiddle_max_log = ntt_detail::kFullTwiddleMaxLog;  // 1 .. kMaxLogN
  // Sizes up to 2^full_scaling_max_log get whole tables for the H pipeline's two power scalings
  // (ntt_program.hpp, is_h_power_scaling; 2 x 4 GiB at 2^27); 0: always split.  0 .. kMaxLogN
  unsigned full_scaling_max_log = 0;
  // Passes enqueued ahead of the GPU (enqueue_window.hpp): 0 all at once; k > 0 keeps at most k
  // queued, so that another stream's kernels queued behind them wait for at most k passes.
  unsigned steps_ahead = 0;
  // Null, or a deadline lane's gate: while it is held, a program lets its queued passes finish
  // and waits before the next one (enqueue_window.hpp).
  const PriorityGate* yield_to = nullptr;
  // A natural-order transform's bit reversal in two of its passes where the plan allows (2^27:
  // ntt_program.hpp, fuses_bit_reverse) instead of a sweep of its own; false: always the sweep.
  bool fuse_bit_reverse = true;
};

class GpuNtt {
 public:
  // device: CUDA ordinal; max_log_n: largest size this object will transform (1 .. 28).
  GpuNtt(int device, unsigned max_log_n, GpuNttOptions options = {});
  ~GpuNtt();
  GpuNtt(const GpuNtt&) = delete;
  GpuNtt& operator=(const GpuNtt&) = delete;

  int device() const { return device_; }
  unsigned max_log_n() const { return max_log_n_; }
  // Builds and uploads the tables of 2^log_n points if not done yet (synchronous).
  void prepare(unsigned log_n);
  // Device memory held by the tables.
  size_t table_bytes() const;
  // GpuNttOptions::steps_ahead and yield_to for the calls that follow (not while a call runs).
  void set_enqueue_window(unsigned steps_ahead, const PriorityGate* yield_to) {
    options_.steps_ahead = steps_ahead;
    options_.yield_to = yield_to;
  }

  // Natural order, in place (see src/ntt/ntt.hpp for the definitions).
  void transform(NttTransform kind, FrStorage* data, unsigned log_n, cudaStream_t stream);
  void forward(FrStorage* data, unsigned log_n, cudaStream_t stream) {
    transform(NttTransform::kForward, data, log_n, stream);
  }
  void inverse(FrStorage* data, unsigned log_n, cudaStream_t stream) {
    transform(NttTransform::kInverse, data, log_n, stream);
  }
  void coset_forward(FrStorage* data, unsigned log_n, cudaStream_t stream) {
    transform(NttTransform::kCosetForward, data, log_n, stream);
  }
  void coset_inverse(FrStorage* data, unsigned log_n, cudaStream_t stream) {
    transform(NttTransform::kCosetInverse, data, log_n, stream);
  }

  // The H pipeline in pieces, so that a caller can overlap the upload of b and c with the work on
  // a (each piece takes its inputs on the given stream):
  //   coset_evaluations:   x <- coset_fft(ifft(x))          (a and b; 2 transforms, no permutation)
  //   coefficients_over_z: c <- ifft(c) / (g^n - 1), left bit-reversed          (1 transform)
  //   quotient:            a <- icoset_fft(a * b / (g^n - 1)) - c, natural order (b, c read only)
  // compute_h runs them: a <- H's coefficients exactly as ntt::compute_h_coefficients (all n of
  // them; the prover uses the first n - 1); b and c are left as scratch. log_n >= 1.
  void coset_evaluations(FrStorage* x, unsigned log_n, cudaStream_t stream);
  void coefficients_over_z(FrStorage* c, unsigned log_n, cudaStream_t stream);
  void quotient(FrStorage* a, const FrStorage* b, const FrStorage* c, unsigned log_n,
                cudaStream_t stream);
  void compute_h(FrStorage* a, FrStorage* b, FrStorage* c, unsigned log_n, cudaStream_t stream);

  // The device tables of a size (prepared on first use), for tools that build and time programs
  // of ntt_program.hpp step by step (ntt_detail::launch_step, with this GpuNtt's device current).
  ntt_detail::TableView device_tables(unsigned log_n);

  // Synchronous host-memory forms: upload, run, download (data.size() must be a power of two).
  void transform(NttTransform kind, std::span<ff::Fr> data);
  // a <- H (as ntt::compute_h_coefficients); b and c are not modified.
  void compute_h(std::span<ff::Fr> a, std::span<const ff::Fr> b, std::span<const ff::Fr> c);

 private:
  struct SizeTables;
  struct TwiddleTables;

  ntt_detail::TableView tables(unsigned log_n);  // prepares on first use; the caller set the device
  void check_size(unsigned log_n, const char* what) const;
  void run(const ntt_detail::Program& program, cudaStream_t stream);
  // A program on one vector (coset_evaluations, coefficients_over_z): checks, then runs it.
  using VectorProgram = ntt_detail::Program (*)(FrStorage*, unsigned, const ntt_detail::TableView&);
  void run_on_vector(const char* what, VectorProgram make, FrStorage* x, unsigned log_n,
                     cudaStream_t stream);

  int device_;
  unsigned max_log_n_;
  GpuNttOptions options_;
  mutable std::mutex mutex_;  // guards the table caches below
  DeviceBuffer<FrStorage> inner_[2];
  std::array<std::unique_ptr<TwiddleTables>, ntt_detail::kMaxLogN + 1> twiddles_;  // by pass hi
  std::array<std::unique_ptr<SizeTables>, ntt_detail::kMaxLogN + 1> sizes_;        // by log_n
};

}  // namespace cuzk::gpu
