// CudaBackend (cuda_backend.hpp): construction, the start paths with the proof run of each (input
// slot, upload, kernels) and finish. The state is CudaBackend::Impl (cuda_backend_impl.hpp); the
// kernels of a proof are a ProveLane's (prove_lane.hpp); residency and workspace entry points are
// cuda_backend_residency.cpp's.
#include "gpu/backend/cuda_backend.hpp"

#include <algorithm>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

#include "gpu/backend/b_g2_cpu.hpp"
#include "gpu/backend/cuda_backend_impl.hpp"
#include "gpu/backend/device_circuit.hpp"
#include "gpu/backend/device_ntt_options.hpp"
#include "gpu/backend/input_slot.hpp"
#include "gpu/backend/prove_lane.hpp"
#include "gpu/backend/resident_sets.hpp"
#include "gpu/backend/section_msm.hpp"
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

std::unique_ptr<CudaPending> pending_for(const CudaBackend::SrsRef& srs,
                                         std::span<const groth16::Randomness> rs) {
  auto pending = std::make_unique<CudaPending>();
  pending->vk = srs.vk;
  pending->randomness.assign(rs.begin(), rs.end());
  return pending;
}

}  // namespace

groth16::MsmAccumulators CudaBackend::Impl::circuit_msms(
    ProveLane& lane, InputSlot& x, const SrsRef& srs, const UploadedShape& shape, size_t m,
    bool gpu_b2, PhaseTimings& t, Stopwatch& sw, const std::function<void()>& inputs_read) {
  const Sections of = Sections::of(srs.g1, srs.host);
  double stream_ms = 0;
  MsmAccumulators acc = lane.g1_msms(x, *sections, of, shape, t, sw, stream_ms);
  if (gpu_b2) acc.b2 = lane.b_g2_msm(x, *sections, of, shape, t, sw, stream_ms);
  if (inputs_read) inputs_read();
  acc.h = lane.h_msm(x, *sections, of, m, t, sw, stream_ms);
  if (srs.g1 == nullptr) t.emplace_back("stream_srs", stream_ms);
  return acc;
}

std::unique_ptr<groth16::Pending> CudaBackend::Impl::run(
    size_t slot, std::span<const WitnessView> witnesses, const SrsRef& srs,
    std::span<const groth16::Randomness> randomness, size_t m,
    const std::function<void(size_t)>& release, PhaseTimings timings) {
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

std::unique_ptr<groth16::Pending> CudaBackend::Impl::run_overlapped(
    size_t slot, bool borrowed, const WitnessView& w, const Placement& place,
    std::span<const groth16::Randomness> randomness, size_t m,
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
      in_phase("upload", [&] { upload_witness(*slots, x, w, m, upload_stream->get(), *uploader); });
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

std::unique_ptr<groth16::Pending> CudaBackend::Impl::run_deadline(
    const WitnessView& w, const SrsRef& srs, std::span<const groth16::Randomness> randomness,
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
        Impl::kStagingBytes, std::min(8u, resolve_threads(options.cpu_threads)));
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

}  // namespace cuzk::gpu
