// The daemon's job factory (see job_factory.hpp).
#include "engine/job_factory.hpp"

#include "engine/porep_job.hpp"
#include "engine/post_job.hpp"
#include "engine/snap_job.hpp"

namespace cuzk::engine {

JobFactory filecoin_job_factory(unsigned check_threads,
                                std::shared_ptr<r1cs::PrecompiledStore> precompiled,
                                std::shared_ptr<TaskPool> witness_pool,
                                std::shared_ptr<AggregationSrs> aggregation) {
  if (!precompiled) witness_pool = nullptr;  // generic synthesis makes no witness tasks
  if (precompiled && !witness_pool) witness_pool = std::make_shared<TaskPool>(0, kWitnessPoolNice);
  auto deadline_pool = precompiled ? std::make_shared<TaskPool>(0) : nullptr;
  return [check_threads, precompiled, witness_pool, deadline_pool,
          aggregation](const ProofRequest& request) -> JobResult {
    switch (request.kind) {
      case ProofKind::kPorepSealCommit:
        return make_porep_job(request, check_threads, precompiled, witness_pool, aggregation);
      case ProofKind::kSnapDealsUpdate:
        return make_snap_job(request, precompiled, witness_pool);
      case ProofKind::kWindowPostPartition:
      case ProofKind::kWinningPost:
        return make_post_job(request, check_threads, precompiled, deadline_pool);
    }
    return Error<SubmitError>{SubmitError::kInvalidArgument, "proof_kind: unknown"};
  };
}

}  // namespace cuzk::engine
