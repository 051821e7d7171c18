// cuzk-bench fullsize: one whole PoRep C2 in one process, at any sector size up to 32 GiB, by the
// path the daemon takes with [synthesis] precompiled — stage by stage, timed, with the host's
// peak memory per stage:
//   c1        a virtual C1 (sealing::generate_virtual_c1; no sector data is made)
//   record    partition 0's circuit recorded once (PrecompiledCircuit::record)
//   setup     test parameters from the recorded matrices (groth16::generate_parameters over the
//             PrecompiledCircuit; random toxic waste); with --gpu the fixed-base multiplications
//             on the GPU and each section uploaded as soon as it is made, then dropped from host
//             memory (generate_parameters_into): the prover keeps the verifying key and the
//             device copy only
//   domain    (--gpu) the NTT tables built on the device ahead of the first proof
//   prove     every partition: witness only (--witness-threads partitions at a time, their
//             challenges as tasks of one pool of --pool-threads threads, the oldest partition's
//             first: filecoin::stacked_partition_witness),
//             a, b, c deferred (computed on the device next to the resident matrices, or by the
//             CPU backend), proven, and checked on its own against its public inputs
//   verify    the concatenated C2 proof batch-verified as Filecoin does (verify_porep_c2)
// With --c2s N, N C2s (virtual C1s of seeds seed .. seed + N - 1, one circuit) go through the
// prove stage back to back, witnesses of the next C2 made while the last one's partitions are
// proven; each C2 is verified as it completes, and the steady state is the time between the
// first and the last completion over N - 1.
// Peak RSS is the kernel's high-water mark (VmHWM), reset at the start of every stage.
#include <sys/resource.h>

#include <atomic>
#include <bit>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "engine/job_factory.hpp"
#include "filecoin/porep_c2.hpp"
#include "filecoin/public_inputs.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/proof.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "proof_types.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "sealing/virtual_sector.hpp"
#include "util/parallel.hpp"
#include "util/process_memory.hpp"
#include "util/stopwatch.hpp"
#include "util/system_random.hpp"
#include "util/task_pool.hpp"
#ifdef CUZK_BENCH_CUDA
#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/device_srs.hpp"
#include "gpu/params/fixed_base.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/device_guard.hpp"
#include "gpu/util/staged_upload.hpp"
#endif

namespace cuzk::bench {
namespace {

struct FullsizeOptions {
  std::string proof_type = "StackedDrg2KiBV1_1";
  int gpu = -1;
  unsigned partitions = 0;  // 0: all
  unsigned c2s = 1;
  unsigned witness_threads = 2;
  unsigned pool_threads = 0;  // of the witness pool (0: all cores)
  int pool_nice = engine::kWitnessPoolNice;
  unsigned prover_threads = 1;
  unsigned max_ready = 0;  // witnesses waiting for the prover, at most (0: witness_threads)
  unsigned threads = 0;
  uint64_t seed = 1;
};

#ifdef CUZK_BENCH_CUDA
// Setup's pieces straight onto the device: each section uploaded as it is made, then dropped, so
// that the host never holds the whole parameter set (~48 GiB at 32 GiB).
class DeviceSink final : public groth16::ParametersSink {
 public:
  DeviceSink(gpu::StagedUploader& uploader, cudaStream_t stream)
      : uploader_(uploader), stream_(stream) {}
  groth16::VerifyingKey key;
  gpu::DeviceSrs srs;

  void vk(const groth16::VerifyingKey& vk) override { key = vk; }
  void g1_section(groth16::Section s, std::vector<curve::G1Affine> points) override {
    groth16::Parameters one;
    one.g1(s) = std::move(points);
    srs.upload_section(one, s, uploader_, stream_);
  }
  void b_g2(std::vector<curve::G2Affine> points) override {
    groth16::Parameters one;
    one.b_g2 = std::move(points);
    srs.upload_section(one, groth16::Section::kBG2, uploader_, stream_);
  }

