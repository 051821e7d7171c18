// ProveLane: one stream's worth of proving on a device — the stream, the G1 and G2 MSMs with their
// scratch, the NTT with its tables, the domains — and the kernels a start runs there for one
// uploaded circuit: the G1 MSMs over its assignment (L, A, B), B in G2, H's coefficients and MSM.
//
// CudaBackend has two lanes. The main lane is shared by every ordinary start, one proof's kernels
// at a time (its mutex). The deadline lane (CudaBackend::start_deadline) has a stream of the
// device's highest priority and its own scratch, so that a deadline job's kernels run beside the
// main lane's instead of after them: the block scheduler gives pending blocks of the
// higher-priority stream the next free SM slots. A priority alone is not enough — a kernel whose
// blocks do not fit in what one finished block of the main lane's frees waited for the main
// lane's whole queued MSM (~0.7 s at 32 GiB) —, so the main lane also paces what it enqueues and
// steps aside while the deadline lane holds its gate (enqueue_window.hpp). Both lanes read the
// same resident parameter sets; nothing else is shared between them.
//
// Device memory: a lane's G1 and G2 MSMs keep their scratch between proofs (12.6 and ~8 GB under a
// 32 GiB partition, less the 4.3 GB of H's shifted scalars, which h_msm puts in the slot's b). On a
// device that cannot hold both beside the parameters and the proof's inputs (an 80 GB card under a
// 32 GiB PoRep set: 47.4 GB of parameters, 17 GB of inputs, 8.9 GB of matrices) an MSM allocation
// fails; the phase runs again without the scratch earlier phases left, and if it fails from none,
// steps down one MsmRoom level for good — it frees the other curve's scratch first; if that is
// not enough either, its MSMs also plan with less (lean_msm_options: ~7 instead of 12.6 GB at
// 2^27); the other phases keep their level (msm_rooms.hpp). Results are identical. Measured on an
// H100 (80 GB), 32 GiB-shaped partition: msm_h 750 ms with both kept, 772 one at a time (the
// reallocations), 824 with lean plans (docs/perf/gpu.md, "An 80 GB card").
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "curve/g2.hpp"
#include "gpu/backend/device_srs.hpp"
#include "gpu/backend/input_slot.hpp"
#include "gpu/backend/msm_rooms.hpp"
#include "gpu/backend/section_msm.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu/msm/msm.hpp"
#include "gpu/ntt/ntt.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/enqueue_window.hpp"
#include "groth16/backend.hpp"
#include "groth16/proof_assembly.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::gpu {

// The sections of a parameter set, resident or streamed, as the MSMs read them.
struct Sections {
  SectionBases<curve::G1Config> h, l, a, b_g1;
  SectionBases<curve::G2Config> b_g2;

  // From resident sections; or, g1 null, streamed from the host parameters (their points, or
  // the file bytes of their in_file sections).
  static Sections of(const DeviceSrs* g1, const groth16::Parameters* host);
  bool resident() const { return h.resident(); }
};

// What the G1 MSMs need to know of a circuit once its host arrays may be gone. Streamed sections
// also need the host densities (section_msm.hpp), copied then.
struct UploadedShape {
  size_t n_in, n_aux, a_count, b_in_count, b_aux_count;
  std::vector<uint64_t> a_aux, b_input, b_aux;  // streamed only

  static UploadedShape of(const WitnessView& w, bool streamed);
};

class ProveLane {
 public:
  // stream_priority: cudaDeviceGetStreamPriorityRange's value; 0 is the default priority.
  // yield_to: null, or the deadline lane's gate — this lane then keeps only a short queue of its
  // long phases' kernels and steps aside while the gate is held (enqueue_window.hpp).
  ProveLane(int device, int stream_priority, GpuNttOptions ntt_options,
            const PriorityGate* yield_to = nullptr);

  std::mutex mutex;  // one proof's kernels at a time on this lane

  cudaStream_t stream() const { return stream_->get(); }
  int priority() const { return priority_; }

  // The NTT tables of m = 2^k points (the stream checked idle first).
  void prepare_tables(size_t m);

  // The kernels of one uploaded circuit in x read only device memory and, streamed, the host
  // parameters (the host witness may have been released); each adds its phases to t, the waits
  // for streamed bases to stream_ms. A proof runs them in this order: the three read the
  // assignment and densities (the slot can then be lent: InputSlotPool::lend), H only a, b, c.
  // The G1 MSMs over the assignment: phases msm_l, msm_a, msm_b_g1 (acc.h left for h_msm).
  groth16::MsmAccumulators g1_msms(InputSlot& x, SectionMsm& sections, const Sections& srs,
                                   const UploadedShape& shape, groth16::PhaseTimings& t,
                                   Stopwatch& sw, double& stream_ms);
  // B in G2 over the same uploaded scalars and B densities (phase msm_b_g2).
  curve::G2 b_g2_msm(InputSlot& x, SectionMsm& sections, const Sections& srs,
                     const UploadedShape& shape, groth16::PhaseTimings& t, Stopwatch& sw,
                     double& stream_ms);
  // H's coefficients from a, b, c (in place, phase ntt_h) and their MSM (phase msm_h).
  curve::G1 h_msm(InputSlot& x, SectionMsm& sections, const Sections& srs, size_t m,
                  groth16::PhaseTimings& t, Stopwatch& sw, double& stream_ms);

  // After an error: no queued work may outlive the call that enqueued it.
  void drain_quietly() const;
  // The MSMs' scratch and the NTT tables.
  size_t scratch_bytes() const;
  // Frees them (they are made again on the next proof). With mutex held, the stream idle.
  void release_scratch();
  // Frees the MSMs' scratch only (a precompiled circuit's matrices need its room: the next MSM
  // allocates what fits, stepping down as MsmRoom says). With mutex held, the stream idle.
  void release_msm_scratch();
  // The least MSM scratch a phase of this lane keeps (see the top of this file); any thread.
  MsmRoom msm_room() const { return rooms_.lowest(); }

 private:
  const int device_;
  const int priority_;
  GpuNttOptions ntt_options_;
  GpuMsmOptions msm_options_;  // every MSM's; msm_h adds split_trivial = false
  std::optional<Stream> stream_;
  std::unique_ptr<GpuMsm> msm_;
  std::unique_ptr<GpuMsmG2> msm_g2_;  // on the first B in G2
  std::unique_ptr<GpuNtt> ntt_;       // on the first proof
  MsmRooms rooms_;                    // stepped with mutex held

  // Runs the MSM calls of one phase, f(options), on the G1 or (kBG2) the G2 MSM, with the room
  // rooms_ gives that phase; an allocation that fails steps the phase down, adds the lane's
  // notice to t when it is the first to reach that level (msm_room_notice), and runs them again
  // (the top of this file).
  template <class F>
  auto with_room(MsmPhase phase, groth16::PhaseTimings& t, F&& f);
};

// The phase a proof's timings get when its lane steps down to `room` (a notice:
// groth16::is_notice_phase; the daemon logs it as a warning and counts it).
inline const char* msm_room_notice(MsmRoom room) {
  return room == MsmRoom::kLean ? "notice:msm_scratch_lean_plans"
                                : "notice:msm_scratch_one_at_a_time";
}

// The device's highest stream priority (the most negative number; 0 when it has none).
int highest_stream_priority(int device);

}  // namespace cuzk::gpu
