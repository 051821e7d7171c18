// CudaBackend's state (CudaBackend::Impl, cuda_backend.hpp): its two lanes, input slots,
// uploaders, resident parameter sets and precompiled circuits, the lock order between them, and
// the small rules over them (placement, workspace). The proof runs of the start paths are
// cuda_backend.cpp's; the residency and workspace entry points are cuda_backend_residency.cpp's.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>

#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/device_circuit.hpp"
#include "gpu/backend/input_slot.hpp"
#include "gpu/backend/prove_lane.hpp"
#include "gpu/backend/resident_sets.hpp"
#include "gpu/backend/section_msm.hpp"
#include "gpu/backend/set_placement.hpp"
#include "gpu/util/cuda_phase.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/enqueue_window.hpp"
#include "gpu/util/staged_upload.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::gpu {

struct CudaBackend::Impl {
  using MsmAccumulators = groth16::MsmAccumulators;
  using PhaseTimings = groth16::PhaseTimings;
  static constexpr size_t kStagingBytes = size_t(32) << 20;  // per pinned staging buffer

  int device = 0;
  unsigned cpu_threads = 0;
  bool b_g2_on_gpu = true;
  CudaBackendOptions::SrsPlacement placement = CudaBackendOptions::SrsPlacement::kAuto;
  bool overlap_uploads = true;
  GpuNttOptions ntt_options;
  // Lock order: main.mutex before upload_mutex before deadline's mutex (ResidentSets' and the
  // slot pool's own are taken alone). A start() takes its input slot, and then its turn of the
  // main lane (InputSlotPool::Turn, urgent starts first), before main.mutex.
  // main.mutex: the main lane's kernels, placement (it may upload a set), the resident sets'
  // changes. upload_mutex: the uploader, upload_stream and `circuits`.
  mutable std::mutex upload_mutex;

  // Held by the deadline lane around a proof; the main lane steps aside meanwhile.
  PriorityGate deadline_gate;
  std::unique_ptr<ProveLane> main;
  std::unique_ptr<ProveLane> deadline;  // made on the first start_deadline, under deadline_init
  std::mutex deadline_init;
  std::unique_ptr<StagedUploader> deadline_uploader;  // under deadline->mutex
  // The deadline lane's scratch as its last proof left it: workspace_bytes() reads it unlocked.
  std::atomic<size_t> deadline_scratch{0};
  std::optional<Stream> upload_stream;  // overlapped witness uploads
  std::unique_ptr<StagedUploader> uploader;
  std::unique_ptr<SectionMsm> sections;  // the MSMs over resident or streamed sections
  std::unique_ptr<ResidentSets> resident;
  // Precompiled circuits whose matrices are on the device, by digest (deferred a/b/c).
  DeviceCircuits circuits;

  std::unique_ptr<InputSlotPool> slots;
  std::atomic<uint64_t> second_slot_uploads{0}, borrowed_slot_uploads{0};

  // Whether B in G2 runs on the GPU for these parameters (SrsRef's rule, cuda_backend.hpp).
  bool b2_on_gpu(const SrsRef& srs) const {
    if (!b_g2_on_gpu) return false;
    return srs.g1 != nullptr ? srs.g1->b_g2.size() > 0 : srs.host != nullptr;
  }

  size_t workspace_bytes() {
    return slots->bytes() + main->scratch_bytes() + deadline_scratch.load() +
           sections->device_bytes();
  }

  // Why a set of `bytes` is not held beside the sets held now (set_placement.hpp); nullopt: it is.
  std::optional<std::string> reason_not_held(size_t bytes, size_t m, size_t variables) {
    const auto [held_domain, held_variables] = resident->largest_proof();
    return reason_to_leave_in_file({bytes, free_device_bytes(), workspace_bytes(),
                                    std::max(m, held_domain), std::max(variables, held_variables),
                                    held_domain > 0});
  }

