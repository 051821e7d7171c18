// Precompiled synthesis against generic synthesis, on PoRep, PoSt and SnapDeals circuits (one
// thread of witness synthesis, like the pipeline's synthesis workers; the sparse products on 1 and
// 2 threads):
//   Generic        ProvingAssignment: synthesis evaluating every LC in enforce(), + finalize
//                  (each variant allocates and frees its vectors per iteration, as the pipeline)
//   WitnessOnly    WitnessCS: the same synthesis, enforce() does nothing
//   WitnessParallel/t  the witness as a pool of t threads' tasks, each block into its slice
//                  (PoRep: the partition's challenges; PoSt, SnapDeals: as PoolPrecompiled):
//                  what the daemon's synthesis runs when the GPU evaluates a/b/c
//   MatVec/t       assign_precompiled from a ready witness on t threads, + finalize
//   Precompiled/t  WitnessOnly + MatVec/t: what replaces Generic
//   Record         PrecompiledCircuit::record (once per circuit shape)
//   CacheLoad      load_precompiled (checks and digest included; once per daemon start)
//   PoolPrecompiled/t  PoSt and SnapDeals: the witness as batches of a pool of t threads' tasks
//                  (PoSt: a sector per task, post_circuit_witness_values; SnapDeals: each apex-tree
//                  row's hashes, then a challenge per task, update_circuit_witness_values) +
//                  assign_precompiled on t threads: what PostJob and SnapJob run through
//                  engine/precompiled_synthesis.hpp (t = 0: all cores)
// Circuits (virtual C1s, interactive challenges): 0 = porep-2k partition, 1 = porep-8m
// partition, 2 = one challenge of porep-32g (a 32 GiB partition is 18 such blocks plus 571
// constraints; the full partition does not fit this machine's memory twice over); SnapDeals
// partition 0 of a really sealed CC sector updated with random data (sealing/update_vanilla_gen):
// 5 = snap-2k, 6 = snap-8m. Opt-in (CUZK_BENCH_32G=1 pce_bench --benchmark_filter='/[347]',
// ~40 GB of memory): 3 = a full 32 GiB WindowPoSt partition (2349 virtual sectors), 4 = a 32 GiB
// WinningPoSt, 7 = a snap-32g partition (81 M constraints) of a generated sector
// (generate_periodic_update_vanilla: a 32 GiB sector cannot be sealed here). Counters: the
// circuit's constraints, coefficients, matrix size and nontrivial_aux_pct, the share of its aux
// witness other than 0 and 1 (the terms the aux MSMs multiply; 0 and 1 are skipped or added;
// snap-32g: 1.19 %, like PoRep mostly SHA-256 bits, so its GPU work is H's). Run: pce_bench
// --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "filecoin/post_circuit.hpp"
#include "filecoin/post_proof_type.hpp"
#include "filecoin/post_vanilla.hpp"
#include "filecoin/proof_type.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "filecoin/update_circuit.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/precompiled_file.hpp"
#include "r1cs/witness_cs.hpp"
#include "sealing/update_vanilla_gen.hpp"
#include "sealing/virtual_post.hpp"
#include "sealing/virtual_sector.hpp"
#include "util/task_pool.hpp"

