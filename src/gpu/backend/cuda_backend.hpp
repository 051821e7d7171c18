// CudaBackend: the Groth16 prover on one CUDA device (groth16::Backend), bit-identical to
// CpuBackend for the same (r, s) — the proof is a function of the witness, the parameters and
// (r, s) only, and the last step is the same code (groth16::assemble_proof).
//
// start(): setup (workspace grown to this shape, NTT tables and domain built on first use of a
// size; the stream checked idle), then per circuit, in this order:
//   b_g2_scalars  CPU path only (CudaBackendOptions::b_g2_on_gpu = false): the witness to canonical
//                 form and the B densities copied (host), then the B-in-G2 MSM starts on CPU
//                 threads (b_g2_cpu.hpp) and runs while everything below does
//   upload        a, b, c (zero-padded to the domain), the assignment [inputs | aux] and the three
//                 density bitmaps to the device, through pinned staging buffers; the caller's
//                 ProvingAssignment is freed right after (its a/b/c are consumed)
//   abc           deferred a/b/c only (precompiled synthesis, see evaluates_deferred_abc): the
//                 upload is the assignment and densities, then a, b, c = A·z, B·z, C·z on the
//                 device from the circuit's resident matrices (upload_circuit the first time)
//   msm_l         L MSM over every aux value
//   msm_a         A MSM: inputs dense, aux through the A density
//   msm_b_g1      B MSM in G1: inputs and aux through their B densities
//   msm_b_g2      GPU path (the default): the B MSM in G2 (GpuMsmG2) over the same uploaded
//                 scalars and B densities, bases resident on the device like the G1 sections
//   ntt_h         H's coefficients on the GPU (compute_h_gpu: 6 NTTs, one permutation), last so
//   msm_h         that the next proof's upload may run beside them (InputSlotPool::lend); the H
//                 MSM over m - 1 coefficients (random scalars: no 0/1 split)
// finish(), per circuit: on the CPU path waits for that circuit's G2 MSM (b_g2_wait: how long
// finish blocked; b_g2_cpu: the MSM's own duration); then assembles the proof (assembly). The GPU
// MSMs read the scalars in Montgomery form straight from the device (GpuMsmT converts) and use its
// 0/1/tail split. Every GPU call is synchronous at the end of its phase, so phase times are host
// wall times after synchronisation. An SRS upload inside start adds an "upload_srs" phase first.
//
// Overlap (CPU path): the G2 MSM of circuit i runs on the host during circuit i's GPU phases,
// circuit i+1's (G2 MSMs run one after the other, each with cpu_threads), and whatever the caller
// does between start and finish — e.g. the next job's start: finish touches no GPU state.
//
// SRS residency: the G1 sections of a groth16::Parameters object are uploaded on first use (or by
// preload, or section by section by preload_section) and stay on the device, keyed by the object's
// address, its section sizes and its verifying key (so a different parameter set at a recycled
// address is noticed and re-uploaded); evict / evict_all / destruction free them. Parameters must
// not be modified while resident, except by releasing sections the device holds (then only this
// backend, while they stay resident, can prove with them).
// A set that does not fit beside the workspace is streamed instead (CudaBackendOptions::
// srs_placement): every proof uploads its sections chunk by chunk, the next chunk while the MSMs
// run over the current one (phase "stream_srs": the time the MSMs waited for bases, taken out of
// the msm_* phases), so GPUs with less memory than the parameter set can prove it. A set the
// loader left in its file (leaves_in_file; groth16::Parameters::in_file) streams the same way
// from the file's bytes, decoded and checked on the device chunk by chunk.
// B in G2 is resident too on the GPU path (192 B per point: 6.4 GB at 2^27); on the CPU path it is
// read from the Parameters' host vector, by the CPU.
//
// Lifetimes: the Parameters (or, for start_views, the vk and the G2 bases) must outlive the
// Pending; destroying a Pending without finish waits for its G2 MSMs.
//
// Threads: one object drives one device; the device work of start / start_views / preload /
// evict is serialised by the main lane's mutex (one proof's kernels at a time); with
// overlap_uploads a start's witness upload into a free input slot runs beside another start's
// kernels; start_deadline's kernels run beside them on the deadline lane; finish runs
// concurrently with them. Every entry point that touches the device makes the object's device
// current for its duration and restores the caller's; finish and the G2 worker threads make no
// CUDA calls (GpuMsm and GpuNtt also select their device in every call).
//
// Memory (device): the resident SRS (96 B per G1 point: ~41 GB for a 32 GiB PoRep partition; plus
// B in G2 on the GPU path) plus a workspace kept between calls: a, b, c (32 B * m each), the
// assignment (32 B per variable), the densities, the GPU MSMs' scratch (the G2 MSM has its own)
// and the NTT tables — ~30 GB at m = 2^27 (a few GB more with the G2 MSM's); with
// overlap_uploads a second input slot (a, b, c, assignment, densities: ~17 GB at 2^27) once two
// starts overlap and it fits. release_workspace() frees what no start is using. Host, CPU path:
// the G2 MSM's canonical scalars (32 B per variable), until that MSM is done.
//
// Errors: bad shapes throw std::invalid_argument (the CPU backend's messages); CUDA failures,
// device out-of-memory included, throw gpu::CudaError (a groth16::DeviceError) whose message names
// the phase and carries the runtime's error name and text.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "curve/g2.hpp"
#include "gpu/backend/witness_view.hpp"
#include "gpu/msm/msm_plan.hpp"
#include "groth16/backend.hpp"

