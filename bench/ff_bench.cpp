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

#include <algorithm>
#include <random>
#include <vector>

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
void BM_square_throughput(benchmark::State& state) {
  F x0 = random_element<F>(1), x1 = random_element<F>(3), x2 = random_element<F>(4),
    x3 = random_element<F>(5);
  for (auto _ : state) {
    x0 = x0.square();
    x1 = x1.square();
    x2 = x2.square();
    x3 = x3.square();
    benchmark::DoNotOptimize(x0);
    benchmark::DoNotOptimize(x1);
    benchmark::DoNotOptimize(x2);
    benchmark::DoNotOptimize(x3);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * 4);
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

// Chained too. Adding y makes every input new (x -> x^-1 -> x would repeat two inputs, and the
// branch predictor would learn the variable-time inverse's branches); the add costs ~3 ns.
template <class F>
void BM_inverse_latency(benchmark::State& state) {
  F x = random_element<F>(1), y = random_element<F>(2);
  for (auto _ : state) {
    x = x.inverse() + y;
    benchmark::DoNotOptimize(x);
  }
}

#ifdef CUZK_FF_X86_ASM
// The cost of kernel selection, on the multiplication latency chain: each kernel called directly
// (no selection), and the MULX kernel behind a function pointer chosen once (not inlinable).
// F::operator* itself is the branch on a global flag.
template <class F, typename F::Repr (*Kernel)(const typename F::Repr&, const typename F::Repr&)>
void BM_mul_kernel(benchmark::State& state) {
  if (Kernel == &x86::mont_mul_mulx<F> && !x86::cpu_has_bmi2_adx()) {
    state.SkipWithError("this CPU lacks BMI2/ADX");
    return;
  }
  auto x = random_element<F>(1).montgomery();
  const auto y = random_element<F>(2).montgomery();
  for (auto _ : state) {
    x = Kernel(x, y);
    benchmark::DoNotOptimize(x);
  }
}

template <class F>
[[gnu::noinline]] typename F::Repr mul_mulx_outlined(const typename F::Repr& a,
                                                     const typename F::Repr& b) {
  return x86::mont_mul_mulx<F>(a, b);
}

template <class F>
void BM_mul_function_pointer(benchmark::State& state) {
  using Repr = typename F::Repr;
  Repr (*volatile chosen)(const Repr&, const Repr&) =
      x86::cpu_has_bmi2_adx() ? &mul_mulx_outlined<F> : &x86::mont_mul_mulq<F>;
  Repr (*const kernel)(const Repr&, const Repr&) = chosen;  // read once, like a global set at start
  Repr x = random_element<F>(1).montgomery();
  const Repr y = random_element<F>(2).montgomery();
  for (auto _ : state) {
    x = kernel(x, y);
    benchmark::DoNotOptimize(x);
  }
}
#endif

// Interference from other processes only ever adds time: the minimum is the stablest figure on
// a shared machine, the median the usual one.
double min_of(const std::vector<double>& v) {
  return *std::min_element(v.begin(), v.end());
}

#define FF_BENCH(fn, name) BENCHMARK(fn)->Name(name)->ComputeStatistics("min", min_of)

FF_BENCH(BM_mul_latency<Fp>, "Fp/mul");
FF_BENCH(BM_mul_throughput<Fp>, "Fp/mul_x4");
FF_BENCH(BM_square_latency<Fp>, "Fp/square");
FF_BENCH(BM_square_throughput<Fp>, "Fp/square_x4");
FF_BENCH(BM_add_latency<Fp>, "Fp/add");
FF_BENCH(BM_sub_latency<Fp>, "Fp/sub");
FF_BENCH(BM_inverse_latency<Fp>, "Fp/inverse");
FF_BENCH(BM_mul_latency<Fr>, "Fr/mul");
FF_BENCH(BM_mul_throughput<Fr>, "Fr/mul_x4");
FF_BENCH(BM_square_latency<Fr>, "Fr/square");
FF_BENCH(BM_square_throughput<Fr>, "Fr/square_x4");
FF_BENCH(BM_add_latency<Fr>, "Fr/add");
FF_BENCH(BM_sub_latency<Fr>, "Fr/sub");
FF_BENCH(BM_inverse_latency<Fr>, "Fr/inverse");
FF_BENCH(BM_mul_latency<Fp2>, "Fp2/mul");
FF_BENCH(BM_square_latency<Fp2>, "Fp2/square");
FF_BENCH(BM_mul_latency<Fp12>, "Fp12/mul");
FF_BENCH(BM_square_latency<Fp12>, "Fp12/square");

#ifdef CUZK_FF_X86_ASM
FF_BENCH((BM_mul_kernel<Fp, Fp::mont_mul_portable>), "Fp/mul_kernel_portable");
FF_BENCH((BM_mul_kernel<Fp, x86::mont_mul_mulq<Fp>>), "Fp/mul_kernel_mulq");
FF_BENCH((BM_mul_kernel<Fp, x86::mont_mul_mulx<Fp>>), "Fp/mul_kernel_mulx");
FF_BENCH((BM_mul_kernel<Fr, Fr::mont_mul_portable>), "Fr/mul_kernel_portable");
FF_BENCH((BM_mul_kernel<Fr, x86::mont_mul_mulq<Fr>>), "Fr/mul_kernel_mulq");
FF_BENCH((BM_mul_kernel<Fr, x86::mont_mul_mulx<Fr>>), "Fr/mul_kernel_mulx");
FF_BENCH(BM_mul_function_pointer<Fp>, "Fp/mul_function_pointer");
FF_BENCH(BM_mul_function_pointer<Fr>, "Fr/mul_function_pointer");
#endif

}  // namespace

BENCHMARK_MAIN();
