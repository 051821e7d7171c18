// Shared helpers of the engine and server tests: a per-process temporary parameter directory with
// test parameters for the bench circuit, a JobFactory of scriptable test jobs, and a capture of
// the log.
//
// A TestJob wraps BenchCircuitJob (real synthesis, real proofs) and adds hooks: a gate that holds
// a partition's synthesis until the test opens it (deterministic "running" states without
// sleeps), a shared log of the synthesis order, a partition whose synthesis throws, and public
// inputs that are deliberately wrong (the proof then fails verification).
#pragma once

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/bench_job.hpp"
#include "engine/engine.hpp"
#include "engine/job_factory.hpp"
#include "groth16/bench_circuit.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "util/mapped_file.hpp"
#include "util/task_pool.hpp"

namespace cuzk::engine::testing {

// A directory under the system temp dir, removed with the object.
class TempDir {
 public:
  explicit TempDir(const std::string& tag) {
    path_ = std::filesystem::temp_directory_path() /
            ("cuzk-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string str() const { return path_.string(); }

 private:
  static int& counter() {
    static int n = 0;
    return n;
  }
  std::filesystem::path path_;
};

inline constexpr size_t kSmallCircuit = 64;  // constraints of the circuit most tests use
inline constexpr size_t kOtherCircuit = 96;  // a second circuit (batching by circuit)

// Writes cuzk-test-chain-<n>.params for each n into `dir`.
inline void write_bench_params(const std::filesystem::path& dir, std::vector<size_t> sizes) {
  for (size_t n : sizes) {
    r1cs::KeypairAssembly ka;
    groth16::synthesize_bench_circuit(ka, n, 0);
    ka.finalize();
    std::mt19937_64 rng(n);
    auto params = groth16::generate_parameters(ka, groth16::ToxicWaste::random(rng), 1);
    groth16::write_parameters_file(
        params, (dir / (groth16::bench_circuit_params_stem(n) + ".params")).string());
  }
}

// One parameter directory per test process, with kSmallCircuit and kOtherCircuit.
inline const std::string& shared_param_dir() {
  static TempDir dir("params");
  static const std::string path = [] {
    write_bench_params(dir.path(), {kSmallCircuit, kOtherCircuit});
    return dir.str();
  }();
  return path;
}

// A test backend over a one-thread CpuBackend: subclasses override what they simulate (a device
// name, a failure, where the parameters live, deferred a/b/c).
class CpuBackedBackend : public groth16::Backend {
 public:
  std::unique_ptr<groth16::Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                          const groth16::Parameters& params,
                                          std::span<const groth16::Randomness> r) override {
    return cpu_.start(std::move(assignments), params, r);
  }
  groth16::ProveOutput finish(std::unique_ptr<groth16::Pending> pending) override {
    return cpu_.finish(std::move(pending));
  }

 protected:
  groth16::CpuBackend cpu_{1};
};

// How many times `what` occurs in `text` (overlaps counted).
inline size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The default logger's lines from `level` up, captured while this lives (the previous logger is
// put back by the destructor).
class LogCapture {
 public:
  explicit LogCapture(spdlog::level::level_enum level) : previous_(spdlog::default_logger()) {
    auto logger = std::make_shared<spdlog::logger>(
        "capture", std::make_shared<spdlog::sinks::ostream_sink_mt>(captured_));
    logger->set_level(level);
    spdlog::set_default_logger(logger);
  }
  ~LogCapture() { spdlog::set_default_logger(previous_); }
  LogCapture(const LogCapture&) = delete;
  LogCapture& operator=(const LogCapture&) = delete;
  std::string text() const { return captured_.str(); }

