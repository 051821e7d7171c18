// PoRep commit phase 2 in one process (filecoin-proofs seal_commit_phase2 and verify_seal; spec
// §12): check the C1, synthesise each partition's StackedDRG circuit, prove it with a Groth16
// backend, self-verify, and concatenate the 192-byte partition proofs in partition order. And the
// verifier: rebuild every partition's public inputs from the sector's commitments, ids, ticket
// and seed, and batch-verify the proof bytes.
//
// Partitions are proven one after the other (synthesis, then the backend's start/finish) so that
// only one partition's witness is in memory; the daemon's engine pipelines them instead.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/c1_output.hpp"
#include "filecoin/error.hpp"
#include "filecoin/partition_prover.hpp"
#include "filecoin/public_inputs.hpp"
#include "groth16/backend.hpp"
#include "groth16/parameters.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::filecoin {

struct PorepC2Options {
  bool check_c1 = true;  // reject a bad C1 before synthesis (c1_check.hpp)
  unsigned threads = 0;  // for the C1 check; 0 = all hardware threads
  // Per-partition (r, s); empty = fresh randomness from the OS. Fixed values make proofs
  // reproducible (tests compare backends with them).
  std::vector<groth16::Randomness> randomness;
  PartitionCallback on_partition;
};

// The proof, per-partition inputs (without the constant one) and timings ("check_c1", then per
// partition "p<k>.synthesis", ..., "self_verify").
using PorepC2Output = PartitionProofs;

// Errors: the C1 check's (kSchema / kShape / kInconsistent, naming the field), kShape when the
// parameters do not fit the circuit, kInconsistent when the finished proofs do not verify.
FilecoinResult<PorepC2Output> prove_porep_c2(const SealCommitPhase1Output& c1,
                                             const groth16::Parameters& params,
                                             groth16::Backend& backend,
                                             const PorepC2Options& options = {});

// The verifier's public inputs of every partition of a sector.
FilecoinResult<std::vector<std::vector<ff::Fr>>> porep_c2_public_inputs(
    const ProofType& proof, const PorepPublicValues& values);

// Batch-verifies a C2 proof (partitions x 192 bytes). kShape for a wrong length or an
// undecodable proof (with its partition), kInconsistent when the pairing check fails. On success,
// the number of partition proofs verified.
FilecoinResult<unsigned> verify_porep_c2(const groth16::PreparedVerifyingKey& pvk,
                                         const ProofType& proof, const PorepPublicValues& values,
                                         std::span<const uint8_t> proof_bytes);

// replica_id from the sealing ids (prover id, sector number, ticket, comm_d, the proof's
// porep_id), as verify_seal recomputes it.
hash::Node32 porep_replica_id(const ProofType& proof, const hash::Node32& prover_id,
                              uint64_t sector_id, const hash::Node32& ticket,
                              const hash::Node32& comm_d);

}  // namespace cuzk::filecoin
