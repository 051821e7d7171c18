// The per-circuit kernels of one proving lane (see prove_lane.hpp).
#include "gpu/backend/prove_lane.hpp"

#include <bit>
#include <stdexcept>
#include <utility>

#include "gpu/ntt/ntt_h_polynomial.hpp"
#include "gpu/util/cuda_phase.hpp"
#include "gpu/util/device_guard.hpp"

namespace cuzk::gpu {
namespace {

// Sort groups / NTT passes a yielding lane keeps queued (enqueue_window.hpp): two keep a 2^27
// MSM and H's NTTs at their speed alone (gpu_deadline_bench: 742 vs 744 ms, 280 vs 280 ms), one
// costs them 2-3 %.
constexpr unsigned kYieldingWindow = 2;

// Runs one MSM phase: its time without the waits for streamed bases, which go to stream_ms.
template <class F>
auto msm_phase(const char* name, SectionMsm& sections, const Sections& srs,
               groth16::PhaseTimings& t, Stopwatch& sw, double& stream_ms, F&& f) {
  // Resident sections never touch the streaming state, which another lane may be updating.
  const double waited = srs.resident() ? 0 : sections.upload_wait_ms();
  auto result = in_phase(name, std::forward<F>(f));
  const double upload = srs.resident() ? 0 : sections.upload_wait_ms() - waited;
  t.emplace_back(name, sw.lap_ms() - upload);
  stream_ms += upload;
  return result;
}

}  // namespace

template <class F>
auto ProveLane::with_room(MsmPhase phase, groth16::PhaseTimings& t, F&& f) {
  const bool g2 = phase == MsmPhase::kBG2;
  const auto release = [&](bool g2_scratch) {
    if (g2_scratch) {
      msm_g2_.reset();
    } else {
      msm_->release_scratch();
    }
  };
  for (;;) {
    const MsmRoom room = rooms_.room(phase);
    const bool lean = room == MsmRoom::kLean;
    if (room != MsmRoom::kBoth) release(!g2);  // the other curve's scratch first
    const bool held = g2 ? msm_g2_ && msm_g2_->scratch_bytes() > 0 : msm_->scratch_bytes() > 0;
    try {
      return f(lean ? lean_msm_options(msm_options_) : msm_options_);
    } catch (const CudaError& e) {
      if (!e.out_of_device_memory()) throw;
      (void)cudaGetLastError();  // the failed cudaMalloc's error, not sticky
      CUZK_CUDA_CHECK(cudaStreamSynchronize(stream()));
      // What the failed call grew stays allocated (a second sort buffer set a lean plan does
      // not use, on a 2^27 G1 MSM 2.15 GB): it goes too, with what earlier phases left. Only a
      // phase that failed from no scratch of its curve steps down.
      release(g2);
      if (held) continue;
      if (lean) throw;
      if (const auto reached = rooms_.step_down(phase))
        t.emplace_back(msm_room_notice(*reached), 0);
    }
  }
}

Sections Sections::of(const DeviceSrs* g1, const groth16::Parameters* host) {
  if (g1 != nullptr)
    return {{g1->h.data(), {}, {}},
            {g1->l.data(), {}, {}},
            {g1->a.data(), {}, {}},
            {g1->b_g1.data(), {}, {}},
            {g1->b_g2.data(), {}, {}}};
  const groth16::Parameters& p = *host;
  const auto file = [&p](groth16::Section s) { return p.in_file.bytes[size_t(s)]; };
  using groth16::Section;
  return {{nullptr, p.h, file(Section::kH)},
          {nullptr, p.l, file(Section::kL)},
          {nullptr, p.a, file(Section::kA)},
          {nullptr, p.b_g1, file(Section::kBG1)},
          {nullptr, p.b_g2, file(Section::kBG2)}};
}

UploadedShape UploadedShape::of(const WitnessView& w, bool streamed) {
  UploadedShape s{w.inputs.size(),
                  w.aux.size(),
                  w.a_aux.popcount(),
                  w.b_input.popcount(),
                  w.b_aux.popcount(),
                  {},
                  {},
                  {}};
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

ProveLane::ProveLane(int device, int stream_priority, GpuNttOptions ntt_options,
                     const PriorityGate* yield_to)
    : device_(device), priority_(stream_priority), ntt_options_(ntt_options) {
  if (yield_to != nullptr) {
    ntt_options_.steps_ahead = kYieldingWindow;
    ntt_options_.yield_to = yield_to;
    msm_options_.groups_ahead = kYieldingWindow;
    msm_options_.yield_to = yield_to;
  }
  DeviceGuard guard(device);
  stream_.emplace(stream_priority);
  msm_ = std::make_unique<GpuMsm>(device);
}

void ProveLane::prepare_tables(size_t m) {
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream()));  // nothing of an earlier call still runs
  const unsigned log_m = unsigned(std::countr_zero(m));
  if (log_m >= 1) {
    if (!ntt_) ntt_ = std::make_unique<GpuNtt>(device_, ntt_detail::kMaxLogN, ntt_options_);
    ntt_->prepare(log_m);
  }
}

