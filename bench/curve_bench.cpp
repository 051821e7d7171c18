// Micro-benchmarks of floor 2: the group law (G1, G2: add, double, mixed add), scalar
// multiplication (GLV/GLS), subgroup checks, point decoding and the pairing. Group-law iterations
// depend on the previous result, so those numbers are latencies of one operation.
#include <benchmark/benchmark.h>

#include <random>

#include "curve/encoding.hpp"
#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "curve/pairing.hpp"
#include "curve/scalar_mul.hpp"
#include "curve/subgroup.hpp"

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

template <class G>
void BM_ScalarMul(benchmark::State& state) {
  std::mt19937_64 rng(6);
  G p = random_point<G>(7);
  ff::Fr k = ff::Fr::random(rng);
  for (auto _ : state) {
    p = mul(p, k);
    benchmark::DoNotOptimize(p);
  }
}

template <class G>
void BM_SubgroupCheck(benchmark::State& state) {
  auto p = random_point<G>(8).to_affine();
  for (auto _ : state) benchmark::DoNotOptimize(is_in_subgroup(p));
}

template <class Config>
void BM_DecodeCompressed(benchmark::State& state) {
  auto bytes = encode_compressed<Config>(random_point<Jacobian<Config>>(9).to_affine());
  for (auto _ : state) {
    benchmark::DoNotOptimize(decode_compressed<Config>(bytes, PointCheck::kSubgroup));
  }
}

void BM_Pairing(benchmark::State& state) {
  auto p = random_point<G1>(10).to_affine();
  auto q = random_point<G2>(11).to_affine();
  for (auto _ : state) benchmark::DoNotOptimize(pairing(p, q));
}

void BM_PairingProduct3(benchmark::State& state) {
  std::vector<MillerTerm> terms;
  for (uint64_t i = 0; i < 3; ++i) {
    terms.push_back({random_point<G1>(20 + i).to_affine(), random_point<G2>(30 + i).to_affine()});
  }
  for (auto _ : state) benchmark::DoNotOptimize(multi_pairing(terms));
}

BENCHMARK(BM_Add<G1>)->Name("G1/add");
BENCHMARK(BM_Double<G1>)->Name("G1/double");
BENCHMARK(BM_MixedAdd<G1>)->Name("G1/mixed_add");
BENCHMARK(BM_Add<G2>)->Name("G2/add");
BENCHMARK(BM_Double<G2>)->Name("G2/double");
BENCHMARK(BM_MixedAdd<G2>)->Name("G2/mixed_add");
BENCHMARK(BM_ScalarMul<G1>)->Name("G1/scalar_mul")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ScalarMul<G2>)->Name("G2/scalar_mul")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SubgroupCheck<G1>)->Name("G1/subgroup_check")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SubgroupCheck<G2>)->Name("G2/subgroup_check")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DecodeCompressed<G1Config>)
    ->Name("G1/decode_compressed")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DecodeCompressed<G2Config>)
    ->Name("G2/decode_compressed")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Pairing)->Name("pairing")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PairingProduct3)->Name("pairing_product_3")->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace cuzk::curve

BENCHMARK_MAIN();
