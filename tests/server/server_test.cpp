// The gRPC service in-process on a unix socket, through the client library: every RPC, the socket
// mode, request validation (INVALID_ARGUMENT with the field named, NOT_FOUND),
// await timeouts, cancellation, and the HTTP /metrics and /status endpoints.
#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/stat.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/engine_fixture.hpp"
#include "groth16/verifier.hpp"
#include "server/client.hpp"
#include "server/grpc_server.hpp"
#include "server/http_status.hpp"
#include "service_fixture.hpp"
#include "util/mapped_file.hpp"

namespace cuzk::server {
namespace {

using engine::testing::Gate;
using engine::testing::kSmallCircuit;
using engine::testing::shared_param_dir;
using engine::testing::TempDir;
using engine::testing::test_engine_options;
using engine::testing::TestJobs;
using engine::testing::TestJobSpec;

v1::SubmitProofRequest submit_request(const std::string& request_id,
                                      v1::Priority priority = v1::PRIORITY_UNSPECIFIED) {
  v1::SubmitProofRequest r;
  r.set_request_id(request_id);
  r.set_proof_kind(v1::POREP_SEAL_COMMIT);
  r.set_priority(priority);
  return r;
}

bool proof_verifies(const std::string& proof, size_t constraints, uint64_t seed) {
  MappedFile file(shared_param_dir() + "/" + groth16::bench_circuit_params_stem(constraints) +
                  ".params");
  auto vk = groth16::read_verifying_key(file.bytes(), true);
  auto decoded = groth16::decode_proof(
      std::span(reinterpret_cast<const uint8_t*>(proof.data()), proof.size()));
  if (!vk.ok() || !decoded.ok()) return false;
  r1cs::ProvingAssignment pa;
  groth16::synthesize_bench_circuit(pa, constraints, seed);
  std::vector<ff::Fr> inputs(pa.inputs().begin() + 1, pa.inputs().end());
  return groth16::verify_proof(groth16::prepare_verifying_key(*vk), *decoded, inputs);
}

class ServerTest : public testing::ServiceFixture {
 protected:
  void SetUp() override {
    jobs_.add("a", TestJobSpec(kSmallCircuit, 100, 1));
    jobs_.add("b", TestJobSpec(kSmallCircuit, 200, 1));
    jobs_.add("held", TestJobSpec(kSmallCircuit, 300, 2).gated(gate_, 0));
    start(test_engine_options(shared_param_dir()));
  }
};

TEST_F(ServerTest, UnixSocketIsGroupOnly) {
  struct stat st {};
  ASSERT_EQ(::stat((dir_.str() + "/cuzk.sock").c_str(), &st), 0);
  EXPECT_TRUE(S_ISSOCK(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0660u);
}

TEST_F(ServerTest, SubmitThenAwaitReturnsAVerifiedProof) {
  grpc::ClientContext c1;
  v1::SubmitProofResponse submitted;
  ASSERT_TRUE(stub_->SubmitProof(&c1, submit_request("a"), &submitted).ok());
  EXPECT_FALSE(submitted.job_id().empty());

  grpc::ClientContext c2;
  v1::AwaitProofRequest await;
  await.set_job_id(submitted.job_id());
  v1::AwaitProofResponse result;
  ASSERT_TRUE(stub_->AwaitProof(&c2, await, &result).ok());
  EXPECT_EQ(result.status(), v1::AwaitProofResponse::COMPLETED) << result.error_message();
  EXPECT_EQ(result.job_id(), submitted.job_id());
  EXPECT_TRUE(proof_verifies(result.proof(), kSmallCircuit, 100));
  EXPECT_GE(result.total_ms(), result.queue_wait_ms());
}

TEST_F(ServerTest, ProveInOneCall) {
  grpc::ClientContext c;
  v1::ProveRequest request;
  *request.mutable_submit() = submit_request("b", v1::HIGH);
  v1::ProveResponse response;
  ASSERT_TRUE(stub_->Prove(&c, request, &response).ok());
  EXPECT_EQ(response.result().status(), v1::AwaitProofResponse::COMPLETED);
  EXPECT_TRUE(proof_verifies(response.result().proof(), kSmallCircuit, 200));
}

TEST_F(ServerTest, AwaitTimeoutThenCancelRunning) {
  grpc::ClientContext c1;
  v1::SubmitProofResponse submitted;
  ASSERT_TRUE(stub_->SubmitProof(&c1, submit_request("held"), &submitted).ok());
  ASSERT_TRUE(gate_->wait_entered());

  grpc::ClientContext c2;
  v1::AwaitProofRequest await;
  await.set_job_id(submitted.job_id());
  await.set_timeout_ms(20);
  v1::AwaitProofResponse result;
  ASSERT_TRUE(stub_->AwaitProof(&c2, await, &result).ok());
  EXPECT_EQ(result.status(), v1::AwaitProofResponse::TIMEOUT);

  grpc::ClientContext c3;
  v1::CancelProofRequest cancel;
  cancel.set_job_id(submitted.job_id());
  v1::CancelProofResponse cancelled;
  ASSERT_TRUE(stub_->CancelProof(&c3, cancel, &cancelled).ok());
  EXPECT_TRUE(cancelled.was_running());

  grpc::ClientContext c4;
  await.set_timeout_ms(0);
  ASSERT_TRUE(stub_->AwaitProof(&c4, await, &result).ok());
  EXPECT_EQ(result.status(), v1::AwaitProofResponse::CANCELLED);
}

TEST_F(ServerTest, BadRequestsAreInvalidArgumentWithTheFieldNamed) {
  struct Case {
    const char* what;
    v1::SubmitProofRequest request;
    grpc::StatusCode code;
    const char* message;
  };
  v1::SubmitProofRequest bad_priority = submit_request("a");
  bad_priority.set_priority(static_cast<v1::Priority>(9));
  v1::SubmitProofRequest bad_kind = submit_request("a");
  bad_kind.set_proof_kind(static_cast<v1::ProofKind>(7));
  const Case cases[] = {
      {"empty request", v1::SubmitProofRequest(), grpc::StatusCode::INVALID_ARGUMENT,
       "proof_kind: unspecified"},
      {"unknown kind", bad_kind, grpc::StatusCode::INVALID_ARGUMENT, "proof_kind: unknown value 7"},
      {"unknown priority", bad_priority, grpc::StatusCode::INVALID_ARGUMENT,
       "priority: unknown value 9"},
      {"refused by the factory", submit_request("nope"), grpc::StatusCode::INVALID_ARGUMENT,
       "no test job named 'nope'"},
  };
  for (const auto& c : cases) {
    grpc::ClientContext ctx;
    v1::SubmitProofResponse response;
    auto status = stub_->SubmitProof(&ctx, c.request, &response);
    EXPECT_EQ(status.error_code(), c.code) << c.what;
    EXPECT_NE(status.error_message().find(c.message), std::string::npos)
        << c.what << ": " << status.error_message();
  }
  {
    grpc::ClientContext ctx;
    v1::ProveResponse response;
    auto status = stub_->Prove(&ctx, v1::ProveRequest(), &response);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  }
  {
    grpc::ClientContext ctx;
    v1::AwaitProofResponse response;
    auto status = stub_->AwaitProof(&ctx, v1::AwaitProofRequest(), &response);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  }
  {
    grpc::ClientContext ctx;
    v1::AwaitProofRequest await;
    await.set_job_id("feedfacecafebeef");
    v1::AwaitProofResponse response;
    ASSERT_TRUE(stub_->AwaitProof(&ctx, await, &response).ok());
    EXPECT_EQ(response.status(), v1::AwaitProofResponse::UNKNOWN);
  }
  {
    grpc::ClientContext ctx;
    v1::CancelProofRequest cancel;
    cancel.set_job_id("feedfacecafebeef");
    v1::CancelProofResponse response;
    EXPECT_EQ(stub_->CancelProof(&ctx, cancel, &response).error_code(),
              grpc::StatusCode::NOT_FOUND);
  }
  {
    grpc::ClientContext ctx;
    v1::PreloadSrsResponse response;
    EXPECT_EQ(stub_->PreloadSRS(&ctx, v1::PreloadSrsRequest(), &response).error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
  }
}

TEST_F(ServerTest, StatusMetricsPreloadEvict) {
  {
    grpc::ClientContext ctx;
    v1::PreloadSrsRequest request;
    request.set_circuit_id("chain-64");
    v1::PreloadSrsResponse response;
    ASSERT_TRUE(stub_->PreloadSRS(&ctx, request, &response).ok());
    EXPECT_FALSE(response.already_loaded());
  }
  {
    grpc::ClientContext ctx;
    v1::PreloadSrsRequest request;
    request.set_circuit_id("porep-64g");
    v1::PreloadSrsResponse response;
    auto status = stub_->PreloadSRS(&ctx, request, &response);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
    EXPECT_NE(status.error_message().find("no parameters for circuit porep-64g"),
              std::string::npos);
  }
  {
    grpc::ClientContext ctx;
    v1::GetStatusResponse status;
    ASSERT_TRUE(stub_->GetStatus(&ctx, v1::GetStatusRequest(), &status).ok());
    ASSERT_EQ(status.queues_size(), 4);
    EXPECT_EQ(status.queues(0).proof_kind(), "porep_seal_commit");
    bool hot = false;
    for (const auto& s : status.loaded_srs()) {
      if (s.circuit_id() == "chain-64") {
        hot = s.tier() == v1::SRSStatus::HOT;
        EXPECT_GT(s.size_bytes(), 0u);
        EXPECT_EQ(s.ref_count(), 0u);
      }
    }
    EXPECT_TRUE(hot);
    EXPECT_GT(status.pinned_memory_limit_bytes(), 0u);
    EXPECT_EQ(status.pinned_memory_bytes(), status.loaded_srs(0).size_bytes());
  }
  {
    grpc::ClientContext ctx;
    v1::EvictSrsRequest request;
    request.set_circuit_id("chain-64");
    v1::EvictSrsResponse response;
    ASSERT_TRUE(stub_->EvictSRS(&ctx, request, &response).ok());
    EXPECT_TRUE(response.was_loaded());
    EXPECT_GT(response.freed_bytes(), 0u);
  }
  {
    grpc::ClientContext ctx;
    v1::GetMetricsResponse metrics;
    ASSERT_TRUE(stub_->GetMetrics(&ctx, v1::GetMetricsRequest(), &metrics).ok());
    EXPECT_NE(metrics.prometheus_text().find("# TYPE cuzk_proofs_total counter"),
              std::string::npos);
    EXPECT_NE(metrics.prometheus_text().find("cuzk_srs_load_seconds_count 1\n"), std::string::npos);
  }
}

TEST_F(ServerTest, HttpMetricsAndStatus) {
  HttpStatusServer http(*engine_, "127.0.0.1:0");
  httplib::Client client("127.0.0.1", http.port());
  auto metrics = client.Get("/metrics");
  ASSERT_TRUE(metrics);
  EXPECT_EQ(metrics->status, 200);
  EXPECT_NE(metrics->get_header_value("Content-Type").find("text/plain; version=0.0.4"),
            std::string::npos);
  EXPECT_NE(metrics->body.find("cuzk_memory_budget_bytes "), std::string::npos);
  auto status = client.Get("/status");
  ASSERT_TRUE(status);
  EXPECT_EQ(status->status, 200);
  auto doc = nlohmann::json::parse(status->body);
  EXPECT_EQ(doc["backend"], "cpu");
  EXPECT_EQ(doc["queues"].size(), 4u);
  EXPECT_TRUE(doc["memory"]["limit_bytes"].get<uint64_t>() > 0);
  auto missing = client.Get("/nope");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  http.stop();
}

TEST_F(ServerTest, TcpWithAnyFreePort) {
  GrpcServer tcp(*engine_, "127.0.0.1:0");
  ASSERT_EQ(tcp.address().rfind("127.0.0.1:", 0), 0u);
  EXPECT_NE(tcp.address(), "127.0.0.1:0");
  auto stub = connect(tcp.address());
  grpc::ClientContext ctx;
  v1::ProveRequest request;
  *request.mutable_submit() = submit_request("a");
  v1::ProveResponse response;
  ASSERT_TRUE(stub->Prove(&ctx, request, &response).ok());
  EXPECT_TRUE(proof_verifies(response.result().proof(), kSmallCircuit, 100));
}

TEST_F(ServerTest, SocketPathThatIsNotASocketIsRefused) {
  const std::string path = dir_.str() + "/plain-file";
  { std::ofstream(path) << "x"; }
  EXPECT_THROW(GrpcServer(*engine_, "unix://" + path), std::runtime_error);
}

// The daemon's own job factory refuses bad PoRep requests before anything is queued.
class PorepValidationTest : public testing::ServiceFixture {
 protected:
  void SetUp() override {
    start(test_engine_options(shared_param_dir()), engine::filecoin_job_factory(1));
  }
  grpc::Status submit(const v1::SubmitProofRequest& request) {
    grpc::ClientContext ctx;
    v1::SubmitProofResponse response;
    return stub_->SubmitProof(&ctx, request, &response);
  }
};

TEST_F(PorepValidationTest, BadPorepRequests) {
  v1::SubmitProofRequest r;
  r.set_proof_kind(v1::POREP_SEAL_COMMIT);
  r.set_registered_proof(99);
  r.set_sector_size(2048);
  r.set_vanilla_proof("{}");
  auto s = submit(r);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message().rfind("registered_proof: ", 0), 0u) << s.error_message();

  r.set_registered_proof(5);  // StackedDrg2KiBV1_1
  r.set_sector_size(34359738368);
  s = submit(r);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message().rfind("sector_size: 34359738368 does not match", 0), 0u)
      << s.error_message();

  r.set_sector_size(2048);
  r.set_vanilla_proof("this is not JSON");
  s = submit(r);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message().rfind("vanilla_proof: ", 0), 0u) << s.error_message();

