// DeviceCircuit::upload, the DeviceCircuits cache and the deferred a/b/c (device_circuit.hpp).
#include "gpu/backend/device_circuit.hpp"

#include <span>
#include <vector>

#include "gpu/backend/circuit_eviction.hpp"
#include "gpu/util/cuda_phase.hpp"

namespace cuzk::gpu {
namespace {

size_t csr_bytes(const r1cs::IndexedCsr& m) {
  return sizeof(uint64_t) * m.row_ptr.size() +
         sizeof(uint32_t) * (m.cols.size() + m.coeff_index.size());
}

DeviceCsr upload_csr(const r1cs::IndexedCsr& m, StagedUploader& uploader, cudaStream_t stream) {
  DeviceCsr d{DeviceBuffer<uint64_t>(m.row_ptr.size()), DeviceBuffer<uint32_t>(m.cols.size()),
              DeviceBuffer<uint32_t>(m.coeff_index.size())};
  uploader.copy(d.row_ptr.data(), std::span<const uint64_t>(m.row_ptr), stream);
  uploader.copy(d.cols.data(), std::span<const uint32_t>(m.cols), stream);
  uploader.copy(d.coeff_index.data(), std::span<const uint32_t>(m.coeff_index), stream);
  return d;
}

}  // namespace

size_t DeviceCircuit::bytes_for(const r1cs::PrecompiledCircuit& circuit) {
  return csr_bytes(circuit.a()) + csr_bytes(circuit.b()) + csr_bytes(circuit.c()) +
         sizeof(FrStorage) * circuit.coeffs().size();
}

DeviceCircuit DeviceCircuit::upload(const r1cs::PrecompiledCircuit& circuit,
                                    StagedUploader& uploader, cudaStream_t stream) {
  DeviceCircuit d;
  d.a = upload_csr(circuit.a(), uploader, stream);
  d.b = upload_csr(circuit.b(), uploader, stream);
  d.c = upload_csr(circuit.c(), uploader, stream);
  d.coeffs = DeviceBuffer<FrStorage>(circuit.coeffs().size());
  uploader.copy(d.coeffs.data(), std::span<const ff::Fr>(circuit.coeffs()), stream);
  d.rows = circuit.a().rows();
  d.num_inputs = circuit.num_inputs();
  d.num_aux = circuit.num_aux();
  d.digest = circuit.digest();
  return d;
}

const DeviceCircuit& DeviceCircuits::get(const r1cs::PrecompiledCircuit& circuit,
                                         StagedUploader& uploader, cudaStream_t stream,
                                         groth16::PhaseTimings& t, Stopwatch& sw,
                                         const std::function<void()>& lane_room) {
  auto it = circuits_.find(circuit.digest());
  const size_t need = DeviceCircuit::bytes_for(circuit);
  if (it == circuits_.end() && lane_room && need > free_device_bytes() + bytes()) {
    lane_room();
    t.emplace_back("free_msm_scratch", sw.lap_ms());
    it = circuits_.find(circuit.digest());  // another caller may have uploaded it meanwhile
  }
  if (it == circuits_.end()) {
    size_t free_bytes = free_device_bytes();
    if (need > free_bytes) {
      const size_t had = free_bytes;
      if (!make_room(need, free_bytes))
        throw CudaError(cudaErrorMemoryAllocation, "the precompiled circuit's matrices need " +
                                                       gb(need) + " of device memory, " + gb(had) +
                                                       " are free and the other " +
                                                       "circuits' matrices hold " + gb(bytes()));
      t.emplace_back("evict_circuits", sw.lap_ms());
    }
    in_phase("upload_circuit", [&] {
      it = circuits_
               .emplace(circuit.digest(), Entry{DeviceCircuit::upload(circuit, uploader, stream)})
               .first;
    });
    t.emplace_back("upload_circuit", sw.lap_ms());
  }
  it->second.last_use = ++uses_;
  return it->second.circuit;
}

bool DeviceCircuits::make_room(size_t need, size_t& free_bytes) {
  std::vector<ResidentCircuit<r1cs::PrecompiledCircuit::Digest>> resident;
  for (const auto& [digest, entry] : circuits_)
    resident.push_back({digest, entry.circuit.bytes(), entry.last_use});
  const auto evict = circuits_to_evict(std::move(resident), need, free_bytes);
  if (!evict) return false;
  for (const auto& digest : *evict) circuits_.erase(digest);  // cudaFree: waits for the device
  free_bytes = free_device_bytes();
  return true;
}

size_t DeviceCircuits::bytes() const {
  size_t bytes = 0;
  for (const auto& [digest, entry] : circuits_) bytes += entry.circuit.bytes();
  return bytes;
}

void evaluate_deferred_abc(DeviceCircuits& circuits, StagedUploader& uploader, InputSlot& x,
                           const WitnessView& w, size_t m, cudaStream_t stream,
                           groth16::PhaseTimings& t, Stopwatch& sw,
                           const std::function<void()>& lane_room) {
  if (w.circuit == nullptr) return;
  const DeviceCircuit& circuit = circuits.get(*w.circuit, uploader, stream, t, sw, lane_room);
  in_phase("abc", [&] {
    evaluate_abc(circuit.matrices(), x.z.data(), x.a.data(), x.b.data(), x.c.data(), m, stream);
    CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  });
  t.emplace_back("abc", sw.lap_ms());
}

}  // namespace cuzk::gpu