 private:
  gpu::StagedUploader& uploader_;
  cudaStream_t stream_;
};
#endif

class StageLog {
 public:
  void start() {
    reset_peak_resident();
    (void)sw_.lap_ms();
  }
  void end(const std::string& stage, const std::string& note = "") {
    const double ms = sw_.lap_ms();
    const double gb = double(peak_resident_bytes()) / double(uint64_t(1) << 30);
    rows_.push_back({stage, ms, gb, note});
    std::fprintf(stderr, "fullsize: %-8s %10.1f ms   peak RSS %6.2f GiB   %s\n", stage.c_str(), ms,
                 gb, note.c_str());
  }
  void print() const {
    std::printf("| stage | time | peak host RSS | |\n| --- | ---: | ---: | --- |\n");
    for (const auto& r : rows_) {
      std::printf("| %s | %.1f s | %.2f GiB | %s |\n", r.stage.c_str(), r.ms / 1000, r.rss_gib,
                  r.note.c_str());
    }
  }

 private:
  struct Row {
    std::string stage;
    double ms, rss_gib;
    std::string note;
  };
  Stopwatch sw_;
  std::vector<Row> rows_;
};

// Deferred witnesses of `partitions` partitions of each C1, in order, made by `threads` workers
// (their challenges on `pool`, oldest partition first), at most `max_ready` waiting for the prover.
class WitnessQueue {
 public:
  WitnessQueue(const std::vector<filecoin::SealCommitPhase1Output>& c1s,
               std::shared_ptr<const r1cs::PrecompiledCircuit> circuit, unsigned partitions,
               unsigned threads, TaskPool& pool, unsigned max_ready)
      : c1s_(c1s),
        circuit_(std::move(circuit)),
        partitions_(partitions),
        pool_(pool),
        max_ready_(max_ready) {
    for (unsigned t = 0; t < threads; ++t) workers_.emplace_back([this] { work(); });
  }
  ~WitnessQueue() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    cv_.notify_all();
    for (auto& w : workers_) w.join();
  }
  struct Item {
    unsigned c2;
    unsigned partition;
    r1cs::ProvingAssignment assignment;
    double ms;
  };
  // The next witness in order of completion; rethrows a worker's error.
  Item pop() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return !ready_.empty() || error_; });
    if (error_) std::rethrow_exception(error_);
    Item item = std::move(ready_.front());
    ready_.pop_front();
    cv_.notify_all();
    return item;
  }

 private:
  void work() {
    for (;;) {
      unsigned c, k;
      {
        std::unique_lock lock(mutex_);
        cv_.wait(lock, [&] { return stopping_ || ready_.size() < max_ready_; });
        if (stopping_ || next_ >= partitions_ * c1s_.size()) return;
        c = next_ / partitions_;
        k = next_ % partitions_;
        ++next_;
      }
      try {
        Stopwatch sw;
        Item item{c, k, {}, 0};
        r1cs::assign_deferred(
            circuit_, filecoin::stacked_partition_witness(c1s_[c], k, circuit_->sizes(), pool_),
            item.assignment);
        item.assignment.finalize();
        item.ms = sw.total_ms();
        std::lock_guard lock(mutex_);
        ready_.push_back(std::move(item));
      } catch (...) {
        std::lock_guard lock(mutex_);
        error_ = std::current_exception();
      }
      cv_.notify_all();
    }
  }

  const std::vector<filecoin::SealCommitPhase1Output>& c1s_;
  std::shared_ptr<const r1cs::PrecompiledCircuit> circuit_;
  unsigned partitions_;
  TaskPool& pool_;
  unsigned max_ready_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Item> ready_;
  unsigned next_ = 0;
  bool stopping_ = false;
  std::exception_ptr error_;
  std::vector<std::thread> workers_;
};

std::string phases(const groth16::PhaseTimings& t) {
  std::ostringstream s;
  for (const auto& [name, ms] : t) s << " " << name << " " << static_cast<long>(ms + 0.5);
  return s.str();
}

