// Fault tests of the engine (issue #11): damaged parameter files, a failing or lying backend, and
// cancellation in every stage of a job. Each test asserts what the engine does — the faulty job
// fails (or is cancelled) with a clear error, jobs beside it complete with valid proofs, memory is
// given back and the engine goes on proving — never how long it takes. Every test runs under a
// watchdog (watchdog.hpp) so that a deadlock aborts instead of hanging the run.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "engine/bench_job.hpp"
#include "engine/engine.hpp"
#include "engine/param_digest.hpp"
#include "engine_fixture.hpp"
#include "groth16/bench_circuit.hpp"
#include "groth16/cpu_backend.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/witness_cs.hpp"
#include "watchdog.hpp"

namespace cuzk::engine {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::await_end;
using testing::eventually;
using testing::expect_valid_bench_proof;
using testing::Gate;
using testing::kOtherCircuit;
using testing::kSmallCircuit;
using testing::shared_param_dir;
using testing::submit_ok;
using testing::TempDir;
using testing::test_engine_options;
using testing::test_request;
using testing::TestJobs;
using testing::TestJobSpec;
using testing::Watchdog;

// Bytes reserved by the hot parameter sets: what the budget must be back to once no partition is
// in flight.
uint64_t hot_srs_bytes(const EngineStatus& s) {
  uint64_t total = 0;
  for (const auto& e : s.srs) total += e.tier == SrsTier::kHot ? e.size_bytes : 0;
  return total;
}

// Once the pipeline is idle only the parameter sets hold memory, and a new job completes.
void expect_healthy(Engine& engine, TestJobs& jobs, const std::string& name, size_t constraints,
                    uint64_t seed) {
  EXPECT_TRUE(eventually([&] {
    const auto s = engine.status();
    return s.memory_used_bytes == hot_srs_bytes(s);
  })) << "memory used "
      << engine.status().memory_used_bytes << ", parameters " << hot_srs_bytes(engine.status());
  jobs.add(name, TestJobSpec(constraints, seed, 1));
  expect_valid_bench_proof(await_end(engine, submit_ok(engine, test_request(name))), constraints,
                           seed, 1);
}

std::string params_file(size_t constraints) {
  return groth16::bench_circuit_params_stem(constraints) + ".params";
}

// ---------------------------------------------------------------------------------------------
// Parameter file faults

struct ParamFault {
  std::string name;
  // Damages the file (its bytes, or removes it); `layout` is the intact file's.
  std::function<void(const fs::path&, const groth16::ParamsLayout& layout)> damage;
  std::string expected;  // in the job's error, besides the file's path
};

void truncate_to(const fs::path& p, uint64_t size) {
  fs::resize_file(p, size);
}

// Replaces the byte at `offset` by f(byte).
void patch_byte(const fs::path& p, uint64_t offset, const std::function<uint8_t(uint8_t)>& f) {
  std::fstream file(p, std::ios::in | std::ios::out | std::ios::binary);
  file.seekg(std::streamoff(offset));
  char c = 0;
  file.read(&c, 1);
  c = char(f(uint8_t(c)));
  file.seekp(std::streamoff(offset));
  file.write(&c, 1);
  ASSERT_TRUE(file.good()) << p << " @" << offset;
}

void xor_byte(const fs::path& p, uint64_t offset, uint8_t mask) {
  patch_byte(p, offset, [mask](uint8_t b) { return uint8_t(b ^ mask); });
}

constexpr uint64_t kG1 = 96, kG2 = 192;

std::vector<ParamFault> param_faults() {
  using L = groth16::ParamsLayout;
  return {
      {"missing", [](const fs::path& p, const L&) { fs::remove(p); },
       "no parameters for circuit chain-64"},
      {"truncated_in_header", [](const fs::path& p, const L&) { truncate_to(p, 100); },
       "file ends before the ic count"},
      {"truncated_in_h",
       [](const fs::path& p, const L& l) {
         truncate_to(p, l.h.offset + kG1 * (l.h.count / 2) + 40);
       },
       "h: "},
      {"truncated_by_one_byte",
       [](const fs::path& p, const L& l) { truncate_to(p, l.total_bytes - 1); }, "b_g2: "},
      // A flipped byte of y: the point is no longer on the curve (the vk is subgroup-checked).
      {"flipped_vk_alpha_g1", [](const fs::path& p, const L&) { xor_byte(p, 70, 0x5a); },
       "vk.alpha_g1"},
      {"flipped_ic_point",
       [](const fs::path& p, const L& l) { xor_byte(p, l.ic.offset + 60, 0x01); }, "ic"},
      {"flipped_l_point",
       [](const fs::path& p, const L& l) {
         xor_byte(p, l.l.offset + kG1 * (l.l.count / 2) + 77, 0x10);
       },
       "l["},
      // x's top byte 0x1f (flags clear) makes x larger than the field modulus (0x1a...).
      {"h_coordinate_out_of_range",
       [](const fs::path& p, const L& l) {
         patch_byte(p, l.h.offset + kG1 * 3, [](uint8_t) { return uint8_t(0x1f); });
       },
       "h[3]"},
      {"flipped_last_b_g2_point",
       [](const fs::path& p, const L& l) { xor_byte(p, l.total_bytes - 1, 0x01); }, "b_g2[32]"},
      // A length field one larger: the sections after it no longer fit the file.
      {"l_count_plus_one", [](const fs::path& p, const L& l) { xor_byte(p, l.l.offset - 1, 0x01); },
       ""},
      // The b_g1 count cut to zero: 0 points followed by bytes the layout cannot place.
      {"b_g1_count_zeroed",
       [](const fs::path& p, const L& l) {
         for (uint64_t i = 1; i <= 4; ++i) {
           patch_byte(p, l.b_g1.offset - i, [](uint8_t) { return uint8_t(0); });
         }
       },
       ""},
  };
}

class ParamFaults : public ::testing::TestWithParam<ParamFault> {
 protected:
  Watchdog watchdog_;
};

// The damaged chain-64 set fails its job with the file named; a chain-96 job submitted at the
// same time completes; afterwards chain-96 jobs still complete and, once the file is repaired,
// chain-64 loads and proves (a bad file is not cached).
TEST_P(ParamFaults, BadFileFailsOnlyItsJobsAndNamesTheFile) {
  const auto& fault = GetParam();
  TempDir dir("param-faults");
  for (size_t n : {kSmallCircuit, kOtherCircuit}) {
    fs::copy_file(fs::path(shared_param_dir()) / params_file(n), dir.path() / params_file(n));
  }
  const fs::path bad = dir.path() / params_file(kSmallCircuit);
  {
    MappedFile intact(bad.string());
    auto layout = groth16::scan_params_layout(intact.bytes());
    ASSERT_TRUE(layout.ok());
    const auto l = *layout;
    fault.damage(bad, l);
  }

  TestJobs jobs;
  jobs.add("bad", TestJobSpec(kSmallCircuit, 1, 2));
  jobs.add("good", TestJobSpec(kOtherCircuit, 2, 2));
  Engine engine(test_engine_options(dir.str()), jobs.factory());
  const auto bad_id = submit_ok(engine, test_request("bad"));
  const auto good_id = submit_ok(engine, test_request("good"));

  const auto failed = await_end(engine, bad_id);
  EXPECT_EQ(failed.state, JobState::kFailed);
  EXPECT_TRUE(failed.proof.empty());
  EXPECT_NE(failed.error.find(bad.string()), std::string::npos) << failed.error;
  EXPECT_NE(failed.error.find(fault.expected), std::string::npos) << failed.error;
  expect_valid_bench_proof(await_end(engine, good_id), kOtherCircuit, 2, 2);

  const auto s = engine.status();
  EXPECT_EQ(s.proofs_failed, 1u);
  for (const auto& e : s.srs) {
    if (e.circuit_id == "chain-64") {
      EXPECT_EQ(e.tier, SrsTier::kCold) << "a bad file is not kept";
    }
  }
  expect_healthy(engine, jobs, "later", kOtherCircuit, 3);

  // Repaired: the same circuit loads from the good file.
  fs::remove(bad);
  fs::copy_file(fs::path(shared_param_dir()) / params_file(kSmallCircuit), bad);
  expect_healthy(engine, jobs, "repaired", kSmallCircuit, 4);
}

INSTANTIATE_TEST_SUITE_P(Faults, ParamFaults, ::testing::ValuesIn(param_faults()),
                         [](const auto& info) { return info.param.name; });

// A bulk point replaced by another valid point (here h[0] by h[1]) passes the reader's checks —
// bulk points are only checked to be on the curve, as in Filecoin — but every proof made with it
// is wrong: the batch verification before returning fails the job, and no proof goes out.
TEST(ParamFaultsUndetectable, ValidButWrongPointFailsVerificationNotAProof) {
  Watchdog watchdog;
  TempDir dir("param-faults");
  const fs::path file = dir.path() / params_file(kSmallCircuit);
  fs::copy_file(fs::path(shared_param_dir()) / params_file(kSmallCircuit), file);
  std::string intact_digest;
  {
    MappedFile intact(file.string());
    intact_digest = filecoin_digest(intact.bytes());
    auto layout = groth16::scan_params_layout(intact.bytes());
    ASSERT_TRUE(layout.ok());
    const auto h = layout->h.offset;
    std::vector<uint8_t> h1(intact.bytes().begin() + h + kG1, intact.bytes().begin() + h + 2 * kG1);
    for (uint64_t i = 0; i < kG1; ++i) {
      patch_byte(file, h + i, [&](uint8_t) { return h1[i]; });
    }
  }
  TestJobs jobs;
  jobs.add("wrong-h", TestJobSpec(kSmallCircuit, 1, 2));
  Engine engine(test_engine_options(dir.str()), jobs.factory());
  const auto o = await_end(engine, submit_ok(engine, test_request("wrong-h")));
  EXPECT_EQ(o.state, JobState::kFailed);
  EXPECT_TRUE(o.proof.empty()) << "never a bad proof";
  EXPECT_NE(o.error.find("does not verify against the chain-64 verifying key"), std::string::npos)
      << o.error;

  // With Filecoin's parameters.json digests ([srs] parameters_json), the same file is refused at
  // load, before anything is proven with it; the intact file loads.
  const fs::path manifest = dir.path() / "parameters.json";
  std::ofstream(manifest) << "{\"" << params_file(kSmallCircuit) << "\": {\"cid\": \"Qm\", "
                          << "\"digest\": \"" << intact_digest << "\", \"sector_size\": 2048}}";
  auto options = test_engine_options(dir.str());
  options.srs.parameters_json = manifest.string();
  {
    Engine checked(options, jobs.factory());
    const auto c = await_end(checked, submit_ok(checked, test_request("wrong-h")));
    EXPECT_EQ(c.state, JobState::kFailed);
    EXPECT_NE(c.error.find("differs from parameters.json's " + intact_digest), std::string::npos)
        << c.error;
    EXPECT_NE(c.error.find(file.string()), std::string::npos) << c.error;
  }
  options.srs.param_cache = shared_param_dir();
  Engine intact(options, jobs.factory());
  expect_valid_bench_proof(await_end(intact, submit_ok(intact, test_request("wrong-h"))),
                           kSmallCircuit, 1, 2);
}

// ---------------------------------------------------------------------------------------------
// Backend faults

// A CpuBackend that misbehaves at the `call`-th start() or finish() (0-based, counted separately)
// and the `times - 1` calls after it: throws a DeviceError, throws a std::logic_error (a bug, not
// the device's), corrupts the first proof it returns (a flipped byte of A), or holds the start()
// call at a gate until the test opens it.
class FaultyBackend final : public testing::CpuBackedBackend {
 public:
  enum class Fault { kThrowInStart, kThrowInFinish, kBugInStart, kCorruptProof, kHoldInStart };
  FaultyBackend(Fault fault, unsigned call, std::shared_ptr<Gate> hold = nullptr,
                unsigned times = 1)
      : fault_(fault), call_(call), times_(times), hold_(std::move(hold)) {}

