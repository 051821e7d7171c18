// PostJob: a WindowPoSt partition or a WinningPoSt proof (Fallback PoSt), built from Curio's
// SubmitProofRequest (lib/ffi/cuzk_funcs.go WindowPoStCuzk / WinningPoStCuzk):
//   registered_proof  numeric RegisteredPoStProof (Winning 0-4, Window 5-9 V1, 10-14 V1_2);
//   sector_size       its sector size;
//   vanilla_proofs    one bincode FallbackPoStSectorProof per sector — Window: the sectors of
//                     this one partition (1 to the partition's sector count), Winning: exactly 1;
//   randomness        the 32-byte challenge seed (a canonical field element);
//   partition_index   Window: which partition of the deadline these sectors are (the public
//                     inputs use global sector indices); Winning: must be 0;
//   miner_id          for logs (the Fallback PoSt circuit does not use the prover id).
// make_post_job() refuses bad input at submit time, naming the field: every vanilla proof is
// parsed against the registered proof and checked as the reference's vanilla verifier does
// (challenged leaves, paths, comm_r = H(comm_c, comm_r_last)), and the public inputs are derived
// from the request alone (randomness, sector ids, comm_rs), independently of synthesis
// (filecoin/post_prepare.hpp; bench/submit_checks_bench times it). The
// job has one pipeline partition; its 192-byte proof is the PoSt proof Curio returns.
// Synthesis is generic or, with a precompiled store, witness-only on all cores (a sector per
// task) plus the recorded matrices, as PoRep's.
#pragma once

#include <memory>

#include "engine/circuit_job.hpp"
#include "engine/request.hpp"
#include "r1cs/precompiled_store.hpp"
#include "util/result.hpp"
#include "util/task_pool.hpp"

namespace cuzk::engine {

// check_threads: the vanilla proofs parsed and checked on that many threads (0 = all cores).
// precompiled: null for generic synthesis; else the circuit is precompiled
// (engine/precompiled_synthesis.hpp) and its sectors' witness made as one batch of
// witness_pool's tasks (null: a pool of all cores for this job alone); a/b/c are computed on
// the CPU (on the pool's thread count), never left to the backend.
Result<std::unique_ptr<CircuitJob>, SubmitError> make_post_job(
    const ProofRequest& request, unsigned check_threads = 1,
    std::shared_ptr<r1cs::PrecompiledStore> precompiled = nullptr,
    std::shared_ptr<TaskPool> witness_pool = nullptr);

}  // namespace cuzk::engine