// Proves one deferred partition: on the device when `prover` says so, else on the CPU.
struct Prover {
  std::function<groth16::ProveOutput(r1cs::ProvingAssignment, const groth16::Randomness&)> prove;
};

void run_fullsize(const FullsizeOptions& opt) {
  const filecoin::ProofType& proof = find_proof_type(opt.proof_type);
  const unsigned all = proof.partitions();
  const unsigned partitions = opt.partitions == 0 ? all : std::min(opt.partitions, all);
  StageLog log;

  log.start();
  const unsigned n_c2 = std::max(1u, opt.c2s);
  std::vector<filecoin::SealCommitPhase1Output> c1s;
  std::vector<filecoin::PorepPublicValues> values;
  for (unsigned i = 0; i < n_c2; ++i) {
    auto generated = sealing::generate_virtual_c1(
        sealing::seal_request_from_seed(proof, 1000, 1 + i, opt.seed + i));
    if (!generated.ok()) throw std::runtime_error("virtual C1: " + generated.error().message);
    c1s.push_back(std::move(generated).value().c1);
    const auto& c1 = c1s.back();
    values.push_back({c1.replica_id, c1.comm_d, c1.comm_r, c1.seed});
  }
  const filecoin::SealCommitPhase1Output& c1 = c1s[0];
  log.end("c1", std::string(proof.name) + ", " + std::to_string(all) + " partitions, " +
                    std::to_string(n_c2) + " C1(s)");

  log.start();
  const auto circuit =
      std::make_shared<const r1cs::PrecompiledCircuit>(r1cs::PrecompiledCircuit::record(
          [&](r1cs::ConstraintSystem& cs) { filecoin::synthesize_stacked_partition(cs, c1, 0); }));
  log.end("record", std::to_string(circuit->num_constraints()) + " constraints, " +
                        std::to_string(circuit->num_aux()) + " aux, " +
                        std::to_string((circuit->memory_bytes() + (1 << 20) - 1) >> 20) +
                        " MiB of matrices");

  log.start();
  std::mt19937_64 rng(opt.seed);
  const groth16::ToxicWaste tw = groth16::ToxicWaste::random(rng);
  std::unique_ptr<groth16::FixedBaseMultiplier> multiplier;
#ifdef CUZK_BENCH_CUDA
  if (opt.gpu >= 0) multiplier = std::make_unique<gpu::GpuFixedBaseMultiplier>(opt.gpu);
#endif
  Stopwatch setup_sw;
  auto progress = [&](std::string_view stage, size_t done, size_t total) {
    std::fprintf(stderr, "fullsize: setup %.*s %zu/%zu (%.1f s, RSS %.2f GiB)\n", int(stage.size()),
                 stage.data(), done, total, setup_sw.total_ms() / 1000,
                 double(resident_bytes()) / double(uint64_t(1) << 30));
  };
  std::unique_ptr<groth16::Parameters> params;  // on the host: the CPU prover's
  groth16::VerifyingKey vk;
#ifdef CUZK_BENCH_CUDA
  std::optional<gpu::DeviceSrs> srs;
  if (opt.gpu >= 0) {  // each section straight to the device as it is made, then dropped
    gpu::DeviceGuard guard(opt.gpu);
    gpu::Stream stream;
    gpu::StagedUploader uploader;
    DeviceSink sink(uploader, stream.get());
    groth16::generate_parameters_into(*circuit, tw, sink, opt.threads, progress, multiplier.get());
    vk = sink.key;
    srs.emplace(std::move(sink.srs));
  }
#endif
  if (opt.gpu < 0) {
    params = std::make_unique<groth16::Parameters>(
        groth16::generate_parameters(*circuit, tw, opt.threads, progress, multiplier.get()));
    vk = params->vk;
  }
  multiplier.reset();
  const groth16::PreparedVerifyingKey pvk = groth16::prepare_verifying_key(vk);
  log.end("setup", opt.gpu >= 0 ? "fixed-base multiplications on cuda:" + std::to_string(opt.gpu) +
                                      ", each section uploaded as made"
                                : "on the CPU");

  Prover prover;
  groth16::CpuBackend cpu(opt.threads);
#ifdef CUZK_BENCH_CUDA
  std::optional<gpu::CudaBackend> cuda;
  if (opt.gpu >= 0) {
    log.start();
    cuda.emplace(opt.gpu, opt.threads);
    cuda->prepare_domain(size_t(1) << std::bit_width(circuit->a().rows() - 1));  // NTT tables
    log.end("domain", "the NTT tables; " + std::to_string(srs->bytes() / 1000000) +
                          " MB of points on the device");
    prover.prove = [&](r1cs::ProvingAssignment pa, const groth16::Randomness& rs) {
      const gpu::WitnessView view = gpu::WitnessView::of(pa);
      const gpu::CudaBackend::SrsRef ref{&vk, &*srs, {}, nullptr};
      auto pending = cuda->start_views(std::span(&view, 1), ref, std::span(&rs, 1));
      pa = r1cs::ProvingAssignment();
      return cuda->finish(std::move(pending));
    };
  }
#endif
  if (!prover.prove) {
    prover.prove = [&](r1cs::ProvingAssignment pa, const groth16::Randomness& rs) {
      std::vector<r1cs::ProvingAssignment> batch;
      batch.push_back(std::move(pa));
      return cpu.prove(std::move(batch), *params, std::span(&rs, 1));
    };
  }

  log.start();
  std::vector<std::vector<groth16::Proof>> proofs(n_c2, std::vector<groth16::Proof>(partitions));
  std::vector<unsigned> proven(n_c2, 0);
  std::vector<double> done_ms;  // when each C2's last partition was proven, in completion order
  std::mutex done_mutex;        // guards the three above and `blinding`
  SystemRandom blinding;        // the proofs' r, s (the seeded rng is for the test setup only)
  Stopwatch prove_sw;
  {
    const unsigned threads = std::max(1u, opt.witness_threads);
    TaskPool pool(opt.pool_threads, opt.pool_nice);
    WitnessQueue witnesses(c1s, circuit, partitions, threads, pool,
                           opt.max_ready == 0 ? threads : opt.max_ready);
    // Each prover thread takes the next witness and proves it; with two, one partition's upload
    // and CPU work overlap the other's GPU work (as the daemon's two workers per device).
    auto prove_one = [&](WitnessQueue::Item item) {
      const unsigned c = item.c2, k = item.partition;
      auto inputs = filecoin::porep_public_inputs(proof, values[c], k);
      if (!inputs.ok()) throw std::runtime_error(inputs.error().message);
      const auto& have = item.assignment.inputs();
      if (!std::equal(have.begin() + 1, have.end(), inputs->begin(), inputs->end())) {
        throw std::runtime_error("partition " + std::to_string(k) +
                                 ": the witness's public inputs are not the verifier's");
      }
      groth16::Randomness rs;
      {
        std::lock_guard lock(done_mutex);
        rs = {ff::Fr::random(blinding), ff::Fr::random(blinding)};
      }
      Stopwatch sw;
      const groth16::ProveOutput out = prover.prove(std::move(item.assignment), rs);
      const double prove_ms = sw.total_ms();
      const groth16::Proof& partition_proof = out.proofs.at(0);
      const bool ok = groth16::verify_proof(pvk, partition_proof, *inputs);
      std::fprintf(stderr,
                   "fullsize: C2 %u partition %u: witness %.0f ms, prove %.0f ms [%s ], %s\n", c, k,
                   item.ms, prove_ms, phases(out.timings).c_str(), ok ? "verified" : "INVALID");
      if (!ok)
        throw std::runtime_error("partition " + std::to_string(k) + ": proof does not verify");
      std::lock_guard lock(done_mutex);
      proofs[c][k] = partition_proof;
      if (++proven[c] < partitions) return;
      done_ms.push_back(prove_sw.total_ms());
      if (partitions == all) {  // the whole C2, as Filecoin verifies it
        const auto bytes = groth16::encode_proofs(proofs[c]);
        const auto verified = filecoin::verify_porep_c2(pvk, proof, values[c], bytes);
        if (!verified.ok()) throw std::runtime_error("C2 proof: " + verified.error().message);
        std::fprintf(stderr, "fullsize: C2 %u: %zu-byte proof verified (%u partitions) at %.1f s\n",
                     c, bytes.size(), *verified, done_ms.back() / 1000);
      }
    };
    std::atomic<unsigned> taken{0};
    std::atomic<bool> failed{false};  // one prover's error stops the others
    parallel_chunks(opt.prover_threads, opt.prover_threads, opt.prover_threads,
                    [&](size_t, size_t, size_t) {
                      try {
                        while (!failed && taken.fetch_add(1) < partitions * n_c2)
                          prove_one(witnesses.pop());
                      } catch (...) {
                        failed = true;
                        throw;
                      }
                    });
  }
  std::string note = std::to_string(n_c2) + " x " + std::to_string(partitions) + " partitions, " +
                     std::to_string(std::max(1u, opt.witness_threads)) + " witness workers on " +
                     std::to_string(resolve_threads(opt.pool_threads)) + " pool threads (nice " +
                     std::to_string(opt.pool_nice) + "), " + std::to_string(opt.prover_threads) +
                     " prover threads";
  if (partitions == all) note += ", every C2 verified";
  if (n_c2 > 1) {
    char steady[96];
    std::snprintf(steady, sizeof(steady), "; steady state %.1f s per C2",
                  (done_ms.back() - done_ms.front()) / 1000 / double(n_c2 - 1));
    note += steady;
  }
  log.end("prove", note);
  log.print();
}

}  // namespace

