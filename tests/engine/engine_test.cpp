// The engine end to end on the built-in test circuit with the CPU backend: proofs verified
// independently, priorities, cancellation (queued and running), independent failures,
// idempotent submits, batching, parameter sets, shutdown and metrics. Synchronisation is by
// gates inside test jobs and by awaiting jobs, never by sleeping.
#include "engine/engine.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "engine_fixture.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/spread_backend.hpp"
#include "groth16/verifier.hpp"
#include "util/mapped_file.hpp"

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;
using testing::await_end;
using testing::expect_valid_bench_proof;
using testing::Gate;
using testing::kOtherCircuit;
using testing::kSmallCircuit;
using testing::shared_param_dir;
using testing::submit_ok;
using testing::test_engine_options;
using testing::test_request;
using testing::TestJobs;
using testing::TestJobSpec;

TEST(Engine, ProvesAndVerifiesSingleAndMultiPartitionJobs) {
  TestJobs jobs;
  jobs.add("one", TestJobSpec(kSmallCircuit, 11, 1));
  jobs.add("three", TestJobSpec(kSmallCircuit, 20, 3));
  jobs.add("other", TestJobSpec(kOtherCircuit, 5, 2));
  auto options = test_engine_options(shared_param_dir());
  options.pipeline.synthesis_workers = 2;
  options.pipeline.prover_workers_per_device = 2;
  Engine engine(options, jobs.factory());
  const auto one = submit_ok(engine, test_request("one"));
  const auto three = submit_ok(engine, test_request("three"));
  const auto other = submit_ok(engine, test_request("other"));
  expect_valid_bench_proof(await_end(engine, one), kSmallCircuit, 11, 1);
  expect_valid_bench_proof(await_end(engine, three), kSmallCircuit, 20, 3);
  expect_valid_bench_proof(await_end(engine, other), kOtherCircuit, 5, 2);
  const auto o = await_end(engine, three);
  EXPECT_GT(o.timings.total_ms, 0);
  EXPECT_GE(o.timings.total_ms, o.timings.queue_wait_ms);
  EXPECT_GT(o.timings.synthesis_ms, 0);
  EXPECT_GT(o.timings.prove_ms, 0);
  const auto s = engine.status();
  EXPECT_EQ(s.proofs_completed, 3u);
  EXPECT_EQ(s.proofs_failed, 0u);
}

// Blinding from the OS: two proofs of the same witness (same circuit, same seed) both verify and
// differ in every point; a proof reproduced from the witness alone would be a broken blinding.
TEST(Engine, TwoProofsOfTheSameWitnessDiffer) {
  TestJobs jobs;
  jobs.add("first", TestJobSpec(kSmallCircuit, 11, 1));
  jobs.add("again", TestJobSpec(kSmallCircuit, 11, 1));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  const auto first = await_end(engine, submit_ok(engine, test_request("first")));
  const auto again = await_end(engine, submit_ok(engine, test_request("again")));
  expect_valid_bench_proof(first, kSmallCircuit, 11, 1);
  expect_valid_bench_proof(again, kSmallCircuit, 11, 1);
  auto a = groth16::decode_proofs(first.proof), b = groth16::decode_proofs(again.proof);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE((*a)[0].a, (*b)[0].a);
  EXPECT_NE((*a)[0].b, (*b)[0].b);
  EXPECT_NE((*a)[0].c, (*b)[0].c);
}

