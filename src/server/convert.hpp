// Conversions between cuzk.v1 messages and the engine's types, and the one place that maps engine
// errors to gRPC status codes:
// SubmitError::kInvalidArgument   -> INVALID_ARGUMENT   SrsError::kNotFound -> NOT_FOUND
// SubmitError::kUnimplemented     -> UNIMPLEMENTED      SrsError::kInUse    -> FAILED_PRECONDITION
// SubmitError::kUnavailable       -> UNAVAILABLE        SrsError::kBadFile  -> FAILED_PRECONDITION
// SubmitError::kResourceExhausted -> RESOURCE_EXHAUSTED SrsError::kTooLarge -> RESOURCE_EXHAUSTED
// SubmitError::kAlreadyExists     -> ALREADY_EXISTS     SrsError::kStopped  -> UNAVAILABLE
// Request fields are validated here before the engine sees them; messages name the field.
#pragma once

#include <grpcpp/support/status.h>

#include <optional>
#include <string>

#include "cuzk/v1/proving.pb.h"
#include "engine/job.hpp"
#include "engine/request.hpp"
#include "engine/srs_manager.hpp"
#include "engine/status.hpp"
#include "util/result.hpp"

namespace cuzk::server {

// Moves the (large) byte fields out of `request`. Errors: the proof kind or priority is missing
// or not a known enum value.
Result<engine::ProofRequest, engine::SubmitError> to_engine_request(
    v1::SubmitProofRequest& request);

// An outcome whose state is still queued / running becomes TIMEOUT.
void fill_await_response(const std::string& job_id, const engine::JobOutcome& outcome,
                         v1::AwaitProofResponse* response);
void fill_unknown_job(const std::string& job_id, v1::AwaitProofResponse* response);

void fill_status(const engine::EngineStatus& status, v1::GetStatusResponse* response);

grpc::Status to_grpc_status(const Error<engine::SubmitError>& error);
grpc::Status to_grpc_status(const Error<engine::SrsError>& error);

}  // namespace cuzk::server