namespace cuzk::gpu {

struct DeviceSrs;  // device_srs.hpp

// True when CUDA device `device` exists and a driver can reach it (the engine's backend switch).
bool cuda_device_available(int device = 0);
// Number of usable CUDA devices (0 without a driver).
int cuda_backend_device_count();

struct CudaBackendOptions {
  unsigned cpu_threads = 0;  // threads of the host work (uploads, CPU G2 MSM), 0 = all cores
  // B in G2 on the GPU (bases resident on the device); false: on CPU threads, bases read from the
  // host (for a GPU too small to hold them).
  bool b_g2_on_gpu = true;
  // Where start() keeps a parameter set's sections: kResident uploads them once and keeps them
  // (an error when they do not fit), kStreamed reads them from the host Parameters on every proof
  // in chunks of stream_chunk_points bases (section_msm.hpp), kAuto is resident when the sections
  // and this proof's workspace fit in the device's free memory, else streamed.
  enum class SrsPlacement { kAuto, kResident, kStreamed };
  SrsPlacement srs_placement = SrsPlacement::kAuto;
  size_t stream_chunk_points = size_t(1) << 22;  // a multiple of 128
  // Two input slots (a, b, c, the assignment, the densities): while one proof's kernels run, the
  // next start() uploads its witness into the other slot on its own stream, so a device driven by
  // two prover threads is not idle during uploads. The second slot is taken when it fits in the
  // free device memory with 8 GB to spare and, for start(), only once a parameter set is
  // resident (it never pushes the SRS out to streaming); single-witness starts with B in G2 on the
  // GPU only (the others run as with one slot).
  bool overlap_uploads = true;
  // The NTT's large tables (GpuNttOptions). The first pass of a transform above 2^20 multiplies
  // by twiddles from two small tables, and the last pass of each of H's coset evaluations and of
  // its quotient by powers g^(+-k) from two small tables: one Fr product more per element each
  // time. kWhole stores them whole up to 2^27 (4 GiB for the twiddles, 2 x 4 GiB for the scalings
  // at 2^27; on an H200 a forward transform 45.9 -> 43.6 ms, H 284.7 -> 270.5 ms with the whole
  // twiddle table alone). kAuto: whole on a device with at least kWholeTableMinDeviceBytes of
  // memory (where the 32 GiB PoRep parameters, two input slots and the tables fit together), split
  // below that.
  enum class NttTables { kAuto, kSplit, kWhole };
  NttTables ntt_tables = NttTables::kAuto;
};

inline constexpr size_t kWholeTableMinDeviceBytes = size_t(100) << 30;
inline constexpr unsigned kWholeTableMaxLog = 27;  // 2^28 keeps split tables (3 x 8 GiB otherwise)

// Whether `tables` means whole NTT tables on a device with `device_bytes` of memory.
constexpr bool whole_ntt_tables(CudaBackendOptions::NttTables tables, size_t device_bytes) {
  switch (tables) {
    case CudaBackendOptions::NttTables::kWhole:
      return true;
    case CudaBackendOptions::NttTables::kSplit:
      return false;
    case CudaBackendOptions::NttTables::kAuto:
      break;
  }
  return device_bytes >= kWholeTableMinDeviceBytes;
}

// The notice (groth16::is_notice_phase) of a deadline start that ran on the main lane because the
// deadline lane found no device memory.
inline constexpr const char* kDeadlineLaneOutOfMemoryNotice = "notice:deadline_lane_out_of_memory";

class CudaBackend final : public groth16::Backend {
 public:
  // device: CUDA ordinal (std::invalid_argument if absent); cpu_threads: threads of the host work,
  // 0 = all cores. B in G2 on the GPU.
  explicit CudaBackend(int device = 0, unsigned cpu_threads = 0);
  CudaBackend(int device, const CudaBackendOptions& options);
  ~CudaBackend() override;
  CudaBackend(const CudaBackend&) = delete;
  CudaBackend& operator=(const CudaBackend&) = delete;

