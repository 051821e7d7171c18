// A WindowPoSt partition's submit-time work: what engine::make_post_job runs on a request's
// vanilla proofs between its arrival and the job being queued, filecoin::prepare_post_partition
// (parse every bincode sector proof, check it as the vanilla verifier does, derive the public
// inputs, lay out the circuit's sectors); make_post_job adds only the request's field checks and
// the job object. The engine floor needs the daemon's libraries (gRPC, toml++), so the bench
// calls the function it calls and builds with -DCUZK_BUILD_APPS=OFF. The request is a 32 GiB
// WindowPoSt (StackedDrgWindow32GiBV1_2) of virtual sectors (sealing/virtual_post.hpp), made
// once per sector count and kept for every run.
//
// Args: sectors, threads (0 = all cores). 64 sectors always run; the full partition (2349
// sectors, 59 MB; ~10 s of CPU to generate) only with CUZK_BENCH_32G set. The time is the call's
// wall time; the counters give the thread count, each phase's wall milliseconds and the CPU
// milliseconds of all threads (cpu_ms: per-core throughput on a shared machine).
// Run: CUZK_BENCH_32G=1 submit_checks_bench --benchmark_filter='sectors:2349/'
//      --benchmark_repetitions=3 (docs/perf/cpu.md has the figures)
#include <benchmark/benchmark.h>
#include <time.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "filecoin/post_prepare.hpp"
#include "filecoin/post_vanilla.hpp"
#include "sealing/virtual_post.hpp"
#include "util/parallel.hpp"

namespace {

using namespace cuzk;

constexpr unsigned kFullPartition = 2349;

// CPU seconds of every thread of the process so far.
double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct Request {
  const filecoin::PoStProofType* proof = nullptr;
  hash::Node32 randomness{};
  std::vector<std::string> vanilla_proofs;  // as engine::ProofRequest holds them
  size_t bytes = 0;
};

const Request& request(unsigned sectors) {
  static std::map<unsigned, Request> cache;
  auto [it, made] = cache.try_emplace(sectors);
  Request& r = it->second;
  if (!made) return r;
  const auto proof = filecoin::find_post_proof(std::string_view("StackedDrgWindow32GiBV1_2"));
  if (!proof.ok()) throw std::runtime_error(proof.error().message);
  auto set = sealing::generate_virtual_post_vanilla(**proof, 1000, sectors, 1);
  if (!set.ok()) throw std::runtime_error(set.error().message);
  r.proof = *proof;
  r.randomness = set->randomness;
  for (const auto& v : set->vanilla) {
    const std::vector<uint8_t> bytes = filecoin::serialize_fallback_post_sector_proof(v);
    r.vanilla_proofs.emplace_back(bytes.begin(), bytes.end());
    r.bytes += bytes.size();
  }
  return r;
}

void BM_PrepareWindowPost(benchmark::State& state) {
  const auto sectors = unsigned(state.range(0));
  const auto threads = unsigned(state.range(1));
  if (sectors == kFullPartition && std::getenv("CUZK_BENCH_32G") == nullptr) {
    state.SkipWithError("set CUZK_BENCH_32G=1 for the full 32 GiB partition");
    return;
  }
  const Request& r = request(sectors);
  filecoin::PostPrepareTimes sum;
  double cpu_seconds = 0;
  for (auto _ : state) {
    const double cpu_start = process_cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    auto prepared =
        filecoin::prepare_post_partition(*r.proof, r.randomness, r.vanilla_proofs, 0, threads);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    state.SetIterationTime(took.count());
    cpu_seconds += process_cpu_seconds() - cpu_start;
    if (!prepared.ok()) {
      state.SkipWithError(prepared.error().message.c_str());
      return;
    }
    sum.parse_ms += prepared->times.parse_ms;
    sum.check_ms += prepared->times.check_ms;
    sum.inputs_ms += prepared->times.inputs_ms;
    sum.witness_ms += prepared->times.witness_ms;
  }
  const double n = double(state.iterations());
  state.counters["threads"] = resolve_threads(threads);
  state.counters["cpu_ms"] = 1e3 * cpu_seconds / n;  // all threads
  state.counters["parse_ms"] = sum.parse_ms / n;
  state.counters["check_ms"] = sum.check_ms / n;
  state.counters["inputs_ms"] = sum.inputs_ms / n;
  state.counters["witness_ms"] = sum.witness_ms / n;
  state.SetBytesProcessed(int64_t(r.bytes) * state.iterations());
}
BENCHMARK(BM_PrepareWindowPost)
    ->ArgNames({"sectors", "threads"})
    ->ArgsProduct({{64, kFullPartition}, {1, 2, 4, 8, 0}})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
