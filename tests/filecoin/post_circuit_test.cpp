// The Fallback PoSt circuit: constraint counts from rust-fil-proofs (storage-proofs-post
// tests/fallback_circuit.rs, the 32 GiB bench, and the constants.rs WindowPoSt figures), genuine
// witnesses satisfied with the verifier's public inputs (Window with padding, Winning), and a
// damaged or misshapen witness rejected.
#include "filecoin/post_circuit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <tuple>

#include "common/circuit_checks.hpp"
#include "filecoin/post_challenges.hpp"
#include "filecoin/post_public_inputs.hpp"
#include "post_fixture.hpp"
#include "r1cs/counting_cs.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/test_constraint_system.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::long_tests;
using cuzk::testing::unsatisfied_rows;

cuzk::testing::CircuitCount count_blank(const PostCircuitShape& shape) {
  return cuzk::testing::count_circuit(
      [&](r1cs::CountingCS& cs) { synthesize_post_blank(cs, shape); });
}

// storage-proofs-post tests/fallback_circuit.rs: 5 challenges, leaves = 64 x base trees.
TEST(PostCircuit, ReferenceTestShapes) {
  struct Case {
    unsigned log2_nodes;
    hash::TreeShape shape;
    unsigned sectors;
    size_t constraints, inputs;
  };
  for (const Case& c : {Case{6, {8, 0, 0}, 3, 16'869, 19}, Case{8, {8, 4, 0}, 3, 22'674, 19},
                        Case{9, {8, 4, 2}, 3, 27'384, 19}, Case{6, {8, 0, 0}, 2, 11'246, 13}}) {
    const auto n = count_blank({c.log2_nodes, c.shape, c.sectors, 5});
    EXPECT_EQ(n.constraints, c.constraints);
    EXPECT_EQ(n.inputs, c.inputs) << c.constraints;
  }
  // The bench test: 32 GiB tree (8-8-0 with 2^30 leaves), 5 sectors x 10 challenges.
  EXPECT_EQ(count_blank({30, hash::kTreeR_8_8_0, 5, 10}).constraints, 266'665u);
}

// Spec §5.3: one 32 GiB / 64 GiB sector block is 313 + 10 x (levels + 2); 2349 / 2300 of them
// are the constants.rs figures. The full circuits are CUZK_LONG_TESTS below.
TEST(PostCircuit, WindowPoStSectorBlocks) {
  for (const auto& [id, per_sector, total] : {std::tuple{"wpost-32g", 53'333u, 125'279'217u},
                                              std::tuple{"wpost-64g", 56'473u, 129'887'900u}}) {
    SCOPED_TRACE(id);
    const PostCircuitConfig& circuit = **find_post_circuit(id);
    PostCircuitShape shape = post_circuit_shape(circuit);
    shape.sectors = 1;
    const auto n = count_blank(shape);
    EXPECT_EQ(n.constraints, per_sector);
    EXPECT_EQ(n.inputs, 1u + 11);
    EXPECT_EQ(circuit.circuit_sectors * n.constraints, total);
  }
}

// Every registered circuit by the per-sector formula, fully synthesised (all but the two large
// Window circuits, which are opt-in).
TEST(PostCircuit, RegisteredCircuitCounts) {
  struct Row {
    const char* id;
    size_t constraints, inputs;
  };
  // 2 KiB / 8 MiB / 512 MiB paths: 2 / 6 / 8 arity-8 levels (1,062 / 3,182 / 4,242 per
  // challenge); 32 GiB 10 levels (5,302), 64 GiB 10 + one arity-2 level (5,616).
  const Row rows[] = {
      {"winning-2k", 66 * (313 + 1'062), 1 + 66 * 2},
      {"winning-8m", 66 * (313 + 3'182), 1 + 66 * 2},
      {"winning-512m", 66 * (313 + 4'242), 1 + 66 * 2},
      {"winning-32g", 66 * (313 + 5'302), 1 + 66 * 2},
      {"winning-64g", 66 * (313 + 5'616), 1 + 66 * 2},
      {"wpost-2k", 2 * (313 + 10 * 1'062), 1 + 2 * 11},
      {"wpost-8m", 2 * (313 + 10 * 3'182), 1 + 2 * 11},
      {"wpost-512m", 2 * (313 + 10 * 4'242), 1 + 2 * 11},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(r.id);
    const auto n = count_blank(post_circuit_shape(**find_post_circuit(r.id)));
    EXPECT_EQ(n.constraints, r.constraints);
    EXPECT_EQ(n.inputs, r.inputs);
  }
  EXPECT_EQ(66u * (313 + 5'302), 370'590u);  // winning-32g
}

TEST(PostCircuit, FullWindowPoStCounts) {
  if (!long_tests()) GTEST_SKIP() << "set CUZK_LONG_TESTS=1 (blank 32 + 64 GiB WindowPoSt)";
  for (const auto& [id, constraints, inputs] : {std::tuple{"wpost-32g", 125'279'217u, 25'840u},
                                                std::tuple{"wpost-64g", 129'887'900u, 25'301u}}) {
    SCOPED_TRACE(id);
    const auto n = count_blank(post_circuit_shape(**find_post_circuit(id)));
    EXPECT_EQ(n.constraints, constraints);
    EXPECT_EQ(n.inputs, inputs);
  }
}

// A 2 KiB WindowPoSt partition with one real sector (padded to two by repetition, as the
// reference pads it) is satisfied and inputizes exactly the verifier's public inputs.
TEST(PostCircuit, WindowPartitionIsSatisfiedWithTheVerifiersInputs) {
  for (uint64_t id : {uint64_t(5), uint64_t(10)}) {  // Window 2 KiB V1 and V1_2
    const PoStProofType& proof = **find_post_proof(id);
    SCOPED_TRACE(proof.name);
    hash::Node32 randomness{};
    randomness[0] = 42;
    const PostCircuitShape shape = post_circuit_shape(*proof.circuit);
    const auto a = testing::make_post_sector(7, 6, hash::kTreeR_8_0_0, 1);
    const auto b = testing::make_post_sector(9, 6, hash::kTreeR_8_0_0, 2);
    // Partition 1 of three sectors: only the third sector, padded.
    const auto c = testing::make_post_sector(12, 6, hash::kTreeR_8_0_0, 3);
    const PostPublicSector pub[] = {{a.sector_id, hash::node_from_fr(a.comm_r)},
                                    {b.sector_id, hash::node_from_fr(b.comm_r)},
                                    {c.sector_id, hash::node_from_fr(c.comm_r)}};
    for (unsigned partition : {0u, 1u}) {
      SCOPED_TRACE(partition);
      std::vector<PostSectorWitness> sectors;
      const testing::PostTestSector* chunk[] = {partition == 0 ? &a : &c, partition == 0 ? &b : &c};
      for (unsigned i = 0; i < 2; ++i) {
        const unsigned sector_index = partition == 0 ? i : 2;  // the padding repeats sector 2
        const auto challenges =
            post_sector_challenges(proof, randomness, chunk[i]->sector_id, sector_index);
        ASSERT_TRUE(challenges.ok());
        sectors.push_back(chunk[i]->witness(*challenges));
      }
      r1cs::ProvingAssignment cs;
      synthesize_post_circuit(cs, shape, sectors);
      EXPECT_EQ(unsatisfied_rows(cs), 0u);
      const auto expected = post_public_inputs(proof, randomness, pub, partition);
      ASSERT_TRUE(expected.ok()) << expected.error().message;
      ASSERT_EQ(cs.num_inputs(), 1 + expected->size());
      EXPECT_TRUE(std::equal(expected->begin(), expected->end(), cs.inputs().begin() + 1));
    }
  }
}

// WinningPoSt 2 KiB: the vanilla proof's 66 inclusion proofs become 66 one-challenge circuit
// sectors; the verifier's inputs repeat the sector with challenge indices 0..65.
TEST(PostCircuit, WinningIsSatisfiedWithTheVerifiersInputs) {
  const PoStProofType& proof = **find_post_proof(std::string_view("StackedDrgWinning2KiBV1"));
  hash::Node32 randomness{};
  randomness[5] = 9;
  const auto s = testing::make_post_sector(3, 6, hash::kTreeR_8_0_0, 4);
  const auto challenges = post_sector_challenges(proof, randomness, s.sector_id, 0);
  ASSERT_TRUE(challenges.ok());
  ASSERT_EQ(challenges->size(), 66u);
  std::vector<PostSectorWitness> sectors;
  for (uint64_t c : *challenges) sectors.push_back(s.witness(std::span(&c, 1)));
  r1cs::ProvingAssignment cs;
  synthesize_post_circuit(cs, post_circuit_shape(*proof.circuit), sectors);
  EXPECT_EQ(unsatisfied_rows(cs), 0u);
  const PostPublicSector pub{s.sector_id, hash::node_from_fr(s.comm_r)};
  const auto expected = post_public_inputs(proof, randomness, std::span(&pub, 1), 0);
  ASSERT_TRUE(expected.ok());
  ASSERT_EQ(expected->size(), 132u);
  EXPECT_EQ((*expected)[0], s.comm_r);
  EXPECT_EQ((*expected)[3], ff::Fr::from_u64((*challenges)[1]));
  ASSERT_EQ(cs.num_inputs(), 133u);
  EXPECT_TRUE(std::equal(expected->begin(), expected->end(), cs.inputs().begin() + 1));
}

TEST(PostCircuit, DamagedWitnessIsUnsatisfiedAtTheRightPlace) {
  const PostCircuitShape shape{6, hash::kTreeR_8_0_0, 2, 3};
  const auto s = testing::make_post_sector(1, 6, hash::kTreeR_8_0_0, 5);
  const uint64_t challenges[] = {3, 40, 63};
  std::vector<PostSectorWitness> sectors(2, s.witness(challenges));
  sectors[1].inclusion_proofs[2].base[1].siblings[4][0] ^= 1;
  r1cs::TestConstraintSystem cs;
  synthesize_post_circuit(cs, shape, sectors);
  const auto where = cs.which_is_unsatisfied();
  ASSERT_TRUE(where.has_value());
  EXPECT_NE(where->find("sector_1/challenge_inclusion_2"), std::string::npos) << *where;

  // A wrong comm_r fails the comm_r = H(comm_c, comm_r_last) check.
  sectors.assign(2, s.witness(challenges));
  sectors[0].comm_r[0] ^= 1;
  r1cs::TestConstraintSystem cs2;
  synthesize_post_circuit(cs2, shape, sectors);
  const auto where2 = cs2.which_is_unsatisfied();
  ASSERT_TRUE(where2.has_value());
  EXPECT_NE(where2->find("sector_0/enforce_comm_c_comm_r_last_hash_comm_r"), std::string::npos)
      << *where2;
}

TEST(PostCircuit, RejectsWitnessOfTheWrongShape) {
  const PostCircuitShape shape{6, hash::kTreeR_8_0_0, 2, 3};
  const auto s = testing::make_post_sector(1, 6, hash::kTreeR_8_0_0, 6);
  const uint64_t challenges[] = {3, 40, 63};
  const PostSectorWitness good = s.witness(challenges);
  {
    r1cs::CountingCS cs;  // one sector short
    EXPECT_THROW(synthesize_post_circuit(cs, shape, std::span(&good, 1)), std::invalid_argument);
  }
  {
    std::vector<PostSectorWitness> sectors(2, good);
    sectors[1].inclusion_proofs.pop_back();
    r1cs::CountingCS cs;
    EXPECT_THROW(synthesize_post_circuit(cs, shape, sectors), std::invalid_argument);
  }
  {
    std::vector<PostSectorWitness> sectors(2, good);
    sectors[0].inclusion_proofs[0].base.pop_back();  // a level short
    r1cs::CountingCS cs;
    EXPECT_THROW(synthesize_post_circuit(cs, shape, sectors), std::invalid_argument);
  }
  {
    std::vector<PostSectorWitness> sectors(2, good);
    sectors[0].inclusion_proofs[0].base[0].siblings.pop_back();  // arity 7
    r1cs::CountingCS cs;
    EXPECT_THROW(synthesize_post_circuit(cs, shape, sectors), std::invalid_argument);
  }
  {
    std::vector<PostSectorWitness> sectors(2, good);
    sectors[1].comm_c.fill(0xff);  // not canonical
    r1cs::CountingCS cs;
    EXPECT_THROW(synthesize_post_circuit(cs, shape, sectors), std::invalid_argument);
  }
}

TEST(PostPublicInputs, OrderPaddingAndErrors) {
  const PoStProofType& proof = **find_post_proof(uint64_t(10));  // Window 2 KiB V1_2
  hash::Node32 randomness{};
  hash::Node32 comm_r{};
  comm_r[0] = 1;
  const PostPublicSector one[] = {{77, comm_r}};
  const auto inputs = post_public_inputs(proof, randomness, one, 0);
  ASSERT_TRUE(inputs.ok());
  ASSERT_EQ(inputs->size(), 22u);  // two circuit sectors of 1 + 10
  EXPECT_EQ((*inputs)[0], ff::Fr::from_u64(1));
  for (unsigned n = 0; n < 10; ++n)
    EXPECT_EQ((*inputs)[1 + n], ff::Fr::from_u64(post_leaf_challenge(randomness, 77, n, 64)));
  EXPECT_TRUE(std::equal(inputs->begin(), inputs->begin() + 11, inputs->begin() + 11));

  EXPECT_EQ(post_public_inputs(proof, randomness, one, 1).code(), FilecoinError::kShape);
  EXPECT_EQ(post_public_inputs(proof, randomness, {}, 0).code(), FilecoinError::kShape);
  hash::Node32 bad{};
  bad.fill(0xff);
  const PostPublicSector bad_sector[] = {{1, bad}};
  const auto e = post_public_inputs(proof, randomness, bad_sector, 0);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.code(), FilecoinError::kSchema);
  EXPECT_NE(e.error().message.find("sectors[0].comm_r"), std::string::npos);
  EXPECT_EQ(post_public_inputs(proof, bad, one, 0).code(), FilecoinError::kSchema);
  const PoStProofType& winning = **find_post_proof(uint64_t(0));
  const PostPublicSector two[] = {{1, comm_r}, {2, comm_r}};
  EXPECT_EQ(post_public_inputs(winning, randomness, two, 0).code(), FilecoinError::kShape);
}

// A partition's inputs a sector per task: the same inputs and the same error (the lowest bad
// sector's) on one thread and on several. 50 sectors of a 32 GiB partition (2349 circuit sectors).
TEST(PostPublicInputs, SameOnAnyThreadCount) {
  const PoStProofType& proof = **find_post_proof(std::string_view("StackedDrgWindow32GiBV1_2"));
  hash::Node32 randomness{};
  randomness[3] = 9;
  std::vector<PostPublicSector> sectors;
  for (uint64_t i = 0; i < 50; ++i) {
    hash::Node32 comm_r{};
    comm_r[0] = uint8_t(i);
    sectors.push_back({1000 + 3 * i, comm_r});
  }
  const auto one = post_partition_public_inputs(proof, randomness, sectors, 2, 1);
  ASSERT_TRUE(one.ok()) << one.error().message;
  ASSERT_EQ(one->size(), 2349u * 11);
  // Sector 7 sits at 7 * 11; the padding repeats sector 49.
  EXPECT_EQ((*one)[7 * 11], ff::Fr::from_u64(7));
  EXPECT_EQ((*one)[7 * 11 + 4],
            ff::Fr::from_u64(post_leaf_challenge(randomness, 1021, 3, proof.circuit->nodes())));
  EXPECT_TRUE(std::equal(one->begin() + 49 * 11, one->begin() + 50 * 11, one->end() - 11));
  const auto four = post_partition_public_inputs(proof, randomness, sectors, 2, 4);
  ASSERT_TRUE(four.ok());
  EXPECT_EQ(*four, *one);

  sectors[40].comm_r.fill(0xff);
  sectors[17].comm_r.fill(0xff);
  for (unsigned threads : {1u, 4u}) {
    const auto e = post_partition_public_inputs(proof, randomness, sectors, 2, threads);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.code(), FilecoinError::kSchema);
    // Global sector index: partition 2 of 2349-sector partitions.
    EXPECT_NE(e.error().message.find("sectors[" + std::to_string(2 * 2349 + 17) + "].comm_r"),
              std::string::npos)
        << e.error().message;
  }
}

}  // namespace
}  // namespace cuzk::filecoin