  std::string name() const override;  // "cuda:<device>"
  int device() const;

  std::unique_ptr<groth16::Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                          const groth16::Parameters& params,
                                          std::span<const groth16::Randomness> randomness) override;
  groth16::ProveOutput finish(std::unique_ptr<groth16::Pending> pending) override;
  // On the deadline lane (prove_lane.hpp: a stream of the device's highest priority, MSM and NTT
  // scratch and an input slot of its own), beside the main lane's kernels: one circuit with its
  // a/b/c (not deferred) of a domain up to 2^24, whose parameter set is resident with B in G2 on
  // the GPU. Anything else (a 32 GiB WindowPoSt partition: 2^27) goes to the main lane as an
  // urgent start: the next free input slot and the lane's next turn are its before any ordinary
  // start's, so it waits for the proof on the lane when it arrives (InputSlotPool). One deadline
  // start at a time; its phases end with a zero "deadline_lane" marker. Where the lane finds no
  // device memory (its slot, tables or scratch: the main lane holds it) the start goes to the main
  // lane the same way, with the notice kDeadlineLaneOutOfMemoryNotice, rather than fail.
  std::unique_ptr<groth16::Pending> start_deadline(
      std::vector<r1cs::ProvingAssignment> assignments, const groth16::Parameters& params,
      std::span<const groth16::Randomness> randomness) override;

  // The parameters as start_views reads them: the vk (for the assembly), the sections on this
  // backend's device, B in G2 on the host. All three must outlive the Pending. B in G2 is taken
  // from g1->b_g2 when the backend runs it on the GPU and g1->b_g2 is not empty, else from b_g2
  // (by the CPU; then it must hold the section).
  struct SrsRef {
    const groth16::VerifyingKey* vk = nullptr;
    const DeviceSrs* g1 = nullptr;
    std::span<const curve::G2Affine> b_g2;
    // With g1 null: the sections are streamed from these host parameters.
    const groth16::Parameters* host = nullptr;
  };
  // start() on witnesses given as views (tools and benchmarks that build a witness without a
  // ProvingAssignment). The views are read only until this returns; nothing is freed.
  std::unique_ptr<groth16::Pending> start_views(std::span<const WitnessView> witnesses,
                                                const SrsRef& srs,
                                                std::span<const groth16::Randomness> randomness);