namespace {

using namespace cuzk;
using r1cs::ConstraintSystem;

// The circuit with the witness of its partition.
struct Circuit {
  filecoin::SealCommitPhase1Output c1;
  filecoin::PostCircuitShape post_shape;  // circuits 3 and 4
  std::vector<filecoin::PostSectorWitness> post;
  filecoin::UpdateCircuitShape update_shape;  // circuits 5 to 7
  filecoin::UpdatePublicValues update_values;
  filecoin::UpdatePartitionWitness update;
  std::function<void(ConstraintSystem&)> synthesize;
  // The witness as a pool's tasks (all but circuit 2).
  std::function<r1cs::Witness(const r1cs::CircuitSizes&, TaskPool&)> pool_witness;
  std::unique_ptr<r1cs::PrecompiledCircuit> precompiled;
  r1cs::Witness witness;
  double nontrivial_aux_pct = 0;  // aux values other than 0 and 1: the MSM terms the GPU multiplies
};

filecoin::SealCommitPhase1Output virtual_c1(const char* proof_name) {
  const auto proof = filecoin::find_seal_proof(std::string_view(proof_name));
  if (!proof.ok()) throw std::runtime_error(proof.error().message);
  const auto request = sealing::seal_request_from_seed(**proof, 1000, 1, 1);
  auto generated = sealing::generate_virtual_c1(request);
  if (!generated.ok()) throw std::runtime_error(generated.error().message);
  return std::move(generated).value().c1;
}

// Partition 0 of a SnapDeals update: really sealed for snap-2k and snap-8m, generated (periodic)
// for snap-32g.
void snap_circuit(Circuit& c, const char* proof_name) {
  const auto proof = filecoin::find_update_proof(std::string_view(proof_name));
  if (!proof.ok()) throw std::runtime_error(proof.error().message);
  c.update_shape = filecoin::update_circuit_shape(*(*proof)->sector);
  auto set = c.update_shape.log2_nodes > 18
                 ? sealing::generate_periodic_update_vanilla(**proof, 1, 3)
                 : sealing::generate_update_vanilla(**proof, 1000, 1, 3);
  if (!set.ok()) throw std::runtime_error(set.error().message);
  c.update = std::move(set->partitions[0]);
  c.update_values = set->public_values(0);
  c.synthesize = [&c](ConstraintSystem& cs) {
    filecoin::synthesize_update_circuit(cs, c.update_shape, c.update_values, c.update);
  };
  c.pool_witness = [&c](const r1cs::CircuitSizes& sizes, TaskPool& pool) {
    return filecoin::update_circuit_witness_values(c.update_shape, c.update_values, c.update, sizes,
                                                   pool);
  };
}

Circuit& circuit(int64_t which) {
  static std::map<int64_t, std::unique_ptr<Circuit>> cache;
  auto& slot = cache[which];
  if (slot) return *slot;
  slot = std::make_unique<Circuit>();
  Circuit& c = *slot;
  if (which >= 5) {
    snap_circuit(c, which == 5   ? "StackedDrg2KiBV1"
                    : which == 6 ? "StackedDrg8MiBV1"
                                 : "StackedDrg32GiBV1");
  } else if (which == 3 || which == 4) {
    const auto proof = filecoin::find_post_proof(
        std::string_view(which == 3 ? "StackedDrgWindow32GiBV1_2" : "StackedDrgWinning32GiBV1"));
    if (!proof.ok()) throw std::runtime_error(proof.error().message);
    auto set = sealing::generate_virtual_post_vanilla(**proof, 1000, (*proof)->sector_count(), 3);
    if (!set.ok()) throw std::runtime_error(set.error().message);
    auto sectors = filecoin::post_circuit_witness(**proof, set->vanilla);
    if (!sectors.ok()) throw std::runtime_error(sectors.error().message);
    c.post = std::move(sectors).value();
    c.post_shape = filecoin::post_circuit_shape(*(*proof)->circuit);
    c.synthesize = [&c](ConstraintSystem& cs) {
      filecoin::synthesize_post_circuit(cs, c.post_shape, c.post);
    };
    c.pool_witness = [&c](const r1cs::CircuitSizes& sizes, TaskPool& pool) {
      return filecoin::post_circuit_witness_values(c.post_shape, c.post, sizes, pool);
    };
  } else if (which == 0 || which == 1) {
    c.c1 = virtual_c1(which == 0 ? "StackedDrg2KiBV1_1" : "StackedDrg8MiBV1_1");
    c.synthesize = [&c](ConstraintSystem& cs) {
      filecoin::synthesize_stacked_partition(cs, c.c1, 0);
    };
    c.pool_witness = [&c](const r1cs::CircuitSizes& sizes, TaskPool& pool) {
      return filecoin::stacked_partition_witness(c.c1, 0, sizes, pool);
    };
  } else {
    c.c1 = virtual_c1("StackedDrg32GiBV1_1");
    c.synthesize = [&c](ConstraintSystem& cs) {
      filecoin::synthesize_stacked_first_challenges(cs, c.c1, 0, 1);
    };
  }
  c.precompiled =
      std::make_unique<r1cs::PrecompiledCircuit>(r1cs::PrecompiledCircuit::record(c.synthesize));
  r1cs::WitnessCS w;
  c.synthesize(w);
  c.witness = std::move(w).take();
  size_t trivial = 0;
  for (const ff::Fr& v : c.witness.aux) trivial += v == ff::Fr::zero() || v == ff::Fr::one();
  c.nontrivial_aux_pct = 100.0 * double(c.witness.aux.size() - trivial) /
                         double(std::max<size_t>(c.witness.aux.size(), 1));
  return c;
}

// Circuits 3, 4 and 7 only with CUZK_BENCH_32G set (skipped otherwise).
bool skipped(benchmark::State& state) {
  const int64_t which = state.range(0);
  if ((which != 3 && which != 4 && which != 7) || std::getenv("CUZK_BENCH_32G") != nullptr)
    return false;
  state.SkipWithError("set CUZK_BENCH_32G=1 for the 32 GiB PoSt and SnapDeals circuits");
  return true;
}

void counters(benchmark::State& state, const Circuit& c) {
  state.counters["constraints"] = double(c.precompiled->num_constraints());
  state.counters["coeffs"] = double(c.precompiled->coeffs().size());
  state.counters["matrix_MiB"] = double(c.precompiled->memory_bytes()) / double(1 << 20);
  state.counters["nontrivial_aux_pct"] = c.nontrivial_aux_pct;
}

// As the pipeline does: a fresh ProvingAssignment per partition, reserved to the known sizes
// (page faults and the final free are part of every variant).
void BM_Generic(benchmark::State& state) {
  if (skipped(state)) return;
  Circuit& c = circuit(state.range(0));
  for (auto _ : state) {
    r1cs::ProvingAssignment pa;
    pa.reserve(
        {c.precompiled->num_inputs(), c.precompiled->num_aux(), c.precompiled->num_constraints()});
    c.synthesize(pa);
    pa.finalize();
    benchmark::DoNotOptimize(pa.c().data());
  }
  counters(state, c);
}

void BM_WitnessOnly(benchmark::State& state) {
  Circuit& c = circuit(state.range(0));
  for (auto _ : state) {
    r1cs::WitnessCS w;
    w.reserve({c.precompiled->num_inputs(), c.precompiled->num_aux(), 0});
    c.synthesize(w);
    benchmark::DoNotOptimize(w.witness().aux.data());
  }
  counters(state, c);
}

// The witness as a pool of t threads' tasks (Circuit::pool_witness: a PoRep partition's
// challenges, a PoSt circuit's sectors, a SnapDeals partition's apex rows and challenges, each
// into its slice); t = 1 is WitnessOnly through the slices.
void BM_WitnessParallel(benchmark::State& state) {
  if (skipped(state)) return;
  Circuit& c = circuit(state.range(0));
  TaskPool pool(unsigned(state.range(1)));
  for (auto _ : state) {
    r1cs::Witness w = c.pool_witness(c.precompiled->sizes(), pool);
    benchmark::DoNotOptimize(w.aux.data());
  }
  counters(state, c);
}

void BM_MatVec(benchmark::State& state) {
  Circuit& c = circuit(state.range(0));
  const auto threads = unsigned(state.range(1));
  for (auto _ : state) {
    state.PauseTiming();
    r1cs::Witness w = c.witness;
    r1cs::ProvingAssignment pa;
    state.ResumeTiming();
    r1cs::assign_precompiled(*c.precompiled, std::move(w), pa, threads);
    pa.finalize();
    benchmark::DoNotOptimize(pa.c().data());
  }
  counters(state, c);
}

void BM_Precompiled(benchmark::State& state) {
  Circuit& c = circuit(state.range(0));
  const auto threads = unsigned(state.range(1));
  for (auto _ : state) {
    r1cs::WitnessCS w;
    w.reserve({c.precompiled->num_inputs(), c.precompiled->num_aux(), 0});
    c.synthesize(w);
    r1cs::ProvingAssignment pa;
    r1cs::assign_precompiled(*c.precompiled, std::move(w).take(), pa, threads);
    pa.finalize();
    benchmark::DoNotOptimize(pa.c().data());
  }
  counters(state, c);
}

void BM_PoolPrecompiled(benchmark::State& state) {
  if (skipped(state)) return;
  Circuit& c = circuit(state.range(0));
  const auto threads = unsigned(state.range(1));
  TaskPool pool(threads);
  for (auto _ : state) {
    r1cs::Witness w = c.pool_witness(c.precompiled->sizes(), pool);
    r1cs::ProvingAssignment pa;
    r1cs::assign_precompiled(*c.precompiled, std::move(w), pa, pool.threads());
    pa.finalize();
    benchmark::DoNotOptimize(pa.c().data());
  }
  counters(state, c);
}

void BM_Record(benchmark::State& state) {
  Circuit& c = circuit(state.range(0));
  for (auto _ : state) {
    auto pc = r1cs::PrecompiledCircuit::record(c.synthesize);
    benchmark::DoNotOptimize(pc.digest().data());
  }
  counters(state, c);
}

void BM_CacheLoad(benchmark::State& state) {
  if (skipped(state)) return;
  Circuit& c = circuit(state.range(0));
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("cuzk-pce-bench-" + std::to_string(::getpid()) + ".pce"))
                               .string();
  r1cs::save_precompiled(path, "bench", *c.precompiled);
  for (auto _ : state) {
    auto pc = r1cs::load_precompiled(path, "bench");
    benchmark::DoNotOptimize(pc.digest().data());
  }
  state.counters["file_MiB"] = double(std::filesystem::file_size(path)) / double(1 << 20);
  std::filesystem::remove(path);
  counters(state, c);
}

