// CudaBackend (cuda_backend.hpp): input slots, the uploads, the proof run of each start path and
// the pending state. The kernels of a proof are a ProveLane's (prove_lane.hpp), the resident
// parameter sets ResidentSets' (resident_sets.hpp).
#include "gpu/backend/cuda_backend.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "gpu/backend/b_g2_cpu.hpp"
#include "gpu/backend/device_circuit.hpp"
#include "gpu/backend/device_ntt_options.hpp"
#include "gpu/backend/input_slot.hpp"
#include "gpu/backend/prove_lane.hpp"
#include "gpu/backend/resident_sets.hpp"
#include "gpu/backend/section_msm.hpp"
#include "gpu/backend/set_placement.hpp"
#include "gpu/util/cuda_phase.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/device_guard.hpp"
#include "gpu/util/staged_upload.hpp"
#include "groth16/proof_assembly.hpp"
#include "util/parallel.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::gpu {
namespace {

using groth16::MsmAccumulators;
using groth16::PhaseTimings;

constexpr unsigned kMaxLogM = ntt_detail::kMaxLogN;  // GpuNtt's largest domain (2^28)
constexpr size_t kStagingBytes = size_t(32) << 20;   // per pinned staging buffer
// Free device memory kept beside a second input slot (tables, MSM buckets, G2 scratch growth).
constexpr size_t kSecondSlotReserve = size_t(8) << 30;
// The largest domain the deadline lane takes (2^24, a 0.6 GB input slot; a WinningPoSt is 2^19):
// a 32 GiB WindowPoSt partition (2^27) would need a second full workspace, and runs on the main.
constexpr unsigned kDeadlineMaxLogM = 24;

struct CudaPending final : groth16::Pending {
  const groth16::VerifyingKey* vk = nullptr;
  std::vector<groth16::Randomness> randomness;
  std::vector<MsmAccumulators> acc;  // the GPU results; on the CPU path finish fills b2
  std::vector<std::shared_future<BG2Result>> b2;  // per circuit: the CPU G2 MSM, or none (GPU)
  PhaseTimings timings;
};

}  // namespace

