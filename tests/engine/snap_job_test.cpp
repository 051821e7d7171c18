// SnapJob through precompiled synthesis, on a genuine 2 KiB SnapDeals update (a really sealed CC
// sector, sealing/update_vanilla_gen.hpp), against the job without a store: a circuit recorded
// by the job is known good, so its a/b/c are deferred (defers_abc) and, materialised, equal
// generic synthesis's; a job on a fresh store (a restarted daemon's) that loads the cache file
// checks the circuit on its first witness, gives the same assignment with a/b/c made, and defers
// after it.
// The job holds the witness pool it was given.
#include "engine/snap_job.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "common/assignment_equality.hpp"
#include "filecoin/update_vanilla.hpp"
#include "r1cs/precompiled_store.hpp"
#include "sealing/update_vanilla_gen.hpp"
#include "util/task_pool.hpp"

namespace cuzk::engine {
namespace {

using cuzk::testing::expect_same_assignment;

ProofRequest snap_request(const sealing::UpdateVanillaSet& set) {
  ProofRequest r;
  r.kind = ProofKind::kSnapDealsUpdate;
  r.registered_proof = set.proof->id;
  r.sector_size = set.proof->sector->sector_size;
  r.miner_id = 1000;
  r.sector_number = set.sector_id;
  const auto bytes = [](const hash::Node32& n) { return std::string(n.begin(), n.end()); };
  r.comm_r_old = bytes(set.comm_r_old);
  r.comm_d_new = bytes(set.comm_d_new);
  r.comm_r_new = bytes(set.comm_r_new);
  for (const auto& partition : set.partitions) {
    const auto proof = filecoin::serialize_update_partition_proof(partition);
    r.vanilla_proofs.emplace_back(proof.begin(), proof.end());
  }
  return r;
}

r1cs::ProvingAssignment synthesized(const CircuitJob& job) {
  r1cs::ProvingAssignment pa;
  job.synthesize(0, pa);
  pa.finalize();
  return pa;
}

TEST(SnapJob, PrecompiledSynthesisEqualsGenericAndThenDefers) {
  const auto proof = filecoin::find_update_proof(std::string_view("StackedDrg2KiBV1"));
  ASSERT_TRUE(proof.ok());
  const auto set = sealing::generate_update_vanilla(**proof, 1000, 4, 9, 1);
  ASSERT_TRUE(set.ok()) << set.error().message;
  const ProofRequest request = snap_request(*set);

  auto generic_job = make_snap_job(request);
  ASSERT_TRUE(generic_job.ok()) << generic_job.error().message;
  const r1cs::ProvingAssignment generic = synthesized(**generic_job);

  const std::filesystem::path cache =
      std::filesystem::temp_directory_path() / ("cuzk-snap-job-test-" + std::to_string(::getpid()));
  auto pool = std::make_shared<TaskPool>(2);
  {  // recorded here: known good at once, a/b/c deferred from the first partition
    auto store = std::make_shared<r1cs::PrecompiledStore>(cache.string());
    auto job = make_snap_job(request, store, pool);
    ASSERT_TRUE(job.ok()) << job.error().message;
    EXPECT_EQ(pool.use_count(), 2);  // the test's and the job's
    EXPECT_FALSE((*job)->defers_abc());
    r1cs::ProvingAssignment deferred = synthesized(**job);
    ASSERT_NE(deferred.deferred_circuit(), nullptr);
    EXPECT_TRUE((*job)->defers_abc());
    deferred.materialize(2);
    expect_same_assignment(generic, deferred);
  }
  {  // from the cache file: checked (a·b = c) on the first witness, with a/b/c made here
    auto store = std::make_shared<r1cs::PrecompiledStore>(cache.string());
    auto job = make_snap_job(request, store, pool);
    ASSERT_TRUE(job.ok()) << job.error().message;
    const r1cs::ProvingAssignment checked = synthesized(**job);
    EXPECT_EQ(checked.deferred_circuit(), nullptr);
    expect_same_assignment(generic, checked);
    EXPECT_TRUE(store->is_verified("snap-2k"));
    EXPECT_TRUE((*job)->defers_abc());
  }
  std::filesystem::remove_all(cache);
}

}  // namespace
}  // namespace cuzk::engine
