// Deadline jobs first (pipeline.hpp "Deadline jobs"): a CRITICAL job submitted while PoRep-like
// jobs hold every worker — one partition being proven, held at a gate inside the backend's
// start(), so it never finishes until the test says so; one synthesised and waiting for the
// prover; one being synthesised, held at a gate; more queued, so that the pipeline has no room —
// is admitted, synthesised, proven and verified while all of that stays where it is; and so while
// a HIGH job's partition (a 32 GiB WindowPoSt's is on the GPU for seconds) holds the lane's
// deadline worker too. Without the deadline lane the same job cannot finish before the gates
// open. Deterministic: gates, no sleeps, no clocks.
#include <gtest/gtest.h>

#include "engine/engine.hpp"
#include "engine_fixture.hpp"

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

// Holds every start() of the "PoRep" circuit (kOtherCircuit) at a gate: the partition being
// proven stays on the prover until the gate opens.
class HeldProverBackend final : public testing::CpuBackedBackend {
 public:
  explicit HeldProverBackend(std::shared_ptr<Gate> gate) : gate_(std::move(gate)) {}
  std::string name() const override { return "held-cpu"; }
  std::unique_ptr<groth16::Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                          const groth16::Parameters& params,
                                          std::span<const groth16::Randomness> r) override {
    if (assignments.front().num_constraints() >= kOtherCircuit) gate_->pass();
    return CpuBackedBackend::start(std::move(assignments), params, r);
  }

 private:
  std::shared_ptr<Gate> gate_;
};

struct Busy {
  std::shared_ptr<Gate> prover = std::make_shared<Gate>();
  std::shared_ptr<Gate> synthesis = std::make_shared<Gate>();
  TestJobs jobs;
  std::unique_ptr<Engine> engine;
  std::vector<std::string> porep;

  explicit Busy(bool deadline_lane) {
    jobs.add("porep-1", TestJobSpec(kOtherCircuit, 1, 1));
    jobs.add("porep-2", TestJobSpec(kOtherCircuit, 2, 3).gated(synthesis, 1));
    jobs.add("winning", TestJobSpec(kSmallCircuit, 7, 1));
    jobs.add("window", TestJobSpec(kOtherCircuit, 5, 1));  // held at the prover gate too
    auto options = test_engine_options(shared_param_dir());
    options.pipeline.deadline_lane = deadline_lane;
    engine = std::make_unique<Engine>(options, jobs.factory(),
                                      std::make_unique<HeldProverBackend>(prover));
    porep.push_back(submit_ok(*engine, test_request("porep-1")));
    porep.push_back(submit_ok(*engine, test_request("porep-2")));
    // porep-1/0 is being proven, porep-2/0 waits for the prover, porep-2/1 is being synthesised
    // (held), porep-2/2 is queued in the pipeline: the one synthesis worker and the one prover
    // worker are taken, and the pipeline has no room.
    EXPECT_TRUE(prover->wait_entered());
    EXPECT_TRUE(synthesis->wait_entered());
    EXPECT_GT(engine->status().pipeline.synthesis_queued, 0u);
  }
  ~Busy() {
    prover->open();
    synthesis->open();
    for (const auto& id : porep) engine->await(id, std::nullopt);
  }
};

TEST(Deadline, ACriticalJobIsProvenBesideTheBusyWorkers) {
  Busy busy(/*deadline_lane=*/true);
  const auto winning = submit_ok(*busy.engine, test_request("winning", Priority::kCritical));
  const auto done = await_end(*busy.engine, winning);  // while both gates are still closed
  expect_valid_bench_proof(done, kSmallCircuit, 7, 1);
  for (const auto& id : busy.porep) {
    EXPECT_EQ(busy.engine->await(id, 0ms)->state, JobState::kRunning);
  }
  busy.prover->open();
  busy.synthesis->open();
  expect_valid_bench_proof(await_end(*busy.engine, busy.porep[0]), kOtherCircuit, 1, 1);
  expect_valid_bench_proof(await_end(*busy.engine, busy.porep[1]), kOtherCircuit, 2, 3);
}

TEST(Deadline, ACriticalJobDoesNotWaitForAHighJobsPartitionOnTheLane) {
  Busy busy(/*deadline_lane=*/true);
  const auto window = submit_ok(*busy.engine, test_request("window", Priority::kHigh));
  ASSERT_TRUE(busy.prover->wait_entered(2));  // porep-1/0 and the window partition, both held
  const auto winning = submit_ok(*busy.engine, test_request("winning", Priority::kCritical));
  const auto done = busy.engine->await(winning, 60s);  // the gates stay closed
  ASSERT_TRUE(done.has_value() && is_final(done->state)) << "it waited for the held partitions";
  expect_valid_bench_proof(*done, kSmallCircuit, 7, 1);
  EXPECT_EQ(busy.engine->await(window, 0ms)->state, JobState::kRunning);
  busy.prover->open();
  busy.synthesis->open();
  expect_valid_bench_proof(await_end(*busy.engine, window), kOtherCircuit, 5, 1);
}

// Witness tasks go ahead of lower-priority jobs' on a shared pool (TaskPool's test): the pipeline
// submits a job's synthesis at the job's priority.
TEST(Deadline, SynthesisSubmitsWitnessTasksAtTheJobsPriority) {
  auto seen_normal = std::make_shared<std::atomic<int>>(-1);
  auto seen_critical = std::make_shared<std::atomic<int>>(-1);
  TestJobs jobs;
  jobs.add("normal", TestJobSpec(kSmallCircuit, 3, 1).recording_pool_priority(seen_normal));
  jobs.add("critical", TestJobSpec(kSmallCircuit, 4, 1).recording_pool_priority(seen_critical));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  expect_valid_bench_proof(await_end(engine, submit_ok(engine, test_request("normal"))),
                           kSmallCircuit, 3, 1);
  expect_valid_bench_proof(
      await_end(engine, submit_ok(engine, test_request("critical", Priority::kCritical))),
      kSmallCircuit, 4, 1);
  EXPECT_EQ(seen_normal->load(), int(Priority::kNormal));
  EXPECT_EQ(seen_critical->load(), int(Priority::kCritical));
  EXPECT_EQ(TaskPool::submit_priority(), 0);  // this thread's is its own
}

TEST(Deadline, WithoutTheLaneItWaitsForThePartitionsAhead) {
  Busy busy(/*deadline_lane=*/false);
  const auto winning = submit_ok(*busy.engine, test_request("winning", Priority::kCritical));
  // It cannot end while the prover is held: no worker is free to synthesise or prove it.
  const auto waiting = busy.engine->await(winning, 200ms);
  ASSERT_TRUE(waiting.has_value());
  EXPECT_FALSE(is_final(waiting->state));
  busy.prover->open();
  busy.synthesis->open();
  expect_valid_bench_proof(await_end(*busy.engine, winning), kSmallCircuit, 7, 1);
}

}  // namespace
}  // namespace cuzk::engine
