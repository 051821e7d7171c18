// CudaBackend (cuda_backend.hpp): the per-circuit pipeline, the resident SRS map and the pending
// state. Host code only: the kernels are GpuNtt's and GpuMsm's.
#include "gpu/cuda_backend.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "gpu/abc_kernels.hpp"
#include "gpu/b_g2_cpu.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/device_circuit.hpp"
#include "gpu/device_guard.hpp"
#include "gpu/device_srs.hpp"
#include "gpu/msm.hpp"
#include "gpu/ntt.hpp"
#include "gpu/ntt_h_polynomial.hpp"
#include "gpu/section_msm.hpp"
#include "gpu/staged_upload.hpp"
#include "groth16/proof_assembly.hpp"
#include "ntt/domain.hpp"
#include "util/parallel.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::gpu {
namespace {

using curve::G1;
using groth16::MsmAccumulators;
using groth16::PhaseTimings;

constexpr unsigned kMaxLogM = ntt_detail::kMaxLogN;      // GpuNtt's largest domain (2^28)
constexpr size_t kStagingBytes = size_t(32) << 20;       // per pinned staging buffer

// Runs f; an error leaves with the phase in front of its message and its type kept (CudaError
// stays CudaError, std::invalid_argument stays std::invalid_argument). A failed runtime call (an
// out-of-memory cudaMalloc, say) also sets the thread's last-error state, which a later
// cudaGetLastError after a kernel launch would report as that launch's failure: it is cleared
// here (a sticky error, which poisons the context, stays and resurfaces on the next call).
template <class F>
decltype(auto) in_phase(const char* phase, F&& f) {
  const auto where = [phase] { return std::string("CudaBackend, phase ") + phase + ": "; };
  try {
    return f();
  } catch (const CudaError& e) {
    (void)cudaGetLastError();
    throw CudaError(e.code(), where() + e.what());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(where() + e.what());
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(where() + "host out of memory");
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(where() + e.what());
  }
}

// The buffer, grown to at least n elements (contents not kept; freed first so that the peak is the
// new size). Only while no queued work uses it.
template <class T>
void ensure(DeviceBuffer<T>& b, size_t n) {
  if (b.size() >= n) return;
  b = DeviceBuffer<T>();
  b = DeviceBuffer<T>(n);
}

std::string gb(size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f GB", double(bytes) / 1e9);
  return text;
}

// What identifies an uploaded parameter set besides its address: its section sizes and its
// verifying key (a different set at a recycled address differs there: delta is the setup's own
// random element). Both stay readable when the bulk sections were released from the host.
struct SrsKey {
  SrsShape shape;
  groth16::VerifyingKey vk;

  static SrsKey of(const groth16::Parameters& p) { return {SrsShape::of(p), p.vk}; }
  friend bool operator==(const SrsKey&, const SrsKey&) = default;
};

// The inputs of one circuit on the device: a, b, c (m each), the assignment [inputs | aux], the
// densities. Only the start() holding the slot (CudaBackend::Impl::acquire_slot) touches it, and
// resizes it under slot_mutex (workspace_bytes reads every slot's size).
struct InputSlot {
  DeviceBuffer<FrStorage> a, b, c, z;
  DeviceBuffer<uint64_t> a_aux, b_input, b_aux;

  static size_t bytes_for(const WitnessView& w, size_t m) {
    const size_t words = w.a_aux.word_count() + w.b_input.word_count() + w.b_aux.word_count();
    return sizeof(FrStorage) * (3 * m + w.inputs.size() + w.aux.size()) + sizeof(uint64_t) * words;
  }
  size_t bytes() const {
    return a.size_bytes() + b.size_bytes() + c.size_bytes() + z.size_bytes() +
           a_aux.size_bytes() + b_input.size_bytes() + b_aux.size_bytes();
  }
  void ensure_for(const WitnessView& w, size_t m) {
    ensure(a, m);
    ensure(b, m);
    ensure(c, m);
    ensure(z, w.inputs.size() + w.aux.size());
    ensure(a_aux, w.a_aux.word_count());
    ensure(b_input, w.b_input.word_count());
    ensure(b_aux, w.b_aux.word_count());
  }
};

// Free device memory kept beside a second input slot (tables, MSM buckets, G2 scratch growth).
constexpr size_t kSecondSlotReserve = size_t(8) << 30;

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
  // Lock order: mutex before upload_mutex; slot_mutex is taken alone. A start() takes its input
  // slot before either.
  mutable std::mutex mutex;  // the device work: kernels on `stream`, placement, SRS, tables
  // The uploader (one upload at a time), `upload_stream` and `circuits`.
  mutable std::mutex upload_mutex;

  std::optional<Stream> stream;
  std::optional<Stream> upload_stream;  // overlapped witness uploads
  std::unique_ptr<GpuMsm> msm;
  std::unique_ptr<GpuMsmG2> msm_g2;  // GPU path only
  std::unique_ptr<StagedUploader> uploader;
  std::unique_ptr<SectionMsm> sections;  // the MSMs over resident or streamed sections
  std::unique_ptr<GpuNtt> ntt;  // created on the first proof
  std::map<unsigned, ntt::Domain> domains;

