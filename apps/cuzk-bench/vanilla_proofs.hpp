// What the bench does with a gen-vanilla request (cmd_vanilla_request.hpp) besides proving it in
// process: the verifier's public inputs and verification (from the request alone, never from the
// vanilla proofs), and the SubmitProofRequests Curio would send a daemon for it
// (lib/ffi/cuzk_funcs.go): one WINDOW_POST_PARTITION request per partition with that
// partition's sectors, one WINNING_POST request, or one SNAP_DEALS_UPDATE request with every
// partition proof.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cmd_vanilla_request.hpp"
#include "cuzk/v1/proving.pb.h"
#include "ff/fr.hpp"
#include "filecoin/error.hpp"
#include "filecoin/post_proof_type.hpp"
#include "filecoin/update_circuit.hpp"

namespace cuzk::bench {

// The value of a Result, or std::runtime_error "what: <error message>".
template <class T>
T must(T&& result, const std::string& what) {
  if (!result) throw std::runtime_error(what + ": " + result.error().message);
  return std::forward<T>(result);
}

// Throws std::runtime_error naming the field for an unknown proof type.
const filecoin::PoStProofType& post_proof(const VanillaRequest& r);
const filecoin::UpdateProofType& update_proof(const VanillaRequest& r);
filecoin::UpdateSectorValues update_values(const VanillaRequest& r);

// The request's public inputs, per partition.
std::vector<std::vector<ff::Fr>> request_inputs(const VanillaRequest& r);

// Batch-verifies `proof` (192 bytes per partition) against the request's inputs with the .vk
// found in `params_dir`; the number of partitions verified, an error when invalid or when the
// count differs from the request's. Throws when the .vk cannot be found or read.
filecoin::FilecoinResult<unsigned> verify_vanilla_proof(const VanillaRequest& r,
                                                        const std::string& params_dir,
                                                        std::span<const uint8_t> proof);

// The daemon requests for the request at `request_path`, in partition order. request_id: empty
// for Curio's naming (winpost-MINER-HEX, wdpost-MINER-PARTITION-[b0 b1 ... b7] with Go's %d of
// the randomness' first 8 bytes, snap-MINER-SECTOR), else
// used as given (WindowPoSt: suffixed with -PARTITION).
std::vector<v1::SubmitProofRequest> vanilla_submit_requests(const std::string& request_path,
                                                            const VanillaRequest& r,
                                                            v1::Priority priority,
                                                            const std::string& request_id = "");

}  // namespace cuzk::bench