  r.set_vanilla_proof(R"({"SectorNum":1,"Phase1Out":"bm90IGEgQzE=","SectorSize":2048})");
  r.set_sector_number(1);
  s = submit(r);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message().rfind("vanilla_proof: Phase1Out: ", 0), 0u) << s.error_message();

  r.clear_vanilla_proof();
  s = submit(r);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(s.error_message().find("vanilla_proof: empty"), std::string::npos);

  v1::SubmitProofRequest snap;
  snap.set_proof_kind(v1::SNAP_DEALS_UPDATE);  // registered proof 0: StackedDrg2KiBV1
  snap.set_sector_size(4096);
  s = submit(snap);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message(),
            "sector_size: 4096 does not match registered_proof 0 (StackedDrg2KiBV1, 2048 bytes)");
  snap.set_sector_size(0);  // unset, as ProofShare sends it: the registered proof's size
  s = submit(snap);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message().find("sector_size"), std::string::npos) << s.error_message();

  v1::SubmitProofRequest window;
  window.set_proof_kind(v1::WINDOW_POST_PARTITION);
  window.set_registered_proof(10);  // StackedDrgWindow2KiBV1_2
  window.set_sector_size(2048);
  window.set_randomness(std::string(31, '\1'));
  s = submit(window);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message(), "randomness: 31 bytes, must be exactly 32");

  window.set_registered_proof(0);  // StackedDrgWinning2KiBV1: not a WindowPoSt
  s = submit(window);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(
      s.error_message().rfind("registered_proof: 0 (StackedDrgWinning2KiBV1) is a Winning", 0), 0u)
      << s.error_message();

  grpc::ClientContext ctx;
  v1::GetStatusResponse status;
  ASSERT_TRUE(stub_->GetStatus(&ctx, v1::GetStatusRequest(), &status).ok());
  for (const auto& q : status.queues()) EXPECT_EQ(q.pending() + q.in_progress(), 0u);
}

}  // namespace
}  // namespace cuzk::server
