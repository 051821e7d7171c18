// Real sealing of small sectors (2 KiB, 8 MiB) into a genuine C1: every step of
// rust-fil-proofs' PreCommit 1/2 and Commit 1, in order (spec §3-8, §11):
//   1. tree D over the data (binary SHA-256) → comm_d
//   2. replica_id = generate_replica_id(prover_id, sector number, ticket, comm_d, porep_id)
//   3. the parent cache (parallel), then SDR labels of every layer (sequential per layer)
//   4. encoding: replica = last layer's label + data (Fr addition)
//   5. column hashes, tree C → comm_c; tree R_last → comm_r_last (parallel)
//   6. comm_r = Poseidon(comm_c, comm_r_last); challenges by the proof type (interactive,
//      synthetic and NI all work, since every node is known); vanilla proofs.
// Larger sizes are refused with kTooLargeToSeal: a 32 GiB sector is 11 layers of 2^30 labels,
// hours of SHA-256 and ~400 GB; virtual_sector.hpp makes their C1s instead.
//
// Measured (tests/sealing, 2 cores with SHA-NI shared with other jobs, load ~5): 2 KiB in
// ~10-40 ms; 8 MiB in 12-15 s wall for ~10 s of CPU: parent cache ~3.5 s CPU (Feistel), labels
// 0.8 s (sequential), column hashes + trees C / R_last ~6 s CPU (Poseidon), proofs < 10 ms.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "ff/fr.hpp"
#include "sealing/seal_request.hpp"
#include "sealing/sealing_error.hpp"
#include "sealing/sector_labels.hpp"

namespace cuzk::sealing {

// Test hook: lets a test break one relation of the sector (a label that is not the hash of its
// parents, a replica node that is not label + data) while every tree stays consistent with the
// edited values, to reach the checks that no edit of a finished C1 can isolate. Called after
// step 4, before the trees are built. Production callers leave it empty.
struct SealTestHooks {
  std::function<void(const hash::Node32& replica_id, std::span<const hash::Node32> data,
                     SectorLabels& labels, std::vector<ff::Fr>& replica)>
      edit_before_trees;
};

SealingResult<GeneratedC1> seal_real_sector(const SealRequest& request,
                                            const SealTestHooks& hooks = {});

}  // namespace cuzk::sealing
