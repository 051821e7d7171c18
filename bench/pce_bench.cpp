// Precompiled synthesis against generic synthesis, on PoRep circuits (one thread of witness
// synthesis, like the pipeline's synthesis workers; the sparse products on 1 and 2 threads):
//   Generic        ProvingAssignment: synthesis evaluating every LC in enforce(), + finalize
//                  (each variant allocates and frees its vectors per iteration, as the pipeline)
//   WitnessOnly    WitnessCS: the same synthesis, enforce() does nothing
//   WitnessParallel/t  the partition's challenges on t threads, each into its slice
//   MatVec/t       assign_precompiled from a ready witness on t threads, + finalize
//   Precompiled/t  WitnessOnly + MatVec/t: what replaces Generic
//   Record         PrecompiledCircuit::record (once per circuit shape)
//   CacheLoad      load_precompiled (checks and digest included; once per daemon start)
// Circuits (virtual C1s, interactive challenges): 0 = porep-2k partition, 1 = porep-8m
// partition, 2 = one challenge of porep-32g (a 32 GiB partition is 18 such blocks plus 571
// constraints; the full partition does not fit this machine's memory twice over).
// Run: pce_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include <unistd.h>

#include "filecoin/proof_type.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/precompiled_file.hpp"
#include "r1cs/witness_cs.hpp"
#include "sealing/virtual_sector.hpp"

namespace {

using namespace cuzk;
using r1cs::ConstraintSystem;

struct Circuit {
  filecoin::SealCommitPhase1Output c1;
  std::function<void(ConstraintSystem&)> synthesize;
  std::unique_ptr<r1cs::PrecompiledCircuit> precompiled;
  r1cs::Witness witness;
};

filecoin::SealCommitPhase1Output virtual_c1(const char* proof_name) {
  const auto proof = filecoin::find_seal_proof(std::string_view(proof_name));
  if (!proof.ok()) throw std::runtime_error(proof.error().message);
  const auto request = sealing::seal_request_from_seed(**proof, 1000, 1, 1);
  auto generated = sealing::generate_virtual_c1(request);
  if (!generated.ok()) throw std::runtime_error(generated.error().message);
  return std::move(generated).value().c1;
}

Circuit& circuit(int64_t which) {
  static std::map<int64_t, std::unique_ptr<Circuit>> cache;
  auto& slot = cache[which];
  if (slot) return *slot;
  slot = std::make_unique<Circuit>();
  Circuit& c = *slot;
  if (which == 0 || which == 1) {
    c.c1 = virtual_c1(which == 0 ? "StackedDrg2KiBV1_1" : "StackedDrg8MiBV1_1");
    c.synthesize = [&c](ConstraintSystem& cs) { filecoin::synthesize_stacked_partition(cs, c.c1, 0); };
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
  return c;
}

void counters(benchmark::State& state, const Circuit& c) {
  state.counters["constraints"] = double(c.precompiled->num_constraints());
  state.counters["coeffs"] = double(c.precompiled->coeffs().size());
  state.counters["matrix_MiB"] = double(c.precompiled->memory_bytes()) / double(1 << 20);
}

// As the pipeline does: a fresh ProvingAssignment per partition, reserved to the known sizes
// (page faults and the final free are part of every variant).
void BM_Generic(benchmark::State& state) {
  Circuit& c = circuit(state.range(0));
  for (auto _ : state) {
    r1cs::ProvingAssignment pa;
    pa.reserve({c.precompiled->num_inputs(), c.precompiled->num_aux(),
                c.precompiled->num_constraints()});
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

// The partition's challenges on t threads, each into its slice (stacked_partition_witness);
// t = 1 is WitnessOnly through the slices (porep-2k and porep-8m partitions only).
void BM_WitnessParallel(benchmark::State& state) {
  Circuit& c = circuit(state.range(0));
  const auto threads = unsigned(state.range(1));
  for (auto _ : state) {
    r1cs::Witness w =
        filecoin::stacked_partition_witness(c.c1, 0, c.precompiled->sizes(), threads);
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

void BM_Record(benchmark::State& state) {
  Circuit& c = circuit(state.range(0));
  for (auto _ : state) {
    auto pc = r1cs::PrecompiledCircuit::record(c.synthesize);
    benchmark::DoNotOptimize(pc.digest().data());
  }
  counters(state, c);
}

void BM_CacheLoad(benchmark::State& state) {
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

}  // namespace

BENCHMARK_MAIN();
