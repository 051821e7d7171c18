// Synthesis throughput of the gadgets into a ProvingAssignment (what the prover does per
// partition): constraints per second, single thread. The numbers in docs/perf/gadgets-cpu.md come
// from here.
//
//  * sha256_compression: 512 allocated message bits and one compression from the constant IV
//    (25,840 + 512 constraints) — the bulk of PoRep labelling and tree_d;
//  * sha256_fr_hash2: Filecoin's tree_d node (2 x to_bits_le + 2 compressions + pack, 45,379);
//  * poseidon/template|direct/<arity>: one legacy Poseidon hash of allocated inputs (arity 2, 8,
//    11), replayed from the recorded template (the default for a ProvingAssignment) and built
//    step by step as neptune does (what a naming constraint system gets);
//  * por_poseidon_32g: one TreeR inclusion path of a 32 GiB sector (8-8-0 shape, 9 + 1 levels,
//    5,302 + 1 constraints, public root);
//  * por_sha256_tree_d/<levels>: one binary SHA-256 (tree_d) path.
// Each iteration synthesises into a ProvingAssignment that is cleared (storage kept) first, so
// the figure is synthesis only. items_per_second = constraints per second. Run with
//   --benchmark_repetitions=9 --benchmark_report_aggregates_only=true
// and read the medians.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "gadgets/por.hpp"
#include "gadgets/poseidon.hpp"
#include "gadgets/sha256.hpp"
#include "gadgets/sha256_fr.hpp"
#include "hash/merkle_node.hpp"
#include "hash/merkle_tree.hpp"
#include "r1cs/proving_assignment.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::gadgets;
using ff::Fr;

// Runs `synthesize` into a reused ProvingAssignment and reports constraints per second.
template <class F>
void run_synthesis(benchmark::State& state, F&& synthesize) {
  r1cs::ProvingAssignment cs;
  size_t constraints = 0;
  for (auto _ : state) {
    cs.clear();
    synthesize(cs);
    constraints = cs.num_constraints();
    benchmark::DoNotOptimize(cs.a().data());
  }
  state.counters["constraints"] = double(constraints);
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(constraints));
}

void BM_sha256_compression(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::vector<bool> bits(512);
  for (size_t i = 0; i < bits.size(); ++i) bits[i] = (rng() & 1) != 0;
  run_synthesis(state, [&](r1cs::ConstraintSystem& cs) {
    std::vector<Boolean> input;
    input.reserve(512);
    for (bool b : bits) input.emplace_back(AllocatedBit::alloc(cs, b));
    benchmark::DoNotOptimize(sha256_compression_function(cs, input, sha256_iv_words()));
  });
}
BENCHMARK(BM_sha256_compression)->Unit(benchmark::kMicrosecond);

void BM_sha256_fr_hash2(benchmark::State& state) {
  std::mt19937_64 rng(2);
  const Fr a = Fr::random(rng), b = Fr::random(rng);
  run_synthesis(state, [&](r1cs::ConstraintSystem& cs) {
    const AllocatedNum x = AllocatedNum::alloc(cs, a), y = AllocatedNum::alloc(cs, b);
    benchmark::DoNotOptimize(sha256_hash2(cs, x, y));
  });
}
BENCHMARK(BM_sha256_fr_hash2)->Unit(benchmark::kMicrosecond);

void BM_poseidon(benchmark::State& state, PoseidonSynthesis mode) {
  const unsigned arity = unsigned(state.range(0));
  const auto& params = hash::poseidon_params(arity);
  std::mt19937_64 rng(3);
  std::vector<Fr> data(arity);
  for (auto& x : data) x = Fr::random(rng);
  std::vector<AllocatedNum> nums(arity);
  run_synthesis(state, [&](r1cs::ConstraintSystem& cs) {
    for (unsigned i = 0; i < arity; ++i) nums[i] = AllocatedNum::alloc(cs, data[i]);
    benchmark::DoNotOptimize(
        poseidon_hash_circuit(cs, nums, params, hash::PoseidonHashType::merkle_tree(), mode));
  });
}
BENCHMARK_CAPTURE(BM_poseidon, template, PoseidonSynthesis::kTemplate)
    ->Arg(2)
    ->Arg(8)
    ->Arg(11)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_poseidon, direct, PoseidonSynthesis::kDirect)
    ->Arg(2)
    ->Arg(8)
    ->Arg(11)
    ->Unit(benchmark::kMicrosecond);

// A random inclusion path of the given level arities and the root it implies.
template <class Hasher>
hash::MerklePath<typename Hasher::Node> random_path(const std::vector<unsigned>& arities,
                                                    std::mt19937_64& rng, auto&& random_node) {
  hash::MerklePath<typename Hasher::Node> path;
  for (unsigned arity : arities) {
    hash::MerklePathElement<typename Hasher::Node> e;
    e.index = unsigned(rng() % arity);
    for (unsigned k = 0; k + 1 < arity; ++k) e.siblings.push_back(random_node());
    path.push_back(e);
  }
  return path;
}

void BM_por_poseidon_32g(benchmark::State& state) {
  std::mt19937_64 rng(4);
  const std::vector<unsigned> arities = {8, 8, 8, 8, 8, 8, 8, 8, 8, 8};  // 9 base + 1 sub
  const auto path =
      random_path<hash::PoseidonNodeHasher>(arities, rng, [&] { return Fr::random(rng); });
  const Fr leaf = Fr::random(rng);
  const Fr root = hash::merkle_root_from_path<hash::PoseidonNodeHasher>(leaf, path);
  run_synthesis(state, [&](r1cs::ConstraintSystem& cs) {
    por_circuit(cs, TreeHasher::kPoseidon, hash::kTreeR_8_8_0, PorValue::value(leaf), path,
                PorValue::value(root), false);
  });
}
BENCHMARK(BM_por_poseidon_32g)->Unit(benchmark::kMicrosecond);

void BM_por_sha256_tree_d(benchmark::State& state) {
  std::mt19937_64 rng(5);
  const std::vector<unsigned> arities(size_t(state.range(0)), 2);
  auto random_node = [&] { return hash::node_from_fr(Fr::random(rng)); };
  const auto node_path = random_path<hash::Sha256NodeHasher>(arities, rng, random_node);
  const hash::Node32 leaf = random_node();
  const hash::Node32 root = hash::merkle_root_from_path<hash::Sha256NodeHasher>(leaf, node_path);
  hash::MerklePath<Fr> path;
  for (const auto& e : node_path) {
    hash::MerklePathElement<Fr> f;
    f.index = e.index;
    f.siblings.push_back(*hash::fr_from_node(e.siblings[0]));
    path.push_back(f);
  }
  run_synthesis(state, [&](r1cs::ConstraintSystem& cs) {
    por_circuit(cs, TreeHasher::kSha256, hash::kBinaryTreeShape,
                PorValue::value(*hash::fr_from_node(leaf)), path,
                PorValue::value(*hash::fr_from_node(root)), false);
  });
}
BENCHMARK(BM_por_sha256_tree_d)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
