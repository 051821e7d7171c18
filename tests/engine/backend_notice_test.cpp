// A backend's notices (groth16::is_notice_phase: a GPU lane keeping less MSM scratch from now on)
// reach the operator: the pipeline logs each as a warning naming the device and the job, and counts
// it in cuzk_backend_notices_total{backend,notice}; batches without one add nothing.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "engine_fixture.hpp"

namespace cuzk::engine {
namespace {

// A CPU backend whose first batch's timings carry a notice, as a GPU lane's do when it steps down.
class NoticingBackend final : public testing::CpuBackedBackend {
 public:
  std::string name() const override { return "noticing:0"; }
  groth16::ProveOutput finish(std::unique_ptr<groth16::Pending> pending) override {
    groth16::ProveOutput out = CpuBackedBackend::finish(std::move(pending));
    if (batches_++ == 0) out.timings.emplace_back("notice:msm_scratch_one_at_a_time", 0);
    return out;
  }

 private:
  std::atomic<int> batches_{0};
};

TEST(BackendNotices, AreLoggedAsWarningsAndCounted) {
  std::optional<testing::LogCapture> capture(std::in_place, spdlog::level::warn);
  std::string id, metrics;
  {
    testing::TestJobs jobs;
    jobs.add("three", testing::TestJobSpec(testing::kSmallCircuit, 5, 3));
    Engine engine(testing::test_engine_options(testing::shared_param_dir()), jobs.factory(),
                  std::make_unique<NoticingBackend>());
    id = testing::submit_ok(engine, testing::test_request("three"));
    EXPECT_EQ(testing::await_end(engine, id).state, JobState::kCompleted);
    metrics = engine.metrics_text();
  }
  const std::string log = capture->text();
  capture.reset();
  EXPECT_EQ(testing::count(log, "msm_scratch_one_at_a_time"), 1u) << log;
  EXPECT_NE(log.find("[warning] noticing:0: msm_scratch_one_at_a_time, while proving job " + id),
            std::string::npos)
      << log;
  EXPECT_NE(metrics.find("cuzk_backend_notices_total{backend=\"noticing:0\",notice=\""
                         "msm_scratch_one_at_a_time\"} 1\n"),
            std::string::npos)
      << metrics;
  EXPECT_NE(metrics.find("cuzk_backend_batches_total{backend=\"noticing:0\"} 3\n"),
            std::string::npos)
      << metrics;
}

}  // namespace
}  // namespace cuzk::engine
