// Single-thread speed of the field arithmetic (Fp, Fr, Fp2, Fp12): the numbers in
// docs/perf/ff-cpu.md come from this file.
//
// Each "latency" benchmark runs one dependent chain (x = x * y, x = x.square(), ...), so the time
// per iteration is the latency of one operation. The "throughput" variants run four independent
// chains per iteration and divide by four (items_per_second), which shows how much the CPU can
// overlap consecutive operations. benchmark::DoNotOptimize on the chain value keeps the compiler
// from folding or hoisting the work. Run with
//   --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// and read the medians.
#include <benchmark/benchmark.h>

#include <random>

#include "ff/fp12.hpp"
#include "ff/fr.hpp"

namespace {

using namespace cuzk::ff;

template <class F>
F random_element(uint64_t seed) {
  std::mt19937_64 rng(seed);
  return F::random(rng);
}

template <class F>
void BM_mul_latency(benchmark::State& state) {
  F x = random_element<F>(1), y = random_element<F>(2);
  for (auto _ : state) {
    x = x * y;
    benchmark::DoNotOptimize(x);
  }
}

template <class F>
void BM_mul_throughput(benchmark::State& state) {
  F x0 = random_element<F>(1), x1 = random_element<F>(3), x2 = random_element<F>(4),
    x3 = random_element<F>(5), y = random_element<F>(2);
  for (auto _ : state) {
    x0 = x0 * y;
    x1 = x1 * y;
    x2 = x2 * y;
    x3 = x3 * y;
    benchmark::DoNotOptimize(x0);
    benchmark::DoNotOptimize(x1);
    benchmark::DoNotOptimize(x2);
    benchmark::DoNotOptimize(x3);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * 4);
}

template <class F>
void BM_square_latency(benchmark::State& state) {
  F x = random_element<F>(1);
  for (auto _ : state) {
    x = x.square();
    benchmark::DoNotOptimize(x);
  }
}

template <class F>
void BM_add_latency(benchmark::State& state) {
  F x = random_element<F>(1), y = random_element<F>(2);
  for (auto _ : state) {
    x = x + y;
    benchmark::DoNotOptimize(x);
  }
}

template <class F>
void BM_sub_latency(benchmark::State& state) {
  F x = random_element<F>(1), y = random_element<F>(2);
  for (auto _ : state) {
    x = x - y;
    benchmark::DoNotOptimize(x);
  }
}

// Chained too: the next input is the previous inverse (never zero for a non-zero start).
template <class F>
void BM_inverse_latency(benchmark::State& state) {
  F x = random_element<F>(1);
  for (auto _ : state) {
    x = x.inverse();
    benchmark::DoNotOptimize(x);
  }
}

BENCHMARK(BM_mul_latency<Fp>)->Name("Fp/mul");
BENCHMARK(BM_mul_throughput<Fp>)->Name("Fp/mul_x4");
BENCHMARK(BM_square_latency<Fp>)->Name("Fp/square");
BENCHMARK(BM_add_latency<Fp>)->Name("Fp/add");
BENCHMARK(BM_sub_latency<Fp>)->Name("Fp/sub");
BENCHMARK(BM_inverse_latency<Fp>)->Name("Fp/inverse");
BENCHMARK(BM_mul_latency<Fr>)->Name("Fr/mul");
BENCHMARK(BM_mul_throughput<Fr>)->Name("Fr/mul_x4");
BENCHMARK(BM_square_latency<Fr>)->Name("Fr/square");
BENCHMARK(BM_add_latency<Fr>)->Name("Fr/add");
BENCHMARK(BM_sub_latency<Fr>)->Name("Fr/sub");
BENCHMARK(BM_inverse_latency<Fr>)->Name("Fr/inverse");
BENCHMARK(BM_mul_latency<Fp2>)->Name("Fp2/mul");
BENCHMARK(BM_square_latency<Fp2>)->Name("Fp2/square");
BENCHMARK(BM_mul_latency<Fp12>)->Name("Fp12/mul");
BENCHMARK(BM_square_latency<Fp12>)->Name("Fp12/square");

}  // namespace

BENCHMARK_MAIN();