  // Input slots: slot 0 always, slot 1 with overlap_uploads (see acquire_slot).
  std::array<InputSlot, 2> slots;
  std::mutex slot_mutex;
  std::condition_variable slot_freed;
  std::array<bool, 2> slot_busy{};
  std::atomic<bool> any_resident{false};  // a parameter set is resident (slot 1's precondition)
  std::atomic<uint64_t> second_slot_uploads{0};

  // A parameter set on the device. Built whole by resident_for, or section by section by
  // preload_section (key unset until its last section is there).
  struct Resident {
    std::optional<SrsKey> key;
    DeviceSrs g1;
    unsigned sections = 0;  // bit i: groth16::kSections[i] uploaded (preload_section)
  };
  std::map<const groth16::Parameters*, Resident> resident;
  // Precompiled circuits whose matrices are on the device, by digest (deferred a/b/c).
  std::map<r1cs::PrecompiledCircuit::Digest, DeviceCircuit> circuits;

  cudaStream_t s() const { return stream->get(); }

  // After an error: no queued work may outlive the call that enqueued it.
  void drain_quietly() const {
    if (stream) (void)cudaStreamSynchronize(s());
    (void)cudaGetLastError();
  }

  // Whether a start() may take the second input slot: never; only once a parameter set is
  // resident (start(): so that the slot never pushes the SRS out to streaming); or whenever it
  // fits (start_views on sections the caller keeps on the device).
  enum class SecondSlot { kNever, kOnceResident, kIfItFits };

