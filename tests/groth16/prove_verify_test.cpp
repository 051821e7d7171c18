// End-to-end Groth16 on the CPU: setup, prove with CpuBackend, verify (single and batch) for
// small circuits; wrong inputs and tampered proofs are rejected; proofs are deterministic in r, s.
#include <gtest/gtest.h>

#include "groth16/verifier.hpp"
#include "groth16_fixture.hpp"

namespace cuzk::groth16 {
namespace {

using testing::Circuit;
using testing::public_inputs;
using testing::setup_for;
using testing::synthesize;

Randomness random_rs(std::mt19937_64& rng) {
  return {ff::Fr::random(rng), ff::Fr::random(rng)};
}

struct NamedCircuit {
  const char* name;
  Circuit circuit;
};

class ProveVerify : public ::testing::TestWithParam<NamedCircuit> {};

TEST_P(ProveVerify, ProofVerifiesAndWrongInputsFail) {
  const Circuit& circuit = GetParam().circuit;
  Parameters params = setup_for(circuit, 42);
  PreparedVerifyingKey pvk = prepare_verifying_key(params.vk);
  std::mt19937_64 rng(7);
  auto pa = synthesize(circuit);
  auto inputs = public_inputs(pa);
  CpuBackend backend(2);
  std::vector<r1cs::ProvingAssignment> batch;
  batch.push_back(std::move(pa));
  Randomness rs = random_rs(rng);
  ProveOutput out = backend.prove(std::move(batch), params, std::span(&rs, 1));
  ASSERT_EQ(out.proofs.size(), 1u);
  EXPECT_TRUE(verify_proof(pvk, out.proofs[0], inputs));

  ASSERT_FALSE(inputs.empty());
  auto wrong = inputs;
  wrong.back() += ff::Fr::one();
  EXPECT_FALSE(verify_proof(pvk, out.proofs[0], wrong));
  EXPECT_FALSE(verify_proof(pvk, out.proofs[0], std::span(inputs).first(inputs.size() - 1)));

  Proof tampered = out.proofs[0];
  tampered.c = (curve::G1::from_affine(tampered.c) + curve::G1::generator()).to_affine();
  EXPECT_FALSE(verify_proof(pvk, tampered, inputs));

  // The proof is a function of (witness, params, r, s): proving again gives the same bytes.
  std::vector<r1cs::ProvingAssignment> again;
  again.push_back(synthesize(circuit));
  auto out2 = backend.prove(std::move(again), params, std::span(&rs, 1));
  EXPECT_EQ(encode_proof(out.proofs[0]), encode_proof(out2.proofs[0]));
}

INSTANTIATE_TEST_SUITE_P(Circuits, ProveVerify,
                         ::testing::Values(NamedCircuit{"cubic",
                                                        [](r1cs::ConstraintSystem& cs) {
                                                          r1cs::test_circuits::cubic(cs, 3, 35);
                                                        }},
                                           NamedCircuit{"chain_1024",
                                                        [](r1cs::ConstraintSystem& cs) {
                                                          r1cs::test_circuits::multiplication_chain(
                                                              cs, 1024);
                                                        }},
                                           NamedCircuit{"many_inputs",
                                                        [](r1cs::ConstraintSystem& cs) {
                                                          r1cs::test_circuits::many_inputs(cs, 40);
                                                        }}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(ProveVerify, UnsatisfiedWitnessDoesNotVerify) {
  Circuit honest = [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::cubic(cs, 3, 35); };
  Circuit lying = [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::cubic(cs, 3, 36); };
  Parameters params = setup_for(honest, 1);
  auto pvk = prepare_verifying_key(params.vk);
  auto pa = synthesize(lying);
  auto inputs = public_inputs(pa);
  std::vector<r1cs::ProvingAssignment> batch;
  batch.push_back(std::move(pa));
  std::mt19937_64 rng(3);
  Randomness rs = random_rs(rng);
  auto out = CpuBackend(1).prove(std::move(batch), params, std::span(&rs, 1));
  EXPECT_FALSE(verify_proof(pvk, out.proofs[0], inputs));
}

TEST(ProveVerify, SetupRejectsAnUnconstrainedVariable) {
  // density_probe's w3 appears only as (w3 - w3): its L point would be the identity.
  Circuit probe = [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::density_probe(cs); };
  try {
    setup_for(probe, 1);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unconstrained aux variable 3"), std::string::npos)
        << e.what();
  }
}

TEST(ProveVerify, BatchOfTenCatchesOneBadProof) {
  Circuit circuit = [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::many_inputs(cs, 5); };
  Parameters params = setup_for(circuit, 9);
  auto pvk = prepare_verifying_key(params.vk);
  std::mt19937_64 rng(11);
  std::vector<r1cs::ProvingAssignment> batch;
  std::vector<Randomness> rs;
  std::vector<std::vector<ff::Fr>> inputs;
  for (int i = 0; i < 10; ++i) {
    batch.push_back(synthesize(circuit));
    inputs.push_back(public_inputs(batch.back()));
    rs.push_back(random_rs(rng));
  }
  auto out = CpuBackend(2).prove(std::move(batch), params, rs);
  ASSERT_EQ(out.proofs.size(), 10u);
  EXPECT_TRUE(verify_proofs_batch(pvk, out.proofs, inputs, rng));
  for (size_t i = 0; i < 10; ++i) EXPECT_TRUE(verify_proof(pvk, out.proofs[i], inputs[i]));

  auto bad_inputs = inputs;
  bad_inputs[6][2] += ff::Fr::one();
  EXPECT_FALSE(verify_proofs_batch(pvk, out.proofs, bad_inputs, rng));
  auto bad_proofs = out.proofs;
  std::swap(bad_proofs[2].a, bad_proofs[3].a);
  EXPECT_FALSE(verify_proofs_batch(pvk, bad_proofs, inputs, rng));
}

TEST(ProveVerify, MismatchedParametersAreRejectedWithAMessage) {
  Circuit small = [](r1cs::ConstraintSystem& cs) {
    r1cs::test_circuits::multiplication_chain(cs, 10);
  };
  Circuit big = [](r1cs::ConstraintSystem& cs) {
    r1cs::test_circuits::multiplication_chain(cs, 20);
  };
  Parameters params = setup_for(small, 5);
  std::vector<r1cs::ProvingAssignment> batch;
  batch.push_back(synthesize(big));
  std::mt19937_64 rng(3);
  Randomness rs = random_rs(rng);
  try {
    CpuBackend(1).prove(std::move(batch), params, std::span(&rs, 1));
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("parameters do not fit"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace cuzk::groth16
