// A really sealed small sector kept whole in memory for PoSt and SnapDeals test data: the same
// steps as real_seal.hpp (tree D, replica_id, parent cache, SDR labels, encoding, trees C and
// R_last) but returning the FullSector instead of a C1, so that tree R_last can be opened at
// PoSt challenges and re-encoded by a SnapDeals update. comm_r = Poseidon2(comm_c, comm_r_last).
#pragma once

#include <cstdint>
#include <memory>

#include "filecoin/proof_type.hpp"
#include "sealing/full_sector.hpp"
#include "sealing/seal_request.hpp"
#include "sealing/sealing_error.hpp"

namespace cuzk::sealing {

struct RealTestSector {
  uint64_t sector_number = 0;
  std::unique_ptr<FullSector> sector;
  hash::Node32 comm_r{};
  hash::Node32 prover_id{};
};

// The interactive seal proof (V1_1) of a sector size, the one sealed for PoSt / SnapDeals test
// sectors; kTooLargeToSeal when the size has none that can be sealed for real.
SealingResult<const filecoin::ProofType*> seal_proof_for_size(uint64_t sector_size);

// Seals the request's sector (its data, or all zero = committed capacity).
SealingResult<RealTestSector> seal_full_sector(const SealRequest& request);

}  // namespace cuzk::sealing