  std::string name() const override { return "faulty-cpu"; }
  std::unique_ptr<groth16::Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                          const groth16::Parameters& params,
                                          std::span<const groth16::Randomness> r) override {
    const unsigned n = starts_++;
    if (hit(n) && fault_ == Fault::kThrowInStart) {
      throw groth16::DeviceError("test: device lost in start() call " + std::to_string(n));
    }
    if (hit(n) && fault_ == Fault::kBugInStart) {
      throw std::logic_error("test: a bug in start() call " + std::to_string(n));
    }
    if (n == call_ && fault_ == Fault::kHoldInStart) hold_->pass();
    return cpu_.start(std::move(assignments), params, r);
  }
  groth16::ProveOutput finish(std::unique_ptr<groth16::Pending> pending) override {
    const unsigned n = finishes_++;
    if (hit(n) && fault_ == Fault::kThrowInFinish) {
      throw groth16::DeviceError("test: device lost in finish() call " + std::to_string(n));
    }
    auto out = cpu_.finish(std::move(pending));
    if (hit(n) && fault_ == Fault::kCorruptProof) {
      reinterpret_cast<uint8_t*>(&out.proofs.at(0).a.x)[5] ^= 0x01;
    }
    return out;
  }
  unsigned starts() const { return starts_.load(); }

