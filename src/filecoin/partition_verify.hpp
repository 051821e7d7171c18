// Verifying a proof made of partition proofs (PoRep C2, PoSt, SnapDeals): the 192-byte partition
// proofs, concatenated in partition order, decoded and batch-verified against per-partition
// public inputs (the verifier's, rebuilt from the public values, never from a witness).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/error.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::filecoin {

// Batch verification of partitions x 192 bytes against per-partition inputs (`what` names the
// proof in errors). kShape for a wrong length, an undecodable proof (with its partition) or a key
// of another circuit; kInconsistent when the pairing check fails. On success, the number of
// partition proofs verified.
FilecoinResult<unsigned> verify_partition_proofs(const groth16::PreparedVerifyingKey& pvk,
                                                 std::span<const std::vector<ff::Fr>> inputs,
                                                 std::span<const uint8_t> proof_bytes,
                                                 const std::string& what);

}  // namespace cuzk::filecoin
