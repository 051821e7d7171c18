// A PoSt request's vanilla proofs turned into what the prover needs, at submit time: every
// sector proof parsed (post_vanilla.hpp) and checked as the reference's vanilla verifier does,
// the partition's public inputs derived from the request alone (randomness, sector ids,
// comm_rs), and the circuit's sectors laid out (padded). engine::make_post_job runs this for
// every WindowPoSt partition and WinningPoSt request; bench/submit_checks_bench times it.
//
// A 32 GiB WindowPoSt partition is 2349 sector proofs of 10 Merkle paths each (59 MB): parsing
// and checking run a sector per task on `threads` threads, and each error is the one the lowest
// failing sector gives, whatever the thread count. Each phase is timed (PostPrepareTimes).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/error.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_proof_type.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

// Wall-clock milliseconds of each phase of prepare_post_partition.
struct PostPrepareTimes {
  double parse_ms = 0;    // bincode -> FallbackPoStSectorProof
  double check_ms = 0;    // post_check_vanilla
  double inputs_ms = 0;   // public inputs
  double witness_ms = 0;  // the circuit's sectors
};

struct PreparedPostPartition {
  std::vector<PostSectorWitness> witness;  // the circuit's sectors, padded
  std::vector<ff::Fr> inputs;              // the Groth16 public inputs, in order
  PostPrepareTimes times;
};

// `vanilla_proofs`: the request's bincode FallbackPoStSectorProofs (partition `partition`'s
// sectors in order; Winning: the one sector). Errors are the request's: a parse error names
// "vanilla_proofs[i]" and its field; a check, public-input or layout error starts with
// "vanilla_proofs: ". threads 0 = all cores.
FilecoinResult<PreparedPostPartition> prepare_post_partition(
    const PoStProofType& proof, const hash::Node32& randomness,
    std::span<const std::string> vanilla_proofs, unsigned partition, unsigned threads);

}  // namespace cuzk::filecoin