TEST(Engine, PrioritiesDecideTheOrderAndCancelRemovesQueuedJobs) {
  TestJobs jobs;
  auto gate = std::make_shared<Gate>();
  jobs.add("blocker", TestJobSpec(kSmallCircuit, 1, 2).gated(gate, 0));
  for (const char* name : {"low", "normal", "high", "winning", "doomed"}) {
    jobs.add(name, TestJobSpec(kSmallCircuit, 2, 1));
  }
  auto options = test_engine_options(shared_param_dir());
  options.pipeline.deadline_lane = false;  // the order alone (the lane: deadline_test.cpp)
  Engine engine(options, jobs.factory());
  const auto blocker = submit_ok(engine, test_request("blocker"));
  // Partition 0 is in synthesis and partition 1 queued behind it: the pipeline has no room, and
  // only deadline jobs (HIGH, CRITICAL) are admitted, ahead of partition 1.
  ASSERT_TRUE(gate->wait_entered());
  const auto low = submit_ok(engine, test_request("low", Priority::kLow));
  const auto doomed = submit_ok(engine, test_request("doomed", Priority::kLow));
  const auto normal = submit_ok(engine, test_request("normal"));  // PoRep: NORMAL
  const auto high = submit_ok(engine, test_request("high", Priority::kHigh));
  const auto winning =
      submit_ok(engine, test_request("winning", std::nullopt, ProofKind::kWinningPost));
  auto position = engine.submit(test_request("winning", std::nullopt, ProofKind::kWinningPost));
  ASSERT_TRUE(position.ok());
  EXPECT_TRUE(position->existing);
  EXPECT_EQ(position->job_id, winning);
  EXPECT_EQ(position->queue_position, 0u);  // CRITICAL by default: at the head

  auto cancelled = engine.cancel(doomed);
  EXPECT_TRUE(cancelled.found);
  EXPECT_FALSE(cancelled.was_running);
  EXPECT_EQ(await_end(engine, doomed).state, JobState::kCancelled);
  ASSERT_TRUE(testing::eventually([&] {
    const auto s = engine.status();  // queues[0]: PoRep, [3]: WinningPoSt
    return s.queues[0].in_progress == 2 && s.queues[3].in_progress == 1;  // blocker, high; winning
  }));
  EXPECT_EQ(engine.status().queues[0].pending, 2u);  // low, normal

  gate->open();
  for (const auto& id : {blocker, low, normal, high, winning}) {
    EXPECT_EQ(await_end(engine, id).state, JobState::kCompleted) << id;
  }
  EXPECT_EQ(jobs.log()->entries(), (std::vector<std::string>{"blocker/0", "winning/0", "high/0",
                                                             "blocker/1", "normal/0", "low/0"}));
  EXPECT_FALSE(engine.cancel(doomed).was_running);
  EXPECT_TRUE(engine.cancel(doomed).already_ended);
  EXPECT_FALSE(engine.cancel("no-such-job").found);
}

TEST(Engine, CancelRunningJobStopsAtPartitionBoundaryAndFreesMemory) {
  TestJobs jobs;
  auto gate = std::make_shared<Gate>();
  jobs.add("long", TestJobSpec(kSmallCircuit, 3, 4).gated(gate, 1));
  jobs.add("after", TestJobSpec(kSmallCircuit, 9, 1));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  const auto id = submit_ok(engine, test_request("long"));
  ASSERT_TRUE(gate->wait_entered());  // partition 1 is being synthesised
  auto waiting = engine.await(id, 0ms);
  ASSERT_TRUE(waiting.has_value());
  EXPECT_EQ(waiting->state, JobState::kRunning);
  auto r = engine.cancel(id);
  EXPECT_TRUE(r.found);
  EXPECT_TRUE(r.was_running);
  EXPECT_EQ(await_end(engine, id).state, JobState::kCancelled);
  gate->open();
  // The pipeline drops the rest of the job; a later job runs normally.
  const auto after = submit_ok(engine, test_request("after"));
  expect_valid_bench_proof(await_end(engine, after), kSmallCircuit, 9, 1);
  auto log = jobs.log()->entries();
  EXPECT_EQ(std::count(log.begin(), log.end(), "long/2"), 0);
  EXPECT_EQ(std::count(log.begin(), log.end(), "long/3"), 0);
  // Only the parameter set stays reserved once the pipeline is idle.
  const auto s = engine.status();
  uint64_t srs_bytes = 0;
  for (const auto& e : s.srs) srs_bytes += e.size_bytes;
  EXPECT_EQ(s.memory_used_bytes, srs_bytes);
  EXPECT_EQ(s.proofs_cancelled, 1u);
}

