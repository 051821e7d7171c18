// The resident parameter sets of one device (see resident_sets.hpp).
#include "gpu/backend/resident_sets.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "gpu/arith/point_storage.hpp"
#include "gpu/util/cuda_phase.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::gpu {
namespace {

void check_fits(size_t need, const std::string& what) {
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (need > free_bytes) {
    throw CudaError(cudaErrorMemoryAllocation, what + " need " + gb(need) + " of device memory, " +
                                                   gb(free_bytes) + " of " + gb(total_bytes) +
                                                   " are free");
  }
}

}  // namespace

const DeviceSrs* ResidentSets::find(const groth16::Parameters& p) const {
  std::lock_guard lock(mutex_);
  const auto it = sets_.find(&p);
  return it != sets_.end() && it->second.key == Key::of(p) ? &it->second.g1 : nullptr;
}

const DeviceSrs& ResidentSets::upload(const groth16::Parameters& p, StagedUploader& uploader,
                                      cudaStream_t stream, groth16::PhaseTimings* timings) {
  if (const DeviceSrs* g1 = find(p)) return *g1;
  erase(p);  // another parameter set (or an unfinished one) at this address
  if (!p.on_host()) {
    throw std::invalid_argument(
        "parameters: their points were released from host memory and they are not resident on "
        "cuda:" +
        std::to_string(device_));
  }
  Stopwatch sw;
  DeviceSrs g1 = in_phase("upload_srs", [&] {
    check_fits(DeviceSrs::bytes_for(p, b_g2_on_gpu_), "the SRS sections");
    return DeviceSrs::upload(p, uploader, stream, b_g2_on_gpu_);
  });
  if (timings != nullptr) timings->emplace_back("upload_srs", sw.lap_ms());
  std::lock_guard lock(mutex_);
  Set& set = sets_[&p];
  set = Set{Key::of(p), std::move(g1), 0};
  update_any();
  return set.g1;
}

template <class Upload>
bool ResidentSets::place_section(const groth16::Parameters& p, groth16::Section section,
                                 Upload&& upload) {
  Set* set = nullptr;
  {
    std::lock_guard lock(mutex_);
    auto it = sets_.find(&p);
    if (it != sets_.end() && it->second.key) sets_.erase(it);  // a complete set: this is a new one
    set = &sets_[&p];
    update_any();
  }
  const bool placed = in_phase("upload_srs", [&] {
    const size_t point =
        section == groth16::Section::kBG2 ? sizeof(G2AffineStorage) : sizeof(G1AffineStorage);
    try {
      check_fits(point * p.count(section),
                 std::string("SRS section ") + groth16::to_string(section));
      return upload(set->g1);
    } catch (...) {
      erase(p);
      throw;
    }
  });
  if (!placed) {
    erase(p);
    return false;
  }
  std::lock_guard lock(mutex_);
  set->sections |= 1u << size_t(section);
  if (set->sections == (b_g2_on_gpu_ ? 0x1fu : 0x0fu)) set->key = Key::of(p);
  update_any();
  return true;
}

bool ResidentSets::upload_section(const groth16::Parameters& p, groth16::Section section,
                                  StagedUploader& uploader, cudaStream_t stream) {
  if (section == groth16::Section::kBG2 && !b_g2_on_gpu_) return false;
  return place_section(p, section, [&](DeviceSrs& g1) {
    g1.upload_section(p, section, uploader, stream);
    return true;
  });
}

groth16::ParamsResult<bool> ResidentSets::upload_raw_section(const groth16::Parameters& p,
                                                             groth16::Section section,
                                                             std::span<const uint8_t> raw,
                                                             StagedUploader& uploader,
                                                             cudaStream_t stream) {
  if (section == groth16::Section::kBG2 && !b_g2_on_gpu_) return false;
  const size_t count = p.count(section);
  size_t first_bad = count;
  if (place_section(p, section, [&](DeviceSrs& g1) {
        first_bad = g1.upload_raw_section(section, raw, uploader, stream);
        return first_bad == count;
      })) {
    return true;
  }
  if (auto error = groth16::section_point_error(raw, section, first_bad)) return *error;
  throw std::logic_error(std::string("ResidentSets: the device refused ") +
                         groth16::to_string(section) + "[" + std::to_string(first_bad) +
                         "], which the host decoder accepts");
}

void ResidentSets::erase(const groth16::Parameters& p) {
  std::lock_guard lock(mutex_);
  sets_.erase(&p);
  update_any();
}

void ResidentSets::clear() {
  std::lock_guard lock(mutex_);
  sets_.clear();
  update_any();
}

size_t ResidentSets::bytes() const {
  std::lock_guard lock(mutex_);
  size_t bytes = 0;
  for (const auto& [params, set] : sets_) bytes += set.g1.bytes();
  return bytes;
}

std::pair<size_t, size_t> ResidentSets::largest_proof() const {
  std::lock_guard lock(mutex_);
  size_t domain = 0, variables = 0;
  for (const auto& [params, set] : sets_) {
    if (!set.key) continue;
    domain = std::max(domain, set.key->shape.h + 1);
    variables = std::max(variables, set.key->shape.ic + set.key->shape.l);
  }
  return {domain, variables};
}

void ResidentSets::update_any() {
  bool any = false;
  for (const auto& [params, set] : sets_) any = any || set.key.has_value();
  any_ = any;
}

}  // namespace cuzk::gpu
