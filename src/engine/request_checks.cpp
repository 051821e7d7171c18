// Submit-time checks shared by the proof jobs (see request_checks.hpp).
#include "engine/request_checks.hpp"

#include <algorithm>

namespace cuzk::engine {

std::optional<Error<SubmitError>> check_sector_size(const ProofRequest& request,
                                                    uint64_t registered_proof,
                                                    std::string_view proof_name,
                                                    uint64_t sector_size) {
  if (request.sector_size == 0 || request.sector_size == sector_size) return std::nullopt;
  return invalid_request("sector_size: " + std::to_string(request.sector_size) +
                         " does not match registered_proof " + std::to_string(registered_proof) +
                         " (" + std::string(proof_name) + ", " + std::to_string(sector_size) +
                         " bytes)");
}

Result<hash::Node32, SubmitError> node32_field(const std::string& bytes, std::string_view name) {
  if (bytes.size() != 32) {
    return invalid_request(std::string(name) + ": " + std::to_string(bytes.size()) +
                           " bytes, must be exactly 32");
  }
  hash::Node32 node{};
  std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(node.data()));
  return node;
}

}  // namespace cuzk::engine
