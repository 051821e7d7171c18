// Scheduler policy: priority order, FIFO within a priority, the batch collector (full, timed out,
// flushed by a higher-priority arrival, not for PoSt), sort_by_type, removal and positions.
// Time is passed in, so nothing here sleeps.
#include "engine/scheduler.hpp"

#include <gtest/gtest.h>

#include "engine/bench_job.hpp"

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;
using Clock = Scheduler::Clock;

class SchedulerTest : public ::testing::Test {
 protected:
  std::shared_ptr<Job> job(const std::string& id, Priority p, size_t circuit = 64,
                           ProofKind kind = ProofKind::kPorepSealCommit) {
    return std::make_shared<Job>(id, "", kind, p, seq_++,
                                 std::make_shared<BenchCircuitJob>(circuit, 0));
  }
  static std::vector<std::string> ids(const std::vector<std::shared_ptr<Job>>& jobs) {
    std::vector<std::string> out;
    for (const auto& j : jobs) out.push_back(j->id);
    return out;
  }
  // Pops until empty (nothing may wait), one batch per element.
  std::vector<std::vector<std::string>> drain(Scheduler& s, Clock::time_point now) {
    std::vector<std::vector<std::string>> out;
    for (;;) {
      std::optional<Clock::time_point> wake;
      auto batch = s.pop(now, &wake);
      if (batch.empty()) {
        EXPECT_FALSE(wake.has_value()) << "something is still waiting";
        return out;
      }
      out.push_back(ids(batch));
    }
  }

  uint64_t seq_ = 0;
  const Clock::time_point t0_ = Clock::now();
};

TEST_F(SchedulerTest, HigherPriorityFirstFifoWithin) {
  Scheduler s({1, 0ms, false});
  s.push(job("low", Priority::kLow), t0_);
  s.push(job("n1", Priority::kNormal), t0_);
  s.push(job("crit", Priority::kCritical), t0_);
  s.push(job("n2", Priority::kNormal), t0_);
  s.push(job("high", Priority::kHigh), t0_);
  s.push(job("n3", Priority::kNormal), t0_);
  using V = std::vector<std::string>;
  EXPECT_EQ(drain(s, t0_), (std::vector<V>{{"crit"}, {"high"}, {"n1"}, {"n2"}, {"n3"}, {"low"}}));
  EXPECT_EQ(s.size(), 0u);
}

// What the engine's dispatcher asks while the pipeline has no room: deadline jobs only.
TEST_F(SchedulerTest, MinPriorityLeavesLowerLevelsQueued) {
  Scheduler s({1, 0ms, false});
  s.push(job("n1", Priority::kNormal), t0_);
  std::optional<Clock::time_point> wake;
  EXPECT_TRUE(s.pop(t0_, &wake, false, Priority::kHigh).empty());
  EXPECT_FALSE(wake.has_value());
  s.push(job("high", Priority::kHigh), t0_);
  s.push(job("crit", Priority::kCritical), t0_);
  EXPECT_EQ(ids(s.pop(t0_, &wake, false, Priority::kHigh)), std::vector<std::string>{"crit"});
  EXPECT_EQ(ids(s.pop(t0_, &wake, false, Priority::kHigh)), std::vector<std::string>{"high"});
  EXPECT_TRUE(s.pop(t0_, &wake, false, Priority::kHigh).empty());
  EXPECT_EQ(ids(s.pop(t0_, &wake)), std::vector<std::string>{"n1"});
  EXPECT_TRUE(is_deadline(Priority::kHigh) && is_deadline(Priority::kCritical));
  EXPECT_FALSE(is_deadline(Priority::kNormal) || is_deadline(Priority::kLow));
}

TEST_F(SchedulerTest, DefaultPrioritiesByKind) {
  EXPECT_EQ(default_priority(ProofKind::kWinningPost), Priority::kCritical);
  EXPECT_EQ(default_priority(ProofKind::kWindowPostPartition), Priority::kHigh);
  EXPECT_EQ(default_priority(ProofKind::kPorepSealCommit), Priority::kNormal);
  EXPECT_EQ(default_priority(ProofKind::kSnapDealsUpdate), Priority::kNormal);
  EXPECT_TRUE(is_batchable(ProofKind::kPorepSealCommit));
  EXPECT_FALSE(is_batchable(ProofKind::kWinningPost));
}

TEST_F(SchedulerTest, FullBatchOfOneCircuitGoesAtOnce) {
  Scheduler s({3, 1h, false});
  s.push(job("a1", Priority::kNormal, 64), t0_);
  s.push(job("b1", Priority::kNormal, 96), t0_);
  s.push(job("a2", Priority::kNormal, 64), t0_);
  s.push(job("a3", Priority::kNormal, 64), t0_);
  std::optional<Clock::time_point> wake;
  EXPECT_EQ(ids(s.pop(t0_, &wake)), (std::vector<std::string>{"a1", "a2", "a3"}));
  // b1 alone waits for company until its wait runs out.
  EXPECT_TRUE(s.pop(t0_ + 1s, &wake).empty());
  ASSERT_TRUE(wake.has_value());
  EXPECT_EQ(*wake, t0_ + 1h);
  EXPECT_EQ(ids(s.pop(t0_ + 1h, &wake)), (std::vector<std::string>{"b1"}));
}

