// NTT micro-benchmarks (the numbers in docs/perf/ntt-cpu.md come from this file): forward and
// coset NTT at 2^16, 2^20, 2^24 on 1 thread and on all cores, plus the pieces that explain them
// (the unpermuted DIF, the bit-reversal permutation), the whole Groth16 H pipeline, and the plan
// comparison that chose DomainOptions' defaults.
//
// Counters ns_per_butterfly (wall) and cpu_ns_per_butterfly (process CPU time, all threads) divide
// by (n/2) log2 n, the radix-2 butterfly count, so sizes compare directly (one butterfly = 1 Fr
// multiplication + 1 addition + 1 subtraction). Each
// iteration transforms the same buffer again in place (values stay uniformly random). Run with
//   ntt_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
// and read the medians. 2^26 (2 GiB of data + 1 GiB of twiddles) runs only when the environment
// sets CUZK_NTT_BENCH_LARGE=1.
#include <benchmark/benchmark.h>
#include <time.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "ntt/bit_reverse.hpp"
#include "ntt/h_polynomial.hpp"
#include "ntt/ntt.hpp"
#include "ntt/transform.hpp"

namespace cuzk::ntt {
namespace {

// Domains are built once per (size, plan) and shared by every benchmark that uses them.
const Domain& domain_of(unsigned log_n, DomainOptions options = {}) {
  static std::map<std::tuple<unsigned, unsigned, unsigned>, std::unique_ptr<Domain>> cache;
  auto& slot = cache[{log_n, options.max_pass_log, options.tile_width}];
  if (!slot) slot = std::make_unique<Domain>(std::move(Domain::create(log_n, options).value()));
  return *slot;
}

std::vector<Fr> random_input(unsigned log_n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(size_t(1) << log_n);
  for (auto& x : v) x = Fr::random(rng);
  return v;
}

// Counters, per butterfly: ns_per_butterfly = wall time of the timed loop (timed here because
// Google Benchmark prints inverted rates with a seconds suffix); cpu_ns_per_butterfly = CPU time of
// the whole process, all threads together. On a loaded machine the second is the steadier gauge of
// the work, and with T threads it shows what the parallel split costs (ideal: equal to 1 thread's).
double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

class ButterflyClock {
 public:
  explicit ButterflyClock(double butterflies_per_iteration)
      : per_iteration_(butterflies_per_iteration),
        wall_start_(std::chrono::steady_clock::now()),
        cpu_start_(process_cpu_seconds()) {}
  void report(benchmark::State& state) const {
    const double wall_ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - wall_start_)
            .count();
    const double cpu_ns = (process_cpu_seconds() - cpu_start_) * 1e9;
    const double count = double(state.iterations()) * per_iteration_;
    state.counters["ns_per_butterfly"] = wall_ns / count;
    state.counters["cpu_ns_per_butterfly"] = cpu_ns / count;
  }

 private:
  double per_iteration_;
  std::chrono::steady_clock::time_point wall_start_;
  double cpu_start_;
};

double butterflies(unsigned log_n) {
  return double(size_t(1) << log_n) / 2 * log_n;
}

using NttOp = void (*)(const Domain&, std::span<Fr>, unsigned);

template <NttOp kOp>
void BM_Transform(benchmark::State& state) {
  const unsigned log_n = unsigned(state.range(0)), threads = unsigned(state.range(1));
  const Domain& d = domain_of(log_n);
  auto a = random_input(log_n, 1);
  ButterflyClock clock(butterflies(log_n));
  for (auto _ : state) {
    kOp(d, a, threads);
    benchmark::DoNotOptimize(a.data());
    benchmark::ClobberMemory();
  }
  clock.report(state);
}

void dif_only(const Domain& d, std::span<Fr> a, unsigned threads) {
  dif_natural_to_bitreversed(d, a, Direction::kForward, threads);
}

// The tuning behind DomainOptions' defaults: one thread, DIF only, args (log_n, max_pass_log,
// tile_width). max_pass_log 1 with wide tiles is the unblocked baseline: one sweep over memory
// per stage, like a textbook iterative radix-2 with precomputed twiddles.
void BM_DifPlan(benchmark::State& state) {
  const unsigned log_n = unsigned(state.range(0));
  const DomainOptions options{unsigned(state.range(1)), unsigned(state.range(2))};
  const Domain& d = domain_of(log_n, options);
  auto a = random_input(log_n, 6);
  ButterflyClock clock(butterflies(log_n));
  for (auto _ : state) {
    dif_natural_to_bitreversed(d, a, Direction::kForward, 1);
    benchmark::ClobberMemory();
  }
  clock.report(state);
}

void BM_BitReversePermute(benchmark::State& state) {
  const unsigned log_n = unsigned(state.range(0)), threads = unsigned(state.range(1));
  auto a = random_input(log_n, 2);
  for (auto _ : state) {
    bit_reverse_permute(a, threads);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(a.size() * sizeof(Fr)));
}

// Counter: ns per butterfly over the 6 transforms of the pipeline.
void BM_HPolynomial(benchmark::State& state) {
  const unsigned log_n = unsigned(state.range(0)), threads = unsigned(state.range(1));
  const Domain& d = domain_of(log_n);
  auto a = random_input(log_n, 3), b = random_input(log_n, 4), c = random_input(log_n, 5);
  ButterflyClock clock(6 * butterflies(log_n));
  for (auto _ : state) {
    compute_h_coefficients(d, a, b, c, threads);
    benchmark::ClobberMemory();
  }
  clock.report(state);
}

void sizes_and_threads(benchmark::internal::Benchmark* b) {
  b->ArgNames({"log_n", "threads"});
  std::vector<int64_t> sizes = {16, 20, 24};
  const char* large = std::getenv("CUZK_NTT_BENCH_LARGE");
  if (large && std::string(large) == "1") sizes.push_back(26);
  for (int64_t log_n : sizes) {
    for (int64_t threads : {1, 0}) b->Args({log_n, threads});  // 0 = all cores
  }
  b->Unit(benchmark::kMillisecond)->UseRealTime();
}

BENCHMARK(BM_Transform<forward_ntt>)->Name("BM_ForwardNtt")->Apply(sizes_and_threads);
BENCHMARK(BM_Transform<coset_ntt>)->Name("BM_CosetNtt")->Apply(sizes_and_threads);
BENCHMARK(BM_Transform<dif_only>)->Name("BM_DifNoPermutation")->Apply(sizes_and_threads);
BENCHMARK(BM_BitReversePermute)->Apply(sizes_and_threads);
BENCHMARK(BM_DifPlan)
    ->ArgNames({"log_n", "max_pass_log", "tile_width"})
    ->ArgsProduct({{20, 24}, {1}, {64}})
    ->ArgsProduct({{20, 24}, {8, 10, 12}, {4}})
    ->ArgsProduct({{20, 24}, {10}, {2, 8, 16}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_HPolynomial)
    ->ArgNames({"log_n", "threads"})
    ->Args({16, 0})
    ->Args({20, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace cuzk::ntt

BENCHMARK_MAIN();
