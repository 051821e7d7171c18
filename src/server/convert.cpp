// cuzk.v1 <-> engine conversions and the gRPC status mapping (see convert.hpp).
#include "server/convert.hpp"

#include <cmath>

namespace cuzk::server {
namespace {

uint64_t whole_ms(double ms) {
  return ms <= 0 ? 0 : uint64_t(std::llround(ms));
}

Error<engine::SubmitError> invalid(std::string message) {
  return {engine::SubmitError::kInvalidArgument, std::move(message)};
}

}  // namespace

Result<engine::ProofRequest, engine::SubmitError> to_engine_request(
    v1::SubmitProofRequest& request) {
  engine::ProofRequest out;
  auto kind = engine::proof_kind_from_wire(int(request.proof_kind()));
  if (!kind) {
    return invalid("proof_kind: " +
                   (request.proof_kind() == v1::PROOF_KIND_UNSPECIFIED
                        ? std::string("unspecified")
                        : "unknown value " + std::to_string(int(request.proof_kind()))) +
                   "; expected POREP_SEAL_COMMIT, SNAP_DEALS_UPDATE, WINDOW_POST_PARTITION or "
                   "WINNING_POST");
  }
  out.kind = *kind;
  if (request.priority() != v1::PRIORITY_UNSPECIFIED) {
    auto priority = engine::priority_from_wire(int(request.priority()));
    if (!priority) {
      return invalid("priority: unknown value " + std::to_string(int(request.priority())) +
                     "; expected LOW, NORMAL, HIGH or CRITICAL (or unspecified)");
    }
    out.priority = *priority;
  }
  out.request_id = request.request_id();
  out.sector_size = request.sector_size();
  out.registered_proof = request.registered_proof();
  out.sector_number = request.sector_number();
  out.miner_id = request.miner_id();
  out.partition_index = request.partition_index();
  out.vanilla_proof = std::move(*request.mutable_vanilla_proof());
  out.vanilla_proofs.reserve(size_t(request.vanilla_proofs_size()));
  for (auto& p : *request.mutable_vanilla_proofs()) out.vanilla_proofs.push_back(std::move(p));
  out.randomness = std::move(*request.mutable_randomness());
  out.comm_r_old = std::move(*request.mutable_comm_r_old());
  out.comm_r_new = std::move(*request.mutable_comm_r_new());
  out.comm_d_new = std::move(*request.mutable_comm_d_new());
  return out;
}

void fill_await_response(const std::string& job_id, const engine::JobOutcome& outcome,
                         v1::AwaitProofResponse* response) {
  response->set_job_id(job_id);
  switch (outcome.state) {
    case engine::JobState::kCompleted:
      response->set_status(v1::AwaitProofResponse::COMPLETED);
      response->set_proof(outcome.proof.data(), outcome.proof.size());
      break;
    case engine::JobState::kFailed:
      response->set_status(v1::AwaitProofResponse::FAILED);
      response->set_error_message(outcome.error);
      break;
    case engine::JobState::kCancelled:
      response->set_status(v1::AwaitProofResponse::CANCELLED);
      response->set_error_message(outcome.error);
      break;
    case engine::JobState::kQueued:
    case engine::JobState::kRunning:
      response->set_status(v1::AwaitProofResponse::TIMEOUT);
      response->set_error_message(std::string("still ") +
                                  std::string(engine::to_string(outcome.state)));
      break;
  }
  const auto& t = outcome.timings;
  response->set_queue_wait_ms(whole_ms(t.queue_wait_ms));
  response->set_srs_load_ms(whole_ms(t.srs_load_ms));
  response->set_synthesis_ms(whole_ms(t.synthesis_ms));
  response->set_gpu_compute_ms(whole_ms(t.prove_ms));
  response->set_total_ms(whole_ms(t.total_ms));
}

void fill_unknown_job(const std::string& job_id, v1::AwaitProofResponse* response) {
  response->set_job_id(job_id);
  response->set_status(v1::AwaitProofResponse::UNKNOWN);
  response->set_error_message("no job " + job_id + " (never submitted, or forgotten)");
}

void fill_status(const engine::EngineStatus& s, v1::GetStatusResponse* response) {
  for (const auto& srs : s.srs) {
    auto* out = response->add_loaded_srs();
    out->set_circuit_id(srs.circuit_id);
    out->set_tier(static_cast<v1::SRSStatus::Tier>(int(srs.tier)));
    out->set_size_bytes(srs.size_bytes);
    out->set_ref_count(srs.ref_count);
  }
  for (const auto& q : s.queues) {
    auto* out = response->add_queues();
    out->set_proof_kind(std::string(engine::to_string(q.kind)));
    out->set_pending(q.pending);
    out->set_in_progress(q.in_progress);
  }
  response->set_total_proofs_completed(s.proofs_completed);
  response->set_total_proofs_failed(s.proofs_failed);
  response->set_uptime_seconds(uint64_t(s.uptime_seconds));
  response->set_pinned_memory_bytes(s.memory_used_bytes);
  response->set_pinned_memory_limit_bytes(s.memory_limit_bytes);
}

grpc::Status to_grpc_status(const Error<engine::SubmitError>& error) {
  switch (error.code) {
    case engine::SubmitError::kInvalidArgument:
      return {grpc::StatusCode::INVALID_ARGUMENT, error.message};
    case engine::SubmitError::kUnimplemented:
      return {grpc::StatusCode::UNIMPLEMENTED, error.message};
    case engine::SubmitError::kUnavailable:
      return {grpc::StatusCode::UNAVAILABLE, error.message};
    case engine::SubmitError::kResourceExhausted:
      return {grpc::StatusCode::RESOURCE_EXHAUSTED, error.message};
    case engine::SubmitError::kAlreadyExists:
      return {grpc::StatusCode::ALREADY_EXISTS, error.message};
  }
  return {grpc::StatusCode::INTERNAL, error.message};
}

grpc::Status to_grpc_status(const Error<engine::SrsError>& error) {
  switch (error.code) {
    case engine::SrsError::kNotFound:
      return {grpc::StatusCode::NOT_FOUND, error.message};
    case engine::SrsError::kInUse:
    case engine::SrsError::kBadFile:
      return {grpc::StatusCode::FAILED_PRECONDITION, error.message};
    case engine::SrsError::kTooLarge:
      return {grpc::StatusCode::RESOURCE_EXHAUSTED, error.message};
    case engine::SrsError::kStopped:
      return {grpc::StatusCode::UNAVAILABLE, error.message};
  }
  return {grpc::StatusCode::INTERNAL, error.message};
}

}  // namespace cuzk::server
