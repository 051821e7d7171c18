// The EmptySectorUpdate circuit: constraint counts of storage-proofs-update tests/circuit.rs
// (every test size, and 32 GiB by a per-challenge decomposition; the full 32 / 64 GiB counts are
// CUZK_LONG_TESTS), genuine witnesses satisfied with the verifier's public inputs, the native
// phi / rho / challenges against spec §6.2, and damaged or misshapen witnesses rejected.
#include "filecoin/update_circuit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "common/circuit_checks.hpp"
#include "filecoin/update_challenges.hpp"
#include "r1cs/counting_cs.hpp"
#include "r1cs/proving_assignment.hpp"
#include "update_fixture.hpp"
#include "util/hex.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::long_tests;
using cuzk::testing::unsatisfied_rows;

cuzk::testing::CircuitCount count_blank(const UpdateCircuitShape& shape) {
  return cuzk::testing::count_circuit(
      [&](r1cs::CountingCS& cs) { synthesize_update_blank(cs, shape); });
}

// Big-endian hex as in the spec -> Fr.
ff::Fr fr_be(const char* hex) {
  auto bytes = *from_hex(hex);
  std::reverse(bytes.begin(), bytes.end());
  hash::Node32 node{};
  std::copy(bytes.begin(), bytes.end(), node.begin());
  return *hash::fr_from_node(node);
}

// storage-proofs-update tests/circuit.rs, every test sector size (5 public inputs with ONE).
TEST(UpdateCircuit, ReferenceTestSizes) {
  struct Case {
    unsigned log2_nodes;
    size_t constraints;
  };
  for (const Case& c : {Case{5, 1'248'389}, Case{6, 1'705'039}, Case{7, 2'165'109},
                        Case{8, 2'620'359}, Case{9, 6'300'021}, Case{10, 6'760'091}}) {
    SCOPED_TRACE(c.log2_nodes);
    const auto n = count_blank(update_circuit_shape(c.log2_nodes));
    EXPECT_EQ(n.constraints, c.constraints);
    EXPECT_EQ(n.inputs, 5u);
  }
}

// Spec §6.3: 32 GiB = 5,951,289 fixed + 86 x 873,235 = 81,049,499. One and two challenges
// (both from one digest of gen_challenge_bits: 568) give the per-challenge block; the full
// fixed part has 10 digests (5,680).
TEST(UpdateCircuit, ThirtyTwoGiBChallengeBlock) {
  UpdateCircuitShape shape = update_circuit_shape(**find_update_circuit("snap-32g"));
  ASSERT_EQ(shape.challenges, 86u);
  shape.challenges = 1;
  const auto one = count_blank(shape);
  shape.challenges = 2;
  const auto two = count_blank(shape);
  const size_t per_challenge = two.constraints - one.constraints;
  EXPECT_EQ(per_challenge, 873'235u);
  const size_t fixed = one.constraints - per_challenge - 568 + 5'680;
  EXPECT_EQ(fixed, 5'951'289u);
  EXPECT_EQ(fixed + 86 * per_challenge, 81'049'499u);
  EXPECT_EQ(one.inputs, 5u);
}

TEST(UpdateCircuit, FullThirtyTwoGiBCount) {
  if (!long_tests()) GTEST_SKIP() << "set CUZK_LONG_TESTS=1 (blank 32 GiB SnapDeals partition)";
  const auto n = count_blank(update_circuit_shape(**find_update_circuit("snap-32g")));
  EXPECT_EQ(n.constraints, 81'049'499u);
  EXPECT_EQ(n.inputs, 5u);
}

// Spec §6.2 derived values.
TEST(UpdateChallenges, PhiRhoAndChallenges) {
  const ff::Fr phi = update_phi(ff::Fr::from_u64(5), ff::Fr::from_u64(7));
  EXPECT_EQ(phi, fr_be("4f264bff7bc4d02165572c73cc2bab8c2ef9cf1c8af3d79e7fd7dfaa0e99c390"));
  EXPECT_EQ(update_rho(phi, 3),
            fr_be("45b96f7ed446316e69219f55715e01acef866417f7b80a8d712c262df6fbf74c"));
  const UpdateCircuitShape s32 = update_circuit_shape(30);
  const auto k0 = update_challenges(s32, ff::Fr::from_u64(1), 0);
  ASSERT_EQ(k0.size(), 86u);
  EXPECT_EQ(std::vector<uint64_t>(k0.begin(), k0.begin() + 5),
            (std::vector<uint64_t>{31713862, 13458775, 56430912, 50980828, 3899131}));
  const auto k15 = update_challenges(s32, ff::Fr::from_u64(1), 15);
  EXPECT_EQ(std::vector<uint64_t>(k15.begin(), k15.begin() + 5),
            (std::vector<uint64_t>{1061751506, 1022848134, 1028168877, 1010819373, 1026798114}));
  for (uint64_t c : k15) EXPECT_EQ(c >> 26, 15u);  // inside partition 15
  EXPECT_EQ(update_node_high(uint64_t(1) << 29, 30, 10), 512u);
  EXPECT_THROW(update_challenges(s32, ff::Fr::one(), 16), std::invalid_argument);
  EXPECT_EQ(update_poseidon_challenges(s32, ff::Fr::one()).size(), 1376u);
}

// 2 KiB (one partition) and 16 KiB partition 1 (a one-level partition path, 128 apex leaves,
// 8-8-0 trees) are satisfied and inputize exactly the verifier's public inputs.
TEST(UpdateCircuit, GenuinePartitionsAreSatisfied) {
  for (const auto& [log2_nodes, k] : {std::pair{6u, 0u}, std::pair{9u, 1u}}) {
    SCOPED_TRACE(log2_nodes);
    const auto sector = testing::make_update_sector(log2_nodes, 11 + log2_nodes);
    r1cs::ProvingAssignment cs;
    synthesize_update_circuit(cs, sector.shape, sector.public_values(k),
                              sector.partition_witness(k));
    EXPECT_EQ(unsatisfied_rows(cs), 0u);
    const auto expected = update_public_inputs(sector.shape, sector.public_values(k));
    ASSERT_TRUE(expected.ok());
    ASSERT_EQ(cs.num_inputs(), 5u);
    EXPECT_TRUE(std::equal(expected->begin(), expected->end(), cs.inputs().begin() + 1));
  }
}

TEST(UpdateCircuit, PublicInputs) {
  const UpdateCircuitShape s32 = update_circuit_shape(30);
  UpdatePublicValues v{3, 10, {}, {}, {}};
  v.comm_r_old[0] = 1;
  v.comm_d_new[0] = 2;
  v.comm_r_new[0] = 3;
  const auto inputs = update_public_inputs(s32, v);
  ASSERT_TRUE(inputs.ok());
  ASSERT_EQ(inputs->size(), 4u);
  EXPECT_EQ((*inputs)[0], ff::Fr::from_u64(3 + 128));  // k | h_select(8) << 4
  EXPECT_EQ((*inputs)[1], ff::Fr::from_u64(1));
  EXPECT_EQ((*inputs)[2], ff::Fr::from_u64(2));
  EXPECT_EQ((*inputs)[3], ff::Fr::from_u64(3));
  v.k = 16;
  EXPECT_EQ(update_public_inputs(s32, v).code(), FilecoinError::kShape);
  v.k = 0;
  v.h = 6;
  EXPECT_EQ(update_public_inputs(s32, v).code(), FilecoinError::kShape);
  v.h = 10;
  v.comm_d_new.fill(0xff);
  const auto bad = update_public_inputs(s32, v);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.code(), FilecoinError::kSchema);
  EXPECT_NE(bad.error().message.find("comm_d_new"), std::string::npos);
}

