// Precompiled synthesis of a real 2 KiB PoRep partition: matrices recorded from one sealed
// sector, witness-only synthesis of another sector, and the sparse products give exactly the
// ProvingAssignment that generic synthesis of that other sector gives — a, b, c, inputs, aux and
// the three densities — and it satisfies the circuit. The circuit survives the cache file. The
// witness with the challenges on several threads equals the serial one. The same at 32 GiB (a
// virtual partition of 130 M constraints) is opt-in. A partition cut to its first challenges
// (the benches' smaller circuits) is a prefix of it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "c1_fixture.hpp"
#include "common/assignment_equality.hpp"
#include "common/circuit_checks.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/precompiled_file.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/witness_cs.hpp"
#include "sealing/virtual_sector.hpp"
#include "util/task_pool.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::expect_same_witness;

TEST(PrecompiledPorep, TwoKiBPartitionEqualsGenericSynthesis) {
  const auto proof = find_seal_proof(std::string_view("StackedDrg2KiBV1_1"));
  ASSERT_TRUE(proof.ok());
  const SealCommitPhase1Output recorded_from = testing::make_full_c1(**proof, {.rng_seed = 1});
  const SealCommitPhase1Output proven = testing::make_full_c1(**proof, {.rng_seed = 2});
  ASSERT_NE(recorded_from.comm_r, proven.comm_r);

  r1cs::RecordingCS rec;
  synthesize_stacked_partition(rec, recorded_from, 0);
  rec.finalize();
  const auto pc = r1cs::PrecompiledCircuit::from_recording(rec);

  r1cs::ProvingAssignment generic;
  synthesize_stacked_partition(generic, proven, 0);
  generic.finalize();

  r1cs::WitnessCS witness;
  synthesize_stacked_partition(witness, proven, 0);
  r1cs::ProvingAssignment pre;
  r1cs::assign_precompiled(pc, std::move(witness).take(), pre, 2, /*check=*/true);
  pre.finalize();

  ASSERT_GT(pre.num_constraints(), 1'000'000u);
  cuzk::testing::expect_same_assignment(generic, pre);
  EXPECT_EQ(cuzk::testing::unsatisfied_rows(pre), 0u);
  EXPECT_TRUE(pc.densities() == rec.densities());

  // Through the cache file: the same circuit (digest), ready to use.
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("cuzk-pce-porep-" + std::to_string(::getpid()) + ".pce"))
                               .string();
  r1cs::save_precompiled(path, "porep-2k", pc);
  const auto loaded = r1cs::load_precompiled(path, "porep-2k");
  std::filesystem::remove(path);
  EXPECT_EQ(loaded.digest(), pc.digest());
  EXPECT_TRUE(loaded.a() == pc.a() && loaded.b() == pc.b() && loaded.c() == pc.c());
}

// The partition's challenges on several threads, each written into its slice: the same witness
// as one WitnessCS over the whole partition, for a real 2 KiB sector and a virtual 8 MiB one
// (more challenges than threads), at 1, 3 and all threads.
TEST(PrecompiledPorep, ParallelChallengeWitnessEqualsSerial) {
  const auto proof_2k = find_seal_proof(std::string_view("StackedDrg2KiBV1_1"));
  const auto proof_8m = find_seal_proof(std::string_view("StackedDrg8MiBV1_1"));
  ASSERT_TRUE(proof_2k.ok() && proof_8m.ok());
  auto generated =
      sealing::generate_virtual_c1(sealing::seal_request_from_seed(**proof_8m, 1000, 1, 3));
  ASSERT_TRUE(generated.ok());
  const SealCommitPhase1Output c1s[] = {testing::make_full_c1(**proof_2k, {.rng_seed = 2}),
                                        std::move(generated).value().c1};
  for (const SealCommitPhase1Output& c1 : c1s) {
    SCOPED_TRACE(c1.registered_proof->name);
    r1cs::WitnessCS serial;
    synthesize_stacked_partition(serial, c1, 0);
    const r1cs::Witness& expected = serial.witness();
    const r1cs::CircuitSizes sizes{expected.inputs.size(), expected.aux.size(),
                                   expected.num_constraints};
    ASSERT_GT(c1.vanilla_proofs[0].size(), 1u);
    for (unsigned threads : {1u, 3u, 0u}) {
      SCOPED_TRACE(threads);
      expect_same_witness(expected, stacked_partition_witness(c1, 0, sizes, threads));
    }
    {  // on a shared pool, two partitions' witnesses at once (as the daemon's synthesis workers)
      TaskPool pool(3);
      r1cs::Witness other;
      std::thread second([&] { other = stacked_partition_witness(c1, 0, sizes, pool); });
      expect_same_witness(expected, stacked_partition_witness(c1, 0, sizes, pool));
      second.join();
      expect_same_witness(expected, other);
      r1cs::CircuitSizes bigger = sizes;  // a challenge's error reaches the caller
      bigger.num_aux += c1.vanilla_proofs[0].size();
      EXPECT_THROW(stacked_partition_witness(c1, 0, bigger, pool), std::invalid_argument);
    }
    // Sizes that do not split into equal challenges, or that split into the wrong shares.
    r1cs::CircuitSizes odd = sizes;
    odd.num_aux += 1;
    EXPECT_THROW(stacked_partition_witness(c1, 0, odd, 2), std::invalid_argument);
    r1cs::CircuitSizes bigger = sizes;
    bigger.num_aux += c1.vanilla_proofs[0].size();
    EXPECT_THROW(stacked_partition_witness(c1, 0, bigger, 2), std::invalid_argument);
    r1cs::CircuitSizes smaller = sizes;
    smaller.num_aux -= c1.vanilla_proofs[0].size();
    EXPECT_THROW(stacked_partition_witness(c1, 0, smaller, 2), std::length_error);
  }
}