TEST_F(SchedulerTest, PartialBatchWaitsThenFlushesOnTimeout) {
  Scheduler s({4, 500ms, false});
  s.push(job("a1", Priority::kNormal), t0_);
  s.push(job("a2", Priority::kNormal), t0_ + 100ms);
  std::optional<Clock::time_point> wake;
  EXPECT_TRUE(s.pop(t0_ + 499ms, &wake).empty());
  ASSERT_TRUE(wake.has_value());
  EXPECT_EQ(*wake, t0_ + 500ms);  // the oldest job's deadline
  EXPECT_EQ(ids(s.pop(t0_ + 500ms, &wake)), (std::vector<std::string>{"a1", "a2"}));
}

TEST_F(SchedulerTest, HigherPriorityArrivalGoesFirstAndFlushesTheWaitingBatch) {
  Scheduler s({4, 1h, false});
  s.push(job("n1", Priority::kNormal), t0_);
  std::optional<Clock::time_point> wake;
  EXPECT_TRUE(s.pop(t0_, &wake).empty());
  s.push(job("h1", Priority::kHigh, 96, ProofKind::kWindowPostPartition), t0_ + 1s);
  EXPECT_EQ(ids(s.pop(t0_ + 1s, &wake)), (std::vector<std::string>{"h1"}));
  // No more waiting for the partial NORMAL batch.
  EXPECT_EQ(ids(s.pop(t0_ + 1s, &wake)), (std::vector<std::string>{"n1"}));
  // A NORMAL job queued after the flush waits as usual.
  s.push(job("n2", Priority::kNormal), t0_ + 2s);
  EXPECT_TRUE(s.pop(t0_ + 2s, &wake).empty());
}

TEST_F(SchedulerTest, LowerLevelNeverOvertakesAWaitingBatch) {
  Scheduler s({4, 1h, false});
  s.push(job("n1", Priority::kNormal), t0_);
  s.push(job("low", Priority::kLow), t0_);
  std::optional<Clock::time_point> wake;
  EXPECT_TRUE(s.pop(t0_, &wake).empty());
  EXPECT_TRUE(wake.has_value());
}

TEST_F(SchedulerTest, PostIsNeverBatched) {
  Scheduler s({4, 1h, false});
  s.push(job("w1", Priority::kHigh, 64, ProofKind::kWindowPostPartition), t0_);
  s.push(job("w2", Priority::kHigh, 64, ProofKind::kWindowPostPartition), t0_);
  using V = std::vector<std::string>;
  EXPECT_EQ(drain(s, t0_), (std::vector<V>{{"w1"}, {"w2"}}));
}

TEST_F(SchedulerTest, ReadyCircuitGoesWhileAnotherWaits) {
  Scheduler s({2, 1h, false});
  s.push(job("a1", Priority::kNormal, 64), t0_);
  s.push(job("b1", Priority::kNormal, 96), t0_);
  s.push(job("b2", Priority::kNormal, 96), t0_);
  std::optional<Clock::time_point> wake;
  EXPECT_EQ(ids(s.pop(t0_, &wake)), (std::vector<std::string>{"b1", "b2"}));
}

TEST_F(SchedulerTest, SortByTypePrefersTheLastCircuit) {
  Scheduler s({1, 0ms, true});
  s.push(job("a1", Priority::kNormal, 64), t0_);
  s.push(job("b1", Priority::kNormal, 96), t0_);
  s.push(job("a2", Priority::kNormal, 64), t0_);
  s.push(job("b2", Priority::kNormal, 96), t0_);
  using V = std::vector<std::string>;
  EXPECT_EQ(drain(s, t0_), (std::vector<V>{{"a1"}, {"a2"}, {"b1"}, {"b2"}}));

  Scheduler fifo({1, 0ms, false});
  fifo.push(job("a1", Priority::kNormal, 64), t0_);
  fifo.push(job("b1", Priority::kNormal, 96), t0_);
  fifo.push(job("a2", Priority::kNormal, 64), t0_);
  EXPECT_EQ(drain(fifo, t0_), (std::vector<V>{{"a1"}, {"b1"}, {"a2"}}));
}

TEST_F(SchedulerTest, FlushAllReleasesWaitingBatches) {
  Scheduler s({4, 1h, false});
  s.push(job("n1", Priority::kNormal), t0_);
  std::optional<Clock::time_point> wake;
  EXPECT_EQ(ids(s.pop(t0_, &wake, true)), (std::vector<std::string>{"n1"}));
}

TEST_F(SchedulerTest, RemoveAndPosition) {
  Scheduler s({1, 0ms, false});
  s.push(job("n1", Priority::kNormal), t0_);
  s.push(job("n2", Priority::kNormal), t0_);
  s.push(job("h1", Priority::kHigh), t0_);
  EXPECT_EQ(s.position("h1"), 0u);
  EXPECT_EQ(s.position("n1"), 1u);
  EXPECT_EQ(s.position("n2"), 2u);
  EXPECT_EQ(s.position("nope"), std::nullopt);
  EXPECT_EQ(s.pending(ProofKind::kPorepSealCommit), 3u);
  EXPECT_TRUE(s.remove("n1"));
  EXPECT_FALSE(s.remove("n1"));
  EXPECT_EQ(s.position("n2"), 1u);
  using V = std::vector<std::string>;
  EXPECT_EQ(drain(s, t0_), (std::vector<V>{{"h1"}, {"n2"}}));
}

}  // namespace
}  // namespace cuzk::engine