 private:
  bool hit(unsigned n) const { return n >= call_ && n - call_ < times_; }

  const Fault fault_;
  const unsigned call_, times_;
  std::shared_ptr<Gate> hold_;
  std::atomic<unsigned> starts_{0}, finishes_{0};
};

struct BackendFault {
  std::string name;
  FaultyBackend::Fault fault;
  std::string expected;  // in the victim's error
};

class BackendFaults : public ::testing::TestWithParam<BackendFault> {
 protected:
  Watchdog watchdog_;
};

// The victim's partition 1 is the second start() and finish() call: the victim is admitted first
// and held at partition 0's synthesis until the bystanders are submitted; partitions are then
// synthesised and proven oldest job first, lowest partition first.
TEST_P(BackendFaults, FaultFailsOnlyItsJobNeverReturnsABadProof) {
  const auto& fault = GetParam();
  TestJobs jobs;
  auto gate = std::make_shared<Gate>();
  jobs.add("victim", TestJobSpec(kSmallCircuit, 1, 3).gated(gate, 0));
  jobs.add("bystander", TestJobSpec(kSmallCircuit, 10, 2));
  jobs.add("other-circuit", TestJobSpec(kOtherCircuit, 20, 1));
  auto options = test_engine_options(shared_param_dir());
  options.pipeline.prover_retries = 0;  // a device error fails the partition's job at once
  Engine engine(options, jobs.factory(), std::make_unique<FaultyBackend>(fault.fault, 1));
  const auto victim = submit_ok(engine, test_request("victim"));
  ASSERT_TRUE(gate->wait_entered());
  const auto bystander = submit_ok(engine, test_request("bystander"));
  const auto other = submit_ok(engine, test_request("other-circuit"));
  gate->open();

  const auto v = await_end(engine, victim);
  EXPECT_EQ(v.state, JobState::kFailed);
  EXPECT_TRUE(v.proof.empty()) << "never a bad proof";
  EXPECT_NE(v.error.find(fault.expected), std::string::npos) << v.error;
  expect_valid_bench_proof(await_end(engine, bystander), kSmallCircuit, 10, 2);
  expect_valid_bench_proof(await_end(engine, other), kOtherCircuit, 20, 1);
  EXPECT_EQ(engine.status().proofs_failed, 1u);
  EXPECT_EQ(engine.status().proofs_completed, 2u);
  expect_healthy(engine, jobs, "after", kSmallCircuit, 30);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, BackendFaults,
    ::testing::Values(
        BackendFault{"throw_in_start", FaultyBackend::Fault::kThrowInStart,
                     "partition 1: prover start failed: test: device lost in start() call 1"},
        BackendFault{"throw_in_finish", FaultyBackend::Fault::kThrowInFinish,
                     "partition 1: prover finish failed: test: device lost in finish() call 1"},
        BackendFault{"corrupt_proof", FaultyBackend::Fault::kCorruptProof, "does not verify"}),
    [](const auto& info) { return info.param.name; });

