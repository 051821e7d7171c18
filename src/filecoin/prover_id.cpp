// LEB128 prover id of prover_id.hpp.
#include "filecoin/prover_id.hpp"

namespace cuzk::filecoin {

hash::Node32 prover_id_from_miner_id(uint64_t miner_id) {
  hash::Node32 out{};  // a u64 needs at most 10 varint bytes
  size_t i = 0;
  do {
    uint8_t group = uint8_t(miner_id & 0x7f);
    miner_id >>= 7;
    if (miner_id != 0) group |= 0x80;
    out[i++] = group;
  } while (miner_id != 0);
  return out;
}

}  // namespace cuzk::filecoin
