// CPU MSM speed (msm/msm.hpp): the numbers in docs/perf/msm-cpu.md come from this file.
//
// Arguments of every case: log2 of the size, threads (0 = all cores), scalar shape (0: uniform
// full-width scalars, 1: Filecoin-like mix, 35% zeros + 35% ones + 30% uniform), the bit/tail
// split (1 on, 0 off) and the accumulator (0 planner's choice, 1 XYZZ, 2 batch affine).
// Counters: us_per_point = wall time / points, cpu_us_per_point = CPU time of all threads /
// points (trustworthy on a shared machine). Bases are made once per group and size and cached
// (a random walk of additions, batch-normalised in parallel), so only the first case of a size
// pays for them. Run with
//   --benchmark_filter=... --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
// (one 2^20 iteration takes seconds: the framework then runs a single iteration per repetition).
#include <benchmark/benchmark.h>

#include <chrono>
#include <ctime>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "msm/msm.hpp"
#include "util/parallel.hpp"

namespace {

using namespace cuzk;
using Repr = ff::Fr::Repr;

// n affine points: per thread a walk P_{i+1} = P_i + Q_{i mod 16} from a random start.
template <class Config>
std::vector<curve::Affine<Config>> make_points(size_t n) {
  using J = curve::Jacobian<Config>;
  std::vector<curve::Affine<Config>> out(n);
  parallel_chunks(n, 64, 0, [&](size_t chunk, size_t begin, size_t end) {
    std::mt19937_64 rng(chunk + 1);
    std::vector<J> steps(16);
    for (auto& q : steps) q = J::generator().mul_limbs(ff::Limbs<1>{rng()});
    J p = J::generator().mul_limbs(ff::Limbs<1>{rng()});
    std::vector<J> jac(end - begin);
    for (size_t i = 0; i < jac.size(); ++i) {
      jac[i] = p;
      p += steps[i % steps.size()];
    }
    curve::batch_normalize<Config>(jac, std::span(out).subspan(begin, end - begin));
  });
  return out;
}

template <class Config>
std::span<const curve::Affine<Config>> points(size_t n) {
  static std::map<size_t, std::vector<curve::Affine<Config>>> cache;
  auto it = cache.lower_bound(n);
  if (it == cache.end()) it = cache.emplace(n, make_points<Config>(n)).first;
  return std::span<const curve::Affine<Config>>(it->second).first(n);
}

std::span<const Repr> scalars(size_t n, int shape) {
  static std::map<std::pair<size_t, int>, std::vector<Repr>> cache;
  auto& v = cache[{n, shape}];
  if (v.empty()) {
    std::mt19937_64 rng(uint64_t(n) * 2 + uint64_t(shape));
    v.resize(n);
    for (auto& k : v) {
      const uint64_t kind = shape == 0 ? 99 : rng() % 100;
      k = kind < 35 ? Repr{} : kind < 70 ? Repr{1, 0, 0, 0} : ff::Fr::random(rng).to_canonical();
    }
  }
  return v;
}

double process_cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

template <class Config>
void BM_msm(benchmark::State& state) {
  const size_t n = size_t(1) << state.range(0);
  const msm::MsmOptions options{.threads = unsigned(state.range(1)),
                                .split_trivial = state.range(3) != 0,
                                .accumulator = msm::Accumulator(state.range(4))};
  const auto bases = points<Config>(n);
  const auto ks = scalars(n, int(state.range(2)));
  double seconds = 0, cpu_seconds = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = process_cpu_seconds();
    auto r = msm::msm<Config>(bases, ks, options);
    benchmark::DoNotOptimize(r);
    cpu_seconds += process_cpu_seconds() - cpu_start;
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  // Wall time per point in microseconds, and CPU time of all threads per point (equal to the
  // wall time on one idle core; robust when other processes share the machine).
  state.counters["us_per_point"] =
      benchmark::Counter(seconds * 1e6 / double(n), benchmark::Counter::kAvgIterations);
  state.counters["cpu_us_per_point"] =
      benchmark::Counter(cpu_seconds * 1e6 / double(n), benchmark::Counter::kAvgIterations);
  state.counters["threads"] = double(resolve_threads(options.threads));
}

void g1_args(benchmark::internal::Benchmark* b) {
  for (int log_n : {12, 16, 20, 22})
    for (int threads : {1, 0}) {
      b->Args({log_n, threads, 0, 1, 0});
      b->Args({log_n, threads, 1, 1, 0});
      b->Args({log_n, threads, 1, 0, 0});
    }
}
// The two bucket accumulators forced, one thread, uniform scalars.
void accumulator_args(benchmark::internal::Benchmark* b) {
  for (int log_n : {10, 12, 16, 20})
    for (int acc : {1, 2}) b->Args({log_n, 1, 0, 1, acc});
}
void g2_args(benchmark::internal::Benchmark* b) {
  for (int log_n : {16, 20})
    for (int threads : {1, 0}) b->Args({log_n, threads, 0, 1, 0});
}

const std::vector<std::string> kArgNames = {"log_n", "threads", "mix", "split", "acc"};

BENCHMARK(BM_msm<curve::G1Config>)
    ->Name("G1_msm")
    ->ArgNames(kArgNames)
    ->Apply(g1_args)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_msm<curve::G1Config>)
    ->Name("G1_msm_accumulator")
    ->ArgNames(kArgNames)
    ->Apply(accumulator_args)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_msm<curve::G2Config>)
    ->Name("G2_msm")
    ->ArgNames(kArgNames)
    ->Apply(g2_args)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