 private:
  std::ostringstream captured_;
  std::shared_ptr<spdlog::logger> previous_;
};

// A gate: closed until open(); entered() tells when a worker is waiting at it.
class Gate {
 public:
  void pass() {
    std::unique_lock lock(mutex_);
    ++waiting_;
    cv_.notify_all();
    cv_.wait(lock, [&] { return open_; });
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
    cv_.notify_all();
  }
  // Blocks until `count` workers have reached the gate (or `timeout`); false on timeout.
  bool wait_entered(int count = 1, std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, timeout, [&] { return waiting_ >= count; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  int waiting_ = 0;
  bool open_ = false;
};

struct TestJobSpec {
  TestJobSpec(size_t constraints_ = kSmallCircuit, uint64_t seed_ = 1, unsigned partitions_ = 1)
      : constraints(constraints_), seed(seed_), partitions(partitions_) {}
  TestJobSpec& gated(std::shared_ptr<Gate> g, unsigned partition = 0) {
    gate = std::move(g);
    gate_partition = partition;
    return *this;
  }
  TestJobSpec& throwing_at(unsigned partition) {
    throw_at = partition;
    return *this;
  }
  TestJobSpec& with_wrong_inputs() {
    wrong_inputs = true;
    return *this;
  }
  TestJobSpec& deferring_abc() {
    defers_abc = true;
    return *this;
  }
  TestJobSpec& recording_pool_priority(std::shared_ptr<std::atomic<int>> to) {
    pool_priority = std::move(to);
    return *this;
  }

  size_t constraints;
  uint64_t seed;
  unsigned partitions;
  std::shared_ptr<Gate> gate;  // partition gate_partition waits here
  unsigned gate_partition = 0;
  std::optional<unsigned> throw_at;  // synthesis of this partition throws
  bool wrong_inputs = false;         // its proof fails verification
  bool defers_abc = false;           // CircuitJob::defers_abc (the memory estimate only)
  // Set by synthesis to the priority its witness tasks would get on a TaskPool.
  std::shared_ptr<std::atomic<int>> pool_priority;
};

// The synthesis order, as "<request_id>/<partition>".
class SynthesisLog {
 public:
  void add(std::string entry) {
    std::lock_guard lock(mutex_);
    entries_.push_back(std::move(entry));
  }
  std::vector<std::string> entries() const {
    std::lock_guard lock(mutex_);
    return entries_;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> entries_;
};

class TestJob final : public CircuitJob {
 public:
  TestJob(std::string name, TestJobSpec spec, std::shared_ptr<SynthesisLog> log)
      : name_(std::move(name)),
        spec_(std::move(spec)),
        log_(std::move(log)),
        inner_(spec_.constraints, spec_.seed, spec_.partitions) {}

  const std::string& circuit_id() const override { return inner_.circuit_id(); }
  unsigned partitions() const override { return inner_.partitions(); }
  std::string describe() const override { return "test job " + name_; }
  void synthesize(unsigned k, r1cs::ProvingAssignment& out) const override {
    if (log_) log_->add(name_ + "/" + std::to_string(k));
    if (spec_.pool_priority) *spec_.pool_priority = TaskPool::submit_priority();
    if (spec_.gate && k == spec_.gate_partition) spec_.gate->pass();
    if (spec_.throw_at && *spec_.throw_at == k) {
      throw std::runtime_error("test: partition " + std::to_string(k) + " is poisoned");
    }
    inner_.synthesize(k, out);
  }
  bool defers_abc() const override { return spec_.defers_abc; }
  std::vector<ff::Fr> public_inputs(unsigned k, const r1cs::ProvingAssignment& pa) const override {
    auto inputs = inner_.public_inputs(k, pa);
    if (spec_.wrong_inputs) inputs[0] += ff::Fr::one();
    return inputs;
  }

 private:
  std::string name_;
  TestJobSpec spec_;
  std::shared_ptr<SynthesisLog> log_;
  BenchCircuitJob inner_;
};

// Jobs by request_id; an unregistered request_id is refused as INVALID_ARGUMENT.
class TestJobs {
 public:
  void add(const std::string& request_id, TestJobSpec spec) {
    std::lock_guard lock(mutex_);
    specs_[request_id] = std::move(spec);
  }
  std::shared_ptr<SynthesisLog> log() const { return log_; }
  JobFactory factory() {
    return [this](const ProofRequest& request) -> JobResult {
      std::lock_guard lock(mutex_);
      auto it = specs_.find(request.request_id);
      if (it == specs_.end()) {
        return Error<SubmitError>{SubmitError::kInvalidArgument,
                                  "request_id: no test job named '" + request.request_id + "'"};
      }
      return std::unique_ptr<CircuitJob>(
          std::make_unique<TestJob>(request.request_id, it->second, log_));
    };
  }

 private:
  std::mutex mutex_;
  std::map<std::string, TestJobSpec> specs_;
  std::shared_ptr<SynthesisLog> log_ = std::make_shared<SynthesisLog>();
};

inline EngineOptions test_engine_options(const std::string& param_dir) {
  EngineOptions o;
  o.srs.param_cache = param_dir;
  o.srs.load_threads = 1;
  o.backend.threads = 1;
  o.pipeline.synthesis_workers = 1;
  o.pipeline.prover_workers_per_device = 1;
  o.pipeline.synthesis_lookahead = 1;
  o.memory_budget_bytes = uint64_t(1) << 30;
  return o;
}

inline ProofRequest test_request(const std::string& request_id,
                                 std::optional<Priority> priority = std::nullopt,
                                 ProofKind kind = ProofKind::kPorepSealCommit) {
  ProofRequest r;
  r.request_id = request_id;
  r.kind = kind;
  r.priority = priority;
  return r;
}

// Checks every partition proof of a bench job against inputs synthesised here, with the .vk
// prefix of the parameter file.
inline void expect_valid_bench_proof(const JobOutcome& o, size_t constraints, uint64_t seed,
                                     unsigned partitions) {
  ASSERT_EQ(o.state, JobState::kCompleted) << o.error;
  ASSERT_EQ(o.proof.size(), partitions * groth16::kProofBytes);
  MappedFile file(shared_param_dir() + "/" + groth16::bench_circuit_params_stem(constraints) +
                  ".params");
  auto vk = groth16::read_verifying_key(file.bytes(), true);
  ASSERT_TRUE(vk.ok());
  auto pvk = groth16::prepare_verifying_key(*vk);
  auto proofs = groth16::decode_proofs(o.proof);
  ASSERT_TRUE(proofs.ok());
  for (unsigned k = 0; k < partitions; ++k) {
    r1cs::ProvingAssignment pa;
    groth16::synthesize_bench_circuit(pa, constraints, seed + k);
    std::vector<ff::Fr> inputs(pa.inputs().begin() + 1, pa.inputs().end());
    EXPECT_TRUE(groth16::verify_proof(pvk, (*proofs)[k], inputs)) << "partition " << k;
    // And not against another partition's inputs: the order is right.
    if (partitions > 1) {
      r1cs::ProvingAssignment other;
      groth16::synthesize_bench_circuit(other, constraints, seed + (k + 1) % partitions);
      std::vector<ff::Fr> wrong(other.inputs().begin() + 1, other.inputs().end());
      EXPECT_FALSE(groth16::verify_proof(pvk, (*proofs)[k], wrong)) << "partition " << k;
    }
  }
}

// Polls `done` until it holds (bounded: a minute; the watchdog catches a real hang).
inline bool eventually(const std::function<bool()>& done) {
  for (int i = 0; i < 60000; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return done();
}

// The job's outcome once it ended.
inline JobOutcome await_end(Engine& engine, const std::string& id) {
  auto o = engine.await(id, std::nullopt);
  EXPECT_TRUE(o.has_value());
  return o.value_or(JobOutcome{});
}

// Submits and expects acceptance; the job id ("" when refused).
inline std::string submit_ok(Engine& engine, ProofRequest request) {
  auto r = engine.submit(std::move(request));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? r->job_id : std::string();
}

}  // namespace cuzk::engine::testing