  // SRS residency (see the header comment).
  void preload(const groth16::Parameters& params);
  // One section of params onto the device, for a loader that frees each section from the host as
  // soon as the device holds it (groth16::Parameters::release): the set is resident — and can be
  // proven with, without its host points — once all its sections (B in G2 included on the GPU
  // path) were given. Returns false, uploading nothing, for B in G2 on the CPU path (the host
  // must keep it). A complete set at the same address is replaced.
  bool preload_section(const groth16::Parameters& params, groth16::Section section) override;
  // The same from the section's .params file bytes (groth16::params_section_bytes), copied as
  // they are and decoded and checked on the device (srs_decode.hpp) — no host decode; params'
  // count of the section must be set (params.released). True when placed, false for B in G2 on
  // the CPU path; a bad point is the host loader's error for it (groth16::section_point_error),
  // and the set's sections are dropped.
  groth16::ParamsResult<bool> preload_raw_section(const groth16::Parameters& params,
                                                  groth16::Section section,
                                                  std::span<const uint8_t> bytes) override;
  // A set the device would hold beside the others only by leaving too little room for proofs
  // over the largest domain stays in its file and is streamed at every proof (set_placement.hpp;
  // srs_placement kStreamed: every set; kResident, or B in G2 on the CPU: none).
  std::optional<std::string> leaves_in_file(uint64_t device_bytes, size_t domain,
                                            size_t variables) override;
  // The NTT tables and the domain of m points (a power of two; the first start() of that size
  // otherwise builds them, phase "setup"): ahead of time, so the first proof does not wait.
  void prepare_domain(size_t m) override;
  bool is_resident(const groth16::Parameters& params) const;
  void evict(const groth16::Parameters& params) override;
  void evict_all();               // the parameter sets and the precompiled circuits
  size_t resident_bytes() const;  // device bytes of the resident sections (G1, and G2 if on GPU)
  // Device bytes of the precompiled circuits' matrices (deferred a/b/c, below).
  size_t resident_circuit_bytes() const;

  // Deferred a/b/c (r1cs::assign_deferred): the backend keeps the circuit's matrices on the device
  // (uploaded on first use, phase upload_circuit, kept until evict_all or until another circuit's
  // need the room: the least recently used are freed, phase evict_circuits; where that is not
  // enough, the main lane's MSM scratch, phase free_msm_scratch) and computes a, b, c there from
  // the uploaded witness (phase abc), so the upload is the witness alone.
  bool evaluates_deferred_abc() const override { return true; }
  // A deadline start evaluates them where the deadline lane would not take the domain anyway:
  // it then starts on the main lane (ahead of ordinary starts), which does.
  bool evaluates_deferred_abc_for_deadline(size_t domain) const override;

  // Frees the per-proof device workspace (the next start allocates it again).
  void release_workspace();
  // Device bytes of the workspace (a, b, c, assignment, densities, MSM scratch).
  size_t workspace_bytes() const;
  // The MSM scratch the main lane keeps: less after an MSM allocation failed (prove_lane.hpp);
  // any thread.
  MsmRoom msm_room() const;
  // Uploads that went into the second input slot, beside another proof's kernels
  // (CudaBackendOptions::overlap_uploads).
  uint64_t second_slot_uploads() const;
  // Uploads into a lent slot beside the lender's last kernels (InputSlotPool::lend).
  uint64_t borrowed_slot_uploads() const;

 private:
  // start(), or start_deadline's main-lane case (urgent).
  std::unique_ptr<groth16::Pending> start_main(std::vector<r1cs::ProvingAssignment> assignments,
                                               const groth16::Parameters& params,
                                               std::span<const groth16::Randomness> randomness,
                                               bool urgent);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::gpu