  // A free input slot for a witness of `bytes`, waiting for one if need be; slot 1 as `second`
  // allows and when it fits in the free memory with kSecondSlotReserve to spare. Call with the
  // device current.
  size_t acquire_slot(size_t bytes, SecondSlot second) {
    std::unique_lock lock(slot_mutex);
    for (;;) {
      if (!slot_busy[0]) {
        slot_busy[0] = true;
        return 0;
      }
      const bool allowed = second == SecondSlot::kIfItFits ||
                           (second == SecondSlot::kOnceResident && any_resident.load());
      if (allowed && overlap_uploads && !slot_busy[1] && second_slot_fits(bytes)) {
        slot_busy[1] = true;
        return 1;
      }
      slot_freed.wait(lock);
    }
  }
  bool second_slot_fits(size_t bytes) const {
    const size_t have = slots[1].bytes();
    if (have >= bytes) return true;
    size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) {
      (void)cudaGetLastError();
      return false;
    }
    return bytes - have + kSecondSlotReserve <= free_bytes;
  }
  // The held slot x grown for w (under slot_mutex: workspace_bytes reads the sizes meanwhile).
  void resize_slot(InputSlot& x, const WitnessView& w, size_t m) {
    std::lock_guard lock(slot_mutex);
    x.ensure_for(w, m);
  }
  void release_slot(size_t i) {
    {
      std::lock_guard lock(slot_mutex);
      slot_busy[i] = false;
    }
    slot_freed.notify_all();
  }
  struct SlotLease {
    Impl& impl;
    size_t index;
    SlotLease(Impl& owner, size_t bytes, SecondSlot second)
        : impl(owner), index(owner.acquire_slot(bytes, second)) {}
    ~SlotLease() { impl.release_slot(index); }
    SlotLease(const SlotLease&) = delete;
    SlotLease& operator=(const SlotLease&) = delete;
  };

  size_t workspace_bytes() {
    size_t slot_bytes = 0;
    {
      std::lock_guard lock(slot_mutex);
      for (const InputSlot& x : slots) slot_bytes += x.bytes();
    }
    return slot_bytes + (msm ? msm->scratch_bytes() : 0) + (msm_g2 ? msm_g2->scratch_bytes() : 0) +
           (ntt ? ntt->table_bytes() : 0) + sections->device_bytes();
  }

  // Whether start() keeps p resident (CudaBackendOptions::srs_placement) for a proof of domain m
  // over `variables` variables. kAuto: resident when p already is, or when its sections and what
  // the workspace still has to grow by (an estimate: a, b, c, the assignment, the MSM scratch, a
  // margin for tables and buckets) fit in the free device memory.
  bool keep_resident(const groth16::Parameters& p, size_t m, size_t variables) {
    using Placement = CudaBackendOptions::SrsPlacement;
    if (placement != Placement::kAuto) return placement == Placement::kResident;
    const auto it = resident.find(&p);
    if (it != resident.end() && it->second.key == SrsKey::of(p)) return true;
    if (!p.on_host()) return true;  // resident_for explains why it cannot be uploaded
    size_t free_bytes = 0, total_bytes = 0;
    CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    const size_t estimate = sizeof(FrStorage) * (3 * m + variables) +
                            40 * std::max(m, variables) + (size_t(6) << 30);
    const size_t have = workspace_bytes();
    const size_t grow = estimate > have ? estimate - have : 0;
    return DeviceSrs::bytes_for(p, b_g2_on_gpu) + grow <= free_bytes;
  }

  // The input slots not held by a start() in progress, and the streaming buffers.
  void free_workspace() {
    sections->release();
    std::lock_guard lock(slot_mutex);
    for (size_t i = 0; i < slots.size(); ++i) {
      if (!slot_busy[i]) slots[i] = InputSlot();
    }
  }

  const DeviceSrs& resident_for(const groth16::Parameters& p, PhaseTimings* timings) {
    SrsKey key = SrsKey::of(p);
    auto it = resident.find(&p);
    if (it != resident.end()) {
      if (it->second.key == key) return it->second.g1;
      resident.erase(it);  // another parameter set (or an unfinished one) at this address
    }
    if (!p.on_host()) {
      throw std::invalid_argument(
          "parameters: their points were released from host memory and "
          "they are not resident on cuda:" +
          std::to_string(device));
    }
    Stopwatch sw;
    in_phase("upload_srs", [&] {
      size_t free_bytes = 0, total_bytes = 0;
      CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
      const size_t need = DeviceSrs::bytes_for(p, b_g2_on_gpu);
      if (need > free_bytes) {
        throw CudaError(cudaErrorMemoryAllocation,
                        "the SRS sections need " + gb(need) + " of device memory, " +
                            gb(free_bytes) + " of " + gb(total_bytes) +
                            " are free (evict other parameters or release the workspace)");
      }
      it = resident
               .emplace(&p, Resident{std::move(key),
                                     DeviceSrs::upload(p, *uploader, s(), b_g2_on_gpu)})
               .first;
      any_resident = true;
    });
    if (timings != nullptr) timings->emplace_back("upload_srs", sw.lap_ms());
    return it->second.g1;
  }

  const ntt::Domain& domain_for(unsigned log_m) {
    auto it = domains.find(log_m);
    if (it == domains.end()) {
      auto d = ntt::Domain::create(log_m, {}, cpu_threads);
      if (!d) throw std::invalid_argument("domain: " + d.error().message);
      it = domains.emplace(log_m, std::move(d).value()).first;
    }
    return it->second;
  }

  // The NTT tables and the domain of 2^log_m points.
  void prepare_tables(size_t m) {
    CUZK_CUDA_CHECK(cudaStreamSynchronize(s()));  // nothing of an earlier call still runs
    const unsigned log_m = unsigned(std::countr_zero(m));
    if (log_m >= 1) {
      if (!ntt) ntt = std::make_unique<GpuNtt>(device, kMaxLogM, ntt_options);
      ntt->prepare(log_m);
      (void)domain_for(log_m);
    }
  }

  // Into slot x (sized for w): a, b, c zero-padded to m (unless deferred), [inputs | aux], the
  // densities, on stream `st`; synchronous. Needs upload_mutex.
  void upload_witness(InputSlot& x, const WitnessView& w, size_t m, cudaStream_t st) {
    resize_slot(x, w, m);
    const size_t nc = w.num_constraints();
    if (w.circuit == nullptr) {
      uploader->copy(x.a.data(), w.a, st);
      uploader->copy(x.b.data(), w.b, st);
      uploader->copy(x.c.data(), w.c, st);
      if (nc < m) {
        for (DeviceBuffer<FrStorage>* v : {&x.a, &x.b, &x.c}) {
          CUZK_CUDA_CHECK(cudaMemsetAsync(v->data() + nc, 0, (m - nc) * sizeof(FrStorage), st));
        }
      }
    }
    uploader->copy(x.z.data(), w.inputs, st);
    uploader->copy(x.z.data() + w.inputs.size(), w.aux, st);
    uploader->copy(x.a_aux.data(), w.a_aux.words.first(w.a_aux.word_count()), st);
    uploader->copy(x.b_input.data(), w.b_input.words.first(w.b_input.word_count()), st);
    uploader->copy(x.b_aux.data(), w.b_aux.words.first(w.b_aux.word_count()), st);
    CUZK_CUDA_CHECK(cudaStreamSynchronize(st));  // the memsets too
  }

  // The matrices of `circuit` on the device, uploaded on first use (phase upload_circuit in t).
  // Needs upload_mutex.
  const DeviceCircuit& circuit_for(const r1cs::PrecompiledCircuit& circuit, cudaStream_t st,
                                   PhaseTimings& t, Stopwatch& sw) {
    auto it = circuits.find(circuit.digest());
    if (it != circuits.end()) return it->second;
    in_phase("upload_circuit", [&] {
      size_t free_bytes = 0, total_bytes = 0;
      CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
      const size_t need = DeviceCircuit::bytes_for(circuit);
      if (need > free_bytes) {
        throw CudaError(cudaErrorMemoryAllocation,
                        "the precompiled circuit's matrices need " + gb(need) +
                            " of device memory, " + gb(free_bytes) + " are free");
      }
      it = circuits.emplace(circuit.digest(), DeviceCircuit::upload(circuit, *uploader, st)).first;
    });
    t.emplace_back("upload_circuit", sw.lap_ms());
    return it->second;
  }

  // A deferred witness's a, b, c (zero-padded to m) from its uploaded assignment, on the device
  // (phase abc); nothing for a witness that brought them. Needs upload_mutex; synchronous.
  void deferred_abc(InputSlot& x, const WitnessView& w, size_t m, cudaStream_t st,
                    PhaseTimings& t, Stopwatch& sw) {
    if (w.circuit == nullptr) return;
    const DeviceCircuit& circuit = circuit_for(*w.circuit, st, t, sw);
    in_phase("abc", [&] {
      evaluate_abc(circuit.matrices(), x.z.data(), x.a.data(), x.b.data(), x.c.data(), m, st);
      CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
    });
    t.emplace_back("abc", sw.lap_ms());
  }

  // What the G1 MSMs need to know of a circuit once its host arrays may be gone.
  // Streamed sections also need the host densities (section_msm.hpp), copied then.
  struct UploadedShape {
    size_t n_in, n_aux, a_count, b_in_count, b_aux_count;
    std::vector<uint64_t> a_aux, b_input, b_aux;  // streamed only
    static UploadedShape of(const WitnessView& w, bool streamed) {
      UploadedShape s{w.inputs.size(),     w.aux.size(),      w.a_aux.popcount(),
                      w.b_input.popcount(), w.b_aux.popcount(), {}, {}, {}};
      if (streamed) {
        const auto copy = [](const auto& d) {
          const auto words = d.words.first(d.word_count());
          return std::vector<uint64_t>(words.begin(), words.end());
        };
        s.a_aux = copy(w.a_aux);
        s.b_input = copy(w.b_input);
        s.b_aux = copy(w.b_aux);
      }
      return s;
    }
  };

  // The sections of `srs`, resident or streamed.
  struct Sections {
    SectionBases<curve::G1Config> h, l, a, b_g1;
    SectionBases<curve::G2Config> b_g2;
    static Sections of(const SrsRef& srs) {
      if (srs.g1 != nullptr)
        return {{srs.g1->h.data(), {}},    {srs.g1->l.data(), {}},    {srs.g1->a.data(), {}},
                {srs.g1->b_g1.data(), {}}, {srs.g1->b_g2.data(), {}}};
      const groth16::Parameters& p = *srs.host;
      return {{nullptr, p.h}, {nullptr, p.l}, {nullptr, p.a}, {nullptr, p.b_g1}, {nullptr, p.b_g2}};
    }
  };

  // Runs one MSM phase: its time without the waits for streamed bases, which go to stream_ms.
  template <class F>
  auto msm_phase(const char* name, PhaseTimings& t, Stopwatch& sw, double& stream_ms, F&& f) {
    const double waited = sections->upload_wait_ms();
    auto result = in_phase(name, std::forward<F>(f));
    const double upload = sections->upload_wait_ms() - waited;
    t.emplace_back(name, sw.lap_ms() - upload);
    stream_ms += upload;
    return result;
  }

  // The G1 work of one uploaded circuit (reads only device memory and, streamed, the host
  // parameters: the host witness may have been released).
  MsmAccumulators g1_msms(InputSlot& x, const Sections& srs, const UploadedShape& shape, size_t m,
                          PhaseTimings& t, Stopwatch& sw, double& stream_ms) {
    const size_t n_in = shape.n_in, n_aux = shape.n_aux;
    const FrStorage* inputs = x.z.data();
    const FrStorage* aux = x.z.data() + n_in;
    MsmAccumulators acc;

    const unsigned log_m = unsigned(std::countr_zero(m));
    if (log_m >= 1) {  // a one-point domain has no H terms (m - 1 = 0)
      in_phase("ntt_h", [&] {
        compute_h_gpu(*ntt, domain_for(log_m), x.a, x.b, x.c, s());
        CUZK_CUDA_CHECK(cudaStreamSynchronize(s()));
      });
    }
    t.emplace_back("ntt_h", sw.lap_ms());
    acc.h = msm_phase("msm_h", t, sw, stream_ms, [&] {
      GpuMsmOptions random_scalars;
      random_scalars.split_trivial = false;  // H's coefficients: nothing to split
      const FrStorage* h = x.a.data();
      return m > 1 ? sections->dense(*msm, srs.h, m - 1, h, s(), random_scalars) : G1::identity();
    });
    acc.l = msm_phase("msm_l", t, sw, stream_ms,
                      [&] { return sections->dense(*msm, srs.l, n_aux, aux, s()); });
    acc.a = msm_phase("msm_a", t, sw, stream_ms, [&] {
      G1 sum = sections->dense(*msm, srs.a, n_in, inputs, s());
      if (shape.a_count > 0) {
        sum += sections->sparse(*msm, srs.a.from(n_in), shape.a_count, x.a_aux.data(),
                                shape.a_aux, aux, n_aux, s());
      }
      return sum;
    });
    acc.b1 = msm_phase("msm_b_g1", t, sw, stream_ms, [&] {
      G1 sum = G1::identity();
      if (shape.b_in_count > 0) {
        sum += sections->sparse(*msm, srs.b_g1, shape.b_in_count, x.b_input.data(),
                                shape.b_input, inputs, n_in, s());
      }
      if (shape.b_aux_count > 0) {
        sum += sections->sparse(*msm, srs.b_g1.from(shape.b_in_count), shape.b_aux_count,
                                x.b_aux.data(), shape.b_aux, aux, n_aux, s());
      }
      return sum;
    });
    return acc;
  }

  // B in G2 on the GPU, over the same uploaded scalars and B densities as msm_b_g1.
  curve::G2 b_g2_msm(InputSlot& x, const Sections& srs, const UploadedShape& shape,
                     PhaseTimings& t, Stopwatch& sw, double& stream_ms) {
    const FrStorage* inputs = x.z.data();
    const FrStorage* aux = x.z.data() + shape.n_in;
    return msm_phase("msm_b_g2", t, sw, stream_ms, [&] {
      if (!msm_g2) msm_g2 = std::make_unique<GpuMsmG2>(device);
      curve::G2 b2 = curve::G2::identity();
      if (shape.b_in_count > 0) {
        b2 += sections->sparse(*msm_g2, srs.b_g2, shape.b_in_count, x.b_input.data(),
                               shape.b_input, inputs, shape.n_in, s());
      }
      if (shape.b_aux_count > 0) {
        b2 += sections->sparse(*msm_g2, srs.b_g2.from(shape.b_in_count), shape.b_aux_count,
                               x.b_aux.data(), shape.b_aux, aux, shape.n_aux, s());
      }
      return b2;
    });
  }

  // Whether B in G2 runs on the GPU for these parameters (SrsRef's rule, cuda_backend.hpp).
  bool b2_on_gpu(const SrsRef& srs) const {
    if (!b_g2_on_gpu) return false;
    return srs.g1 != nullptr ? srs.g1->b_g2.size() > 0 : srs.host != nullptr;
  }

  // start() proper, in input slot `slot`, with mutex and upload_mutex held and the device
  // current: every circuit uploaded on `stream`, then its kernels. release(i), if set, is called
  // once circuit i's witness has been read for the last time.
  std::unique_ptr<groth16::Pending> run(size_t slot, std::span<const WitnessView> witnesses,
                                        const SrsRef& srs,
                                        std::span<const groth16::Randomness> randomness, size_t m,
                                        const std::function<void(size_t)>& release,
                                        PhaseTimings timings) {
    auto pending = std::make_unique<CudaPending>();
    pending->vk = srs.vk;
    pending->randomness.assign(randomness.begin(), randomness.end());
    pending->timings = std::move(timings);
    PhaseTimings& t = pending->timings;
    try {
      Stopwatch sw;
      InputSlot& x = slots[slot];
      in_phase("setup", [&] {
        prepare_tables(m);
        resize_slot(x, witnesses[0], m);  // the largest circuit's size: check_witnesses_fit
      });
      t.emplace_back("setup", sw.lap_ms());
      const bool gpu_b2 = b2_on_gpu(srs);
      const Sections sections_of = Sections::of(srs);
      std::shared_future<BG2Result> previous;
      for (size_t i = 0; i < witnesses.size(); ++i) {
        const WitnessView& w = witnesses[i];
        if (gpu_b2) {
          pending->b2.emplace_back();  // computed below, with the G1 MSMs
        } else {
          in_phase("b_g2_scalars", [&] {
            previous =
                launch_b_g2(srs.b_g2, BG2Input::from(w, cpu_threads), cpu_threads, previous);
            pending->b2.push_back(previous);
          });
          t.emplace_back("b_g2_scalars", sw.lap_ms());
        }
        in_phase("upload", [&] { upload_witness(x, w, m, s()); });
        t.emplace_back("upload", sw.lap_ms());
        deferred_abc(x, w, m, s(), t, sw);
        // Before release frees w's arrays.
        const UploadedShape shape = UploadedShape::of(w, srs.g1 == nullptr);
        if (release) release(i);
        double stream_ms = 0;
        pending->acc.push_back(g1_msms(x, sections_of, shape, m, t, sw, stream_ms));
        if (gpu_b2) pending->acc.back().b2 = b_g2_msm(x, sections_of, shape, t, sw, stream_ms);
        if (srs.g1 == nullptr) t.emplace_back("stream_srs", stream_ms);
      }
    } catch (...) {
      drain_quietly();
      throw;  // pending's destructor waits for the G2 MSMs already started
    }
    return pending;
  }

  // Where a start's sections are, decided with mutex and upload_mutex held (it may upload them);
  // its B in G2 must be on the GPU (the host witness is gone by then).
  using Placement = std::function<SrsRef(PhaseTimings&)>;

  // start() of one circuit in input slot `slot` (device current, no lock held): the upload on
  // upload_stream under upload_mutex only — beside the kernels of the proof before —, then the
  // placement and the kernels under mutex. "wait_device" is the time the upload waited for them.
  // The host witness is released (freed: ~0.3 s for the 4.2 GB of a 32 GiB partition) while
  // the kernels of the proof before still run, or, when the device is idle, after this proof's
  // kernels: never between an idle device and its next kernels.
  std::unique_ptr<groth16::Pending> run_overlapped(size_t slot, const WitnessView& w,
                                                   const Placement& place,
                                                   std::span<const groth16::Randomness> randomness,
                                                   size_t m,
                                                   const std::function<void(size_t)>& release) {
    auto pending = std::make_unique<CudaPending>();
    pending->randomness.assign(randomness.begin(), randomness.end());
    PhaseTimings& t = pending->timings;
    InputSlot& x = slots[slot];
    try {
      Stopwatch sw;
      UploadedShape shape;
      {
        std::lock_guard up(upload_mutex);
        if (!upload_stream) in_phase("init", [&] { upload_stream.emplace(); });
        in_phase("upload", [&] { upload_witness(x, w, m, upload_stream->get()); });
        if (slot == 1) ++second_slot_uploads;
        t.emplace_back("upload", sw.lap_ms());
        deferred_abc(x, w, m, upload_stream->get(), t, sw);
        shape = UploadedShape::of(w, true);  // host densities too: the placement comes later
      }
      std::unique_lock lock(mutex, std::try_to_lock);
      bool released = false;
      if (!lock.owns_lock()) {
        if (release) release(0);
        released = true;
        lock.lock();
      }
      t.emplace_back("wait_device", sw.lap_ms());
      std::unique_lock up(upload_mutex);  // the SRS upload, and streaming, use the uploader
      const SrsRef srs = in_phase("placement", [&] { return place(t); });
      pending->vk = srs.vk;
      if (!b2_on_gpu(srs)) throw std::logic_error("overlapped start with B in G2 on the CPU");
      if (srs.g1 != nullptr) up.unlock();  // resident: the kernels upload nothing
      (void)sw.lap_ms();
      in_phase("setup", [&] { prepare_tables(m); });
      t.emplace_back("setup", sw.lap_ms());
      const Sections sections_of = Sections::of(srs);
      double stream_ms = 0;
      pending->b2.emplace_back();  // B in G2 on the GPU, below
      pending->acc.push_back(g1_msms(x, sections_of, shape, m, t, sw, stream_ms));
      pending->acc.back().b2 = b_g2_msm(x, sections_of, shape, t, sw, stream_ms);
      if (srs.g1 == nullptr) t.emplace_back("stream_srs", stream_ms);
      if (up.owns_lock()) up.unlock();
      lock.unlock();
      if (!released && release) release(0);
    } catch (...) {
      drain_quietly();
      if (upload_stream) (void)cudaStreamSynchronize(upload_stream->get());
      throw;
    }
    return pending;
  }
};

