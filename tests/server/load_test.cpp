// Load through the gRPC service: 1,000 small jobs (64-constraint chain circuits under all four
// proof kinds) from 16 concurrent clients, each keeping up to 4 jobs in flight, with mixed
// priorities and every tenth job cancelled at a random point, against a queue bound
// ([scheduler] max_pending = 16) that 64 jobs in flight overrun. A refused submit
// (RESOURCE_EXHAUSTED) is retried after a short pause, as a client would. So that the bound is
// surely hit, a gated job holds the pipeline until the first refusal.
// Asserted: every job is accepted in the end and ends COMPLETED or CANCELLED (never FAILED or
// UNKNOWN), only cancelled jobs end CANCELLED, the completed proofs verify (one batch), the
// engine's counters agree and its queues end empty. Printed, never asserted: the daemon-side
// latency (submit to end) p50 / p99, the wall time and the peak RSS (VmHWM).
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <thread>

#include "engine/engine_fixture.hpp"
#include "engine/logging.hpp"
#include "groth16/verifier.hpp"
#include "server/client.hpp"
#include "server/grpc_server.hpp"
#include "service_fixture.hpp"
#include "util/latency.hpp"
#include "util/mapped_file.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::server {
namespace {

namespace fixture = engine::testing;

constexpr size_t kJobs = 1000;
constexpr unsigned kClients = 16;
constexpr size_t kDepth = 4;  // jobs a client keeps in flight
constexpr size_t kMaxPending = 16;
constexpr size_t kCancelEvery = 10;
constexpr v1::ProofKind kKinds[] = {v1::POREP_SEAL_COMMIT, v1::WINNING_POST,
                                    v1::WINDOW_POST_PARTITION, v1::SNAP_DEALS_UPDATE};
constexpr v1::Priority kPriorities[] = {v1::PRIORITY_UNSPECIFIED, v1::LOW, v1::NORMAL, v1::HIGH,
                                        v1::CRITICAL};

std::string request_id(size_t j) {
  return "load-" + std::to_string(j);
}
uint64_t seed_of(size_t j) {
  return 1000 + j;
}
bool cancelled_job(size_t j) {
  return j % kCancelEvery == 3;
}

// Peak resident set of this process (VmHWM), bytes; 0 when unknown.
uint64_t peak_rss_bytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

// How a job ended, as its client saw it.
struct Outcome {
  v1::Priority priority = v1::PRIORITY_UNSPECIFIED;
  v1::AwaitProofResponse result;
  bool cancel_sent = false;
};

class LoadTest : public testing::ServiceFixture {
 protected:
  void SetUp() override {
    engine::setup_logging("error", "text");  // thousands of refusal warnings would drown the rest
    jobs_.add("gate", fixture::TestJobSpec(fixture::kSmallCircuit, 1, 1).gated(gate_));
    for (size_t j = 0; j < kJobs; ++j)
      jobs_.add(request_id(j), fixture::TestJobSpec(fixture::kSmallCircuit, seed_of(j), 1));
    auto options = fixture::test_engine_options(fixture::shared_param_dir());
    options.max_pending = kMaxPending;
    start(options);
  }
  void TearDown() override {
    ServiceFixture::TearDown();
    engine::setup_logging("info", "text");
  }

  // SubmitProof, retried while the queue is full; the job id.
  std::string submit(v1::ProvingEngine::Stub& stub, size_t j, v1::Priority priority) {
    v1::SubmitProofRequest request;
    request.set_request_id(request_id(j));
    request.set_proof_kind(kKinds[j % std::size(kKinds)]);
    request.set_priority(priority);
    for (;;) {
      grpc::ClientContext context;
      v1::SubmitProofResponse response;
      const grpc::Status status = stub.SubmitProof(&context, request, &response);
      if (status.ok()) return response.job_id();
      if (status.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED) {
        ADD_FAILURE() << request_id(j) << ": " << describe(status);
        return "";
      }
      {
        std::lock_guard lock(mutex_);
        ++refused_;
      }
      refused_cv_.notify_all();
      std::this_thread::sleep_for(std::chrono::milliseconds(10));  // back off, then retry
    }
  }

  // Client c: jobs c, c + kClients, ..., kDepth at a time: submit them, cancel the chosen ones
  // (at once, or after waiting a few ms), await them all.
  void client(unsigned c) {
    auto stub = connect(server_->address());
    std::mt19937_64 rng(c);
    std::vector<size_t> mine;
    for (size_t j = c; j < kJobs; j += kClients) mine.push_back(j);
    for (size_t first = 0; first < mine.size(); first += kDepth) {
      const std::span batch(mine.data() + first, std::min(kDepth, mine.size() - first));
      std::vector<std::string> ids;
      for (size_t j : batch) {
        outcomes_[j].priority = kPriorities[rng() % std::size(kPriorities)];
        ids.push_back(submit(*stub, j, outcomes_[j].priority));
      }
      for (size_t i = 0; i < batch.size(); ++i) {
        if (!cancelled_job(batch[i]) || ids[i].empty()) continue;
        if (rng() % 2) await(*stub, ids[i], 1 + rng() % 5);  // let it run a little
        grpc::ClientContext context;
        v1::CancelProofRequest cancel;
        cancel.set_job_id(ids[i]);
        v1::CancelProofResponse response;
        EXPECT_TRUE(stub->CancelProof(&context, cancel, &response).ok()) << ids[i];
        outcomes_[batch[i]].cancel_sent = true;
      }
      for (size_t i = 0; i < batch.size(); ++i)
        if (!ids[i].empty()) outcomes_[batch[i]].result = await(*stub, ids[i], 0);
    }
  }