// The same at full size, opt-in (CUZK_TEST_32G=1; ~45 GB of memory and a few minutes on one core
// per synthesis): partition 0 of one virtual 32 GiB C1 recorded, partition 1 of another
// synthesised generically and as a deferred witness (its challenges on every core, each into its
// slice) computed by the CPU products (the pipeline's
// path for a CPU backend) — the same a, b, c, inputs, aux and densities, all rows satisfied.
TEST(PrecompiledPorep, ThirtyTwoGiBVirtualPartitionEqualsGenericSynthesis) {
  if (std::getenv("CUZK_TEST_32G") == nullptr) GTEST_SKIP() << "set CUZK_TEST_32G=1 to run";
  const auto proof = find_seal_proof(std::string_view("StackedDrg32GiBV1_1"));
  ASSERT_TRUE(proof.ok());
  const auto c1_of = [&](uint64_t seed) {
    auto generated =
        sealing::generate_virtual_c1(sealing::seal_request_from_seed(**proof, 1000, 1, seed));
    EXPECT_TRUE(generated.ok());
    return std::move(generated).value().c1;
  };
  const SealCommitPhase1Output recorded_from = c1_of(1), proven = c1_of(2);
  ASSERT_NE(recorded_from.comm_r, proven.comm_r);
  const auto pc = std::make_shared<const r1cs::PrecompiledCircuit>(r1cs::PrecompiledCircuit::record(
      [&](r1cs::ConstraintSystem& cs) { synthesize_stacked_partition(cs, recorded_from, 0); }));
  ASSERT_EQ(pc->num_constraints(), 130'278'541u);
  r1cs::ProvingAssignment generic;
  generic.reserve({pc->num_inputs(), pc->num_aux(), pc->num_constraints()});
  synthesize_stacked_partition(generic, proven, 1);
  generic.finalize();
  r1cs::ProvingAssignment pre;
  r1cs::assign_deferred(pc, stacked_partition_witness(proven, 1, pc->sizes(), 0), pre);
  pre.finalize();
  pre.materialize();
  cuzk::testing::expect_same_assignment(generic, pre);
  EXPECT_EQ(cuzk::testing::unsatisfied_rows(pre), 0u);
}

// synthesize_stacked_first_challenges: the partition's witness up to the end of its K-th
// challenge (the top level comes first, then the challenges in order), all of it at K = all;
// no challenge, or more than the partition has, is refused.
TEST(PrecompiledPorep, FirstChallengesArePrefixOfPartition) {
  const auto proof = find_seal_proof(std::string_view("StackedDrg2KiBV1_1"));
  ASSERT_TRUE(proof.ok());
  const SealCommitPhase1Output c1 = testing::make_full_c1(**proof, {.rng_seed = 2});
  r1cs::WitnessCS whole;
  synthesize_stacked_partition(whole, c1, 0);
  const r1cs::Witness& all = whole.witness();
  const auto n = unsigned(c1.vanilla_proofs[0].size());
  ASSERT_GT(n, 1u);
  for (unsigned k = 1; k <= n; ++k) {
    SCOPED_TRACE(k);
    r1cs::WitnessCS first;
    synthesize_stacked_first_challenges(first, c1, 0, k);
    const r1cs::Witness& w = first.witness();
    ASSERT_LE(w.inputs.size(), all.inputs.size());
    ASSERT_LE(w.aux.size(), all.aux.size());
    size_t differing = 0;
    for (size_t i = 0; i < w.inputs.size(); ++i) differing += w.inputs[i] != all.inputs[i];
    for (size_t i = 0; i < w.aux.size(); ++i) differing += w.aux[i] != all.aux[i];
    EXPECT_EQ(differing, 0u);
    if (k < n) {
      EXPECT_LT(w.aux.size(), all.aux.size());
      EXPECT_LT(w.num_constraints, all.num_constraints);
    } else {
      EXPECT_EQ(w.inputs.size(), all.inputs.size());
      EXPECT_EQ(w.aux.size(), all.aux.size());
      EXPECT_EQ(w.num_constraints, all.num_constraints);
    }
  }
  r1cs::WitnessCS refused;
  EXPECT_THROW(synthesize_stacked_first_challenges(refused, c1, 0, 0), std::invalid_argument);
  EXPECT_THROW(synthesize_stacked_first_challenges(refused, c1, 0, n + 1), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::filecoin
