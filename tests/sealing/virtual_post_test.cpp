// Virtual PoSt sectors (virtual_post.hpp): 2 KiB and 8 MiB WindowPoSt / WinningPoSt sets pass
// post_check_vanilla and satisfy their circuits with the verifier's public inputs (Window over
// two partitions, API 1.0 and 1.2 challenge derivations); 32 and 64 GiB sets pass
// post_check_vanilla (times printed); the output is deterministic and independent of the thread
// count; Winning proves the sector its challenge picks; an empty set is refused. A full 32 GiB
// WindowPoSt partition plus one sector runs with CUZK_LONG_TESTS=1.
#include "sealing/virtual_post.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <span>
#include <thread>

#include "common/circuit_checks.hpp"
#include "filecoin/post_challenges.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_public_inputs.hpp"
#include "filecoin/post_vanilla.hpp"
#include "r1cs/proving_assignment.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::sealing {
namespace {

using cuzk::testing::long_tests;
using cuzk::testing::unsatisfied_rows;

const filecoin::PoStProofType& post_proof(std::string_view name) {
  return **filecoin::find_post_proof(name);
}

PostVanillaSet virtual_set(std::string_view name, unsigned sectors, uint64_t seed,
                           unsigned threads = 2) {
  auto set = generate_virtual_post_vanilla(post_proof(name), 1000, sectors, seed, threads);
  if (!set.ok()) throw std::runtime_error(set.error().message);
  return std::move(set).value();
}

// Partition k's sector proofs (Winning: the one sector).
std::span<const filecoin::FallbackPoStSectorProof> partition_chunk(const PostVanillaSet& set,
                                                                   unsigned k) {
  const size_t per = set.proof->sector_count();
  const size_t begin = std::min(set.vanilla.size(), k * per);
  return std::span(set.vanilla).subspan(begin, std::min(per, set.vanilla.size() - begin));
}

// Every partition passes post_check_vanilla on `threads` threads (0 = all cores); returns the
// milliseconds it took.
double expect_vanilla_passes(const PostVanillaSet& set, unsigned threads = 1) {
  Stopwatch watch;
  for (unsigned k = 0; k < set.partitions; ++k) {
    auto checked = filecoin::post_check_vanilla(*set.proof, set.randomness, partition_chunk(set, k),
                                                k, threads);
    EXPECT_TRUE(checked.ok()) << set.proof->name << " partition " << k << ": "
                              << checked.error().message;
  }
  return watch.total_ms();
}

// Every partition's synthesised circuit is satisfied and holds the verifier's public inputs.
void expect_circuits_satisfied(const PostVanillaSet& set) {
  const filecoin::PostCircuitShape shape = filecoin::post_circuit_shape(*set.proof->circuit);
  for (unsigned k = 0; k < set.partitions; ++k) {
    SCOPED_TRACE("partition " + std::to_string(k));
    const auto chunk = partition_chunk(set, k);
    auto witness = filecoin::post_circuit_witness(*set.proof, {chunk.begin(), chunk.end()});
    ASSERT_TRUE(witness.ok()) << witness.error().message;
    r1cs::ProvingAssignment cs;
    filecoin::synthesize_post_circuit(cs, shape, *witness);
    cs.finalize();
    EXPECT_EQ(unsatisfied_rows(cs), 0u);
    const auto expected = *filecoin::post_public_inputs(*set.proof, set.randomness, set.sectors, k);
    const auto inputs = cs.inputs().subspan(1);
    EXPECT_TRUE(std::equal(inputs.begin(), inputs.end(), expected.begin(), expected.end()));
  }
}

void expect_small_set_valid(std::string_view name, unsigned sectors, unsigned partitions) {
  SCOPED_TRACE(std::string(name));
  const PostVanillaSet set = virtual_set(name, sectors, 3);
  ASSERT_EQ(set.partitions, partitions);
  ASSERT_EQ(set.vanilla.size(), set.sectors.size());
  expect_vanilla_passes(set);
  expect_circuits_satisfied(set);
  for (const auto& v : set.vanilla) {
    const auto bytes = filecoin::serialize_fallback_post_sector_proof(v);
    auto parsed = filecoin::parse_fallback_post_sector_proof(bytes, *set.proof);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(filecoin::serialize_fallback_post_sector_proof(*parsed), bytes);
  }
}

TEST(VirtualPost, SmallWindowSetsSatisfyTheirCircuits) {
  expect_small_set_valid("StackedDrgWindow2KiBV1_2", 3, 2);  // 2 per partition, second padded
  expect_small_set_valid("StackedDrgWindow2KiBV1", 3, 2);    // API 1.0: index-dependent
  expect_small_set_valid("StackedDrgWindow8MiBV1_2", 4, 2);
}

TEST(VirtualPost, SmallWinningSetsSatisfyTheirCircuits) {
  expect_small_set_valid("StackedDrgWinning2KiBV1", 5, 1);
  expect_small_set_valid("StackedDrgWinning8MiBV1", 5, 1);
}

TEST(VirtualPost, WinningProvesTheChallengedSector) {
  const PostVanillaSet set = virtual_set("StackedDrgWinning32GiBV1", 50, 8);
  ASSERT_EQ(set.sectors.size(), 1u);
  EXPECT_EQ(set.sector_set_size, 50u);
  const auto picked = filecoin::winning_post_sector_challenges(set.randomness, set.prover_id, 50);
  EXPECT_EQ(set.sectors[0].sector_id, picked->at(0) + 1);
  expect_vanilla_passes(set);
}

TEST(VirtualPost, DeterministicAcrossThreadCounts) {
  const PostVanillaSet one = virtual_set("StackedDrgWindow32GiBV1_2", 6, 4, 1);
  const PostVanillaSet two = virtual_set("StackedDrgWindow32GiBV1_2", 6, 4, 2);
  const PostVanillaSet other_seed = virtual_set("StackedDrgWindow32GiBV1_2", 6, 5, 2);
  for (size_t i = 0; i < one.vanilla.size(); ++i) {
    EXPECT_EQ(filecoin::serialize_fallback_post_sector_proof(one.vanilla[i]),
              filecoin::serialize_fallback_post_sector_proof(two.vanilla[i]));
    EXPECT_NE(one.sectors[i].comm_r, other_seed.sectors[i].comm_r);
  }
  EXPECT_NE(one.sectors[0].comm_r, one.sectors[1].comm_r);
}

void expect_large_set_valid(std::string_view name, unsigned sectors) {
  SCOPED_TRACE(std::string(name));
  Stopwatch watch;
  const PostVanillaSet set = virtual_set(name, sectors, 1);
  const double generate_ms = watch.total_ms();
  const double check_ms = expect_vanilla_passes(set);
  const double parallel_ms = expect_vanilla_passes(set, 0);
  std::cout << name << " virtual, " << sectors << " sector(s), " << set.partitions
            << " partition(s): generated in " << generate_ms << " ms, post_check_vanilla "
            << check_ms << " ms on one thread, " << parallel_ms << " ms on "
            << std::thread::hardware_concurrency() << "\n";
}

TEST(VirtualPost, ThirtyTwoGiBWindow) {
  expect_large_set_valid("StackedDrgWindow32GiBV1_2", 5);
  expect_large_set_valid("StackedDrgWindow32GiBV1", 5);  // API 1.0 challenge indices
}

TEST(VirtualPost, SixtyFourGiB) {
  expect_large_set_valid("StackedDrgWindow64GiBV1_2", 3);
  expect_large_set_valid("StackedDrgWinning64GiBV1", 10);
}

TEST(VirtualPost, ThirtyTwoGiBFullPartitionPlusOne) {
  if (!long_tests()) GTEST_SKIP() << "set CUZK_LONG_TESTS=1 (2350 virtual 32 GiB sectors)";
  expect_large_set_valid("StackedDrgWindow32GiBV1_2", 2350);  // 2349 per partition
}

TEST(VirtualPost, RefusesEmptySets) {
  auto empty = generate_virtual_post_vanilla(post_proof("StackedDrgWindow2KiBV1_2"), 1000, 0, 1);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().code, SealingError::kBadSectorData);
}

}  // namespace
}  // namespace cuzk::sealing
