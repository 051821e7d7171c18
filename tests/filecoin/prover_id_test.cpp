// prover_id_from_miner_id: the miner id as an unsigned LEB128 varint in a zero-filled 32-byte
// array (Lotus toProverID = ID-address payload).
#include "filecoin/prover_id.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace cuzk::filecoin {
namespace {

hash::Node32 padded(std::vector<uint8_t> prefix) {
  hash::Node32 out{};
  std::copy(prefix.begin(), prefix.end(), out.begin());
  return out;
}

TEST(ProverId, VarintOfTheMinerId) {
  EXPECT_EQ(prover_id_from_miner_id(0), padded({0x00}));
  EXPECT_EQ(prover_id_from_miner_id(127), padded({0x7f}));
  EXPECT_EQ(prover_id_from_miner_id(128), padded({0x80, 0x01}));
  EXPECT_EQ(prover_id_from_miner_id(1000), padded({0xe8, 0x07}));  // t01000
  EXPECT_EQ(prover_id_from_miner_id(300), padded({0xac, 0x02}));
  EXPECT_EQ(prover_id_from_miner_id(UINT64_MAX),
            padded({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));
}

}  // namespace
}  // namespace cuzk::filecoin