TEST(Engine, FailuresStayWithTheirJob) {
  TestJobs jobs;
  jobs.add("poisoned", TestJobSpec(kSmallCircuit, 1, 3).throwing_at(1));
  jobs.add("unverifiable", TestJobSpec(kSmallCircuit, 2, 2).with_wrong_inputs());
  jobs.add("no-params", TestJobSpec(128, 3, 1));
  jobs.add("good", TestJobSpec(kSmallCircuit, 4, 2));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  const auto poisoned = submit_ok(engine, test_request("poisoned"));
  const auto unverifiable = submit_ok(engine, test_request("unverifiable"));
  const auto no_params = submit_ok(engine, test_request("no-params"));
  const auto good = submit_ok(engine, test_request("good"));

  auto p = await_end(engine, poisoned);
  EXPECT_EQ(p.state, JobState::kFailed);
  EXPECT_NE(p.error.find("partition 1: synthesis failed: test: partition 1 is poisoned"),
            std::string::npos)
      << p.error;
  auto u = await_end(engine, unverifiable);
  EXPECT_EQ(u.state, JobState::kFailed);
  EXPECT_NE(u.error.find("does not verify"), std::string::npos) << u.error;
  EXPECT_TRUE(u.proof.empty());
  auto n = await_end(engine, no_params);
  EXPECT_EQ(n.state, JobState::kFailed);
  EXPECT_NE(n.error.find("no parameters for circuit chain-128"), std::string::npos) << n.error;
  EXPECT_NE(n.error.find("cuzk-test-chain-128.params"), std::string::npos) << n.error;
  expect_valid_bench_proof(await_end(engine, good), kSmallCircuit, 4, 2);
  EXPECT_EQ(engine.status().proofs_failed, 3u);
}

TEST(Engine, RefusedRequestsAreNotQueued) {
  TestJobs jobs;
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  auto r = engine.submit(test_request("unregistered"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.code(), SubmitError::kInvalidArgument);
  EXPECT_NE(r.error().message.find("no test job named 'unregistered'"), std::string::npos);
  EXPECT_EQ(engine.status().queues[0].pending, 0u);
}

TEST(Engine, IdempotentOnRequestIdUntilFailure) {
  TestJobs jobs;
  jobs.add("same", TestJobSpec(kSmallCircuit, 6, 1));
  jobs.add("flaky", TestJobSpec(kSmallCircuit, 6, 1).throwing_at(0));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  const auto first = submit_ok(engine, test_request("same"));
  auto again = engine.submit(test_request("same"));
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->existing);
  EXPECT_EQ(again->job_id, first);
  EXPECT_EQ(await_end(engine, first).state, JobState::kCompleted);
  auto after = engine.submit(test_request("same"));  // completed: still the same job
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after->job_id, first);

  const auto failed = submit_ok(engine, test_request("flaky"));
  EXPECT_EQ(await_end(engine, failed).state, JobState::kFailed);
  auto retry = engine.submit(test_request("flaky"));  // failed: a retry is a new job
  ASSERT_TRUE(retry.ok());
  EXPECT_FALSE(retry->existing);
  EXPECT_NE(retry->job_id, failed);
  await_end(engine, retry->job_id);
}

TEST(Engine, AwaitTimesOutWhileTheJobRuns) {
  TestJobs jobs;
  auto gate = std::make_shared<Gate>();
  jobs.add("held", TestJobSpec(kSmallCircuit, 7, 1).gated(gate, 0));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  const auto id = submit_ok(engine, test_request("held"));
  ASSERT_TRUE(gate->wait_entered());
  auto o = engine.await(id, 10ms);
  ASSERT_TRUE(o.has_value());
  EXPECT_FALSE(is_final(o->state));
  EXPECT_FALSE(engine.await("unknown", 0ms).has_value());
  gate->open();
  expect_valid_bench_proof(await_end(engine, id), kSmallCircuit, 7, 1);
}

TEST(Engine, WaitingBatchIsFlushedByAHigherPriorityJob) {
  TestJobs jobs;
  jobs.add("porep", TestJobSpec(kSmallCircuit, 8, 1));
  jobs.add("post", TestJobSpec(kOtherCircuit, 8, 1));
  auto options = test_engine_options(shared_param_dir());
  options.scheduler.max_batch_size = 4;
  options.scheduler.max_batch_wait = std::chrono::hours(1);
  options.pipeline.max_batch_size = 4;
  Engine engine(options, jobs.factory());
  const auto porep = submit_ok(engine, test_request("porep"));
  // Alone, it would wait an hour for batch company.
  EXPECT_EQ(engine.await(porep, 0ms)->state, JobState::kQueued);
  const auto post =
      submit_ok(engine, test_request("post", std::nullopt, ProofKind::kWindowPostPartition));
  expect_valid_bench_proof(await_end(engine, post), kOtherCircuit, 8, 1);
  expect_valid_bench_proof(await_end(engine, porep), kSmallCircuit, 8, 1);
}

