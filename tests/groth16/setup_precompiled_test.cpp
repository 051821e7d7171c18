// Setup from a precompiled circuit's matrices (generate_parameters over r1cs::PrecompiledCircuit,
// the path that fits a 32 GiB PoRep circuit in memory) gives exactly the parameters of setup from
// KeypairAssembly for the same circuit and toxic waste — on circuits with coefficients other than
// ±1 (the bit decomposition's powers of two, the cubic's constant), many inputs and a padded
// domain — and a proof against them verifies.
#include <gtest/gtest.h>

#include "deferred_fixture.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::groth16 {
namespace {

using namespace testing;

TEST(SetupPrecompiled, SameParametersAsKeypairAssemblyAndTheyProve) {
  const Circuit circuit = [](r1cs::ConstraintSystem& cs) {
    r1cs::test_circuits::boolean_decomposition(cs, 100);
    r1cs::test_circuits::many_inputs(cs, 7);
    r1cs::test_circuits::cubic(cs, 3, 35);
    r1cs::test_circuits::multiplication_chain(cs, 40);
  };
  for (unsigned threads : {1u, 3u}) {
    SCOPED_TRACE(threads);
    std::mt19937_64 rng(5);
    const ToxicWaste tw = ToxicWaste::random(rng);
    r1cs::KeypairAssembly ka;
    circuit(ka);
    ka.finalize();
    const Parameters want = generate_parameters(ka, tw, threads);
    const auto precompiled = precompile(circuit);
    const Parameters got = generate_parameters(*precompiled, tw, threads);
    EXPECT_EQ(got.vk, want.vk);
    EXPECT_EQ(got.h, want.h);
    EXPECT_EQ(got.l, want.l);
    EXPECT_EQ(got.a, want.a);
    EXPECT_EQ(got.b_g1, want.b_g1);
    EXPECT_EQ(got.b_g2, want.b_g2);

    std::vector<r1cs::ProvingAssignment> batch;
    batch.push_back(synthesize_deferred(circuit, precompiled));
    const auto inputs = public_inputs(batch[0]);
    const Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
    const ProveOutput out = CpuBackend(2).prove(std::move(batch), got, std::span(&rs, 1));
    EXPECT_TRUE(verify_proof(prepare_verifying_key(got.vk), out.proofs.at(0), inputs));
  }
}

}  // namespace
}  // namespace cuzk::groth16
