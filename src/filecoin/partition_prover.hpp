// Proving and verifying a proof made of partition proofs (PoRep C2, PoSt, SnapDeals): partitions
// synthesised and proven one after the other (one witness in memory), each circuit's public
// inputs compared with the verifier's, then all self-verified in one batch; the 192-byte proofs
// concatenated in partition order. Verification decodes them and batch-verifies against
// per-partition inputs.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/error.hpp"
#include "groth16/backend.hpp"
#include "groth16/parameters.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::filecoin {

struct PartitionProofs {
  std::vector<uint8_t> proof;                      // partitions x 192 bytes
  std::vector<std::vector<ff::Fr>> public_inputs;  // per partition
  groth16::PhaseTimings timings;                   // "p<k>.synthesis", ..., "self_verify"
};
// Synthesises partition k into the constraint system (may throw std::invalid_argument: reported
// as kShape naming the partition).
using PartitionSynthesis = std::function<FilecoinResult<bool>(unsigned k, r1cs::ConstraintSystem&)>;
// Called after each partition: (partition, partitions, its phase timings).
using PartitionCallback = std::function<void(unsigned, unsigned, const groth16::PhaseTimings&)>;
FilecoinResult<PartitionProofs> prove_partitions(std::vector<std::vector<ff::Fr>> expected_inputs,
                                                 const PartitionSynthesis& synthesize,
                                                 const groth16::Parameters& params,
                                                 groth16::Backend& backend,
                                                 std::span<const groth16::Randomness> randomness,
                                                 const PartitionCallback& on_partition);
// Batch verification of partitions x 192 bytes against per-partition inputs (`what` names the
// proof in errors).
FilecoinResult<unsigned> verify_partition_proofs(const groth16::PreparedVerifyingKey& pvk,
                                                 std::span<const std::vector<ff::Fr>> inputs,
                                                 std::span<const uint8_t> proof_bytes,
                                                 const std::string& what);

}  // namespace cuzk::filecoin
