// ResidentSets: the parameter sets resident on one device — each groth16::Parameters object's
// G1 sections (and B in G2 on the GPU path), uploaded whole on first use or section by section by
// preload, keyed by the object's address, its section sizes and its verifying key, so that another
// parameter set at a recycled address is noticed and uploaded again.
//
// Thread-safety: the map is guarded by its own mutex, held only for lookups and changes, never
// for an upload's duration. A caller holding a DeviceSrs pointer must keep the set from being
// erased meanwhile: CudaBackend erases only with every lane that may read the set locked.
#pragma once

#include <atomic>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <utility>

#include "gpu/backend/device_srs.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu/util/staged_upload.hpp"
#include "groth16/backend.hpp"
#include "groth16/parameters.hpp"

namespace cuzk::gpu {

class ResidentSets {
 public:
  ResidentSets(int device, bool b_g2_on_gpu) : device_(device), b_g2_on_gpu_(b_g2_on_gpu) {}

  // p's complete set, or null when it is not (or only partly) resident.
  const DeviceSrs* find(const groth16::Parameters& p) const;
  // p's set, uploaded on the current device through `uploader` when it is not resident (phase
  // upload_srs in timings): std::invalid_argument when p's points were released from host
  // memory, CudaError when the sections do not fit in the free device memory. With no proof
  // reading p's previous set at this address (it is replaced).
  const DeviceSrs& upload(const groth16::Parameters& p, StagedUploader& uploader,
                          cudaStream_t stream, groth16::PhaseTimings* timings);
  // One section of p (replacing a complete set at this address first); the set counts as
  // resident once its last section is there. False for B in G2 when it is kept on the host.
  bool upload_section(const groth16::Parameters& p, groth16::Section section,
                      StagedUploader& uploader, cudaStream_t stream);
  // The same from the section's file bytes, decoded on the device (DeviceSrs::upload_raw_section;
  // p.count(section) must already say how many points they are: p.released). True when placed,
  // false for B in G2 kept on the host; a bad point is the host loader's error for it
  // (groth16::section_point_error), and p's set is erased.
  groth16::ParamsResult<bool> upload_raw_section(const groth16::Parameters& p,
                                                 groth16::Section section,
                                                 std::span<const uint8_t> raw,
                                                 StagedUploader& uploader, cudaStream_t stream);
  void erase(const groth16::Parameters& p);
  void clear();

  bool any() const { return any_.load(); }  // a complete set is resident
  size_t bytes() const;
  // The largest domain (|h| + 1) and variable count (|ic| + |l|) among the complete sets (0, 0
  // when none): what their proofs need room for.
  std::pair<size_t, size_t> largest_proof() const;

 private:
  struct Key {  // what identifies an uploaded set besides its address
    SrsShape shape;
    groth16::VerifyingKey vk;
    static Key of(const groth16::Parameters& p) { return {SrsShape::of(p), p.vk}; }
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct Set {
    std::optional<Key> key;  // unset until the last section is there (upload_section)
    DeviceSrs g1;
    unsigned sections = 0;  // bit i: groth16::kSections[i] uploaded
  };
  void update_any();  // with mutex_ held
  // A section's bookkeeping around upload(the set's DeviceSrs), which returns false when what it
  // uploaded is unusable (then, or when it throws, p's set is erased).
  template <class Upload>
  bool place_section(const groth16::Parameters& p, groth16::Section section, Upload&& upload);

  const int device_;
  const bool b_g2_on_gpu_;
  mutable std::mutex mutex_;
  std::map<const groth16::Parameters*, Set> sets_;
  std::atomic<bool> any_{false};
};

}  // namespace cuzk::gpu
