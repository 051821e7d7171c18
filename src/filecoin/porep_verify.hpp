// The PoRep C2 verifier (filecoin-proofs verify_seal; spec §12): every partition's public inputs
// rebuilt from the sector's commitments, replica id and seed, and the C2 proof bytes (192 per
// partition) batch-verified against them. The proving side is the engine's (engine/porep_job.hpp).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/error.hpp"
#include "filecoin/proof_type.hpp"
#include "filecoin/public_inputs.hpp"
#include "groth16/verifier.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

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