struct CudaBackend::Impl {
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
                               Stopwatch& sw, const std::function<void()>& inputs_read = {}) {
    const Sections of = Sections::of(srs.g1, srs.host);
    double stream_ms = 0;
    MsmAccumulators acc = lane.g1_msms(x, *sections, of, shape, t, sw, stream_ms);
    if (gpu_b2) acc.b2 = lane.b_g2_msm(x, *sections, of, shape, t, sw, stream_ms);
    if (inputs_read) inputs_read();
    acc.h = lane.h_msm(x, *sections, of, m, t, sw, stream_ms);
    if (srs.g1 == nullptr) t.emplace_back("stream_srs", stream_ms);
    return acc;
  }

  static std::unique_ptr<CudaPending> pending_for(const SrsRef& srs,
                                                  std::span<const groth16::Randomness> rs) {
    auto pending = std::make_unique<CudaPending>();
    pending->vk = srs.vk;
    pending->randomness.assign(rs.begin(), rs.end());
    return pending;
  }

  // start() proper in input slot `slot` (main.mutex, upload_mutex held; device current): each
  // circuit uploaded on the main lane's stream, then its kernels; release(i) (if set) once i's
  // witness is read.
  std::unique_ptr<groth16::Pending> run(size_t slot, std::span<const WitnessView> witnesses,
                                        const SrsRef& srs,
                                        std::span<const groth16::Randomness> randomness, size_t m,
                                        const std::function<void(size_t)>& release,
                                        PhaseTimings timings) {
    auto pending = pending_for(srs, randomness);
    pending->timings = std::move(timings);
    PhaseTimings& t = pending->timings;
    const cudaStream_t st = main->stream();
    try {
      Stopwatch sw;
      InputSlot& x = slots->slot(slot);
      in_phase("setup", [&] {
        main->prepare_tables(m);
        slots->resize(x, witnesses[0], m);  // the largest circuit's size: check_witnesses_fit
      });
      t.emplace_back("setup", sw.lap_ms());
      const bool gpu_b2 = b2_on_gpu(srs);
      std::shared_future<BG2Result> previous;
      for (size_t i = 0; i < witnesses.size(); ++i) {
        const WitnessView& w = witnesses[i];
        if (gpu_b2) {
          pending->b2.emplace_back();  // computed below, with the G1 MSMs
        } else {
          in_phase("b_g2_scalars", [&] {
            previous = launch_b_g2(srs.b_g2, BG2Input::from(w, cpu_threads), cpu_threads, previous);
            pending->b2.push_back(previous);
          });
          t.emplace_back("b_g2_scalars", sw.lap_ms());
        }
        in_phase("upload", [&] { upload_witness(*slots, x, w, m, st, *uploader); });
        t.emplace_back("upload", sw.lap_ms());
        evaluate_deferred_abc(circuits, *uploader, x, w, m, st, t, sw,
                              [&] { main->release_msm_scratch(); });
        const UploadedShape shape = UploadedShape::of(w, srs.g1 == nullptr);  // before release
        if (release) release(i);
        pending->acc.push_back(circuit_msms(*main, x, srs, shape, m, gpu_b2, t, sw));
      }
    } catch (...) {
      main->drain_quietly();
      throw;  // pending's destructor waits for the G2 MSMs already started
    }
    return pending;
  }

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
                                                   const std::function<void(size_t)>& release) {
    auto pending = pending_for({}, randomness);
    PhaseTimings& t = pending->timings;
    InputSlot& x = slots->slot(slot);
    try {
      Stopwatch sw;
      // Host densities copied too (the placement comes later), before any wait: a borrower must
      // not hold the main lane for it (~25 ms at 32 GiB; it counts in "upload").
      const UploadedShape shape = UploadedShape::of(w, true);
      {
        std::unique_lock up(upload_mutex);
        std::unique_lock kernels(main->mutex, std::defer_lock);  // the proof before has ended
        const auto after_kernels = [&] {
          if (kernels.owns_lock()) return;
          up.unlock();
          std::lock(kernels, up);
        };
        if (borrowed && (w.circuit == nullptr || !x.fits(w, m))) after_kernels();
        if (!upload_stream) in_phase("init", [&] { upload_stream.emplace(); });
        in_phase("upload",
                 [&] { upload_witness(*slots, x, w, m, upload_stream->get(), *uploader); });
        if (slot == 1) ++second_slot_uploads;
        if (borrowed && !kernels.owns_lock()) ++borrowed_slot_uploads;
        t.emplace_back("upload", sw.lap_ms());
        if (borrowed && !kernels.owns_lock()) {  // a, b, c are the lender's until its kernels end
          after_kernels();
          t.emplace_back("wait_device", sw.lap_ms());
        }
        evaluate_deferred_abc(circuits, *uploader, x, w, m, upload_stream->get(), t, sw, [&] {
          after_kernels();  // held until the matrices are up
          main->release_msm_scratch();
        });
      }
      InputSlotPool::Turn turn(*slots, slot, /*try_only=*/true);
      bool released = false;
      if (!turn.held()) {
        if (release) release(0);
        released = true;
        turn.wait();
      }
      std::unique_lock lock(main->mutex);
      t.emplace_back("wait_device", sw.lap_ms());
      std::unique_lock up(upload_mutex);  // the SRS upload, and streaming, use the uploader
      const SrsRef srs = in_phase("placement", [&] { return place(t); });
      pending->vk = srs.vk;
      if (!b2_on_gpu(srs)) throw std::logic_error("overlapped start with B in G2 on the CPU");
      if (srs.g1 != nullptr) up.unlock();  // resident: the kernels upload nothing
      (void)sw.lap_ms();
      in_phase("setup", [&] { main->prepare_tables(m); });
      t.emplace_back("setup", sw.lap_ms());
      pending->b2.emplace_back();  // B in G2 on the GPU, below
      const auto lend = [&] {
        if (!up.owns_lock()) slots->lend(slot);  // streamed: the next upload waits for the uploader
      };
      pending->acc.push_back(circuit_msms(*main, x, srs, shape, m, true, t, sw, lend));
      if (up.owns_lock()) up.unlock();
      lock.unlock();
      if (!released && release) release(0);
    } catch (...) {
      main->drain_quietly();
      if (upload_stream) (void)cudaStreamSynchronize(upload_stream->get());
      throw;
    }
    return pending;
  }

  // A deadline start on the deadline lane (its mutex held, device current): the witness into the
  // lane's own slot by its own uploader on its stream, then the kernels, beside the main lane's.
  // One resident circuit with a, b, c (the circuits' matrices are the main lane's), B in G2 on the
  // GPU.
  std::unique_ptr<groth16::Pending> run_deadline(const WitnessView& w, const SrsRef& srs,
                                                 std::span<const groth16::Randomness> randomness,
                                                 size_t m) {
    auto pending = pending_for(srs, randomness);
    PhaseTimings& t = pending->timings;
    const PriorityGate::Hold hold(&deadline_gate);
    try {
      Stopwatch sw;
      in_phase("setup", [&] { deadline->prepare_tables(m); });
      t.emplace_back("setup", sw.lap_ms());
      InputSlot& x = slots->slot(InputSlotPool::kDeadline);
      in_phase("upload",
               [&] { upload_witness(*slots, x, w, m, deadline->stream(), *deadline_uploader); });
      t.emplace_back("upload", sw.lap_ms());
      const UploadedShape shape = UploadedShape::of(w, false);
      pending->b2.emplace_back();
      pending->acc.push_back(circuit_msms(*deadline, x, srs, shape, m, true, t, sw));
    } catch (...) {
      deadline->drain_quietly();
      throw;
    }
    deadline_scratch = deadline->scratch_bytes();
    t.emplace_back("deadline_lane", 0);
    return pending;
  }

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

