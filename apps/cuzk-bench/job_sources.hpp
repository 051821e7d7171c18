// Where the bench's load commands (stress, deadline) get their jobs: the daemon requests of a C1
// file or a gen-vanilla request, and, given a parameter directory, a verifier of their proofs
// (public inputs rebuilt from the C1 / request, never from the vanilla proofs).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cuzk/v1/proving.pb.h"

namespace cuzk::bench {

struct JobSource {
  std::string label;                             // "porep c1.json", "winning-post request.json"
  std::vector<v1::SubmitProofRequest> requests;  // WindowPoSt: one per partition
  // Empty for a valid proof of `request`, else why it is not; unset without a parameter directory.
  std::function<std::string(const v1::SubmitProofRequest& request, const std::string& proof)>
      verify;
};

// A PoRep C1 (bare JSON or Curio envelope) as one POREP_SEAL_COMMIT request.
JobSource porep_job_source(const std::string& path, uint64_t miner_id,
                           const std::string& params_dir);
// A gen-vanilla request as Curio would send it (vanilla_submit_requests).
JobSource vanilla_job_source(const std::string& path, const std::string& params_dir);

}  // namespace cuzk::bench