// A damaged TreeD sibling of challenge 4 breaks exactly one row: the last of that challenge's
// block (its "calculated root == provided root" against the apex leaf), i.e. the last row of a
// circuit cut after 5 challenges (1 KiB: one digest serves all 10, so the prefix is identical).
TEST(UpdateCircuit, DamagedWitnessIsUnsatisfiedAtTheRightPlace) {
  const auto sector = testing::make_update_sector(5, 3);  // 1 KiB: the smallest circuit
  UpdatePartitionWitness w = sector.partition_witness(0);
  w.challenge_proofs[4].proof_d_new.base[1].siblings[0][0] ^= 1;
  r1cs::ProvingAssignment cs;
  synthesize_update_circuit(cs, sector.shape, sector.public_values(0), w);
  std::vector<size_t> bad;
  for (size_t i = 0; i < cs.num_constraints(); ++i)
    if (cs.a()[i] * cs.b()[i] != cs.c()[i]) bad.push_back(i);
  UpdateCircuitShape five = sector.shape;
  five.challenges = 5;
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0], count_blank(five).constraints - 1);

  // A wrong apex leaf breaks the apex tree against comm_d_new.
  w = sector.partition_witness(0);
  w.apex_leafs[5][0] ^= 1;
  r1cs::ProvingAssignment pa;
  synthesize_update_circuit(pa, sector.shape, sector.public_values(0), w);
  EXPECT_GT(unsatisfied_rows(pa), 0u);
}

TEST(UpdateCircuit, RejectsWitnessOfTheWrongShape) {
  const auto sector = testing::make_update_sector(9, 4);  // 2 partitions: a partition path
  const UpdatePublicValues pub = sector.public_values(0);
  const UpdatePartitionWitness good = blank_update_witness(sector.shape);
  auto expect_reject = [&](const UpdatePartitionWitness& w, const UpdatePublicValues& v,
                           const char* needle) {
    r1cs::CountingCS cs;
    try {
      synthesize_update_circuit(cs, sector.shape, v, w);
      ADD_FAILURE() << "accepted: " << needle;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  UpdatePartitionWitness w = good;
  w.apex_leafs.pop_back();
  expect_reject(w, pub, "apex leaves");
  w = good;
  w.challenge_proofs.pop_back();
  expect_reject(w, pub, "challenge proofs");
  w = good;
  w.challenge_proofs[3].proof_r_new.base.pop_back();
  expect_reject(w, pub, "path_r_new of challenge 3");
  w = good;
  w.challenge_proofs[2].proof_d_new.base.back().siblings[0][0] = 1;
  expect_reject(w, pub, "partition path differs");
  w = good;
  w.challenge_proofs[1].proof_r_new.leaf[0] = 1;
  expect_reject(w, pub, "leaf_r_new is not");
  UpdatePublicValues v = pub;
  v.k = 2;
  expect_reject(good, v, "partition_index");
}

}  // namespace
}  // namespace cuzk::filecoin