  static v1::AwaitProofResponse await(v1::ProvingEngine::Stub& stub, const std::string& job_id,
                                      uint64_t timeout_ms) {
    grpc::ClientContext context;
    v1::AwaitProofRequest request;
    request.set_job_id(job_id);
    request.set_timeout_ms(timeout_ms);
    v1::AwaitProofResponse response;
    EXPECT_TRUE(stub.AwaitProof(&context, request, &response).ok()) << job_id;
    return response;
  }

  std::vector<Outcome> outcomes_ = std::vector<Outcome>(kJobs);
  std::mutex mutex_;
  std::condition_variable refused_cv_;
  size_t refused_ = 0;
};

TEST_F(LoadTest, ThousandJobsFromSixteenClientsWithCancelsAndAFullQueue) {
  auto stub = connect(server_->address());
  {  // the gate job holds the pipeline until the queue has overflowed once
    grpc::ClientContext context;
    v1::SubmitProofRequest request;
    request.set_request_id("gate");
    request.set_proof_kind(v1::POREP_SEAL_COMMIT);
    v1::SubmitProofResponse response;
    ASSERT_TRUE(stub->SubmitProof(&context, request, &response).ok());
  }
  ASSERT_TRUE(gate_->wait_entered());

  Stopwatch wall;
  std::vector<std::thread> clients;
  for (unsigned c = 0; c < kClients; ++c) clients.emplace_back([this, c] { client(c); });
  {
    std::unique_lock lock(mutex_);
    EXPECT_TRUE(refused_cv_.wait_for(lock, std::chrono::minutes(2), [&] { return refused_ > 0; }))
        << "the queue bound was never hit";
  }
  gate_->open();
  for (auto& t : clients) t.join();
  const double seconds = wall.total_ms() / 1000;

  size_t completed = 0, cancelled = 0, cancels_sent = 0;
  std::vector<double> latencies;
  std::map<v1::Priority, std::vector<double>> latencies_by_priority;
  std::vector<groth16::Proof> proofs;
  std::vector<std::vector<ff::Fr>> inputs;
  for (size_t j = 0; j < kJobs; ++j) {
    const auto& o = outcomes_[j];
    cancels_sent += o.cancel_sent;
    EXPECT_EQ(o.cancel_sent, cancelled_job(j)) << request_id(j);
    if (o.result.status() == v1::AwaitProofResponse::CANCELLED) {
      ++cancelled;
      EXPECT_TRUE(o.cancel_sent) << request_id(j) << " was cancelled without a CancelProof";
      continue;
    }
    ASSERT_EQ(o.result.status(), v1::AwaitProofResponse::COMPLETED)
        << request_id(j) << ": " << o.result.error_message();
    ++completed;
    latencies.push_back(double(o.result.total_ms()));
    latencies_by_priority[o.priority].push_back(double(o.result.total_ms()));
    auto proof = groth16::decode_proof(std::span(
        reinterpret_cast<const uint8_t*>(o.result.proof().data()), o.result.proof().size()));
    ASSERT_TRUE(proof.ok()) << request_id(j);
    proofs.push_back(*proof);
    r1cs::ProvingAssignment pa;
    groth16::synthesize_bench_circuit(pa, fixture::kSmallCircuit, seed_of(j));
    inputs.emplace_back(pa.inputs().begin() + 1, pa.inputs().end());
  }
  EXPECT_EQ(completed + cancelled, kJobs);
  EXPECT_EQ(cancels_sent, kJobs / kCancelEvery);

  MappedFile params(fixture::shared_param_dir() + "/" +
                    groth16::bench_circuit_params_stem(fixture::kSmallCircuit) + ".params");
  auto vk = groth16::read_verifying_key(params.bytes(), true);
  ASSERT_TRUE(vk.ok());
  std::mt19937_64 rng(7);
  EXPECT_TRUE(
      groth16::verify_proofs_batch(groth16::prepare_verifying_key(*vk), proofs, inputs, rng));

  // The engine saw the same: counted once each (the gate job too), nothing left behind. Its
  // counters are updated just after the outcome is published, hence the short wait.
  engine::EngineStatus status;
  for (int tries = 0; tries < 1000; ++tries) {
    status = engine_->status();
    if (status.proofs_completed + status.proofs_cancelled == kJobs + 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(status.proofs_completed, completed + 1);
  EXPECT_EQ(status.proofs_cancelled, cancelled);
  EXPECT_EQ(status.proofs_failed, 0u);
  for (const auto& q : status.queues) {
    EXPECT_EQ(q.pending, 0u) << engine::to_string(q.kind);
    EXPECT_EQ(q.in_progress, 0u) << engine::to_string(q.kind);
  }

  const auto latency = summarize_latencies(std::move(latencies));
  std::printf(
      "load: %zu jobs, %u clients x %zu in flight, max_pending %zu: %zu completed, %zu cancelled "
      "(%zu cancels sent), %zu submits refused (RESOURCE_EXHAUSTED, retried) in %.1f s "
      "(%.0f jobs/s)\n"
      "load: latency ms (daemon, submit to end) p50 %.0f p90 %.0f p99 %.0f max %.0f; peak RSS "
      "%.0f MiB\n",
      kJobs, kClients, kDepth, kMaxPending, completed, cancelled, cancels_sent, refused_, seconds,
      double(kJobs) / seconds, latency.p50, latency.p90, latency.p99, latency.max,
      double(peak_rss_bytes()) / (1 << 20));
  std::printf("load: latency ms p50 / p99 by priority:");
  for (const auto& [priority, samples] : latencies_by_priority) {
    const auto by = summarize_latencies(samples);
    std::printf(" %s %.0f / %.0f", v1::Priority_Name(priority).c_str(), by.p50, by.p99);
  }
  std::printf(" (UNSPECIFIED: the kind's default)\n");
}

}  // namespace
}  // namespace cuzk::server
