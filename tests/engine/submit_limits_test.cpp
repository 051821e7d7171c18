// Submit-time limits of the engine: the queue bound ([scheduler] max_pending -> kResourceExhausted)
// and request_id reuse (the same proof joins or returns its job; different content is
// kAlreadyExists while the job lives and a new job once it has ended), on the built-in test
// circuit. A
// lone PoRep job is kept in the queue by batching with a long wait (it waits for company), so
// "queued, not admitted" is deterministic without gates or sleeps.
#include <gtest/gtest.h>

#include "engine/engine.hpp"
#include "engine_fixture.hpp"

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;
using testing::Gate;
using testing::kSmallCircuit;
using testing::shared_param_dir;
using testing::test_engine_options;
using testing::test_request;
using testing::TestJobs;
using testing::TestJobSpec;

EngineOptions queueing_options(size_t max_pending) {
  auto o = test_engine_options(shared_param_dir());
  o.max_pending = max_pending;
  o.scheduler.max_batch_size = 2;  // a lone job waits up to an hour for a second one
  o.scheduler.max_batch_wait = 1h;
  o.pipeline.max_batch_size = 2;
  return o;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(EngineLimits, SubmitBeyondMaxPendingIsResourceExhausted) {
  TestJobs jobs;
  jobs.add("first", TestJobSpec(kSmallCircuit, 1, 1));
  jobs.add("second", TestJobSpec(kSmallCircuit, 2, 1));
  Engine engine(queueing_options(1), jobs.factory());
  auto first = engine.submit(test_request("first"));
  ASSERT_TRUE(first.ok()) << first.error().message;

  auto second = engine.submit(test_request("second"));
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.code(), SubmitError::kResourceExhausted);
  EXPECT_TRUE(contains(second.error().message, "max_pending = 1")) << second.error().message;

  // The queued job's own resubmission is still answered: it adds nothing to the queue.
  auto again = engine.submit(test_request("first"));
  ASSERT_TRUE(again.ok()) << again.error().message;
  EXPECT_TRUE(again->existing);
  EXPECT_EQ(again->job_id, first->job_id);

  // Room again once the queue shrinks.
  EXPECT_TRUE(engine.cancel(first->job_id).found);
  auto retry = engine.submit(test_request("second"));
  ASSERT_TRUE(retry.ok()) << retry.error().message;
  EXPECT_FALSE(retry->existing);
}

TEST(EngineLimits, SameRequestIdWithDifferentContentIsAlreadyExists) {
  TestJobs jobs;
  auto gate = std::make_shared<Gate>();  // holds the job in flight while the refusals are tried
  jobs.add("same", TestJobSpec(kSmallCircuit, 6, 1).gated(gate));
  jobs.add("flaky", TestJobSpec(kSmallCircuit, 6, 1).throwing_at(0));
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory());
  auto request = test_request("same");
  request.sector_number = 7;
  request.vanilla_proof = "the C1 of sector 7";
  for (int i = 0; i < 100; ++i)
    request.vanilla_proofs.push_back("sector proof " + std::to_string(i));
  auto first = engine.submit(request);
  ASSERT_TRUE(first.ok()) << first.error().message;

  // The same proof again, even at another priority: the same job.
  auto raised = request;
  raised.priority = Priority::kHigh;
  auto same = engine.submit(raised);
  ASSERT_TRUE(same.ok()) << same.error().message;
  EXPECT_TRUE(same->existing);
  EXPECT_EQ(same->job_id, first->job_id);

  // Another proof under the same request_id: refused, whichever field differs.
  auto other_c1 = request;
  other_c1.vanilla_proof = "the C1 of sector 8";
  auto other_sector = request;
  other_sector.sector_number = 8;
  auto other_kind = request;
  other_kind.kind = ProofKind::kSnapDealsUpdate;
  auto other_vanilla = request;  // one of the 100 sector proofs (hashed on all cores) differs
  other_vanilla.vanilla_proofs[70].back() = 'x';
  auto other_split = request;  // the same bytes, split differently
  other_split.vanilla_proofs[0] += other_split.vanilla_proofs[1].front();
  other_split.vanilla_proofs[1].erase(0, 1);
  for (const auto& other : {other_c1, other_sector, other_kind, other_vanilla, other_split}) {
    auto refused = engine.submit(other);
    EXPECT_FALSE(refused.ok());  // not ASSERT: the gate must open below
    if (refused.ok()) continue;
    EXPECT_EQ(refused.code(), SubmitError::kAlreadyExists);
    EXPECT_TRUE(contains(refused.error().message, "request_id 'same'")) << refused.error().message;
    EXPECT_TRUE(contains(refused.error().message, first->job_id)) << refused.error().message;
  }

  // Once the job has completed, the same proof again returns it (Curio's retry of a task whose
  // answer was lost), found by request_id too ...
  gate->open();
  auto ended = engine.await(first->job_id, std::nullopt);
  ASSERT_TRUE(ended.has_value());
  EXPECT_EQ(ended->state, JobState::kCompleted) << ended->error;
  auto retried = engine.submit(request);
  ASSERT_TRUE(retried.ok()) << retried.error().message;
  EXPECT_TRUE(retried->existing);
  EXPECT_EQ(retried->job_id, first->job_id);
  auto by_request_id = engine.await("same", std::nullopt);
  ASSERT_TRUE(by_request_id.has_value());
  EXPECT_EQ(by_request_id->proof, ended->proof);

  // ... and a different proof (the sector proven again, a new C1) starts a new job under the
  // same request_id, which now names the new job; the old one is still found by its job id.
  auto reproven = engine.submit(other_c1);
  ASSERT_TRUE(reproven.ok()) << reproven.error().message;
  EXPECT_FALSE(reproven->existing);
  EXPECT_NE(reproven->job_id, first->job_id);
  auto reproven_again = engine.submit(other_c1);  // joins the new job while it lives
  ASSERT_TRUE(reproven_again.ok()) << reproven_again.error().message;
  EXPECT_EQ(reproven_again->job_id, reproven->job_id);
  auto old_content = engine.submit(request);  // the old content is refused while it runs ...
  if (!old_content.ok()) {
    EXPECT_EQ(old_content.code(), SubmitError::kAlreadyExists);
    EXPECT_TRUE(contains(old_content.error().message, reproven->job_id))
        << old_content.error().message;
  } else {  // ... unless the new job completed in between: then it starts a third job
    EXPECT_NE(old_content->job_id, reproven->job_id);
    EXPECT_NE(old_content->job_id, first->job_id);
    engine.await(old_content->job_id, std::nullopt);
  }
  EXPECT_EQ(engine.await("same", std::nullopt)->state, JobState::kCompleted);
  EXPECT_EQ(engine.await(first->job_id, std::nullopt)->proof, ended->proof);

  // After a failure the request_id is free again, for any content (Curio's retries).
  auto flaky = test_request("flaky");
  flaky.vanilla_proof = "one";
  auto failed = engine.submit(flaky);
  ASSERT_TRUE(failed.ok()) << failed.error().message;
  EXPECT_EQ(engine.await(failed->job_id, std::nullopt)->state, JobState::kFailed);
  flaky.vanilla_proof = "another";
  auto retry = engine.submit(flaky);
  ASSERT_TRUE(retry.ok()) << retry.error().message;
  EXPECT_NE(retry->job_id, failed->job_id);
  engine.await(retry->job_id, std::nullopt);
}

}  // namespace
}  // namespace cuzk::engine
