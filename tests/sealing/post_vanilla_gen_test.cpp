// Test vanilla proofs of really sealed 2 KiB sectors (src/sealing post_vanilla_gen,
// update_vanilla_gen): they pass the reference's vanilla checks, survive the bincode round trip
// byte for byte, and satisfy their circuits with the verifier's public inputs — WindowPoSt over
// two partitions (the second short, padded), WinningPoSt picking its sector, SnapDeals on a CC
// sector.
#include "sealing/post_vanilla_gen.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "common/circuit_checks.hpp"
#include "filecoin/post_challenges.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_public_inputs.hpp"
#include "filecoin/post_vanilla.hpp"
#include "filecoin/update_vanilla.hpp"
#include "r1cs/proving_assignment.hpp"
#include "sealing/update_vanilla_gen.hpp"

namespace cuzk::sealing {
namespace {

using cuzk::testing::unsatisfied_rows;

void expect_inputs(const r1cs::ProvingAssignment& cs, const std::vector<ff::Fr>& expected) {
  const auto inputs = cs.inputs().subspan(1);
  EXPECT_TRUE(std::equal(inputs.begin(), inputs.end(), expected.begin(), expected.end()));
}

const filecoin::PoStProofType& post_proof(const char* name) {
  return **filecoin::find_post_proof(std::string_view(name));
}

TEST(PostVanillaGen, WindowTwoPartitionsSecondPadded) {
  const auto& proof = post_proof("StackedDrgWindow2KiBV1_2");
  auto set = generate_post_vanilla(proof, 1000, 3, 5, 2);
  ASSERT_TRUE(set.ok()) << set.error().message;
  ASSERT_EQ(set->sectors.size(), 3u);
  ASSERT_EQ(set->partitions, 2u);  // 2 sectors per 2 KiB partition
  const filecoin::PostCircuitShape shape = filecoin::post_circuit_shape(*proof.circuit);
  for (unsigned k = 0; k < 2; ++k) {
    const auto chunk = std::span(set->vanilla).subspan(k * 2, k == 0 ? 2 : 1);
    auto checked = filecoin::post_check_vanilla(proof, set->randomness, chunk, k);
    ASSERT_TRUE(checked.ok()) << checked.error().message;
    auto witness = filecoin::post_circuit_witness(proof, {chunk.begin(), chunk.end()});
    ASSERT_TRUE(witness.ok()) << witness.error().message;
    r1cs::ProvingAssignment cs;
    filecoin::synthesize_post_circuit(cs, shape, *witness);
    cs.finalize();
    EXPECT_EQ(unsatisfied_rows(cs), 0u) << "partition " << k;
    expect_inputs(cs, *filecoin::post_public_inputs(proof, set->randomness, set->sectors, k));
  }
  for (const auto& v : set->vanilla) {
    const auto bytes = filecoin::serialize_fallback_post_sector_proof(v);
    auto parsed = filecoin::parse_fallback_post_sector_proof(bytes, proof);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(filecoin::serialize_fallback_post_sector_proof(*parsed), bytes);
  }
}

TEST(PostVanillaGen, WinningProvesTheChallengedSector) {
  const auto& proof = post_proof("StackedDrgWinning2KiBV1");
  auto set = generate_post_vanilla(proof, 1000, 4, 6, 2);
  ASSERT_TRUE(set.ok()) << set.error().message;
  ASSERT_EQ(set->sectors.size(), 1u);
  const auto picked = filecoin::winning_post_sector_challenges(set->randomness, set->prover_id, 4);
  EXPECT_EQ(set->sectors[0].sector_id, picked->at(0) + 1);
  ASSERT_TRUE(filecoin::post_check_vanilla(proof, set->randomness, set->vanilla, 0).ok());
  auto witness = filecoin::post_circuit_witness(proof, set->vanilla);
  ASSERT_TRUE(witness.ok());
  r1cs::ProvingAssignment cs;
  filecoin::synthesize_post_circuit(cs, filecoin::post_circuit_shape(*proof.circuit), *witness);
  cs.finalize();
  EXPECT_EQ(unsatisfied_rows(cs), 0u);
  expect_inputs(cs, *filecoin::post_public_inputs(proof, set->randomness, set->sectors, 0));
}

TEST(UpdateVanillaGen, CcSectorUpdatedEveryPartition) {
  const auto& proof = **filecoin::find_update_proof(std::string_view("StackedDrg2KiBV1"));
  auto set = generate_update_vanilla(proof, 1000, 1, 7, 2);
  ASSERT_TRUE(set.ok()) << set.error().message;
  const filecoin::UpdateCircuitShape shape = filecoin::update_circuit_shape(*proof.sector);
  ASSERT_EQ(set->partitions.size(), shape.partitions);
  EXPECT_NE(set->comm_r_old, set->comm_r_new);
  for (unsigned k = 0; k < shape.partitions; ++k) {
    auto checked = filecoin::update_check_vanilla(shape, set->public_values(k), set->partitions[k]);
    ASSERT_TRUE(checked.ok()) << checked.error().message;
    const auto bytes = filecoin::serialize_update_partition_proof(set->partitions[k]);
    auto parsed = filecoin::parse_update_partition_proof(bytes, shape);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    r1cs::ProvingAssignment cs;
    filecoin::synthesize_update_circuit(cs, shape, set->public_values(k), *parsed);
    cs.finalize();
    EXPECT_EQ(unsatisfied_rows(cs), 0u) << "partition " << k;
    expect_inputs(cs, *filecoin::update_public_inputs(shape, set->public_values(k)));
  }
}

}  // namespace
}  // namespace cuzk::sealing
