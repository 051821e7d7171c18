// ProofRequest: one proof as the engine receives it, independent of the wire format (the server
// fills it from cuzk.v1.SubmitProofRequest, the bench's in-process mode directly). Large byte
// fields are moved in, never copied: a 64 GiB PoRep C1 is ~100 MB.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/types.hpp"

namespace cuzk::engine {

struct ProofRequest {
  std::string request_id;  // idempotency key; empty: every submit is a new job
  ProofKind kind = ProofKind::kPorepSealCommit;
  std::optional<Priority> priority;  // unset: default_priority(kind)
  uint64_t sector_size = 0;
  uint64_t registered_proof = 0;  // numeric RegisteredSealProof (PoRep)
  uint64_t sector_number = 0;
  uint64_t miner_id = 0;

  std::string vanilla_proof;                // PoRep: Curio's C1 envelope (JSON)
  std::vector<std::string> vanilla_proofs;  // PoSt / SnapDeals
  std::string randomness;
  uint32_t partition_index = 0;
  std::string comm_r_old, comm_r_new, comm_d_new;
};

// Why a request was refused at submit time (the server maps these to gRPC codes in one place).
enum class SubmitError {
  kInvalidArgument,    // the request is wrong: the message names the field
  kUnimplemented,      // a proof kind this build cannot prove yet
  kUnavailable,        // the engine is shutting down
  kResourceExhausted,  // the queue holds [scheduler] max_pending jobs already
  kAlreadyExists,      // the request_id belongs to a live job whose request was different
};

}  // namespace cuzk::engine
