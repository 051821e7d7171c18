// Virtual sectors: C1s of any size, 2 KiB to 64 GiB, for interactive proofs, without sealing.
//
// A virtual sector is committed capacity (all-zero data, so comm_d =
// filecoin::zero_sector_comm_d and replica = last label) whose columns exist only where the C1
// looks. Since interactive challenges depend only on replica_id and the seed (not on comm_r),
// they are known before any tree: each challenged node's column is computed through the real
// label function from its parents' columns; every other parent column holds random Fr32 labels
// (the request's filler_seed); every node of trees C and R_last above no materialised leaf is
// random too (SparseSector), so the paths' siblings vary as a real sector's do.
// Every relation a C1 check or the circuit tests holds: paths lead to the roots, column hashes
// are tree-C leaves, challenged labels are the hash of their parents, replica = label + data,
// comm_r = Poseidon(comm_c, comm_r_last). A challenge that is another challenge's parent is
// computed, not random: challenges are labelled layer by layer in increasing node order, which
// respects every dependency (DRG parents are earlier nodes of the same layer, expander parents
// sit in the layer below).
//
// Synthetic and non-interactive proofs cannot be virtual: their challenges are derived from
// comm_r, which hashes trees C and R_last, which depend on which columns were materialised.
// Choosing the columns fixes comm_r, which then picks challenges all over the sector (2^30
// nodes), almost surely on nodes that were not materialised; only a sector with every node
// present (real sealing) answers them. Those requests fail with kNotVirtualizable.
//
// 32 GiB (10 partitions × 18 challenges, 11 layers): ~2,700 columns, generated in 1.0-1.9 s on
// 2 busy cores (almost all of it Poseidon in the sparse trees; tests/sealing prints it), a
// ~37 MB C1 JSON.
#pragma once

#include "sealing/seal_request.hpp"
#include "sealing/sealing_error.hpp"

namespace cuzk::sealing {

// request.data must be empty (the sector is all zero).
SealingResult<GeneratedC1> generate_virtual_c1(const SealRequest& request);

}  // namespace cuzk::sealing