// A device error (groth16::DeviceError) in start() or finish() is retried: the partition is
// synthesised and proven again and the job completes with valid proofs; the default two retries
// cover two failures, a third in a row fails the job.
class DeviceErrorRetries : public ::testing::TestWithParam<FaultyBackend::Fault> {
 protected:
  Watchdog watchdog_;
};

TEST_P(DeviceErrorRetries, TwoFailuresAreRetriedAThirdFailsTheJob) {
  TestJobs jobs;
  jobs.add("retried", TestJobSpec(kSmallCircuit, 41, 2));
  jobs.add("failed", TestJobSpec(kSmallCircuit, 42, 1));
  {
    Engine engine(test_engine_options(shared_param_dir()), jobs.factory(),
                  std::make_unique<FaultyBackend>(GetParam(), 0, nullptr, 2));
    expect_valid_bench_proof(await_end(engine, submit_ok(engine, test_request("retried"))),
                             kSmallCircuit, 41, 2);
    EXPECT_EQ(engine.status().proofs_failed, 0u);
  }
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory(),
                std::make_unique<FaultyBackend>(GetParam(), 0, nullptr, 3));
  const auto o = await_end(engine, submit_ok(engine, test_request("failed")));
  EXPECT_EQ(o.state, JobState::kFailed);
  EXPECT_TRUE(o.proof.empty());
  EXPECT_NE(o.error.find("test: device lost in"), std::string::npos) << o.error;
  EXPECT_NE(o.error.find("call 2"), std::string::npos) << "the last retry's failure: " << o.error;
  expect_healthy(engine, jobs, "after-retries", kSmallCircuit, 43);
}