bool cuda_device_available(int device) {
  return device >= 0 && device < cuda_device_count();
}

int cuda_backend_device_count() {
  return cuda_device_count();
}

CudaBackend::CudaBackend(int device, unsigned cpu_threads)
    : CudaBackend(device, CudaBackendOptions{cpu_threads, true}) {}

CudaBackend::CudaBackend(int device, const CudaBackendOptions& options)
    : impl_(std::make_unique<Impl>()) {
  if (!cuda_device_available(device)) {
    throw std::invalid_argument("CudaBackend: no CUDA device " + std::to_string(device) + " (" +
                                std::to_string(cuda_device_count()) + " present)");
  }
  impl_->device = device;
  impl_->cpu_threads = options.cpu_threads;
  impl_->b_g2_on_gpu = options.b_g2_on_gpu;
  impl_->placement = options.srs_placement;
  impl_->overlap_uploads = options.overlap_uploads;
  impl_->ntt_options = ntt_options_for(device, options.ntt_tables);
  impl_->resident = std::make_unique<ResidentSets>(device, options.b_g2_on_gpu);
  impl_->slots = std::make_unique<InputSlotPool>(options.overlap_uploads, kSecondSlotReserve);
  in_phase("init", [&] {
    DeviceGuard guard(device);
    impl_->main = std::make_unique<ProveLane>(device, 0, impl_->ntt_options, &impl_->deadline_gate);
    impl_->uploader = std::make_unique<StagedUploader>(
        kStagingBytes, std::min(8u, resolve_threads(options.cpu_threads)));
    impl_->sections =
        std::make_unique<SectionMsm>(*impl_->uploader, options.stream_chunk_points, device);
  });
}

CudaBackend::~CudaBackend() {
  if (!impl_) return;
  release_on_device(impl_->device, [this] {
    if (impl_->main) impl_->main->drain_quietly();
    if (impl_->deadline) impl_->deadline->drain_quietly();
    impl_.reset();  // buffers, tables and pinned memory, freed on their device
  });
}

std::string CudaBackend::name() const {
  return "cuda:" + std::to_string(impl_->device);
}

