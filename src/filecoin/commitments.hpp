// Sector-level values of the StackedDRG PoRep that need no graph: the replica id (stacked
// params.rs generate_replica_id; spec §5), comm_r = H(comm_c, comm_r_last) (spec §3), and the
// comm_d of an all-zero sector (spec §4), which committed-capacity sectors use.
#pragma once

#include <cstdint>

#include "ff/fr.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

// fr_safe(SHA-256(prover_id ‖ sector_id u64 BE ‖ ticket ‖ comm_d ‖ porep_id)).
hash::Node32 generate_replica_id(const hash::Node32& prover_id, uint64_t sector_id,
                                 const hash::Node32& ticket, const hash::Node32& comm_d,
                                 const hash::Node32& porep_id);

// Poseidon arity 2, MerkleTree tag 3, over [comm_c, comm_r_last].
ff::Fr compute_comm_r(const ff::Fr& comm_c, const ff::Fr& comm_r_last);

// Root of the binary SHA-256 tree over 2^log2_nodes zero nodes.
hash::Node32 zero_sector_comm_d(unsigned log2_nodes);

}  // namespace cuzk::filecoin
