// Every request shape Curio sends (lib/cuzk/client.go and its tasks), through the gRPC service
// with the daemon's own job factory and genuine 2 KiB inputs: its request_ids (brackets and
// spaces in WindowPoSt's included), its priorities, sector_size set or left at 0 (ProofShare
// SnapDeals), the PoRep envelope and the PoSt / SnapDeals vanilla layouts. Each is accepted at
// submit, found by its request_id with AwaitProof and CancelProof, and a request_id reused with
// other content is refused while its job lives and starts a new job once that job has ended.
// The parameter directory is empty, so nothing is proven: a job either waits in the queue
// (batching holds a lone PoRep / SnapDeals job for an hour) or fails at its parameter load; the
// proving of these shapes is tested end to end through the daemon binary (daemon_e2e.sh,
// daemon_post_e2e.sh).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/engine_fixture.hpp"
#include "engine/job_factory.hpp"
#include "real_requests.hpp"
#include "service_fixture.hpp"

namespace cuzk::server {
namespace {

using engine::testing::TempDir;
using engine::testing::test_engine_options;

struct Shape {
  std::string request_id;
  v1::SubmitProofRequest request;
  v1::Priority priority;
  bool sector_size_zero = false;
};

class CurioRequestsTest : public testing::ServiceFixture {
 protected:
  void SetUp() override {
    auto options = test_engine_options(params_.str());
    options.scheduler.max_batch_size = 2;
    options.scheduler.max_batch_wait = std::chrono::hours(1);
    options.pipeline.max_batch_size = 2;
    start(options, engine::filecoin_job_factory(1));
  }

  grpc::Status submit(const Shape& shape, v1::SubmitProofResponse* response) {
    v1::SubmitProofRequest r = shape.request;
    r.set_request_id(shape.request_id);
    r.set_priority(shape.priority);
    if (shape.sector_size_zero) r.set_sector_size(0);
    grpc::ClientContext context;
    return stub_->SubmitProof(&context, r, response);
  }
  v1::AwaitProofResponse await(const std::string& id) {
    v1::AwaitProofRequest request;
    request.set_job_id(id);
    request.set_timeout_ms(1);
    v1::AwaitProofResponse response;
    grpc::ClientContext context;
    EXPECT_TRUE(stub_->AwaitProof(&context, request, &response).ok());
    return response;
  }
  grpc::Status cancel(const std::string& id) {
    v1::CancelProofRequest request;
    request.set_job_id(id);
    v1::CancelProofResponse response;
    grpc::ClientContext context;
    return stub_->CancelProof(&context, request, &response);
  }

  TempDir params_{"curio-no-params"};
};

TEST_F(CurioRequestsTest, EveryShapeIsAcceptedAndFoundByItsRequestId) {
  const auto porep = testing::porep_request();  // sector 7
  const auto snap = testing::snap_request();    // sector 9
  const auto window = testing::post_request("StackedDrgWindow2KiBV1_2", 2);
  const auto winning = testing::post_request("StackedDrgWinning2KiBV1", 3);
  const std::vector<Shape> shapes = {
      {"porep-1000-7", porep, v1::NORMAL},
      {"ps-porep-1000-7-4711", porep, v1::NORMAL, true},
      {"snap-1000-9", snap, v1::NORMAL},
      {"ps-snap-1000-9-4712", snap, v1::NORMAL, true},  // ProofShare: sector_size 0
      {"winpost-1000-0a1b2c3d4e5f6071", winning, v1::CRITICAL},
      {"winpost-1000-8899aabbccddeeff", winning, v1::CRITICAL, true},
      {"wdpost-1000-0-[12 34 56 78 90 12 34 56]", window, v1::HIGH},
      {"wdpost-1000-1-[0 255 1 254 2 253 3 252]", window, v1::HIGH, true},
  };
  for (const auto& shape : shapes) {
    SCOPED_TRACE(shape.request_id);
    v1::SubmitProofResponse submitted;
    const grpc::Status status = submit(shape, &submitted);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_FALSE(submitted.job_id().empty());

    const auto found = await(shape.request_id);
    EXPECT_NE(found.status(), v1::AwaitProofResponse::UNKNOWN) << found.error_message();
    EXPECT_EQ(found.job_id(), shape.request_id);
    EXPECT_TRUE(cancel(shape.request_id).ok());
    const auto ended = await(shape.request_id);
    EXPECT_TRUE(ended.status() == v1::AwaitProofResponse::CANCELLED ||
                ended.status() == v1::AwaitProofResponse::FAILED)
        << v1::AwaitProofResponse::Status_Name(ended.status()) << ": " << ended.error_message();
  }
  EXPECT_EQ(await("porep-1000-8").status(), v1::AwaitProofResponse::UNKNOWN);
  EXPECT_EQ(cancel("porep-1000-8").error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(CurioRequestsTest, ASectorProvenAgainUnderItsRequestIdStartsANewJobOnceTheFirstEnded) {
  const auto porep = testing::porep_request();
  const Shape first{"porep-1000-7", porep, v1::NORMAL};
  Shape other = first;  // the same request_id, another proof (here: a SnapDeals update's)
  other.request = testing::snap_request();

  v1::SubmitProofResponse a, again, refused, b;
  ASSERT_TRUE(submit(first, &a).ok());
  ASSERT_TRUE(submit(first, &again).ok());  // a retry of the live job joins it
  EXPECT_EQ(again.job_id(), a.job_id());
  const grpc::Status live = submit(other, &refused);
  EXPECT_EQ(live.error_code(), grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_NE(live.error_message().find("request_id 'porep-1000-7' is job " + a.job_id() +
                                      " (queued), submitted with different content"),
            std::string::npos)
      << live.error_message();

  ASSERT_TRUE(cancel("porep-1000-7").ok());
  const grpc::Status after = submit(other, &b);  // the first job has ended: a new one
  ASSERT_TRUE(after.ok()) << after.error_message();
  EXPECT_NE(b.job_id(), a.job_id());
  EXPECT_EQ(await(a.job_id()).status(), v1::AwaitProofResponse::CANCELLED);
  const auto now = await("porep-1000-7");  // the request_id names the new job
  EXPECT_EQ(now.status(), v1::AwaitProofResponse::TIMEOUT) << now.error_message();
  EXPECT_EQ(now.error_message(), "still queued");
}

}  // namespace
}  // namespace cuzk::server