INSTANTIATE_TEST_SUITE_P(Faults, DeviceErrorRetries,
                         ::testing::Values(FaultyBackend::Fault::kThrowInStart,
                                           FaultyBackend::Fault::kThrowInFinish),
                         [](const auto& info) {
                           return info.param == FaultyBackend::Fault::kThrowInStart
                                      ? std::string("in_start")
                                      : std::string("in_finish");
                         });

// A device that evaluates deferred a/b/c but has no room for a circuit's matrices (a DeviceError
// whenever a deferred assignment reaches it): the retry brings its a/b/c made on the CPU, and the
// job completes.
class NoRoomForMatrices final : public testing::CpuBackedBackend {
 public:
  std::string name() const override { return "no-room"; }
  bool evaluates_deferred_abc() const override { return true; }
  std::unique_ptr<groth16::Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                          const groth16::Parameters& params,
                                          std::span<const groth16::Randomness> r) override {
    for (const auto& a : assignments) {
      if (a.deferred_circuit() != nullptr) {
        ++refused;
        throw groth16::DeviceError("test: no room for the circuit's matrices");
      }
    }
    return CpuBackedBackend::start(std::move(assignments), params, r);
  }
  std::atomic<int> refused{0};
};

// The bench circuit's partitions with a/b/c left deferred, as precompiled synthesis leaves them.
class DeferringJob final : public CircuitJob {
 public:
  DeferringJob(uint64_t seed, unsigned partitions)
      : inner_(kSmallCircuit, seed, partitions),
        seed_(seed),
        circuit_(std::make_shared<const r1cs::PrecompiledCircuit>(
            r1cs::PrecompiledCircuit::record([](r1cs::ConstraintSystem& cs) {
              groth16::synthesize_bench_circuit(cs, kSmallCircuit, 0);
            }))) {}
  const std::string& circuit_id() const override { return inner_.circuit_id(); }
  unsigned partitions() const override { return inner_.partitions(); }
  std::string describe() const override { return "deferring " + inner_.describe(); }
  void synthesize(unsigned k, r1cs::ProvingAssignment& out) const override {
    r1cs::WitnessCS cs;
    groth16::synthesize_bench_circuit(cs, kSmallCircuit, seed_ + k);
    r1cs::assign_deferred(circuit_, std::move(cs).take(), out);
  }
  bool defers_abc() const override { return true; }
  std::vector<ff::Fr> public_inputs(unsigned k, const r1cs::ProvingAssignment& pa) const override {
    return inner_.public_inputs(k, pa);
  }

