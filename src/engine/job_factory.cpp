// The daemon's job factory (see job_factory.hpp).
#include "engine/job_factory.hpp"

#include "engine/porep_job.hpp"

namespace cuzk::engine {

JobFactory filecoin_job_factory(unsigned check_threads) {
  return [check_threads](const ProofRequest& request) -> JobResult {
    switch (request.kind) {
      case ProofKind::kPorepSealCommit:
        return make_porep_job(request, check_threads);
      case ProofKind::kSnapDealsUpdate:
      case ProofKind::kWindowPostPartition:
      case ProofKind::kWinningPost:
        return Error<SubmitError>{SubmitError::kUnimplemented,
                                  "proof_kind: " + std::string(to_string(request.kind)) +
                                      " is not supported by this daemon yet (PoRep only)"};
    }
    return Error<SubmitError>{SubmitError::kInvalidArgument, "proof_kind: unknown"};
  };
}

}  // namespace cuzk::engine
