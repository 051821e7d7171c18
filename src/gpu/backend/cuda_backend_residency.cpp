// CudaBackend (cuda_backend.hpp): the residency and workspace entry points — parameter sets
// preloaded, prepared domains, evictions, the workspace released and measured. They take the
// lanes' locks in CudaBackend::Impl's order (cuda_backend_impl.hpp).
#include <bit>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/cuda_backend_impl.hpp"
#include "gpu/util/cuda_phase.hpp"

namespace cuzk::gpu {

void CudaBackend::preload(const groth16::Parameters& params) {
  std::scoped_lock lock(impl_->main->mutex, impl_->upload_mutex);
  const DeviceInPhase on_device(impl_->device);
  (void)impl_->resident->upload(params, *impl_->uploader, impl_->main->stream(), nullptr);
}

void CudaBackend::prepare_domain(size_t m) {
  if (!std::has_single_bit(m)) throw std::invalid_argument("prepare_domain: not a power of two");
  std::lock_guard lock(impl_->main->mutex);
  const DeviceInPhase on_device(impl_->device);
  in_phase("setup", [&] { impl_->main->prepare_tables(m); });
}

bool CudaBackend::preload_section(const groth16::Parameters& params, groth16::Section section) {
  std::scoped_lock lock(impl_->main->mutex, impl_->upload_mutex);
  const auto deadline = impl_->lock_deadline_lane();  // it may replace a complete set
  const DeviceInPhase on_device(impl_->device);
  return impl_->resident->upload_section(params, section, *impl_->uploader, impl_->main->stream());
}

groth16::ParamsResult<bool> CudaBackend::preload_raw_section(const groth16::Parameters& params,
                                                             groth16::Section section,
                                                             std::span<const uint8_t> bytes) {
  std::scoped_lock lock(impl_->main->mutex, impl_->upload_mutex);
  const auto deadline = impl_->lock_deadline_lane();  // it may replace a complete set
  const DeviceInPhase on_device(impl_->device);
  return impl_->resident->upload_raw_section(params, section, bytes, *impl_->uploader,
                                             impl_->main->stream());
}

std::optional<std::string> CudaBackend::leaves_in_file(uint64_t device_bytes, size_t domain,
                                                       size_t variables) {
  if (!impl_->b_g2_on_gpu) return std::nullopt;  // the CPU's B in G2 needs the host points
  if (impl_->placement == CudaBackendOptions::SrsPlacement::kStreamed) return "srs: streamed";
  if (impl_->placement == CudaBackendOptions::SrsPlacement::kResident) return std::nullopt;
  std::scoped_lock lock(impl_->main->mutex, impl_->upload_mutex);  // no upload meanwhile
  const DeviceInPhase on_device(impl_->device);
  return impl_->reason_not_held(device_bytes, domain, variables);  // the device current
}

bool CudaBackend::is_resident(const groth16::Parameters& params) const {
  return impl_->resident->find(params) != nullptr;
}

void CudaBackend::evict(const groth16::Parameters& params) {
  std::lock_guard lock(impl_->main->mutex);
  const auto deadline = impl_->lock_deadline_lane();
  const DeviceInPhase on_device(impl_->device);
  impl_->resident->erase(params);
}

void CudaBackend::evict_all() {
  std::scoped_lock lock(impl_->main->mutex, impl_->upload_mutex);
  const auto deadline = impl_->lock_deadline_lane();
  const DeviceInPhase on_device(impl_->device);
  impl_->resident->clear();
  impl_->circuits.clear();
}

size_t CudaBackend::resident_circuit_bytes() const {
  std::lock_guard lock(impl_->upload_mutex);
  return impl_->circuits.bytes();
}

size_t CudaBackend::resident_bytes() const {
  return impl_->resident->bytes();
}

void CudaBackend::release_workspace() {
  std::scoped_lock lock(impl_->main->mutex, impl_->upload_mutex);
  const auto deadline = impl_->lock_deadline_lane();
  const DeviceInPhase on_device(impl_->device);
  impl_->main->drain_quietly();
  impl_->sections->release();
  impl_->slots->release_free();
  impl_->main->release_scratch();
  if (impl_->deadline) impl_->deadline->release_scratch();
  impl_->deadline_scratch = 0;
}

uint64_t CudaBackend::second_slot_uploads() const {
  return impl_->second_slot_uploads.load();
}

uint64_t CudaBackend::borrowed_slot_uploads() const {
  return impl_->borrowed_slot_uploads.load();
}

size_t CudaBackend::workspace_bytes() const {
  std::lock_guard lock(impl_->main->mutex);
  return impl_->workspace_bytes();
}

MsmRoom CudaBackend::msm_room() const {
  return impl_->main->msm_room();
}

}  // namespace cuzk::gpu