bool cuda_device_available(int device) { return device >= 0 && device < cuda_device_count(); }

int cuda_backend_device_count() { return cuda_device_count(); }

namespace {

// CudaBackendOptions::ntt_tables resolved for `device`.
GpuNttOptions ntt_options_for(int device, CudaBackendOptions::NttTables tables) {
  size_t device_bytes = 0;
  if (tables == CudaBackendOptions::NttTables::kAuto) {
    cudaDeviceProp prop{};
    CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    device_bytes = prop.totalGlobalMem;
  }
  GpuNttOptions o;
  if (whole_ntt_tables(tables, device_bytes)) {
    o.full_twiddle_max_log = std::max(o.full_twiddle_max_log, kWholeTableMaxLog);
    o.full_scaling_max_log = kWholeTableMaxLog;
  }
  return o;
}

}  // namespace

CudaBackend::CudaBackend(int device, unsigned cpu_threads)
    : CudaBackend(device, CudaBackendOptions{cpu_threads, true}) {}

CudaBackend::CudaBackend(int device, const CudaBackendOptions& options)
    : impl_(std::make_unique<Impl>()) {
  const unsigned cpu_threads = options.cpu_threads;
  if (!cuda_device_available(device)) {
    throw std::invalid_argument("CudaBackend: no CUDA device " + std::to_string(device) + " (" +
                                std::to_string(cuda_device_count()) + " present)");
  }
  impl_->device = device;
  impl_->cpu_threads = cpu_threads;
  impl_->b_g2_on_gpu = options.b_g2_on_gpu;
  impl_->placement = options.srs_placement;
  impl_->overlap_uploads = options.overlap_uploads;
  impl_->ntt_options = ntt_options_for(device, options.ntt_tables);
  in_phase("init", [&] {
    DeviceGuard guard(device);
    impl_->stream.emplace();
    impl_->msm = std::make_unique<GpuMsm>(device);
    impl_->uploader =
        std::make_unique<StagedUploader>(kStagingBytes, std::min(8u, resolve_threads(cpu_threads)));
    impl_->sections = std::make_unique<SectionMsm>(*impl_->uploader, options.stream_chunk_points, device);
  });
}

