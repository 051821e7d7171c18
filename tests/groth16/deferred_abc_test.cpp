// CpuBackend on deferred a/b/c (precompiled synthesis that leaves the products to the backend):
// the same proof bytes as from generic synthesis for the same (r, s), in batches mixing deferred
// and computed assignments, and the proofs verify.
#include <gtest/gtest.h>

#include "deferred_fixture.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::groth16 {
namespace {

using namespace testing;

TEST(DeferredAbc, CpuBackendProvesTheSameBytesAsGenericSynthesis) {
  const Circuit circuit = [](r1cs::ConstraintSystem& cs) {
    r1cs::test_circuits::multiplication_chain(cs, 300);
    r1cs::test_circuits::many_inputs(cs, 5);
  };
  const Parameters params = setup_for(circuit, 11);
  const auto precompiled = precompile(circuit);
  std::mt19937_64 rng(3);
  std::vector<Randomness> rs;
  for (int i = 0; i < 3; ++i) rs.push_back({ff::Fr::random(rng), ff::Fr::random(rng)});

  CpuBackend backend(2);
  std::vector<r1cs::ProvingAssignment> generic, mixed;
  for (int i = 0; i < 3; ++i) generic.push_back(synthesize(circuit));
  mixed.push_back(synthesize_deferred(circuit, precompiled));
  mixed.push_back(synthesize(circuit));
  mixed.push_back(synthesize_deferred(circuit, precompiled));
  const auto inputs = public_inputs(generic[0]);
  const ProveOutput want = backend.prove(std::move(generic), params, rs);
  const ProveOutput got = backend.prove(std::move(mixed), params, rs);
  ASSERT_EQ(got.proofs.size(), 3u);
  const PreparedVerifyingKey pvk = prepare_verifying_key(params.vk);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(encode_proof(got.proofs[i]), encode_proof(want.proofs[i])) << i;
    EXPECT_TRUE(verify_proof(pvk, got.proofs[i], inputs)) << i;
  }
  size_t matvec_phases = 0;
  for (const auto& [phase, ms] : got.timings) matvec_phases += phase == "matvec";
  EXPECT_EQ(matvec_phases, 2u);  // the two deferred circuits
}

}  // namespace
}  // namespace cuzk::groth16
