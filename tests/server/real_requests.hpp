// Genuine SubmitProofRequests for the server tests, as Curio would send them: a really sealed
// 2 KiB PoRep C1 in Curio's envelope (sector 7), WindowPoSt / WinningPoSt vanilla proofs of real
// 2 KiB sectors, and a SnapDeals update of a real 2 KiB sector (sector 9), all of miner kMiner.
// Each takes a few hundred milliseconds to make; tests build them once.
#pragma once

#include <cstdint>

#include "cuzk/v1/proving.pb.h"

namespace cuzk::server::testing {

inline constexpr uint64_t kMiner = 1000;

v1::SubmitProofRequest porep_request();  // request_id "porep"
// request_id = proof_name; `sectors` sector proofs (a WinningPoSt: its challenged sector count).
v1::SubmitProofRequest post_request(const char* proof_name, unsigned sectors);
v1::SubmitProofRequest snap_request();  // request_id "snap"

}  // namespace cuzk::server::testing