CudaBackend::~CudaBackend() {
  if (!impl_) return;
  int previous = -1;
  if (cudaGetDevice(&previous) != cudaSuccess) previous = -1;
  const bool switched = previous != impl_->device && cudaSetDevice(impl_->device) == cudaSuccess;
  impl_->drain_quietly();
  impl_.reset();  // buffers, tables and pinned memory, freed on their device
  if (switched && previous >= 0) (void)cudaSetDevice(previous);
}

std::string CudaBackend::name() const { return "cuda:" + std::to_string(impl_->device); }

int CudaBackend::device() const { return impl_->device; }

std::unique_ptr<groth16::Pending> CudaBackend::start(
    std::vector<r1cs::ProvingAssignment> assignments, const groth16::Parameters& params,
    std::span<const groth16::Randomness> randomness) {
  groth16::check_assignments_fit(assignments, params, randomness.size());  // the CPU's messages
  std::vector<WitnessView> views;
  views.reserve(assignments.size());
  for (const auto& w : assignments) views.push_back(WitnessView::of(w));
  const size_t m = check_witnesses_fit(views, params.vk, SrsShape::of(params), randomness.size(),
                                       kMaxLogM);
  std::optional<DeviceGuard> guard;
  in_phase("device", [&] { guard.emplace(impl_->device); });
  size_t variables = 0, slot_bytes = 0;
  for (const auto& w : views) {
    variables = std::max(variables, w.inputs.size() + w.aux.size());
    slot_bytes = std::max(slot_bytes, InputSlot::bytes_for(w, m));
  }
  const auto release = [&assignments](size_t i) { assignments[i] = r1cs::ProvingAssignment(); };
  // Resident, or streamed from the host Parameters (under mutex and upload_mutex).
  const auto place = [&](PhaseTimings& timings) {
    const DeviceSrs* g1 = nullptr;
    if (impl_->keep_resident(params, m, variables)) g1 = &impl_->resident_for(params, &timings);
    return SrsRef{&params.vk, g1, params.b_g2, g1 != nullptr ? nullptr : &params};
  };
  // Overlapped (CudaBackendOptions::overlap_uploads): one circuit, B in G2 on the GPU.
  const bool overlap = impl_->overlap_uploads && impl_->b_g2_on_gpu && views.size() == 1 &&
                       params.count(groth16::Section::kBG2) != 0;
  Impl::SlotLease slot(*impl_, slot_bytes,
                       overlap ? Impl::SecondSlot::kOnceResident : Impl::SecondSlot::kNever);
  if (overlap) return impl_->run_overlapped(slot.index, views[0], place, randomness, m, release);
  std::scoped_lock lock(impl_->mutex, impl_->upload_mutex);
  PhaseTimings timings;
  const SrsRef srs = in_phase("placement", [&] { return place(timings); });
  return impl_->run(slot.index, views, srs, randomness, m, release, std::move(timings));
}