int CudaBackend::device() const {
  return impl_->device;
}

std::unique_ptr<groth16::Pending> CudaBackend::start(
    std::vector<r1cs::ProvingAssignment> assignments, const groth16::Parameters& params,
    std::span<const groth16::Randomness> randomness) {
  return start_main(std::move(assignments), params, randomness, false);
}

std::unique_ptr<groth16::Pending> CudaBackend::start_main(
    std::vector<r1cs::ProvingAssignment> assignments, const groth16::Parameters& params,
    std::span<const groth16::Randomness> randomness, bool urgent) {
  groth16::check_assignments_fit(assignments, params, randomness.size());  // the CPU's messages
  std::vector<WitnessView> views;
  views.reserve(assignments.size());
  for (const auto& w : assignments) views.push_back(WitnessView::of(w));
  const size_t m =
      check_witnesses_fit(views, params.vk, SrsShape::of(params), randomness.size(), kMaxLogM);
  const DeviceInPhase on_device(impl_->device);
  size_t variables = 0, slot_bytes = 0;
  for (const auto& w : views) {
    variables = std::max(variables, w.inputs.size() + w.aux.size());
    slot_bytes = std::max(slot_bytes, InputSlot::bytes_for(w, m));
  }
  const auto release = [&assignments](size_t i) { assignments[i] = r1cs::ProvingAssignment(); };
  // Resident, or streamed from the host Parameters (under main.mutex and upload_mutex).
  const auto place = [&](PhaseTimings& timings) {
    const DeviceSrs* g1 = nullptr;
    if (impl_->keep_resident(params, m, variables)) {
      g1 = &impl_->resident->upload(params, *impl_->uploader, impl_->main->stream(), &timings);
    }
    return SrsRef{&params.vk, g1, params.b_g2, g1 != nullptr ? nullptr : &params};
  };
  // Overlapped (CudaBackendOptions::overlap_uploads): one circuit, B in G2 on the GPU.
  const bool overlap = impl_->overlap_uploads && impl_->b_g2_on_gpu && views.size() == 1 &&
                       params.count(groth16::Section::kBG2) != 0;
  // The second slot only once a set is resident: it never pushes the SRS out to streaming.
  InputSlotPool::Lease slot(*impl_->slots, slot_bytes, overlap && impl_->resident->any(), urgent);
  if (overlap) {
    return impl_->run_overlapped(slot.index(), slot.borrowed(), views[0], place, randomness, m,
                                 release);
  }
  InputSlotPool::Turn turn(*impl_->slots, slot.index());
  std::scoped_lock lock(impl_->main->mutex, impl_->upload_mutex);
  PhaseTimings timings;
  const SrsRef srs = in_phase("placement", [&] { return place(timings); });
  return impl_->run(slot.index(), views, srs, randomness, m, release, std::move(timings));
}

bool CudaBackend::evaluates_deferred_abc_for_deadline(size_t domain) const {
  return domain > (size_t(1) << kDeadlineMaxLogM);
}

std::unique_ptr<groth16::Pending> CudaBackend::start_deadline(
    std::vector<r1cs::ProvingAssignment> assignments, const groth16::Parameters& params,
    std::span<const groth16::Randomness> randomness) {
  groth16::check_assignments_fit(assignments, params, randomness.size());
  // Not for the deadline lane: on the main lane, ahead of ordinary starts (InputSlotPool).
  if (assignments.size() != 1 || !impl_->b_g2_on_gpu ||
      assignments[0].deferred_circuit() != nullptr) {
    return start_main(std::move(assignments), params, randomness, true);
  }
  const WitnessView view = WitnessView::of(assignments[0]);
  const size_t m = check_witnesses_fit(std::span(&view, 1), params.vk, SrsShape::of(params),
                                       randomness.size(), kMaxLogM);
  const DeviceSrs* g1 = impl_->resident->find(params);
  if (m > (size_t(1) << kDeadlineMaxLogM) || g1 == nullptr || g1->b_g2.size() == 0) {
    return start_main(std::move(assignments), params, randomness, true);  // placed there
  }
  try {
    const DeviceInPhase on_device(impl_->device);
    ProveLane& lane = impl_->deadline_lane();
    std::lock_guard lock(lane.mutex);
    g1 = impl_->resident->find(params);  // again: erased only with this lane locked
    if (g1 == nullptr) throw groth16::DeviceError("CudaBackend: set evicted in a deadline start");
    return impl_->run_deadline(view, SrsRef{&params.vk, g1, params.b_g2, nullptr}, randomness, m);
  } catch (const CudaError& e) {
    if (!e.out_of_device_memory()) throw;
    (void)cudaGetLastError();
  }
  // No device memory for the lane's slot, tables or scratch (the main lane holds it): the proof
  // runs on the main lane, ahead of ordinary starts, rather than fail.
  auto pending = start_main(std::move(assignments), params, randomness, true);
  static_cast<CudaPending&>(*pending).timings.emplace_back(kDeadlineLaneOutOfMemoryNotice, 0);
  return pending;
}

