// DeviceCircuit: a precompiled circuit's A, B, C matrices and coefficient table
// (r1cs::PrecompiledCircuit) resident on a device, so that a proof of a deferred assignment
// (r1cs::assign_deferred) uploads only its witness and the device computes a, b, c itself
// (abc_kernels.hpp) — 1/4 of the bytes over PCIe and no CPU mat-vec. Same layout as the host
// matrices: 64-bit row pointers, 32-bit columns and coefficient indices (8 B per entry: ~8.9 GB
// for a 32 GiB PoRep partition's 722 M entries). DeviceCircuits: a device's set of them.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>

#include "gpu/backend/abc_kernels.hpp"
#include "gpu/backend/input_slot.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/staged_upload.hpp"
#include "groth16/backend.hpp"  // PhaseTimings
#include "r1cs/precompiled_circuit.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::gpu {

struct DeviceCsr {
  DeviceBuffer<uint64_t> row_ptr;
  DeviceBuffer<uint32_t> cols, coeff_index;

  size_t bytes() const {
    return row_ptr.size_bytes() + cols.size_bytes() + coeff_index.size_bytes();
  }
  DeviceCsrView view() const { return {row_ptr.data(), cols.data(), coeff_index.data()}; }
};

struct DeviceCircuit {
  DeviceCsr a, b, c;
  DeviceBuffer<FrStorage> coeffs;
  size_t rows = 0;  // constraints + inputs
  size_t num_inputs = 0, num_aux = 0;
  r1cs::PrecompiledCircuit::Digest digest{};

  size_t bytes() const { return a.bytes() + b.bytes() + c.bytes() + coeffs.size_bytes(); }
  AbcMatrices matrices() const { return {a.view(), b.view(), c.view(), coeffs.data(), rows}; }

  // Device bytes `circuit` takes once uploaded.
  static size_t bytes_for(const r1cs::PrecompiledCircuit& circuit);
  // Allocates on the current device and copies the matrices through `uploader`; synchronous.
  static DeviceCircuit upload(const r1cs::PrecompiledCircuit& circuit, StagedUploader& uploader,
                              cudaStream_t stream);
};

// The precompiled circuits whose matrices are on this device, by digest, each uploaded on its
// first use. Not thread-safe: CudaBackend calls it with its upload mutex held, and a returned
// reference is used only under it (a later get may free it).
class DeviceCircuits {
 public:
  // circuit's matrices, uploaded now through `uploader` if they are not yet (phase
  // upload_circuit in t). When they do not fit the free memory, the least recently used other
  // circuits are freed first (circuit_eviction.hpp; phase evict_circuits); when even that would
  // not make room, lane_room (if set) frees the prover's MSM scratch — it may let other callers
  // in meanwhile — and the room is looked for again; a CudaError naming the sizes when there is
  // still none (then no circuit is freed).
  const DeviceCircuit& get(const r1cs::PrecompiledCircuit& circuit, StagedUploader& uploader,
                           cudaStream_t stream, groth16::PhaseTimings& t, Stopwatch& sw,
                           const std::function<void()>& lane_room = {});
  size_t bytes() const;
  void clear() { circuits_.clear(); }

 private:
  struct Entry {
    DeviceCircuit circuit;
    uint64_t last_use = 0;
  };
  // Frees the least recently used circuits until `need` bytes are free; false (nothing freed)
  // when all of them would not make room. Updates free_bytes.
  bool make_room(size_t need, size_t& free_bytes);

  std::map<r1cs::PrecompiledCircuit::Digest, Entry> circuits_;
  uint64_t uses_ = 0;
};

// A deferred witness's a, b, c (zero-padded to m) into x from its uploaded assignment, on the
// device (phase abc; the matrices from circuits.get, with lane_room); nothing for a witness that
// brought them. Synchronous on `stream`.
void evaluate_deferred_abc(DeviceCircuits& circuits, StagedUploader& uploader, InputSlot& x,
                           const WitnessView& w, size_t m, cudaStream_t stream,
                           groth16::PhaseTimings& t, Stopwatch& sw,
                           const std::function<void()>& lane_room);

}  // namespace cuzk::gpu
