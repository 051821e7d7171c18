// SnapJob: a SnapDeals (empty-sector update) proof, built from Curio's SubmitProofRequest
// (lib/ffi/cuzk_funcs.go, ProofKind SNAP_DEALS_UPDATE):
//   registered_proof  numeric RegisteredUpdateProof (0-4: 2 KiB .. 64 GiB);
//   sector_size       its sector size;
//   vanilla_proofs    one bincode PartitionProof per partition, all of them, in order;
//   comm_r_old, comm_r_new, comm_d_new   the 32-byte commitments (canonical field elements).
// h is the reference's default for the size (SectorUpdateConfig: h_default). make_snap_job()
// refuses bad input at submit time, naming the field: each partition proof is parsed against
// the circuit shape and checked as the reference's vanilla verifier does (derived challenges,
// the three Merkle paths, the encoding of every new leaf, the apex tree), and each partition's
// four public inputs are derived from the request alone.
// Synthesis is generic or, with a precompiled store, as PoRep's (porep_job.hpp): witness only, the
// apex tree's rows and the challenges as tasks of the shared witness pool
// (filecoin::update_circuit_witness_values), plus the recorded matrices, a/b/c deferred to the
// backend once the circuit is known good.
#pragma once

#include <memory>

#include "engine/circuit_job.hpp"
#include "engine/request.hpp"
#include "r1cs/precompiled_store.hpp"
#include "util/result.hpp"
#include "util/task_pool.hpp"

namespace cuzk::engine {

// precompiled: null for generic synthesis. witness_pool: the threads of precompiled synthesis,
// shared with PoRep jobs (a partition's blocks are batches of its tasks, oldest partition first);
// null: a pool of all cores for this job alone.
Result<std::unique_ptr<CircuitJob>, SubmitError> make_snap_job(
    const ProofRequest& request, std::shared_ptr<r1cs::PrecompiledStore> precompiled = nullptr,
    std::shared_ptr<TaskPool> witness_pool = nullptr);

}  // namespace cuzk::engine