  // Whether start() keeps p resident for a proof of domain m (kAuto: as reason_not_held says).
  bool keep_resident(const groth16::Parameters& p, size_t m, size_t variables) {
    using Placement = CudaBackendOptions::SrsPlacement;
    if (p.in_file.any()) return false;  // the loader left it in its file (leaves_in_file)
    if (placement != Placement::kAuto) return placement == Placement::kResident;
    if (resident->find(p) != nullptr) return true;
    if (!p.on_host()) return true;  // ResidentSets::upload explains why it cannot be uploaded
    return !reason_not_held(DeviceSrs::bytes_for(p, b_g2_on_gpu), m, variables);
  }

  // One uploaded circuit's kernels on `lane`: the G1 MSMs and, on the GPU path, B in G2, then
  // H; inputs_read (if set) between, once the assignment and densities are read for the last time.
  MsmAccumulators circuit_msms(ProveLane& lane, InputSlot& x, const SrsRef& srs,
                               const UploadedShape& shape, size_t m, bool gpu_b2, PhaseTimings& t,
                               Stopwatch& sw, const std::function<void()>& inputs_read = {});

  // start() proper in input slot `slot` (main.mutex, upload_mutex held; device current): each
  // circuit uploaded on the main lane's stream, then its kernels; release(i) (if set) once i's
  // witness is read.
  std::unique_ptr<groth16::Pending> run(size_t slot, std::span<const WitnessView> witnesses,
                                        const SrsRef& srs,
                                        std::span<const groth16::Randomness> randomness, size_t m,
                                        const std::function<void(size_t)>& release,
                                        PhaseTimings timings);

  // Where a start's sections are, decided with main.mutex and upload_mutex held (it may upload
  // them); its B in G2 must be on the GPU (the host witness is gone by then).
  using Placement = std::function<SrsRef(PhaseTimings&)>;

  // start() of one circuit in input slot `slot` (device current, no lock held): the upload on
  // upload_stream under upload_mutex only — beside the kernels of the proof before —, then the
  // placement and the kernels under main.mutex. "wait_device" is the time the upload waited for
  // them. The host witness is released (freed: ~0.3 s for the 4.2 GB of a 32 GiB partition) while
  // the kernels of the proof before still run, or, when the device is idle, after this proof's
  // kernels: never between an idle device and its next kernels. The slot is lent once the
  // kernels have read its assignment; a `borrowed` one (InputSlotPool::lend) is written beside
  // the lender's last kernels only where its a, b, c are not (deferred, and no buffer to grow).
  std::unique_ptr<groth16::Pending> run_overlapped(size_t slot, bool borrowed, const WitnessView& w,
                                                   const Placement& place,
                                                   std::span<const groth16::Randomness> randomness,
                                                   size_t m,
                                                   const std::function<void(size_t)>& release);

  // A deadline start on the deadline lane (its mutex held, device current): the witness into the
  // lane's own slot by its own uploader on its stream, then the kernels, beside the main lane's.
  // One resident circuit with a, b, c (the circuits' matrices are the main lane's), B in G2 on the
  // GPU.
  std::unique_ptr<groth16::Pending> run_deadline(const WitnessView& w, const SrsRef& srs,
                                                 std::span<const groth16::Randomness> randomness,
                                                 size_t m);

  // The deadline lane (its stream, scratch and uploader), made on first use.
  ProveLane& deadline_lane() {
    std::lock_guard lock(deadline_init);
    if (!deadline) {
      in_phase("init", [&] {
        deadline =
            std::make_unique<ProveLane>(device, highest_stream_priority(device), ntt_options);
        deadline_uploader = std::make_unique<StagedUploader>(kStagingBytes, 2);
      });
    }
    return *deadline;
  }

  // Locks for changing or dropping resident sets and workspace: no lane may be running.
  std::unique_lock<std::mutex> lock_deadline_lane() {
    std::lock_guard lock(deadline_init);
    return deadline ? std::unique_lock(deadline->mutex) : std::unique_lock<std::mutex>();
  }
};

}  // namespace cuzk::gpu