 private:
  BenchCircuitJob inner_;
  uint64_t seed_;
  std::shared_ptr<const r1cs::PrecompiledCircuit> circuit_;
};

TEST(DeviceErrorRetries, ARetryBringsItsAbcMadeOnTheCpu) {
  Watchdog watchdog;
  auto backend = std::make_unique<NoRoomForMatrices>();
  const NoRoomForMatrices& device = *backend;
  Engine engine(
      test_engine_options(shared_param_dir()),
      [](const ProofRequest&) -> JobResult {
        return std::unique_ptr<CircuitJob>(std::make_unique<DeferringJob>(44, 2));
      },
      std::move(backend));
  expect_valid_bench_proof(await_end(engine, submit_ok(engine, test_request("deferring"))),
                           kSmallCircuit, 44, 2);
  EXPECT_EQ(device.refused.load(), 2) << "each partition's first start was refused once";
}

// Any other exception from the backend (here a std::logic_error: a bug) is not the device's: the
// partition's job fails at once, with the default retries left unused, and the engine goes on.
TEST(BackendBugs, AreNotRetried) {
  Watchdog watchdog;
  TestJobs jobs;
  jobs.add("bug", TestJobSpec(kSmallCircuit, 44, 1));
  auto backend = std::make_unique<FaultyBackend>(FaultyBackend::Fault::kBugInStart, 0);
  const FaultyBackend* faulty = backend.get();
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory(), std::move(backend));
  const auto o = await_end(engine, submit_ok(engine, test_request("bug")));
  EXPECT_EQ(o.state, JobState::kFailed);
  EXPECT_TRUE(o.proof.empty());
  EXPECT_NE(o.error.find("test: a bug in start() call 0"), std::string::npos) << o.error;
  EXPECT_EQ(faulty->starts(), 1u) << "a bug is not retried";
  expect_healthy(engine, jobs, "after-bug", kSmallCircuit, 45);
}

// ---------------------------------------------------------------------------------------------
// Cancellation in every stage

class CancelFaults : public ::testing::Test {
 protected:
  // Cancels `id`, expects it to end cancelled (`was_running` as given), and the engine healthy.
  void cancel_and_check(Engine& engine, const std::string& id, bool was_running) {
    const auto r = engine.cancel(id);
    EXPECT_TRUE(r.found);
    EXPECT_FALSE(r.already_ended);
    EXPECT_EQ(r.was_running, was_running);
    const auto o = await_end(engine, id);
    EXPECT_EQ(o.state, JobState::kCancelled);
    EXPECT_TRUE(o.proof.empty());
    EXPECT_TRUE(engine.cancel(id).already_ended);
  }
  void expect_done(Engine& engine) {
    expect_healthy(engine, jobs_, "after", kSmallCircuit, 99);
    EXPECT_EQ(engine.status().proofs_cancelled, 1u);
    EXPECT_EQ(engine.status().proofs_failed, 0u);
  }

  Watchdog watchdog_;
  TestJobs jobs_;
  std::shared_ptr<Gate> gate_ = std::make_shared<Gate>();
};