std::unique_ptr<groth16::Pending> CudaBackend::start_views(
    std::span<const WitnessView> witnesses, const SrsRef& srs,
    std::span<const groth16::Randomness> randomness) {
  if (srs.vk == nullptr || (srs.g1 == nullptr && srs.host == nullptr))
    throw std::invalid_argument("CudaBackend::start_views: SrsRef without vk or G1 sections");
  SrsShape shape = srs.g1 == nullptr
                       ? SrsShape::of(*srs.host)
                       : SrsShape{srs.vk->ic.size(), srs.g1->h.size(),    srs.g1->l.size(),
                                  srs.g1->a.size(),  srs.g1->b_g1.size(), 0};
  if (srs.g1 != nullptr) shape.b_g2 = impl_->b2_on_gpu(srs) ? srs.g1->b_g2.size() : srs.b_g2.size();
  const size_t m = check_witnesses_fit(witnesses, *srs.vk, shape, randomness.size(), kMaxLogM);
  const DeviceInPhase on_device(impl_->device);
  size_t slot_bytes = 0;
  for (const auto& w : witnesses) slot_bytes = std::max(slot_bytes, InputSlot::bytes_for(w, m));
  // Overlapped as start(), on sections the caller keeps on the device.
  const bool overlap =
      impl_->overlap_uploads && srs.g1 != nullptr && witnesses.size() == 1 && impl_->b2_on_gpu(srs);
  InputSlotPool::Lease slot(*impl_->slots, slot_bytes, overlap);
  if (overlap) {
    return impl_->run_overlapped(slot.index(), slot.borrowed(), witnesses[0],
                                 [&](PhaseTimings&) { return srs; }, randomness, m, {});
  }
  InputSlotPool::Turn turn(*impl_->slots, slot.index());
  std::scoped_lock lock(impl_->main->mutex, impl_->upload_mutex);
  return impl_->run(slot.index(), witnesses, srs, randomness, m, {}, {});
}

groth16::ProveOutput CudaBackend::finish(std::unique_ptr<groth16::Pending> pending_base) {
  auto* pending = dynamic_cast<CudaPending*>(pending_base.get());
  if (pending == nullptr)
    throw std::invalid_argument("CudaBackend::finish: pending state of another backend");
  groth16::ProveOutput out;
  out.timings = std::move(pending->timings);
  Stopwatch sw;
  for (size_t i = 0; i < pending->acc.size(); ++i) {
    if (pending->b2[i].valid()) {  // CPU path; on the GPU path start computed b2
      const BG2Result r = in_phase("b_g2_cpu", [&] { return pending->b2[i].get(); });
      out.timings.emplace_back("b_g2_wait", sw.lap_ms());
      out.timings.emplace_back("b_g2_cpu", r.ms);
      pending->acc[i].b2 = r.acc;
    }
    out.proofs.push_back(
        groth16::assemble_proof(*pending->vk, pending->acc[i], pending->randomness[i]));
    out.timings.emplace_back("assembly", sw.lap_ms());
  }
  return out;
}

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