std::string batch_name(int i) {
  std::string name = "b";
  name += std::to_string(i);
  return name;
}

TEST(Engine, FullBatchIsProvenTogether) {
  TestJobs jobs;
  for (int i = 0; i < 3; ++i) {
    jobs.add(batch_name(i), TestJobSpec(kSmallCircuit, uint64_t(30 + i), 2));
  }
  auto options = test_engine_options(shared_param_dir());
  options.scheduler.max_batch_size = 3;
  options.scheduler.max_batch_wait = std::chrono::hours(1);
  options.pipeline.max_batch_size = 3;
  options.pipeline.synthesis_lookahead = 3;
  Engine engine(options, jobs.factory());
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    ids.push_back(submit_ok(engine, test_request(batch_name(i))));
  }
  for (int i = 0; i < 3; ++i) {
    expect_valid_bench_proof(await_end(engine, ids[i]), kSmallCircuit, uint64_t(30 + i), 2);
  }
}

// A preload also prepares the set's proving domain on the backend (CudaBackend: its NTT tables),
// once, so that the first proof does not; a preload of a set already hot does nothing more.
class DomainRecordingBackend final : public testing::CpuBackedBackend {
 public:
  std::string name() const override { return "domains"; }
  void prepare_domain(size_t m) override { prepared.push_back(m); }
  std::vector<size_t> prepared;
};

TEST(Engine, APreloadPreparesTheDomain) {
  auto owned = std::make_unique<DomainRecordingBackend>();
  DomainRecordingBackend* backend = owned.get();
  TestJobs jobs;
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory(), std::move(owned));
  auto first = engine.preload_srs("chain-64");
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_TRUE(std::has_single_bit(first->domain));
  EXPECT_GE(first->domain, 64u) << "a domain holds every constraint";
  EXPECT_EQ(backend->prepared, std::vector<size_t>{size_t(first->domain)});
  ASSERT_TRUE(engine.preload_srs("chain-64").ok());
  EXPECT_EQ(backend->prepared.size(), 1u);
}

// The preload companion (the daemon's .pce loader) runs for every preload, with the circuit id,
// and has finished when preload_srs returns; one that throws fails nothing.
TEST(Engine, APreloadRunsItsCompanion) {
  TestJobs jobs;
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  std::vector<std::string> seen;
  std::atomic<bool> running{false};
  engine.set_preload_companion([&](const std::string& id) {
    running = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    seen.push_back(id);
    running = false;
    if (id == "porep-32g") throw std::runtime_error("no cache file");
  });
  ASSERT_TRUE(engine.preload_srs("chain-64").ok());
  EXPECT_FALSE(running.load());
  EXPECT_EQ(seen, std::vector<std::string>{"chain-64"});
  ASSERT_TRUE(engine.preload_srs("chain-64").ok()) << "already hot: the companion runs again";
  EXPECT_EQ(seen.size(), 2u);
  EXPECT_EQ(engine.preload_srs("porep-32g").code(), SrsError::kNotFound);
  EXPECT_EQ(seen.back(), "porep-32g");
}

TEST(Engine, PreloadEvictAndInUse) {
  TestJobs jobs;
  auto gate = std::make_shared<Gate>();
  jobs.add("user", TestJobSpec(kOtherCircuit, 1, 1).gated(gate, 0));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  auto first = engine.preload_srs("chain-64");
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_FALSE(first->already_loaded);
  auto second = engine.preload_srs("chain-64");
  ASSERT_TRUE(second.ok());
  EXPECT_TRUE(second->already_loaded);
  auto s = engine.status();
  ASSERT_EQ(s.srs.size(), 1u);
  EXPECT_EQ(s.srs[0].tier, SrsTier::kHot);
  EXPECT_TRUE(s.srs[0].test_parameters);
  EXPECT_EQ(s.memory_used_bytes, s.srs[0].size_bytes);

  auto evicted = engine.evict_srs("chain-64");
  ASSERT_TRUE(evicted.ok());
  EXPECT_TRUE(evicted->was_loaded);
  EXPECT_EQ(evicted->freed_bytes, s.srs[0].size_bytes);
  EXPECT_EQ(engine.status().memory_used_bytes, 0u);
  EXPECT_EQ(engine.status().srs[0].tier, SrsTier::kCold);
  EXPECT_FALSE(engine.evict_srs("chain-64")->was_loaded);

  auto missing = engine.preload_srs("porep-32g");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.code(), SrsError::kNotFound);
  EXPECT_NE(missing.error().message.find("v28-stacked-proof-of-replication"), std::string::npos);

  const auto id = submit_ok(engine, test_request("user"));
  ASSERT_TRUE(gate->wait_entered());
  auto busy = engine.evict_srs("chain-96");
  ASSERT_FALSE(busy.ok());
  EXPECT_EQ(busy.code(), SrsError::kInUse);
  gate->open();
  EXPECT_EQ(await_end(engine, id).state, JobState::kCompleted);
  EXPECT_TRUE(engine.evict_srs("chain-96").ok());
}