std::unique_ptr<groth16::Pending> CudaBackend::start_views(
    std::span<const WitnessView> witnesses, const SrsRef& srs,
    std::span<const groth16::Randomness> randomness) {
  if (srs.vk == nullptr || (srs.g1 == nullptr && srs.host == nullptr))
    throw std::invalid_argument("CudaBackend::start_views: SrsRef without vk or G1 sections");
  SrsShape shape = srs.g1 == nullptr ? SrsShape::of(*srs.host)
                                     : SrsShape{srs.vk->ic.size(), srs.g1->h.size(),
                                                srs.g1->l.size(),  srs.g1->a.size(),
                                                srs.g1->b_g1.size(), 0};
  if (srs.g1 != nullptr) shape.b_g2 = impl_->b2_on_gpu(srs) ? srs.g1->b_g2.size() : srs.b_g2.size();
  const size_t m = check_witnesses_fit(witnesses, *srs.vk, shape, randomness.size(), kMaxLogM);
  std::optional<DeviceGuard> guard;
  in_phase("device", [&] { guard.emplace(impl_->device); });
  size_t slot_bytes = 0;
  for (const auto& w : witnesses) slot_bytes = std::max(slot_bytes, InputSlot::bytes_for(w, m));
  // Overlapped as start(), on sections the caller keeps on the device.
  const bool overlap = impl_->overlap_uploads && srs.g1 != nullptr && witnesses.size() == 1 &&
                       impl_->b2_on_gpu(srs);
  Impl::SlotLease slot(*impl_, slot_bytes,
                       overlap ? Impl::SecondSlot::kIfItFits : Impl::SecondSlot::kNever);
  if (overlap) {
    return impl_->run_overlapped(slot.index, witnesses[0], [&](PhaseTimings&) { return srs; },
                                 randomness, m, {});
  }
  std::scoped_lock lock(impl_->mutex, impl_->upload_mutex);
  return impl_->run(slot.index, witnesses, srs, randomness, m, {}, {});
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
  std::scoped_lock lock(impl_->mutex, impl_->upload_mutex);
  std::optional<DeviceGuard> guard;
  in_phase("device", [&] { guard.emplace(impl_->device); });
  (void)impl_->resident_for(params, nullptr);
}

