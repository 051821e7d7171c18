// Single-thread speed of the native hashes: the numbers in docs/perf/hash-cpu.md come from here.
//
//  * sha256_compress/<impl>/<blocks>: the compression function on `blocks` consecutive 64-byte
//    blocks per call, SHA-NI against portable (bytes_per_second = compression throughput);
//  * sha256_node: one tree_d node (trimmed SHA-256 of two 32-byte nodes = 2 compressions);
//  * poseidon_hash/<arity>: one Poseidon hash (MerkleTree tag) with the optimized permutation,
//    and poseidon_hash_reference/<arity> with the reference one for comparison;
//  * poseidon_params_build/<arity>: deriving one arity's constants (the one-time start-up cost).
// Each hash feeds its output back into its input, so iterations form one dependent chain and the
// time per iteration is a latency. Run with
//   --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// and read the medians.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "hash/merkle_node.hpp"
#include "hash/poseidon.hpp"
#include "hash/sha256.hpp"
#include "hash/sha256_domain.hpp"

namespace {

using namespace cuzk::hash;
using cuzk::ff::Fr;

void BM_sha256_compress(benchmark::State& state, Sha256Impl impl) {
  if (impl == Sha256Impl::kShaNi && !sha256_shani_supported()) {
    state.SkipWithError("CPU has no SHA extensions");
    return;
  }
  const size_t blocks = size_t(state.range(0));
  std::vector<uint8_t> data(blocks * kSha256BlockBytes);
  std::mt19937_64 rng(1);
  for (auto& b : data) b = uint8_t(rng());
  Sha256State s = kSha256InitialState;
  for (auto _ : state) {
    sha256_compress_with(impl, s, data.data(), blocks);
    benchmark::DoNotOptimize(s);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(data.size()));
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(blocks));  // blocks/s
}
BENCHMARK_CAPTURE(BM_sha256_compress, portable, Sha256Impl::kPortable)->Arg(1)->Arg(64);
BENCHMARK_CAPTURE(BM_sha256_compress, sha_ni, Sha256Impl::kShaNi)->Arg(1)->Arg(64);

void BM_sha256_node(benchmark::State& state) {
  Node32 left{}, right{};
  right[0] = 1;
  for (auto _ : state) {
    left = sha256_domain_hash2(left, right);
    benchmark::DoNotOptimize(left);
  }
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_sha256_node);

void BM_poseidon_hash(benchmark::State& state, PoseidonPermutation permutation) {
  const PoseidonParams& params = poseidon_params(unsigned(state.range(0)));
  std::mt19937_64 rng(2);
  std::vector<Fr> preimage(params.arity);
  for (auto& x : preimage) x = Fr::random(rng);
  for (auto _ : state) {
    preimage[0] = poseidon_hash(preimage, params, PoseidonHashType::merkle_tree(), permutation);
    benchmark::DoNotOptimize(preimage[0]);
  }
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK_CAPTURE(BM_poseidon_hash, optimized, PoseidonPermutation::kOptimized)
    ->Arg(2)
    ->Arg(4)
    ->Arg(8)
    ->Arg(11)
    ->Arg(16)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_poseidon_hash, reference, PoseidonPermutation::kReference)
    ->Arg(2)
    ->Arg(8)
    ->Unit(benchmark::kMicrosecond);

void BM_poseidon_params_build(benchmark::State& state) {
  for (auto _ : state) {
    PoseidonParams p = make_poseidon_params(unsigned(state.range(0)));
    benchmark::DoNotOptimize(p.compressed_constants.data());
  }
}
BENCHMARK(BM_poseidon_params_build)->Arg(2)->Arg(8)->Arg(11)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
