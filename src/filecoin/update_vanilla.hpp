// SnapDeals vanilla proofs as Curio sends them in `vanilla_proofs`: one bincode-serialised
// PartitionProof per partition (storage-proofs-update vanilla.rs; spec §6.5):
//   comm_c (32), apex_leafs (u64 count + 32 bytes each), challenge_proofs (u64 count +
//   ChallengeProof { proof_r_old: TreeR MerkleProof, proof_d_new: binary SHA-256 MerkleProof
//   (Single, challenge_bit_len levels), proof_r_new: TreeR MerkleProof }).
// Parsing checks the bytes against the circuit shape (counts, variants, levels, arities);
// update_check_vanilla checks what the reference's vanilla verification checks, against the
// request's comm_r_old, comm_d_new, comm_r_new and partition index.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "filecoin/error.hpp"
#include "filecoin/update_circuit.hpp"

namespace cuzk::filecoin {

// kSchema (truncated, malformed, trailing bytes, non-canonical values) or kShape (does not fit
// the shape) errors name the field, prefixed with `what` (e.g. "vanilla_proofs[5]").
FilecoinResult<UpdatePartitionWitness> parse_update_partition_proof(
    std::span<const uint8_t> bytes, const UpdateCircuitShape& shape,
    const std::string& what = "partition_proof");

// The reference's vanilla verification of partition values.k: every challenge is the derived
// one in all three proofs, the TreeR roots agree with comm_r_old / comm_r_new through comm_c,
// the TreeD root is comm_d_new, every path is valid, leaf_r_new = leaf_r_old + leaf_d_new ·
// rho, each TreeD path passes through the partition's apex leaf and the apex tree's root.
// kInconsistent error naming the challenge; kShape / kSchema for bad public values.
FilecoinResult<bool> update_check_vanilla(const UpdateCircuitShape& shape,
                                          const UpdatePublicValues& values,
                                          const UpdatePartitionWitness& proof);

// Serialises as the reference does (the inverse of parse).
std::vector<uint8_t> serialize_update_partition_proof(const UpdatePartitionWitness& proof);

}  // namespace cuzk::filecoin
