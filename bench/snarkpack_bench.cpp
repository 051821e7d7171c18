// SnarkPack aggregation and verification speed (snarkpack/prover.hpp, verifier.hpp): the work an
// NI-PoRep seal adds on top of its partition proofs (13 partitions -> 16 proofs up to 512 MiB,
// 126 -> 128 at 32 / 64 GiB). The proofs are random points (aggregation does not look at their
// validity, so its cost is the same), the SRS a test one; verification runs every check (GIPA,
// KZG, and the Groth16 equation against a made-up key, which it fails as it should: the work is
// the same as for a valid one).
// Arguments: proofs, threads (0 = all cores). Run with
//   --benchmark_filter=... --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <map>
#include <random>
#include <vector>

#include "curve/scalar_mul.hpp"
#include "snarkpack/prover.hpp"
#include "snarkpack/verifier.hpp"

namespace {

using namespace cuzk;

struct Inputs {
  std::vector<groth16::Proof> proofs;
  snarkpack::ProverSrs prover;
  snarkpack::VerifierSrs verifier;
};

const Inputs& inputs(size_t n) {
  static std::map<size_t, Inputs> cache;
  if (auto it = cache.find(n); it != cache.end()) return it->second;
  std::mt19937_64 rng(n);
  Inputs in;
  for (size_t i = 0; i < n; ++i) {
    in.proofs.push_back({curve::mul(curve::G1::generator(), ff::Fr::random(rng)).to_affine(),
                         curve::mul(curve::G2::generator(), ff::Fr::random(rng)).to_affine(),
                         curve::mul(curve::G1::generator(), ff::Fr::random(rng)).to_affine()});
  }
  const auto srs = snarkpack::make_test_srs(n, rng);
  in.prover = *snarkpack::specialize_prover(srs, n);
  in.verifier = *snarkpack::specialize_verifier(srs, n);
  return cache.emplace(n, std::move(in)).first->second;
}

const std::vector<uint8_t> kInclude(32, 7);

void BM_Aggregate(benchmark::State& state) {
  const Inputs& in = inputs(size_t(state.range(0)));
  const unsigned threads = unsigned(state.range(1));
  for (auto _ : state) {
    auto proof = snarkpack::aggregate_proofs(in.prover, kInclude, in.proofs, threads);
    benchmark::DoNotOptimize(proof);
  }
}

void BM_Verify(benchmark::State& state) {
  const size_t n = size_t(state.range(0));
  const Inputs& in = inputs(n);
  const auto proof = *snarkpack::aggregate_proofs(in.prover, kInclude, in.proofs, 0);
  groth16::VerifyingKey vk;  // one public input, every point a generator
  vk.alpha_g1 = vk.beta_g1 = vk.delta_g1 = curve::G1Affine::generator();
  vk.beta_g2 = vk.gamma_g2 = vk.delta_g2 = curve::G2Affine::generator();
  vk.ic.assign(2, curve::G1Affine::generator());
  const std::vector<std::vector<ff::Fr>> public_inputs(n, std::vector<ff::Fr>{ff::Fr::one()});
  for (auto _ : state) {
    auto check = snarkpack::verify_aggregate_proof(in.verifier, vk, public_inputs, proof, kInclude);
    if (!check || check->failed.find("Groth16") == std::string::npos)
      state.SkipWithError("a check before the Groth16 equation failed");
    benchmark::DoNotOptimize(check);
  }
}

BENCHMARK(BM_Aggregate)
    ->ArgsProduct({{16, 128}, {1, 0}})
    ->ArgNames({"proofs", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_Verify)
    ->Arg(16)
    ->Arg(128)
    ->ArgName("proofs")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