groth16::MsmAccumulators ProveLane::g1_msms(InputSlot& x, SectionMsm& sections, const Sections& srs,
                                            const UploadedShape& shape, groth16::PhaseTimings& t,
                                            Stopwatch& sw, double& stream_ms) {
  const size_t n_in = shape.n_in, n_aux = shape.n_aux;
  const FrStorage* inputs = x.z.data();
  const FrStorage* aux = x.z.data() + n_in;
  const cudaStream_t s = stream();
  // One G1 MSM phase: its calls f(options) with the room they need (with_room).
  const auto g1_phase = [&](const char* name, MsmPhase phase, auto&& f) {
    return msm_phase(name, sections, srs, t, sw, stream_ms, [&] { return with_room(phase, t, f); });
  };
  groth16::MsmAccumulators acc;
  acc.l = g1_phase("msm_l", MsmPhase::kL, [&](const GpuMsmOptions& o) {
    return sections.dense(*msm_, srs.l, n_aux, aux, s, o);
  });
  acc.a = g1_phase("msm_a", MsmPhase::kA, [&](const GpuMsmOptions& o) {
    curve::G1 sum = sections.dense(*msm_, srs.a, n_in, inputs, s, o);
    if (shape.a_count > 0) {
      sum += sections.sparse(*msm_, srs.a.from(n_in), shape.a_count, x.a_aux.data(), shape.a_aux,
                             aux, n_aux, s, o);
    }
    return sum;
  });
  acc.b1 = g1_phase("msm_b_g1", MsmPhase::kBG1, [&](const GpuMsmOptions& o) {
    curve::G1 sum = curve::G1::identity();
    if (shape.b_in_count > 0) {
      sum += sections.sparse(*msm_, srs.b_g1, shape.b_in_count, x.b_input.data(), shape.b_input,
                             inputs, n_in, s, o);
    }
    if (shape.b_aux_count > 0) {
      sum += sections.sparse(*msm_, srs.b_g1.from(shape.b_in_count), shape.b_aux_count,
                             x.b_aux.data(), shape.b_aux, aux, n_aux, s, o);
    }
    return sum;
  });
  return acc;
}

curve::G1 ProveLane::h_msm(InputSlot& x, SectionMsm& sections, const Sections& srs, size_t m,
                           groth16::PhaseTimings& t, Stopwatch& sw, double& stream_ms) {
  const cudaStream_t s = stream();
  const unsigned log_m = unsigned(std::countr_zero(m));
  if (log_m >= 1) {  // a one-point domain has no H terms (m - 1 = 0)
    in_phase("ntt_h", [&] {
      compute_h_gpu(*ntt_, log_m, x.a, x.b, x.c, s);
      CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
    });
  }
  t.emplace_back("ntt_h", sw.lap_ms());
  return msm_phase("msm_h", sections, srs, t, sw, stream_ms, [&] {
    return with_room(MsmPhase::kH, t, [&](GpuMsmOptions o) {
      o.split_trivial = false;  // H's coefficients: nothing to split
      // b was read for the last time by ntt_h: the MSM's shifted scalars go there (m words of
      // 32 B hold the m - 1 terms' 8 words each).
      o.shifted_scalars = reinterpret_cast<uint32_t*>(x.b.data());
      o.shifted_words = x.b.size() * (sizeof(FrStorage) / sizeof(uint32_t));
      const FrStorage* h = x.a.data();
      return m > 1 ? sections.dense(*msm_, srs.h, m - 1, h, s, o) : curve::G1::identity();
    });
  });
}

curve::G2 ProveLane::b_g2_msm(InputSlot& x, SectionMsm& sections, const Sections& srs,
                              const UploadedShape& shape, groth16::PhaseTimings& t, Stopwatch& sw,
                              double& stream_ms) {
  const FrStorage* inputs = x.z.data();
  const FrStorage* aux = x.z.data() + shape.n_in;
  const cudaStream_t s = stream();
  return msm_phase("msm_b_g2", sections, srs, t, sw, stream_ms, [&] {
    return with_room(MsmPhase::kBG2, t, [&](const GpuMsmOptions& o) {
      if (!msm_g2_) msm_g2_ = std::make_unique<GpuMsmG2>(device_);
      curve::G2 b2 = curve::G2::identity();
      if (shape.b_in_count > 0) {
        b2 += sections.sparse(*msm_g2_, srs.b_g2, shape.b_in_count, x.b_input.data(), shape.b_input,
                              inputs, shape.n_in, s, o);
      }
      if (shape.b_aux_count > 0) {
        b2 += sections.sparse(*msm_g2_, srs.b_g2.from(shape.b_in_count), shape.b_aux_count,
                              x.b_aux.data(), shape.b_aux, aux, shape.n_aux, s, o);
      }
      return b2;
    });
  });
}

void ProveLane::drain_quietly() const {
  if (stream_) (void)cudaStreamSynchronize(stream());
  (void)cudaGetLastError();
}

size_t ProveLane::scratch_bytes() const {
  return (msm_ ? msm_->scratch_bytes() : 0) + (msm_g2_ ? msm_g2_->scratch_bytes() : 0) +
         (ntt_ ? ntt_->table_bytes() : 0);
}

void ProveLane::release_scratch() {
  ntt_.reset();
  release_msm_scratch();
}

void ProveLane::release_msm_scratch() {
  in_phase("init", [&] { msm_ = std::make_unique<GpuMsm>(device_); });  // its scratch
  msm_g2_.reset();  // made again by the next B in G2
}

int highest_stream_priority(int device) {
  DeviceGuard guard(device);
  int least = 0, greatest = 0;
  CUZK_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  return greatest;
}

}  // namespace cuzk::gpu