#define PCE_BENCH(fn) BENCHMARK(fn)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1)
PCE_BENCH(BM_Generic)->DenseRange(0, 2);
PCE_BENCH(BM_WitnessOnly)->DenseRange(0, 2);
PCE_BENCH(BM_WitnessParallel)->ArgsProduct({{0, 1}, {1, 2}});
PCE_BENCH(BM_MatVec)->ArgsProduct({{0, 1, 2}, {1, 2}});
PCE_BENCH(BM_Precompiled)->ArgsProduct({{0, 1, 2}, {1, 2}});
PCE_BENCH(BM_Record)->DenseRange(0, 2);
PCE_BENCH(BM_CacheLoad)->DenseRange(0, 2);
// SnapDeals.
PCE_BENCH(BM_Generic)->DenseRange(5, 6);
PCE_BENCH(BM_WitnessOnly)->DenseRange(5, 6);
PCE_BENCH(BM_Precompiled)->ArgsProduct({{5, 6}, {1, 2}});
PCE_BENCH(BM_WitnessParallel)->ArgsProduct({{5, 6}, {1, 2}});
PCE_BENCH(BM_PoolPrecompiled)->ArgsProduct({{5, 6}, {1, 2}});
PCE_BENCH(BM_Record)->DenseRange(5, 6);
// The 32 GiB PoSt and SnapDeals circuits (opt-in by filter, above).
PCE_BENCH(BM_Generic)->ArgsProduct({{3, 4, 7}});
PCE_BENCH(BM_PoolPrecompiled)->ArgsProduct({{3, 4, 7}, {1, 0}});
PCE_BENCH(BM_WitnessParallel)->ArgsProduct({{3, 4, 7}, {1, 2, 0}});  // the daemon's PoSt witness
PCE_BENCH(BM_CacheLoad)->ArgsProduct({{3, 4, 7}});

}  // namespace

BENCHMARK_MAIN();
