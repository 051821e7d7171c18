// Fallback PoSt (WindowPoSt / WinningPoSt) SNARK in one process, from Curio's vanilla proofs
// (filecoin-proofs generate_window_post_with_vanilla / generate_winning_post_with_vanilla, and
// their verify_*): check the vanilla proofs, lay each partition's sectors out for the circuit
// (Window: chunks of sector_count, the last padded; Winning: 66 one-challenge sectors), prove
// each partition with a Groth16 backend, self-verify, and concatenate the 192-byte partition
// proofs. post_proof_public_inputs rebuilds every partition's public inputs from the randomness
// and the sectors' ids and comm_rs (for verify_partition_proofs). Modelled on porep_c2.hpp.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/error.hpp"
#include "filecoin/partition_prover.hpp"
#include "filecoin/post_proof_type.hpp"
#include "filecoin/post_public_inputs.hpp"
#include "filecoin/post_vanilla.hpp"
#include "groth16/backend.hpp"
#include "groth16/parameters.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::filecoin {

struct PostProveOptions {
  bool check_vanilla = true;  // post_check_vanilla per partition before synthesis
  // Per-partition (r, s); empty = fresh randomness from the OS.
  std::vector<groth16::Randomness> randomness;
  PartitionCallback on_partition;
};

// `sectors`: every proven sector's vanilla proof in proof order (Winning: exactly one).
// Errors: kShape (sector counts, parameters of another circuit), kInconsistent (a vanilla proof
// that does not open the derived challenges under its comm_r, proofs that do not verify).
FilecoinResult<PartitionProofs> prove_post(const PoStProofType& proof,
                                           const hash::Node32& randomness,
                                           std::span<const FallbackPoStSectorProof> sectors,
                                           const groth16::Parameters& params,
                                           groth16::Backend& backend,
                                           const PostProveOptions& options = {});

// The verifier's public inputs of every partition.
FilecoinResult<std::vector<std::vector<ff::Fr>>> post_proof_public_inputs(
    const PoStProofType& proof, const hash::Node32& randomness,
    std::span<const PostPublicSector> sectors);

}  // namespace cuzk::filecoin