// A parameter set loads on a loader thread: jobs of a resident circuit are admitted and proven
// while it loads (a WinningPoSt is not held up by a PoRep set coming off disk).
TEST(Engine, ParameterLoadsDoNotHoldUpOtherCircuits) {
  TestJobs jobs;
  jobs.add("loading", TestJobSpec(kOtherCircuit, 1, 1));
  jobs.add("resident", TestJobSpec(kSmallCircuit, 2, 1));
  auto load_gate = std::make_shared<Gate>();
  EngineOptions options = test_engine_options(shared_param_dir());
  options.srs.before_load = [load_gate](const std::string& circuit) {
    if (circuit == "chain-96") load_gate->pass();
  };
  Engine engine(options, jobs.factory());
  ASSERT_TRUE(engine.preload_srs("chain-64").ok());
  const auto loading = submit_ok(engine, test_request("loading"));
  ASSERT_TRUE(load_gate->wait_entered());
  const auto resident = submit_ok(engine, test_request("resident", Priority::kCritical));
  expect_valid_bench_proof(await_end(engine, resident), kSmallCircuit, 2, 1);
  auto status = engine.status();
  EXPECT_EQ(status.queues[size_t(ProofKind::kPorepSealCommit) - 1].pending, 1u)
      << "the job waiting for its parameters counts as pending";
  EXPECT_EQ(engine.await(loading, std::chrono::milliseconds(0))->state, JobState::kQueued);
  load_gate->open();
  const auto o = await_end(engine, loading);
  expect_valid_bench_proof(o, kOtherCircuit, 1, 1);
  EXPECT_GT(o.timings.srs_load_ms, 0.0);
}

TEST(Engine, ParametersLargerThanTheBudgetFailTheJob) {
  TestJobs jobs;
  jobs.add("big", TestJobSpec(kSmallCircuit, 1, 1));
  auto options = test_engine_options(shared_param_dir());
  options.memory_budget_bytes = 1024;
  Engine engine(options, jobs.factory());
  auto o = await_end(engine, submit_ok(engine, test_request("big")));
  EXPECT_EQ(o.state, JobState::kFailed);
  EXPECT_NE(o.error.find("more than the whole memory budget"), std::string::npos) << o.error;
}

