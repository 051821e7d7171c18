// Micro-benchmarks of the group law (G1, G2): add, double, mixed add. Each iteration depends on the
// previous result, so the numbers are latencies of one operation.
#include <benchmark/benchmark.h>

#include <random>

#include "curve/g1.hpp"
#include "curve/g2.hpp"

namespace cuzk::curve {
namespace {

template <class G>
G random_point(uint64_t seed) {
  std::mt19937_64 rng(seed);
  return G::generator().mul_limbs(ff::Limbs<1>{rng()});
}

template <class G>
void BM_Add(benchmark::State& state) {
  G p = random_point<G>(1), q = random_point<G>(2);
  for (auto _ : state) {
    p = p + q;
    benchmark::DoNotOptimize(p);
  }
}

template <class G>
void BM_Double(benchmark::State& state) {
  G p = random_point<G>(3);
  for (auto _ : state) {
    p = p.dbl();
    benchmark::DoNotOptimize(p);
  }
}

template <class G>
void BM_MixedAdd(benchmark::State& state) {
  G p = random_point<G>(4);
  auto q = random_point<G>(5).to_affine();
  for (auto _ : state) {
    p = p + q;
    benchmark::DoNotOptimize(p);
  }
}

BENCHMARK(BM_Add<G1>)->Name("G1/add");
BENCHMARK(BM_Double<G1>)->Name("G1/double");
BENCHMARK(BM_MixedAdd<G1>)->Name("G1/mixed_add");
BENCHMARK(BM_Add<G2>)->Name("G2/add");
BENCHMARK(BM_Double<G2>)->Name("G2/double");
BENCHMARK(BM_MixedAdd<G2>)->Name("G2/mixed_add");

}  // namespace
}  // namespace cuzk::curve

BENCHMARK_MAIN();