TEST_F(CancelFaults, WhileQueued) {
  jobs_.add("blocker", TestJobSpec(kSmallCircuit, 1, 2).gated(gate_, 0));
  jobs_.add("queued", TestJobSpec(kSmallCircuit, 2, 1));
  Engine engine(test_engine_options(shared_param_dir()), jobs_.factory());
  const auto blocker = submit_ok(engine, test_request("blocker"));
  ASSERT_TRUE(gate_->wait_entered());  // partition 1 queued behind it: nothing else is admitted
  const auto queued = submit_ok(engine, test_request("queued"));
  EXPECT_EQ(engine.await(queued, 0ms)->state, JobState::kQueued);
  cancel_and_check(engine, queued, false);
  gate_->open();
  expect_valid_bench_proof(await_end(engine, blocker), kSmallCircuit, 1, 2);
  expect_done(engine);
}

TEST_F(CancelFaults, WhileWaitingForParameters) {
  jobs_.add("loading", TestJobSpec(kOtherCircuit, 1, 1));
  auto options = test_engine_options(shared_param_dir());
  auto load_gate = gate_;
  options.srs.before_load = [load_gate](const std::string& circuit) {
    if (circuit == "chain-96") load_gate->pass();
  };
  Engine engine(options, jobs_.factory());
  const auto loading = submit_ok(engine, test_request("loading"));
  ASSERT_TRUE(gate_->wait_entered());
  cancel_and_check(engine, loading, false);
  gate_->open();  // the load completes; the cancelled job is not admitted
  expect_done(engine);
  jobs_.add("after-96", TestJobSpec(kOtherCircuit, 5, 1));
  expect_valid_bench_proof(await_end(engine, submit_ok(engine, test_request("after-96"))),
                           kOtherCircuit, 5, 1);
}

TEST_F(CancelFaults, WhileSynthesising) {
  jobs_.add("synth", TestJobSpec(kSmallCircuit, 1, 3).gated(gate_, 1));
  Engine engine(test_engine_options(shared_param_dir()), jobs_.factory());
  const auto id = submit_ok(engine, test_request("synth"));
  ASSERT_TRUE(gate_->wait_entered());
  cancel_and_check(engine, id, true);
  gate_->open();
  expect_done(engine);
  const auto log = jobs_.log()->entries();
  EXPECT_EQ(std::count(log.begin(), log.end(), "synth/2"), 0) << "the rest is dropped";
}

TEST_F(CancelFaults, WhileWaitingForTheProver) {
  // The blocker's partition holds the only prover (in start()); the victim's partition is
  // synthesised and waits in the channel.
  jobs_.add("blocker", TestJobSpec(kSmallCircuit, 1, 1));
  jobs_.add("waiting", TestJobSpec(kSmallCircuit, 2, 1));
  Engine engine(test_engine_options(shared_param_dir()), jobs_.factory(),
                std::make_unique<FaultyBackend>(FaultyBackend::Fault::kHoldInStart, 0, gate_));
  const auto blocker = submit_ok(engine, test_request("blocker"));
  ASSERT_TRUE(gate_->wait_entered());
  const auto waiting = submit_ok(engine, test_request("waiting"));
  ASSERT_TRUE(eventually([&] { return engine.status().pipeline.awaiting_prover == 1; }));
  cancel_and_check(engine, waiting, true);
  EXPECT_TRUE(eventually([&] { return engine.status().pipeline.awaiting_prover == 0; }))
      << "a cancelled job's synthesised partitions are dropped at once";
  gate_->open();
  expect_valid_bench_proof(await_end(engine, blocker), kSmallCircuit, 1, 1);
  expect_done(engine);
}

TEST_F(CancelFaults, WhileProving) {
  jobs_.add("proving", TestJobSpec(kSmallCircuit, 1, 2));
  Engine engine(test_engine_options(shared_param_dir()), jobs_.factory(),
                std::make_unique<FaultyBackend>(FaultyBackend::Fault::kHoldInStart, 0, gate_));
  const auto id = submit_ok(engine, test_request("proving"));
  ASSERT_TRUE(gate_->wait_entered());  // partition 0 is in backend start()
  EXPECT_EQ(engine.status().pipeline.proving, 1u);
  cancel_and_check(engine, id, true);
  gate_->open();  // its proof is computed, then discarded
  expect_done(engine);
}

}  // namespace
}  // namespace cuzk::engine