TEST(Engine, ShutdownCancelsWhatIsLeftAndRefusesNewWork) {
  TestJobs jobs;
  auto gate = std::make_shared<Gate>();
  jobs.add("stuck", TestJobSpec(kSmallCircuit, 1, 2).gated(gate, 0));
  jobs.add("queued", TestJobSpec(kSmallCircuit, 2, 1));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  const auto stuck = submit_ok(engine, test_request("stuck"));
  ASSERT_TRUE(gate->wait_entered());
  const auto queued = submit_ok(engine, test_request("queued"));
  std::thread opener([&] {
    // The synthesis worker is parked at the gate; let it go once shutdown has cancelled.
    while (!is_final(engine.await(stuck, 1ms)->state)) {
    }
    gate->open();
  });
  engine.shutdown(0ms);
  opener.join();
  EXPECT_EQ(engine.await(stuck, 0ms)->state, JobState::kCancelled);
  EXPECT_EQ(engine.await(queued, 0ms)->state, JobState::kCancelled);
  auto refused = engine.submit(test_request("queued"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.code(), SubmitError::kUnavailable);
}

// A CpuBackend under another name: a simulated device for SpreadBackend; a broken one fails
// every start() like a lost GPU.
class SimulatedDevice final : public testing::CpuBackedBackend {
 public:
  explicit SimulatedDevice(std::string name, bool broken = false)
      : name_(std::move(name)), broken_(broken) {}
  std::string name() const override { return name_; }
  std::unique_ptr<groth16::Pending> start(std::vector<r1cs::ProvingAssignment> a,
                                          const groth16::Parameters& p,
                                          std::span<const groth16::Randomness> r) override {
    if (broken_) throw groth16::DeviceError(name_ + ": an illegal memory access was encountered");
    return cpu_.start(std::move(a), p, r);
  }

 private:
  const std::string name_;
  const bool broken_;
};

// Several devices behind one backend: the pipeline runs prover workers per device, every device
// proves partitions, the proofs verify, and the metrics count each device's work.
TEST(Engine, PartitionsSpreadOverSeveralDevices) {
  TestJobs jobs;
  jobs.add("wide", TestJobSpec(kSmallCircuit, 40, 6));
  std::vector<std::unique_ptr<groth16::Backend>> devices;
  devices.push_back(std::make_unique<SimulatedDevice>("sim:0"));
  devices.push_back(std::make_unique<SimulatedDevice>("sim:1"));
  auto spread = std::make_unique<groth16::SpreadBackend>(std::move(devices));
  groth16::SpreadBackend* raw = spread.get();
  auto options = test_engine_options(shared_param_dir());
  options.pipeline.prover_workers_per_device = 2;
  Engine engine(options, jobs.factory(), std::move(spread));
  EXPECT_EQ(engine.status().pipeline.prover_workers, 4u);
  expect_valid_bench_proof(await_end(engine, submit_ok(engine, test_request("wide"))),
                           kSmallCircuit, 40, 6);
  const std::vector<uint64_t> starts = raw->starts();
  ASSERT_EQ(starts.size(), 2u);
  EXPECT_EQ(starts[0] + starts[1], 6u);
  EXPECT_GE(starts[0], 1u);
  EXPECT_GE(starts[1], 1u);
  const std::string text = engine.metrics_text();
  for (const std::string device : {"sim:0", "sim:1"}) {
    const std::string line = "cuzk_backend_batches_total{backend=\"" + device + "\"} ";
    EXPECT_NE(text.find(line), std::string::npos) << line;
  }
}

// A device that fails every proof: its partitions are retried on the healthy one, it is then
// avoided, and the jobs complete; with every device broken, the CPU fallback proves.
TEST(Engine, ABrokenDeviceIsRetriedAroundAndAvoided) {
  TestJobs jobs;
  jobs.add("wide", TestJobSpec(kSmallCircuit, 50, 6));
  jobs.add("fallback", TestJobSpec(kSmallCircuit, 51, 2));
  std::vector<std::unique_ptr<groth16::Backend>> devices;
  devices.push_back(std::make_unique<SimulatedDevice>("sim:0", true));
  devices.push_back(std::make_unique<SimulatedDevice>("sim:1"));
  auto spread = std::make_unique<groth16::SpreadBackend>(std::move(devices));
  groth16::SpreadBackend* raw = spread.get();
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory(), std::move(spread));
  expect_valid_bench_proof(await_end(engine, submit_ok(engine, test_request("wide"))),
                           kSmallCircuit, 50, 6);
  EXPECT_FALSE(raw->healthy(0));
  EXPECT_LE(raw->starts()[0], 2u) << "the broken device kept getting work";

  std::vector<std::unique_ptr<groth16::Backend>> dead, cpu;
  dead.push_back(std::make_unique<SimulatedDevice>("sim:0", true));
  cpu.push_back(std::make_unique<SimulatedDevice>("cpu"));
  Engine fallback(test_engine_options(shared_param_dir()), jobs.factory(),
                  std::make_unique<groth16::SpreadBackend>(std::move(dead), std::move(cpu)));
  expect_valid_bench_proof(await_end(fallback, submit_ok(fallback, test_request("fallback"))),
                           kSmallCircuit, 51, 2);
}

