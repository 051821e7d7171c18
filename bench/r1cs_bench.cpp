// Synthesis throughput of the r1cs constraint systems (constraints per second, single thread).
//
// Two circuit shapes bracket what Filecoin circuits do:
// * MulChain: acc_{i+1} = acc_i * m_i — two allocs and three one-term LCs per constraint, the
//   pure per-constraint overhead (virtual calls, vector pushes, density bits).
// * Decompose256: 256 boolean allocs with (1 - b) * b = 0, then one 256-term packing LC — the
//   shape of bit decompositions (SHA-256 / multipack), where LC building and evaluation with
//   non-unit coefficients dominate.
// The witness is precomputed so the numbers measure the constraint system, not the circuit's
// own field arithmetic; BM_Fixture_MulChain runs the test fixture as is (witness included).
// "Reused" variants clear() and refill one ProvingAssignment (the production pattern: storage
// allocated once); "Fresh" ones construct a new one per iteration (vector growth included).
// Each iteration ends with finalize(). Run with
//   --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "../tests/r1cs/test_circuits.hpp"
#include "r1cs/counting_cs.hpp"
#include "r1cs/proving_assignment.hpp"

namespace {

using namespace cuzk::r1cs;

struct ChainWitness {
  Fr acc0;
  std::vector<Fr> m, acc;  // per step
};

ChainWitness chain_witness(size_t n) {
  std::mt19937_64 rng(1);
  ChainWitness w;
  w.acc0 = Fr::random(rng);
  Fr acc = w.acc0;
  for (size_t i = 0; i < n; ++i) {
    w.m.push_back(Fr::random(rng));
    acc *= w.m.back();
    w.acc.push_back(acc);
  }
  return w;
}

void mul_chain(ConstraintSystem& cs, const ChainWitness& w) {
  Namespace ns(cs, "chain");
  Variable acc = cs.alloc(w.acc0);
  for (size_t i = 0; i < w.m.size(); ++i) {
    Namespace step(cs, [&] { return "step " + std::to_string(i); });
    const Variable m = cs.alloc(w.m[i], "m");
    const Variable next = cs.alloc(w.acc[i], "acc");
    cs.enforce(acc, m, next, "mul");
    acc = next;
  }
  const Variable out = cs.alloc_input(w.acc.back(), "out");
  cs.enforce(acc, ConstraintSystem::one(), out, "expose");
}

struct DecomposeWitness {
  std::vector<Fr> bits;  // 0 / 1
  std::vector<Fr> pow2;  // 2^i
  Fr packed;
};

DecomposeWitness decompose_witness(size_t bits) {
  std::mt19937_64 rng(7);
  DecomposeWitness w;
  Fr p = Fr::one();
  for (size_t i = 0; i < bits; ++i) {
    const bool bit = (rng() & 1) != 0;
    w.bits.push_back(bit ? Fr::one() : Fr::zero());
    w.pow2.push_back(p);
    if (bit) w.packed += p;
    p += p;
  }
  return w;
}

// One decomposition: bits.size() + 1 constraints.
void decompose(ConstraintSystem& cs, const DecomposeWitness& w, LinearCombination& packed_lc) {
  packed_lc.clear();
  for (size_t i = 0; i < w.bits.size(); ++i) {
    Namespace bit_ns(cs, [&] { return "bit " + std::to_string(i); });
    const Variable b = cs.alloc(w.bits[i], "b");
    cs.enforce(LinearCombination(ConstraintSystem::one()) - b, b, LinearCombination(), "boolean");
    packed_lc += w.pow2[i] * b;
  }
  const Variable p = cs.alloc(w.packed, "packed");
  cs.enforce(packed_lc, ConstraintSystem::one(), p, "pack");
}

void BM_ProvingAssignment_MulChain_Reused(benchmark::State& state) {
  const size_t n = size_t(state.range(0));
  const ChainWitness w = chain_witness(n);
  ProvingAssignment pa;
  for (auto _ : state) {
    pa.clear();
    mul_chain(pa, w);
    pa.finalize();
    benchmark::DoNotOptimize(pa.c().data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(pa.num_constraints()));
}
BENCHMARK(BM_ProvingAssignment_MulChain_Reused)->Arg(1 << 16)->Arg(1 << 20);

void BM_ProvingAssignment_MulChain_Fresh(benchmark::State& state) {
  const size_t n = size_t(state.range(0));
  const ChainWitness w = chain_witness(n);
  size_t rows = 0;
  for (auto _ : state) {
    ProvingAssignment pa;
    mul_chain(pa, w);
    pa.finalize();
    rows = pa.num_constraints();
    benchmark::DoNotOptimize(pa.c().data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(rows));
}
BENCHMARK(BM_ProvingAssignment_MulChain_Fresh)->Arg(1 << 16)->Arg(1 << 20);

void BM_ProvingAssignment_Decompose256_Reused(benchmark::State& state) {
  const size_t reps = size_t(state.range(0));
  const DecomposeWitness w = decompose_witness(256);
  ProvingAssignment pa;
  LinearCombination packed_lc;
  for (auto _ : state) {
    pa.clear();
    for (size_t r = 0; r < reps; ++r) decompose(pa, w, packed_lc);
    pa.finalize();
    benchmark::DoNotOptimize(pa.c().data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(pa.num_constraints()));
}
BENCHMARK(BM_ProvingAssignment_Decompose256_Reused)->Arg(256)->Arg(4096);

void BM_CountingCS_Decompose256(benchmark::State& state) {
  const size_t reps = size_t(state.range(0));
  const DecomposeWitness w = decompose_witness(256);
  LinearCombination packed_lc;
  size_t rows = 0;
  for (auto _ : state) {
    CountingCS cs;
    for (size_t r = 0; r < reps; ++r) decompose(cs, w, packed_lc);
    cs.finalize();
    rows = cs.num_constraints();
    benchmark::DoNotOptimize(rows);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(rows));
}
BENCHMARK(BM_CountingCS_Decompose256)->Arg(256);

void BM_Fixture_MulChain(benchmark::State& state) {
  const size_t n = size_t(state.range(0));
  ProvingAssignment pa;
  for (auto _ : state) {
    pa.clear();
    test_circuits::multiplication_chain(pa, n);
    pa.finalize();
    benchmark::DoNotOptimize(pa.c().data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(pa.num_constraints()));
}
BENCHMARK(BM_Fixture_MulChain)->Arg(1 << 16);

}  // namespace

BENCHMARK_MAIN();
