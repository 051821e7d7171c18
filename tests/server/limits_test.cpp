// Submit-time limits through gRPC: a full queue is RESOURCE_EXHAUSTED and a reused request_id
// with different content is ALREADY_EXISTS, each with a message that says why. A lone PoRep job
// stays queued because batching makes it wait (an hour) for company.
#include <gtest/gtest.h>

#include "engine/engine_fixture.hpp"
#include "server/client.hpp"
#include "server/grpc_server.hpp"
#include "service_fixture.hpp"

namespace cuzk::server {
namespace {

using engine::testing::kSmallCircuit;
using engine::testing::shared_param_dir;
using engine::testing::TempDir;
using engine::testing::test_engine_options;
using engine::testing::TestJobs;
using engine::testing::TestJobSpec;

class LimitsTest : public testing::ServiceFixture {
 protected:
  void SetUp() override {
    jobs_.add("first", TestJobSpec(kSmallCircuit, 1, 1));
    jobs_.add("second", TestJobSpec(kSmallCircuit, 2, 1));
    auto options = test_engine_options(shared_param_dir());
    options.max_pending = 1;
    options.scheduler.max_batch_size = 2;
    options.scheduler.max_batch_wait = std::chrono::hours(1);
    options.pipeline.max_batch_size = 2;
    start(options);
  }

  grpc::Status submit(const std::string& request_id, uint64_t sector_number,
                      v1::SubmitProofResponse* response) {
    v1::SubmitProofRequest request;
    request.set_request_id(request_id);
    request.set_proof_kind(v1::POREP_SEAL_COMMIT);
    request.set_sector_number(sector_number);
    grpc::ClientContext context;
    return stub_->SubmitProof(&context, request, response);
  }
};

TEST_F(LimitsTest, FullQueueIsResourceExhausted) {
  v1::SubmitProofResponse first, second, again;
  ASSERT_TRUE(submit("first", 1, &first).ok());
  const grpc::Status full = submit("second", 2, &second);
  EXPECT_EQ(full.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(full.error_message().find("the queue is full"), std::string::npos)
      << full.error_message();
  const grpc::Status same = submit("first", 1, &again);  // idempotent: answered even when full
  ASSERT_TRUE(same.ok()) << same.error_message();
  EXPECT_EQ(again.job_id(), first.job_id());
}

TEST_F(LimitsTest, ReusedRequestIdWithOtherContentIsAlreadyExists) {
  v1::SubmitProofResponse first, other;
  ASSERT_TRUE(submit("first", 1, &first).ok());
  const grpc::Status reused = submit("first", 2, &other);
  EXPECT_EQ(reused.error_code(), grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_NE(reused.error_message().find("request_id 'first' is job " + first.job_id()),
            std::string::npos)
      << reused.error_message();
}

}  // namespace
}  // namespace cuzk::server
