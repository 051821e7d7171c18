// PorepJob: a PoRep commit-phase-2 proof (StackedDRG), built from Curio's SubmitProofRequest.
//
// make_porep_job() does every check that needs no circuit, so that bad input is refused at
// submit time with a message naming the field, in milliseconds rather than after synthesis:
//   registered_proof known; sector_size equal to its sector size; vanilla_proof a Curio envelope
//   {"SectorNum","Phase1Out","SectorSize"} whose SectorSize matches and whose C1 parses
//   (filecoin::parse_c1_json) and is for the same registered proof; SectorNum equal to
//   sector_number; when miner_id or sector_number is non-zero, the C1's replica_id equal to the
//   one derived from them (so a C1 sent under the wrong sector is caught); filecoin::check_c1
//   (shapes, challenges, every Merkle path and label); the public inputs of every partition.
// Partition k is synthesised by filecoin::synthesize_stacked_partition and must verify against
// filecoin::porep_public_inputs — computed from the C1, independently of synthesis.
//
// With a PrecompiledStore ([synthesis] precompiled = true), partitions are synthesised as witness
// only (the challenges as tasks of one pool shared by all partitions, the oldest partition's
// first, each into its slice of the witness) plus the precompiled matrices' sparse products
// (r1cs/precompiled_circuit.hpp), which gives the same ProvingAssignment. The first partition of a
// circuit id loads the store's cache file or records the circuit from its own C1; a circuit loaded
// from disk is checked (a·b = c) on its first witness and discarded if it does not fit. Once a
// circuit is known good, the products are deferred (r1cs::assign_deferred): a backend that
// evaluates them on its device gets the witness alone, for any other the pipeline computes them
// right after synthesis. Whenever the precompiled path fails, the partition is synthesised the
// generic way (and a warning logged), so it is never worse than off.
#pragma once

#include <memory>

#include "engine/aggregation_srs.hpp"
#include "engine/circuit_job.hpp"
#include "engine/request.hpp"
#include "r1cs/precompiled_store.hpp"
#include "util/result.hpp"
#include "util/task_pool.hpp"

namespace cuzk::engine {

// precompiled: null for generic synthesis. witness_pool: the threads of precompiled synthesis —
// every partition's challenges are one batch of its tasks (filecoin::stacked_partition_witness),
// so partitions synthesised at once on a shared pool finish oldest first; its thread count is
// also that of the sparse products that check a circuit from disk. Null: a pool of all cores
// for this job alone. aggregation: the SRS store of non-interactive seals (null: they are refused).
Result<std::unique_ptr<CircuitJob>, SubmitError> make_porep_job(
    const ProofRequest& request, unsigned check_threads = 0,
    std::shared_ptr<r1cs::PrecompiledStore> precompiled = nullptr,
    std::shared_ptr<TaskPool> witness_pool = nullptr,
    std::shared_ptr<AggregationSrs> aggregation = nullptr);

}  // namespace cuzk::engine
