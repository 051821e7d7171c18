// Sector-level values (spec §3-5, §7): zero-sector comm_d, replica_id of the 32 GiB
// regression record, comm_r = Poseidon2(comm_c, comm_r_last), the label byte layout and the
// column hash.
#include "filecoin/commitments.hpp"

#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "filecoin/labels.hpp"
#include "filecoin/proof_type.hpp"
#include "hash/hash_test_util.hpp"
#include "hash/merkle_tree.hpp"
#include "hash/poseidon.hpp"
#include "hash/sha256.hpp"
#include "util/hex.hpp"

namespace cuzk::filecoin {
namespace {

using ff::Fr;
using hash::Node32;
using hash::testing::node_from_hex;

// [spec §4] comm_d of an all-zero sector per size (32 GiB = CID baga6ea4seaqao7s73y...).
TEST(Commitments, ZeroSectorCommD) {
  const char* expected[] = {
      "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833",
      "65f29e5d98d246c38b388cfc06db1f6b021303c5a289000bdce832a9c3ec421c",
      "39560e7b13a93b07a243fd2720ffa7cb3e1d2e505ab3629e79f46313512cda06",
      "077e5fde35c50a9303a55009e3498a4ebedff39c42b710b730d8ec7ac7afa63e",
      "e64005a6bfe3777953b8ad6ef93f0fca1049b2041654f2a411f7702799cece02",
  };
  for (size_t i = 0; i < 5; ++i) {
    const auto& s = porep_sector_configs()[i];
    EXPECT_EQ(to_hex(zero_sector_comm_d(s.log2_nodes)), expected[i]) << s.circuit_id;
  }
  // Same as building the 2 KiB tree over 64 zero leaves.
  const std::vector<Node32> zeros(64, Node32{});
  EXPECT_EQ(zero_sector_comm_d(6),
            hash::merkle_root<hash::Sha256NodeHasher>(zeros, hash::kBinaryTreeShape));
}

// [spec §5] replica_id of the first 32 GiB V1_1 regression record (seal_regression_records-v16
// line 443): prover_id, sector_id 9259733836259213201 (hashed big-endian), ticket, comm_d,
// porep_id of id 8.
TEST(Commitments, ReplicaIdOf32GiBRegressionRecord) {
  const Node32 replica_id = generate_replica_id(
      node_from_hex("101cbe4b9c42604f04c703c396f788c6cb2d6d7d58f45430b12eb2edd640076c"),
      9259733836259213201ull,
      node_from_hex("e8867f2000d5597a0a5f4382c52b8b89890019df5320d486a067f38e6c68624b"),
      node_from_hex("eb7a26a6d07062559b9e8ca31cf56d76eb9d6a5e861dd2956d17e09c73ad1936"),
      find_seal_proof(uint64_t(8)).value()->porep_id());
  EXPECT_EQ(to_hex(replica_id), "3ca7c8110b2ccdcc89d8d7dabeed81b7a5b87a4f73ed43d0b2eb2220de963129");
  EXPECT_TRUE(hash::is_fr32(replica_id));
}

// [spec §3] comm_r is the arity-2 MerkleTree Poseidon (tag 3) of (comm_c, comm_r_last), in that
// order: the root of a 2-leaf Poseidon tree.
TEST(Commitments, CommRIsPoseidon2OfCommCThenCommRLast) {
  const Fr comm_c = Fr::from_u64(11), comm_r_last = Fr::from_u64(22);
  const std::array<Fr, 2> pair = {comm_c, comm_r_last};
  EXPECT_EQ(
      compute_comm_r(comm_c, comm_r_last),
      hash::poseidon_hash(pair, hash::poseidon_params(2), hash::PoseidonHashType::merkle_tree()));
  EXPECT_EQ(compute_comm_r(comm_c, comm_r_last),
            hash::merkle_root<hash::PoseidonNodeHasher>(pair, hash::TreeShape{2, 0, 0}));
  EXPECT_NE(compute_comm_r(comm_c, comm_r_last), compute_comm_r(comm_r_last, comm_c));
}

// [spec §7] label = fr_safe(SHA-256(replica_id ‖ layer u32 BE ‖ node u64 BE ‖ 20 zero bytes ‖
// 37 parents)), built here byte by byte; node 0 hashes the first 64 bytes only.
TEST(Labels, ByteLayout) {
  Node32 replica_id;
  for (int i = 0; i < 32; ++i) replica_id[i] = uint8_t(3 * i + 1);
  std::vector<Node32> values(kParentCount);
  for (unsigned j = 0; j < values.size(); ++j) values[j].fill(uint8_t(0x40 + j));
  const LabelParentSlots slots = label_parent_slots(values);

  std::vector<uint8_t> message(replica_id.begin(), replica_id.end());
  const uint8_t header[32] = {0, 0, 0, 7, 0, 0, 0, 0x01, 0x02, 0x03, 0x04, 0x05};
  message.insert(message.end(), header, header + 32);
  for (unsigned j = 0; j < 37; ++j) {
    const Node32& p = values[j % 14];  // 14 values, 14 again, then the first 9
    message.insert(message.end(), p.begin(), p.end());
  }
  EXPECT_EQ(message.size(), 64u + 37 * 32);
  const Node32 expected = hash::trim_to_fr32(hash::sha256(message));
  EXPECT_EQ(porep_label(replica_id, 7, 0x0102030405ull, slots), expected);

  std::vector<uint8_t> node0(replica_id.begin(), replica_id.end());
  const uint8_t header0[32] = {0, 0, 0, 2};
  node0.insert(node0.end(), header0, header0 + 32);
  EXPECT_EQ(porep_label(replica_id, 2, 0, {}), hash::trim_to_fr32(hash::sha256(node0)));
}

// [spec §7] layer-1 slots: b0..b5 six times, then b0.
TEST(Labels, Layer1SlotsRepeatSixDrgParents) {
  std::vector<Node32> drg(kDrgDegree);
  for (unsigned j = 0; j < drg.size(); ++j) drg[j].fill(uint8_t(j + 1));
  const LabelParentSlots slots = label_parent_slots(drg);
  for (unsigned j = 0; j < 36; ++j) EXPECT_EQ(slots[j], drg[j % 6]);
  EXPECT_EQ(slots[36], drg[0]);
  std::vector<Node32> bad(7);
  EXPECT_THROW(label_parent_slots(bad), std::invalid_argument);
}

// [spec §7] the column hash is Poseidon with arity = layers (MerkleTree tag 2^arity - 1).
TEST(Labels, ColumnHashArity) {
  std::vector<Fr> rows11, rows2 = {Fr::from_u64(5), Fr::from_u64(6)};
  for (uint64_t i = 0; i < 11; ++i) rows11.push_back(Fr::from_u64(100 + i));
  EXPECT_EQ(column_hash(rows11), hash::poseidon_hash(rows11, hash::poseidon_params(11)));
  EXPECT_EQ(column_hash(rows2), compute_comm_r(rows2[0], rows2[1]));
}

}  // namespace
}  // namespace cuzk::filecoin
