// GpuFixedBaseT<C>: fixed-base scalar multiplication on one GPU — out[i] = scalars[i]·G for one
// base G of the curve C (curve::G1Config: GpuFixedBase; curve::G2Config: GpuFixedBaseG2), the
// points of Groth16 parameter setup. Results are exactly groth16::FixedBaseTable::mul_batch's:
// affine, fully reduced (unique coordinates), the identity for a zero scalar.
//
// Algorithm. The CPU table (32 windows × 255 affine multiples of G, groth16/fixed_base_table.hpp)
// is uploaded once. Per chunk of scalars: the sum kernel, one thread per scalar, adds the table
// entries of the scalar's 32 byte digits into an XYZZ point (at most 32 mixed additions; the
// scalar leaves Montgomery form on the device); the normalise kernel, one thread per run of
// run_length points, converts them to affine with one field inversion per run (Montgomery's
// trick, Fermat inversion). Bodies: fixed_base_thread.hpp, host-tested.
//
// Host side. Chunks of `chunk` scalars go through two slots, each with its own stream, pinned
// staging buffers and device buffers: while the device works on one slot, host threads convert
// the other slot's finished points into the caller's array and stage its next scalars. Memory per
// slot and chunk scalar: G1 32 + 192 + 96 B on the device and 32 + 96 B pinned; G2 32 + 384 + 192
// and 32 + 192 (2^22 scalars: G1 1.3 GiB, G2 2.5 GiB of device memory per slot), allocated on the
// first call large enough to need them and reused.
//
// Measured on an H200 (gpu_fixed_base_bench, 2^22 random scalars in one chunk): G1 kernels 58.6 ms
// (71.5 M points/s: ~330 Fp products a point, near their peak rate), the whole call 93.6 ms
// (44.8 M points/s); G2 186.8 ms (22.5 M/s) and 232 ms (18.1 M/s). 2^24 scalars in four chunks,
// slots overlapping: G1 56.3 M, G2 19.7 M points/s for the whole call — a 32 GiB PoRep circuit's
// ~530 M G1 and ~33 M G2 points in ~11 s.
//
// One call at a time per object; the object belongs to the device given at construction (calls
// switch to it and restore the caller's device). Errors throw (CudaError for the runtime,
// std::invalid_argument for mismatched spans).
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "ff/fr.hpp"
#include "groth16/fixed_base_table.hpp"
#include "groth16/setup.hpp"

namespace cuzk::gpu {

struct GpuFixedBaseOptions {
  size_t chunk = size_t(1) << 22;  // scalars per slot and launch
  size_t run_length = 32;          // points per normalising thread (one inversion each)
  unsigned host_threads = 0;       // for staging and conversion (0 = all cores)
};

// What the last mul_batch did (for benchmarks and logs).
struct GpuFixedBaseStats {
  size_t points = 0;
  size_t chunks = 0;
  double sum_ms = 0;        // device time of the sum kernels, all chunks
  double normalize_ms = 0;  // and of the normalise kernels
};

template <class C>
class GpuFixedBaseT {
 public:
  using CpuAffine = curve::Affine<C>;

  // Uploads `table` (of the base G) to CUDA device `device`.
  GpuFixedBaseT(int device, const groth16::FixedBaseTable<C>& table,
                const GpuFixedBaseOptions& options = {});
  ~GpuFixedBaseT();
  GpuFixedBaseT(GpuFixedBaseT&&) noexcept;
  GpuFixedBaseT& operator=(GpuFixedBaseT&&) noexcept;
  GpuFixedBaseT(const GpuFixedBaseT&) = delete;
  GpuFixedBaseT& operator=(const GpuFixedBaseT&) = delete;

  // out[i] = scalars[i]·G; the spans must have equal sizes.
  void mul_batch(std::span<const ff::Fr> scalars, std::span<CpuAffine> out);

  const GpuFixedBaseStats& last_stats() const;
  int device() const;

 private:
  struct State;  // fixed_base.cu
  std::unique_ptr<State> state_;
};

// Defined (explicitly instantiated) in fixed_base.cu for these two.
extern template class GpuFixedBaseT<curve::G1Config>;
extern template class GpuFixedBaseT<curve::G2Config>;

using GpuFixedBase = GpuFixedBaseT<curve::G1Config>;
using GpuFixedBaseG2 = GpuFixedBaseT<curve::G2Config>;

// Groth16 setup's multiplications (groth16::generate_parameters) on one GPU, for the generators of
// G1 and G2.
class GpuFixedBaseMultiplier final : public groth16::FixedBaseMultiplier {
 public:
  explicit GpuFixedBaseMultiplier(int device, const GpuFixedBaseOptions& options = {});
  void g1(std::span<const ff::Fr> scalars, std::span<curve::G1Affine> out) override;
  void g2(std::span<const ff::Fr> scalars, std::span<curve::G2Affine> out) override;

 private:
  GpuFixedBase g1_;
  GpuFixedBaseG2 g2_;
};

}  // namespace cuzk::gpu
