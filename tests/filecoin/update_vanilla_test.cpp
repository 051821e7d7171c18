// SnapDeals vanilla proofs: the bincode PartitionProof layout (spec §6.5: sizes, round trip),
// bytes -> witness -> satisfied circuit, the vanilla checks, and precise errors.
#include "filecoin/update_vanilla.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "common/circuit_checks.hpp"
#include "filecoin/post_bincode.hpp"
#include "r1cs/proving_assignment.hpp"
#include "update_fixture.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::unsatisfied_rows;

// 32 GiB: 32 + 8 + 128 x 32 + 8 + 86 x (2 x 2,484 (Sub) + 1,516 (Single, 30 levels)).
TEST(UpdateVanilla, ThirtyTwoGiBSizeAndRoundTrip) {
  const UpdateCircuitShape shape = update_circuit_shape(30);
  UpdatePartitionWitness w = blank_update_witness(shape);
  for (auto& p : w.challenge_proofs) {
    for (MerkleProof* m : {&p.proof_r_old, &p.proof_r_new}) {
      m->kind = MerkleProofKind::kSub;
      m->sub.push_back(m->base.back());
      m->base.pop_back();
    }
  }
  w.apex_leafs[127][0] = 9;
  const std::vector<uint8_t> bytes = serialize_update_partition_proof(w);
  EXPECT_EQ(bytes.size(), 32u + 8 + 128 * 32 + 8 + 86 * (2 * 2'484 + 1'516));
  const auto parsed = parse_update_partition_proof(bytes, shape);
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  EXPECT_EQ(parsed->apex_leafs[127], w.apex_leafs[127]);
  EXPECT_EQ(parsed->challenge_proofs[85].proof_r_new.kind, MerkleProofKind::kSub);
  EXPECT_EQ(parsed->challenge_proofs[85].proof_d_new.base.size(), 30u);
  EXPECT_EQ(serialize_update_partition_proof(*parsed), bytes);
}

TEST(UpdateVanilla, BytesToSatisfiedCircuit) {
  const auto sector = testing::make_update_sector(6, 31);
  const std::vector<uint8_t> bytes = serialize_update_partition_proof(sector.partition_witness(0));
  const auto parsed = parse_update_partition_proof(bytes, sector.shape, "vanilla_proofs[0]");
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  const auto checked = update_check_vanilla(sector.shape, sector.public_values(0), *parsed);
  ASSERT_TRUE(checked.ok()) << checked.error().message;
  r1cs::ProvingAssignment cs;
  synthesize_update_circuit(cs, sector.shape, sector.public_values(0), *parsed);
  EXPECT_EQ(unsatisfied_rows(cs), 0u);
  const auto inputs = update_public_inputs(sector.shape, sector.public_values(0));
  ASSERT_TRUE(inputs.ok());
  EXPECT_TRUE(std::equal(inputs->begin(), inputs->end(), cs.inputs().begin() + 1));
}

// 16 KiB: two partitions, 8-8-0 trees (Sub proofs), 128 apex leaves; both partitions check.
TEST(UpdateVanilla, SixteenKiBPartitionsCheck) {
  const auto sector = testing::make_update_sector(9, 32);
  for (unsigned k : {0u, 1u}) {
    const auto bytes = serialize_update_partition_proof(sector.partition_witness(k));
    const auto parsed = parse_update_partition_proof(bytes, sector.shape);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed->challenge_proofs[0].proof_r_old.kind, MerkleProofKind::kSub);
    const auto checked = update_check_vanilla(sector.shape, sector.public_values(k), *parsed);
    EXPECT_TRUE(checked.ok()) << checked.error().message;
  }
  // Partition 0's proof is not partition 1's.
  const auto r =
      update_check_vanilla(sector.shape, sector.public_values(1), sector.partition_witness(0));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.code(), FilecoinError::kInconsistent);
  EXPECT_NE(r.error().message.find("challenge 0 (node "), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("proof_r_old opens node"), std::string::npos);
}