void CudaBackend::prepare_domain(size_t m) {
  if (!std::has_single_bit(m)) throw std::invalid_argument("prepare_domain: not a power of two");
  std::lock_guard lock(impl_->mutex);
  std::optional<DeviceGuard> guard;
  in_phase("device", [&] { guard.emplace(impl_->device); });
  in_phase("setup", [&] { impl_->prepare_tables(m); });
}

bool CudaBackend::preload_section(const groth16::Parameters& params, groth16::Section section) {
  if (section == groth16::Section::kBG2 && !impl_->b_g2_on_gpu) return false;
  std::scoped_lock lock(impl_->mutex, impl_->upload_mutex);
  std::optional<DeviceGuard> guard;
  in_phase("device", [&] { guard.emplace(impl_->device); });
  auto it = impl_->resident.find(&params);
  if (it != impl_->resident.end() && it->second.key) {
    impl_->resident.erase(it);  // a complete set at this address: this is a new one
    impl_->any_resident = !impl_->resident.empty();
    it = impl_->resident.end();
  }
  if (it == impl_->resident.end()) it = impl_->resident.emplace(&params, Impl::Resident{}).first;
  Impl::Resident& r = it->second;
  const size_t index = size_t(section);
  in_phase("upload_srs", [&] {
    const size_t point =
        section == groth16::Section::kBG2 ? sizeof(G2AffineStorage) : sizeof(G1AffineStorage);
    const size_t need = point * params.count(section);
    size_t free_bytes = 0, total_bytes = 0;
    CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (need > free_bytes) {
      impl_->resident.erase(it);
      throw CudaError(cudaErrorMemoryAllocation,
                      std::string("SRS section ") + groth16::to_string(section) + " needs " +
                          gb(need) + " of device memory, " + gb(free_bytes) + " of " +
                          gb(total_bytes) + " are free");
    }
    r.g1.upload_section(params, section, *impl_->uploader, impl_->s());
  });
  r.sections |= 1u << index;
  const unsigned all = impl_->b_g2_on_gpu ? 0x1fu : 0x0fu;
  if (r.sections == all) {
    r.key = SrsKey::of(params);
    impl_->any_resident = true;
  }
  return true;
}

