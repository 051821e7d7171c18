// The prover id that sealing hashes into replica_id, derived from a miner actor id as Lotus and
// Curio do before calling filecoin-ffi (toProverID): the payload of the miner's Filecoin ID
// address, which is the actor id as an unsigned LEB128 varint (7 bits per byte, low group
// first, high bit = "more follows"), copied into a zero-filled 32-byte array. Miner 1000 is
// e8 07 00 … 00.
#pragma once

#include <cstdint>

#include "hash/node32.hpp"

namespace cuzk::filecoin {

hash::Node32 prover_id_from_miner_id(uint64_t miner_id);

}  // namespace cuzk::filecoin