TEST(UpdateVanilla, MalformedBytesNameTheField) {
  const auto sector = testing::make_update_sector(6, 33);
  const std::vector<uint8_t> good = serialize_update_partition_proof(sector.partition_witness(0));
  auto with = [&](auto edit) {
    std::vector<uint8_t> b = good;
    edit(b);
    return b;
  };
  const size_t challenges_len = 32 + 8 + 8 * 32;
  const size_t first_r_old = challenges_len + 8;
  const size_t single_2k = 4 + 64 + 8 + 2 * (8 + 7 * 32 + 8);  // 556
  const size_t first_d_new = first_r_old + single_2k;
  struct Case {
    const char* what;
    std::vector<uint8_t> bytes;
    FilecoinError code;
    const char* needle;
  };
  const Case cases[] = {
      {"cut", with([](auto& b) { b.resize(b.size() - 5); }), FilecoinError::kSchema,
       "vanilla_proofs[3].challenge_proofs[9].proof_r_new.path[1].index: truncated"},
      {"trailing", with([](auto& b) { b.push_back(1); }), FilecoinError::kSchema,
       "1 trailing bytes"},
      {"comm_c", with([](auto& b) { b[31] = 0xf0; }), FilecoinError::kSchema,
       "vanilla_proofs[3].comm_c: not a canonical"},
      {"7 apex leaves", with([](auto& b) { b[32] = 7; }), FilecoinError::kShape,
       "apex_leafs: 7 leaves, the sector size has 8"},
      {"11 challenges", with([&](auto& b) { b[challenges_len] = 11; }), FilecoinError::kShape,
       "challenge_proofs: 11 proofs, a partition has 10 challenges"},
      {"proof_d_new Sub", with([&](auto& b) { b[first_d_new] = 1; }), FilecoinError::kShape,
       "challenge_proofs[0].proof_d_new: a Sub proof, the tree 2-0-0 needs Single"},
      {"proof_d_new 2 siblings", with([&](auto& b) { b[first_d_new + 4 + 64 + 8] = 2; }),
       FilecoinError::kShape, "proof_d_new.path[0].hashes: 2 siblings, arity 2 needs 1"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    const auto r = parse_update_partition_proof(c.bytes, sector.shape, "vanilla_proofs[3]");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.code(), c.code);
    EXPECT_NE(r.error().message.find(c.needle), std::string::npos) << r.error().message;
  }
}

TEST(UpdateVanilla, InconsistentProofsAreReported) {
  const auto sector = testing::make_update_sector(6, 34);
  const UpdatePartitionWitness good = sector.partition_witness(0);
  auto expect = [&](const UpdatePartitionWitness& w, const UpdatePublicValues& v,
                    FilecoinError code, const char* needle) {
    const auto r = update_check_vanilla(sector.shape, v, w);
    ASSERT_FALSE(r.ok()) << needle;
    EXPECT_EQ(r.code(), code);
    EXPECT_NE(r.error().message.find(needle), std::string::npos) << r.error().message;
  };
  UpdatePublicValues v = sector.public_values(0);
  v.comm_r_new[0] ^= 1;
  expect(good, v, FilecoinError::kInconsistent, "comm_r_new != Poseidon2(comm_c");
  v = sector.public_values(0);
  v.comm_r_old[0] ^= 1;
  expect(good, v, FilecoinError::kInconsistent, "comm_r_old != Poseidon2(comm_c");
  v = sector.public_values(0);
  v.k = 1;
  expect(good, v, FilecoinError::kShape, "partition_index 1 >= 1");
  UpdatePartitionWitness w = good;
  w.apex_leafs[3][0] ^= 1;
  w.apex_leafs[3][1] ^= 1;
  const auto r = update_check_vanilla(sector.shape, sector.public_values(0), w);
  // Only challenges below apex leaf 3 notice it, through the apex root (or the leaf itself).
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.code(), FilecoinError::kInconsistent);
  EXPECT_NE(r.error().message.find("apex"), std::string::npos) << r.error().message;
  w = good;
  w.challenge_proofs[6].proof_r_new.base[0].siblings[1][0] ^= 1;
  expect(w, sector.public_values(0), FilecoinError::kInconsistent, "challenge 6 (node ");
  w = good;
  w.challenge_proofs[2].proof_d_new.root[0] ^= 1;
  expect(w, sector.public_values(0), FilecoinError::kInconsistent, "challenge 2 (node ");
  w = good;
  w.challenge_proofs.pop_back();
  expect(w, sector.public_values(0), FilecoinError::kShape, "9 challenge proofs");
}

}  // namespace
}  // namespace cuzk::filecoin