bool CudaBackend::is_resident(const groth16::Parameters& params) const {
  std::lock_guard lock(impl_->mutex);
  const auto it = impl_->resident.find(&params);
  return it != impl_->resident.end() && it->second.key == SrsKey::of(params);
}

void CudaBackend::evict(const groth16::Parameters& params) {
  std::lock_guard lock(impl_->mutex);
  std::optional<DeviceGuard> guard;
  in_phase("device", [&] { guard.emplace(impl_->device); });
  impl_->resident.erase(&params);
  impl_->any_resident = !impl_->resident.empty();
}

void CudaBackend::evict_all() {
  std::scoped_lock lock(impl_->mutex, impl_->upload_mutex);
  std::optional<DeviceGuard> guard;
  in_phase("device", [&] { guard.emplace(impl_->device); });
  impl_->resident.clear();
  impl_->any_resident = false;
  impl_->circuits.clear();
}

size_t CudaBackend::resident_circuit_bytes() const {
  std::lock_guard lock(impl_->upload_mutex);
  size_t bytes = 0;
  for (const auto& [digest, circuit] : impl_->circuits) bytes += circuit.bytes();
  return bytes;
}

size_t CudaBackend::resident_bytes() const {
  std::lock_guard lock(impl_->mutex);
  size_t bytes = 0;
  for (const auto& [params, r] : impl_->resident) bytes += r.g1.bytes();
  return bytes;
}

void CudaBackend::release_workspace() {
  std::scoped_lock lock(impl_->mutex, impl_->upload_mutex);
  std::optional<DeviceGuard> guard;
  in_phase("device", [&] { guard.emplace(impl_->device); });
  impl_->drain_quietly();
  impl_->free_workspace();
  impl_->ntt.reset();
  impl_->domains.clear();
  in_phase("init", [&] { impl_->msm = std::make_unique<GpuMsm>(impl_->device); });  // its scratch
  impl_->msm_g2.reset();  // created again by the next GPU G2 MSM
}

uint64_t CudaBackend::second_slot_uploads() const { return impl_->second_slot_uploads.load(); }

size_t CudaBackend::workspace_bytes() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->workspace_bytes();
}

}  // namespace cuzk::gpu
