// The cuzk.v1.ProvingEngine RPCs (see service.hpp).
#include "server/service.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

#include "server/convert.hpp"

namespace cuzk::server {
namespace {

using std::chrono::milliseconds;

// How often a waiting call checks whether its client is still there.
constexpr milliseconds kAwaitSlice{500};

grpc::Status invalid_argument(const std::string& message) {
  return {grpc::StatusCode::INVALID_ARGUMENT, message};
}

}  // namespace

grpc::Status ProvingService::submit(v1::SubmitProofRequest request,
                                    v1::SubmitProofResponse* response) {
  auto converted = to_engine_request(request);
  if (!converted) return to_grpc_status(converted.error());
  auto submitted = engine_.submit(std::move(converted).value());
  if (!submitted) return to_grpc_status(submitted.error());
  response->set_job_id(submitted->job_id);
  response->set_queue_position(submitted->queue_position);
  return grpc::Status::OK;
}

grpc::Status ProvingService::await(grpc::ServerContext* context, const std::string& job_id,
                                   uint64_t timeout_ms, v1::AwaitProofResponse* response) {
  using Clock = std::chrono::steady_clock;
  const auto deadline =
      timeout_ms == 0 ? Clock::time_point::max() : Clock::now() + milliseconds(timeout_ms);
  for (;;) {
    const auto now = Clock::now();
    const auto left =
        deadline == Clock::time_point::max()
            ? kAwaitSlice
            : std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(deadline - now));
    auto outcome = engine_.await(job_id, std::min(left, kAwaitSlice));
    if (!outcome) {
      fill_unknown_job(job_id, response);
      return grpc::Status::OK;
    }
    if (engine::is_final(outcome->state) || Clock::now() >= deadline) {
      fill_await_response(job_id, *outcome, response);
      return grpc::Status::OK;
    }
    if (context->IsCancelled()) return {grpc::StatusCode::CANCELLED, "the client went away"};
  }
}

grpc::Status ProvingService::SubmitProof(grpc::ServerContext*,
                                         const v1::SubmitProofRequest* request,
                                         v1::SubmitProofResponse* response) {
  // The request is const; the copy is the price of the synchronous API (once per proof).
  return submit(*request, response);
}

grpc::Status ProvingService::AwaitProof(grpc::ServerContext* context,
                                        const v1::AwaitProofRequest* request,
                                        v1::AwaitProofResponse* response) {
  if (request->job_id().empty()) return invalid_argument("job_id: empty");
  return await(context, request->job_id(), request->timeout_ms(), response);
}

grpc::Status ProvingService::Prove(grpc::ServerContext* context, const v1::ProveRequest* request,
                                   v1::ProveResponse* response) {
  if (!request->has_submit()) return invalid_argument("submit: missing");
  v1::SubmitProofResponse submitted;
  auto status = submit(request->submit(), &submitted);
  if (!status.ok()) return status;
  return await(context, submitted.job_id(), 0, response->mutable_result());
}

grpc::Status ProvingService::CancelProof(grpc::ServerContext*,
                                         const v1::CancelProofRequest* request,
                                         v1::CancelProofResponse* response) {
  if (request->job_id().empty()) return invalid_argument("job_id: empty");
  auto result = engine_.cancel(request->job_id());
  if (!result.found) return {grpc::StatusCode::NOT_FOUND, "no job " + request->job_id()};
  response->set_was_running(result.was_running);
  return grpc::Status::OK;
}

grpc::Status ProvingService::GetStatus(grpc::ServerContext*, const v1::GetStatusRequest*,
                                       v1::GetStatusResponse* response) {
  fill_status(engine_.status(), response);
  return grpc::Status::OK;
}

grpc::Status ProvingService::GetMetrics(grpc::ServerContext*, const v1::GetMetricsRequest*,
                                        v1::GetMetricsResponse* response) {
  response->set_prometheus_text(engine_.metrics_text());
  return grpc::Status::OK;
}

grpc::Status ProvingService::PreloadSRS(grpc::ServerContext*, const v1::PreloadSrsRequest* request,
                                        v1::PreloadSrsResponse* response) {
  if (request->circuit_id().empty())
    return invalid_argument("circuit_id: empty (e.g. \"porep-32g\")");
  auto result = engine_.preload_srs(request->circuit_id());
  if (!result) return to_grpc_status(result.error());
  response->set_already_loaded(result->already_loaded);
  response->set_load_time_ms(uint64_t(result->load_ms));
  return grpc::Status::OK;
}

grpc::Status ProvingService::EvictSRS(grpc::ServerContext*, const v1::EvictSrsRequest* request,
                                      v1::EvictSrsResponse* response) {
  if (request->circuit_id().empty())
    return invalid_argument("circuit_id: empty (e.g. \"porep-32g\")");
  auto result = engine_.evict_srs(request->circuit_id());
  if (!result) return to_grpc_status(result.error());
  response->set_was_loaded(result->was_loaded);
  response->set_freed_bytes(result->freed_bytes);
  return grpc::Status::OK;
}

}  // namespace cuzk::server