TEST(Engine, MetricsCountWhatHappened) {
  TestJobs jobs;
  jobs.add("ok", TestJobSpec(kSmallCircuit, 1, 2));
  jobs.add("bad", TestJobSpec(kSmallCircuit, 1, 1).throwing_at(0));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  await_end(engine, submit_ok(engine, test_request("ok")));
  await_end(engine, submit_ok(engine, test_request("bad")));
  const std::string text = engine.metrics_text();
  for (const char* line : {
           "cuzk_proofs_submitted_total{kind=\"porep_seal_commit\"} 2\n",
           "cuzk_proofs_total{kind=\"porep_seal_commit\",result=\"completed\"} 1\n",
           "cuzk_proofs_total{kind=\"porep_seal_commit\",result=\"failed\"} 1\n",
           "cuzk_proof_duration_seconds_count{kind=\"porep_seal_commit\"} 1\n",
           "cuzk_proof_duration_seconds_bucket{kind=\"porep_seal_commit\",le=\"+Inf\"} 1\n",
           "cuzk_partition_prove_seconds_count{circuit=\"chain-64\"} 2\n",
           "cuzk_backend_batches_total{backend=\"cpu\"} 2\n",
           "cuzk_priority_queue_wait_seconds_count{priority=\"NORMAL\"} 1\n",
           "cuzk_priority_queue_wait_seconds_count{priority=\"CRITICAL\"} 0\n",
           "cuzk_priority_prover_wait_seconds_count{priority=\"NORMAL\"} 2\n",
           "cuzk_queue_pending{kind=\"winning_post\"} 0\n",
           "# TYPE cuzk_proof_duration_seconds histogram\n",
       }) {
    EXPECT_NE(text.find(line), std::string::npos) << line;
  }
}

// Every line of the exposition is a comment (# HELP / # TYPE) or `name{labels} value`, each
// metric's TYPE comes before its samples, and histogram buckets are cumulative.
TEST(Engine, MetricsTextIsWellFormedPrometheus) {
  TestJobs jobs;
  jobs.add("one", TestJobSpec(kSmallCircuit, 1, 2));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  await_end(engine, submit_ok(engine, test_request("one")));
  const std::string text = engine.metrics_text();
  const std::regex sample(
      R"(^([a-z_]+)(\{([a-z_]+="[^"\\\n]*",?)+\})? (-?[0-9.]+(e[-+]?[0-9]+)?|\+Inf)$)");
  const std::regex type(R"(^# TYPE ([a-z_]+) (counter|gauge|histogram)$)");
  std::set<std::string> typed;
  std::map<std::string, double> last_bucket;  // per series, the previous bucket's count
  std::istringstream lines(text);
  std::string line;
  size_t samples = 0;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (line.rfind("# HELP ", 0) == 0) continue;
    if (std::regex_match(line, m, type)) {
      typed.insert(m[1]);
      continue;
    }
    ASSERT_TRUE(std::regex_match(line, m, sample)) << line;
    ++samples;
    std::string family = m[1];
    for (const char* suffix : {"_bucket", "_sum", "_count"}) {
      const std::string sfx = suffix;
      if (family.size() > sfx.size() && family.ends_with(sfx) && !typed.count(family)) {
        family.resize(family.size() - sfx.size());
      }
    }
    EXPECT_TRUE(typed.count(family)) << "no TYPE before " << line;
    if (std::string(m[1]).ends_with("_bucket")) {
      const std::string labels = m[2];
      const std::string series = labels.substr(0, labels.find("le="));
      const double value = std::stod(m[4]);
      EXPECT_GE(value, last_bucket[std::string(m[1]) + series]) << line;
      last_bucket[std::string(m[1]) + series] = value;
    }
  }
  EXPECT_GT(samples, 50u);
}

// Label values are escaped as the text format asks (backslash, double quote, newline), and each
// series is served once with its value.
TEST(Engine, MetricsEscapeLabelValues) {
  Metrics metrics;
  metrics.batch_proven("a\"b\\c\nd", 1.5);
  metrics.batch_proven("a\"b\\c\nd", 2);
  const std::string text = metrics.render(EngineStatus{});
  const std::string escaped = "{backend=\"a\\\"b\\\\c\\nd\"} ";
  EXPECT_NE(text.find("cuzk_backend_batches_total" + escaped + "2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("cuzk_backend_busy_seconds_total" + escaped + "3.5\n"), std::string::npos);
  EXPECT_NE(text.find("cuzk_memory_budget_bytes 0\n"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::engine
