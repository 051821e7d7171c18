// Fault tests through the gRPC service (issue #11): a client that goes away in the middle of
// AwaitProof does not stop the job, whose proof a later AwaitProof gets; the daemon's SIGTERM
// sequence (gRPC shutdown beside Engine::shutdown with no grace) while a parameter set is loading
// ends cleanly with the job cancelled. Every test runs under a watchdog (a deadlock aborts).
#include <gtest/gtest.h>

#include <thread>

#include "engine/engine_fixture.hpp"
#include "engine/watchdog.hpp"
#include "server/client.hpp"
#include "server/grpc_server.hpp"
#include "service_fixture.hpp"

namespace cuzk::server {
namespace {

using namespace std::chrono_literals;
using engine::testing::expect_valid_bench_proof;
using engine::testing::Gate;
using engine::testing::kSmallCircuit;
using engine::testing::shared_param_dir;
using engine::testing::TempDir;
using engine::testing::test_engine_options;
using engine::testing::TestJobs;
using engine::testing::TestJobSpec;
using engine::testing::Watchdog;

class ServerFaults : public testing::ServiceFixture {
 protected:
  std::string submit(const std::string& request_id) {
    grpc::ClientContext ctx;
    v1::SubmitProofRequest request;
    request.set_request_id(request_id);
    request.set_proof_kind(v1::POREP_SEAL_COMMIT);
    v1::SubmitProofResponse response;
    const auto status = stub_->SubmitProof(&ctx, request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.job_id();
  }
  grpc::Status await(grpc::ClientContext& ctx, const std::string& job_id,
                     v1::AwaitProofResponse* response) {
    v1::AwaitProofRequest request;
    request.set_job_id(job_id);
    return stub_->AwaitProof(&ctx, request, response);
  }

  Watchdog watchdog_;
};

TEST_F(ServerFaults, ClientLeavingAwaitProofDoesNotStopTheJob) {
  jobs_.add("held", TestJobSpec(kSmallCircuit, 7, 2).gated(gate_, 0));
  start(test_engine_options(shared_param_dir()));
  const auto job_id = submit("held");
  ASSERT_TRUE(gate_->wait_entered());

  {  // A client whose deadline passes while it waits.
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + 50ms);
    v1::AwaitProofResponse response;
    EXPECT_EQ(await(ctx, job_id, &response).error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  }
  {  // A client that cancels its call (as a process that exits does).
    grpc::ClientContext ctx;
    grpc::Status status;
    std::thread waiter([&] {
      v1::AwaitProofResponse response;
      status = await(ctx, job_id, &response);
    });
    ctx.TryCancel();
    waiter.join();
    EXPECT_EQ(status.error_code(), grpc::StatusCode::CANCELLED);
  }
  EXPECT_EQ(engine_->await(job_id, 0ms)->state, engine::JobState::kRunning);
  gate_->open();

  grpc::ClientContext ctx;  // another client, later
  v1::AwaitProofResponse response;
  ASSERT_TRUE(await(ctx, job_id, &response).ok());
  ASSERT_EQ(response.status(), v1::AwaitProofResponse::COMPLETED) << response.error_message();
  engine::JobOutcome outcome;
  outcome.state = engine::JobState::kCompleted;
  outcome.proof.assign(response.proof().begin(), response.proof().end());
  expect_valid_bench_proof(outcome, kSmallCircuit, 7, 2);
  EXPECT_EQ(engine_->status().proofs_cancelled, 0u);
}

TEST_F(ServerFaults, ShutdownWhileParametersLoadEndsCleanly) {
  jobs_.add("loading", TestJobSpec(kSmallCircuit, 1, 1));
  auto options = test_engine_options(shared_param_dir());
  auto load_gate = gate_;
  options.srs.before_load = [load_gate](const std::string&) { load_gate->pass(); };
  start(options);
  // Prove (submit and await in one call): the call is in progress on the server once the load
  // has started.
  v1::ProveResponse proved;
  grpc::Status prove_status;
  std::thread client([&] {
    grpc::ClientContext ctx;
    v1::ProveRequest request;
    request.mutable_submit()->set_request_id("loading");
    request.mutable_submit()->set_proof_kind(v1::POREP_SEAL_COMMIT);
    prove_status = stub_->Prove(&ctx, request, &proved);
  });
  ASSERT_TRUE(gate_->wait_entered());  // the loader thread is reading the set
  auto same = engine_->submit(engine::testing::test_request("loading"));
  ASSERT_TRUE(same.ok() && same->existing);
  const auto job_id = same->job_id;

  // The daemon's SIGTERM sequence (apps/cuzk/main.cpp) with no grace. A load cannot be
  // interrupted: the gate (the disk read) opens once shutdown has cancelled the job.
  std::thread stop_grpc([&] { server_->shutdown(std::chrono::system_clock::now() + 30s); });
  std::thread load_finishes([&] {
    while (!engine::is_final(engine_->await(job_id, 1ms)->state)) {
    }
    gate_->open();
  });
  engine_->shutdown(0ms);
  load_finishes.join();
  stop_grpc.join();
  client.join();

  ASSERT_TRUE(prove_status.ok()) << prove_status.error_message();
  const auto& awaited = proved.result();
  EXPECT_EQ(awaited.job_id(), job_id);
  EXPECT_EQ(awaited.status(), v1::AwaitProofResponse::CANCELLED);
  EXPECT_TRUE(awaited.proof().empty());
  const auto s = engine_->status();
  EXPECT_TRUE(s.shutting_down);
  EXPECT_EQ(s.proofs_cancelled, 1u);
  EXPECT_EQ(s.proofs_failed, 0u);
  auto refused = engine_->submit(engine::testing::test_request("loading"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.code(), engine::SubmitError::kUnavailable);
}

}  // namespace
}  // namespace cuzk::server
