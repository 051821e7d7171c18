// Challenge derivation (spec §8): the synthetic vector of challenges.rs, the 32 GiB regression
// record's challenges (interactive; NI from the formula with Python's hashlib as oracle), and
// the partition properties the spec states.
#include "filecoin/challenges.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "ff/fr.hpp"
#include "hash/hash_test_util.hpp"

namespace cuzk::filecoin {
namespace {

using hash::Node32;
using hash::testing::node_from_hex;

const Node32 kRecordReplicaId =  // spec §5
    node_from_hex("3ca7c8110b2ccdcc89d8d7dabeed81b7a5b87a4f73ed43d0b2eb2220de963129");
const Node32 kRecordSeed =  // spec §13.4
    node_from_hex("56964257e0d6c11e074117b36172fff3ebd1a6ec18fa79555e58df5a9d889dcb");
const Node32 kRecordCommR =  // spec §13.4
    node_from_hex("a816696e8028e4d2ea7d3376b7a1d239fd72c21bb533e0365c8e145b9b683360");

// [upstream] challenges.rs test_synth_challenges_against_hardcoded (spec §8): nodes 2^10,
// replica_id = Fr(55), comm_r = Fr(101), 21 synthetic challenges, rand = [1; 32].
TEST(Challenges, SyntheticHardcodedVector) {
  const Node32 replica_id = ff::Fr::from_u64(55).to_bytes_le();
  const Node32 comm_r = ff::Fr::from_u64(101).to_bytes_le();
  const SyntheticChallenges synth(1 << 10, replica_id, comm_r, 21);
  const std::vector<uint64_t> expected_synth = {178, 297, 869, 211, 875, 477, 94,
                                                781, 124, 332, 856, 801, 176, 692,
                                                429, 691, 290, 204, 986, 210, 973};
  for (uint64_t i = 0; i < 21; ++i) EXPECT_EQ(synth.challenge(i), expected_synth[i]) << i;
  EXPECT_THROW(synth.challenge(21), std::out_of_range);
  Node32 rand;
  rand.fill(1);
  EXPECT_EQ(synth.partition_challenges(rand, 10, 0),
            (std::vector<uint64_t>{176, 781, 801, 986, 290, 211, 692, 856, 986, 332}));
}

// [spec §8] (labelled there as the NI example, but these are the *interactive* challenges of
// the record; Python's hashlib agrees) 32 GiB record, partition 0, j = 0, 1, 2; [derived]
// partition 9, j = 162 and 179.
TEST(Challenges, InteractiveOf32GiBRegressionRecord) {
  const auto k0 = interactive_challenges(uint64_t(1) << 30, kRecordReplicaId, kRecordSeed, 18, 0);
  ASSERT_EQ(k0.size(), 18u);
  EXPECT_EQ(k0[0], 980979701u);
  EXPECT_EQ(k0[1], 721418575u);
  EXPECT_EQ(k0[2], 824730872u);
  const auto k9 = interactive_challenges(uint64_t(1) << 30, kRecordReplicaId, kRecordSeed, 18, 9);
  EXPECT_EQ(k9[0], 499831192u);
  EXPECT_EQ(k9[17], 344547818u);
  const ProofType& p = *find_seal_proof(std::string_view("StackedDrg32GiBV1_1")).value();
  EXPECT_EQ(porep_partition_challenges(p, {kRecordReplicaId, kRecordSeed, kRecordCommR}, 9), k9);
}

// [derived] spec §8 NI formula with hashlib: SHA-256(tag ‖ replica_id ‖ comm_r ‖ j LE) for
// the record's replica_id and comm_r; j = 0, 1, 2 and the last of 126 partitions.
TEST(Challenges, NonInteractiveFormula) {
  const auto k0 =
      non_interactive_challenges(uint64_t(1) << 30, kRecordReplicaId, kRecordCommR, 18, 0);
  EXPECT_EQ(k0[0], 451013174u);
  EXPECT_EQ(k0[1], 745984159u);
  EXPECT_EQ(k0[2], 735452604u);
  const ProofType& p =
      *find_seal_proof(std::string_view("StackedDrg32GiBV1_2_Feat_NonInteractivePoRep")).value();
  Node32 other_seed;
  other_seed.fill(9);  // NI ignores the seed
  const auto k125 =
      porep_partition_challenges(p, {kRecordReplicaId, other_seed, kRecordCommR}, 125);
  EXPECT_EQ(k125[17], 759105755u);
  EXPECT_THROW(porep_partition_challenges(p, {}, 126), std::out_of_range);
}

// [upstream] challenges.rs challenge_partition_equivalence: partitioning does not change the
// global sequence; [spec §8] the same holds for the synthetic selection stream.
TEST(Challenges, PartitionsConcatenateToOneSequence) {
  Node32 replica_id, seed, comm_r;
  for (int i = 0; i < 32; ++i) {
    replica_id[i] = uint8_t(i * 7);
    seed[i] = uint8_t(255 - i);
    comm_r[i] = uint8_t(i ^ 0x55);
  }
  replica_id[31] &= 0x3f;
  comm_r[31] &= 0x3f;
  const uint64_t nodes = uint64_t(1) << 30;
  const auto all = interactive_challenges(nodes, replica_id, seed, 90, 0);
  const SyntheticChallenges synth(nodes, replica_id, comm_r);
  EXPECT_EQ(synth.count(), SyntheticChallenges::kDefaultCount);
  const auto all_synth = synth.selected_indexes(seed, 90, 0);
  for (unsigned k = 0; k < 5; ++k) {
    const auto part = interactive_challenges(nodes, replica_id, seed, 18, k);
    const auto part_synth = synth.selected_indexes(seed, 18, k);
    for (unsigned i = 0; i < 18; ++i) {
      EXPECT_EQ(part[i], all[18 * k + i]);
      EXPECT_EQ(part_synth[i], all_synth[18 * k + i]);
      EXPECT_GE(part[i], 1u);
      EXPECT_LT(part[i], nodes);
    }
  }
  EXPECT_EQ(SyntheticChallenges(64, replica_id, comm_r).count(), 64u);  // min(nodes, 2^18)
}

// [spec §8] challenge = (X mod (nodes - 1)) + 1 over the whole 256-bit LE integer.
TEST(Challenges, BigIntegerReduction) {
  std::array<uint8_t, 32> x{};
  EXPECT_EQ(challenge_from_bytes(x, 64), 1u);
  x[0] = 62;
  EXPECT_EQ(challenge_from_bytes(x, 64), 63u);
  x[0] = 63;
  EXPECT_EQ(challenge_from_bytes(x, 64), 1u);
  // 2^248 mod 63 = 2^(248 mod 6) = 2^2 = 4 (2^6 = 1 mod 63).
  x.fill(0);
  x[31] = 1;
  EXPECT_EQ(challenge_from_bytes(x, 64), 5u);
  // All-ones: (2^256 - 1) mod (2^30 - 1) = 2^(256 mod 30) - 1 = 2^16 - 1.
  x.fill(0xff);
  EXPECT_EQ(challenge_from_bytes(x, uint64_t(1) << 30), 65536u);
}

}  // namespace
}  // namespace cuzk::filecoin