void add_fullsize_command(CLI::App& app) {
  auto opt = std::make_shared<FullsizeOptions>();
  auto* cmd = app.add_subcommand(
      "fullsize", "A whole PoRep C2 in-process from a virtual C1: record, setup, prove, verify");
  cmd->add_option("--proof-type", opt->proof_type, "Registered seal proof (name or id)")
      ->capture_default_str();
  cmd->add_option("--gpu", opt->gpu, "CUDA device for setup and proving (-1: the CPU)")
      ->capture_default_str();
  cmd->add_option("--partitions", opt->partitions,
                  "Partitions to prove (0: all, then verify the C2)")
      ->capture_default_str();
  cmd->add_option("--witness-threads", opt->witness_threads,
                  "Partitions whose witness is made at once")
      ->capture_default_str();
  cmd->add_option("--pool-threads", opt->pool_threads,
                  "Threads of the pool shared by the witness workers, the oldest partition's "
                  "challenges first (0: all cores)")
      ->capture_default_str();
  cmd->add_option("--pool-nice", opt->pool_nice,
                  "Nice value of the pool's threads (as the daemon's: uploads before synthesis)")
      ->capture_default_str();
  cmd->add_option("--prover-threads", opt->prover_threads,
                  "Partitions proven at once (2: uploads and CPU work overlap the GPU)")
      ->check(CLI::Range(1u, 8u))
      ->capture_default_str();
  cmd->add_option("--max-ready", opt->max_ready,
                  "Witnesses waiting for the prover, at most (0: --witness-threads)");
  cmd->add_option("--c2s", opt->c2s, "C2s proven back to back (steady state from the second)")
      ->capture_default_str();
  cmd->add_option("--threads", opt->threads, "Threads of setup and the CPU backend (0: all)");
  cmd->add_option("--seed", opt->seed, "Seed of the sector, toxic waste and (r, s)")
      ->capture_default_str();
  cmd->callback([opt] {
#ifndef CUZK_BENCH_CUDA
    if (opt->gpu >= 0) throw CLI::ValidationError("--gpu", "this build has no CUDA backend");
#endif
    run_fullsize(*opt);
  });
}

}  // namespace cuzk::bench
