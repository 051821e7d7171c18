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
#pragma once

#include <memory>

#include "engine/circuit_job.hpp"
#include "engine/request.hpp"
#include "util/result.hpp"

namespace cuzk::engine {

Result<std::unique_ptr<CircuitJob>, SubmitError> make_snap_job(const ProofRequest& request);

}  // namespace cuzk::engine
