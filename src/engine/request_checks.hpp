// Submit-time checks shared by the proof jobs (porep_job, post_job, snap_job): every refusal is
// an INVALID_ARGUMENT whose message starts with the request field at fault.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/request.hpp"
#include "hash/node32.hpp"
#include "util/result.hpp"

namespace cuzk::engine {

inline Error<SubmitError> invalid_request(std::string message) {
  return {SubmitError::kInvalidArgument, std::move(message)};
}

// The refusal when request.sector_size is not the registered proof's sector size; nullopt when
// it is, or when it is 0: unset means "the registered proof's size" (Curio's ProofShare
// SnapDeals requests leave it at 0, and the Rust daemon ignores the field there).
std::optional<Error<SubmitError>> check_sector_size(const ProofRequest& request,
                                                    uint64_t registered_proof,
                                                    std::string_view proof_name,
                                                    uint64_t sector_size);

// A 32-byte request field (randomness, comm_r_old, ...), refused by name when it has another
// length.
Result<hash::Node32, SubmitError> node32_field(const std::string& bytes, std::string_view name);

}  // namespace cuzk::engine
