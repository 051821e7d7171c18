// SnarkPack end to end with a test SRS: Groth16 proofs of the bench circuit aggregated, encoded,
// decoded and verified for 2, 4 and 8 proofs; any changed input, transcript, proof value or key
// fails; mismatched sizes are refused with a message. Also the SRS file format.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "groth16/groth16_fixture.hpp"
#include "snarkpack/prover.hpp"
#include "snarkpack/srs.hpp"
#include "snarkpack/verifier.hpp"

namespace cuzk::snarkpack {
namespace {

using groth16::testing::bench_circuit;
using groth16::testing::public_inputs;
using groth16::testing::setup_for;
using groth16::testing::synthesize;

constexpr size_t kConstraints = 16;

struct Proven {
  groth16::Parameters params;
  std::vector<groth16::Proof> proofs;
  std::vector<std::vector<ff::Fr>> inputs;
};

// n proofs of the bench circuit, each with its own witness (and so its own public inputs).
const Proven& proven(size_t n) {
  static std::map<size_t, Proven> cache;
  auto it = cache.find(n);
  if (it != cache.end()) return it->second;
  Proven p{setup_for(bench_circuit(kConstraints, 0), 42), {}, {}};
  std::mt19937_64 rng(n);
  groth16::CpuBackend backend(2);
  for (size_t i = 0; i < n; ++i) {
    std::vector<r1cs::ProvingAssignment> batch;
    batch.push_back(synthesize(bench_circuit(kConstraints, 100 + i)));
    p.inputs.push_back(public_inputs(batch[0]));
    groth16::Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
    p.proofs.push_back(backend.prove(std::move(batch), p.params, std::span(&rs, 1)).proofs[0]);
  }
  return cache.emplace(n, std::move(p)).first->second;
}

const GenericSrs& test_srs() {
  static const GenericSrs srs = [] {
    std::mt19937_64 rng(9);
    return make_test_srs(8, rng);
  }();
  return srs;
}

const std::vector<uint8_t> kInclude = {1, 2, 3, 4};

class Aggregate : public ::testing::TestWithParam<size_t> {};

TEST_P(Aggregate, ProvesEncodesAndVerifies) {
  const size_t n = GetParam();
  const Proven& p = proven(n);
  auto prover = specialize_prover(test_srs(), n);
  auto verifier = specialize_verifier(test_srs(), n);
  ASSERT_TRUE(prover && verifier);
  auto proof = aggregate_proofs(*prover, kInclude, p.proofs);
  ASSERT_TRUE(proof) << proof.error().message;

  const auto bytes = encode_aggregate_proof(*proof);
  EXPECT_EQ(bytes.size(), aggregate_proof_bytes(uint32_t(n)));
  auto decoded = decode_aggregate_proof(bytes);
  ASSERT_TRUE(decoded) << decoded.error().message;
  EXPECT_EQ(*decoded, *proof);

  auto check = verify_aggregate_proof(*verifier, p.params.vk, p.inputs, *decoded, kInclude);
  ASSERT_TRUE(check);
  EXPECT_TRUE(check->valid) << check->failed;

  // Deterministic: the same proofs give the same bytes.
  EXPECT_EQ(encode_aggregate_proof(*aggregate_proofs(*prover, kInclude, p.proofs)), bytes);
}

INSTANTIATE_TEST_SUITE_P(Counts, Aggregate, ::testing::Values(2, 4, 8));

std::string failure(const VerifierSrs& srs, const groth16::VerifyingKey& vk,
                    const std::vector<std::vector<ff::Fr>>& inputs, const AggregateProof& proof,
                    std::span<const uint8_t> include) {
  auto check = verify_aggregate_proof(srs, vk, inputs, proof, include);
  if (!check) return "error: " + check.error().message;
  return check->valid ? "" : check->failed;
}

TEST(Aggregate, EveryChangeFails) {
  const Proven& p = proven(4);
  auto prover = *specialize_prover(test_srs(), 4);
  auto verifier = *specialize_verifier(test_srs(), 4);
  const AggregateProof proof = *aggregate_proofs(prover, kInclude, p.proofs);
  ASSERT_EQ(failure(verifier, p.params.vk, p.inputs, proof, kInclude), "");

  auto inputs = p.inputs;
  inputs[3][0] += ff::Fr::one();
  EXPECT_NE(failure(verifier, p.params.vk, inputs, proof, kInclude).find("Groth16"),
            std::string::npos);
  auto swapped = p.inputs;
  std::swap(swapped[0], swapped[1]);
  EXPECT_NE(failure(verifier, p.params.vk, swapped, proof, kInclude), "");

  const std::vector<uint8_t> other = {1, 2, 3, 5};
  EXPECT_NE(failure(verifier, p.params.vk, p.inputs, proof, other), "");

  AggregateProof bad = proof;
  bad.agg_c = (curve::G1::from_affine(bad.agg_c) + curve::G1::generator()).to_affine();
  EXPECT_NE(failure(verifier, p.params.vk, p.inputs, bad, kInclude), "");
  bad = proof;
  bad.vkey_opening.first = curve::G2Affine::generator();
  EXPECT_NE(failure(verifier, p.params.vk, p.inputs, bad, kInclude).find("KZG: opening of v1"),
            std::string::npos);
  bad = proof;
  bad.wkey_opening.second = curve::G1Affine::generator();
  EXPECT_NE(failure(verifier, p.params.vk, p.inputs, bad, kInclude).find("KZG: opening of w2"),
            std::string::npos);

  // Another SRS: the final keys no longer open.
  std::mt19937_64 rng(10);
  auto stranger = *specialize_verifier(make_test_srs(4, rng), 4);
  EXPECT_NE(failure(stranger, p.params.vk, p.inputs, proof, kInclude).find("KZG"),
            std::string::npos);
  // Another circuit's key.
  const auto other_params = setup_for(bench_circuit(kConstraints, 0), 43);
  EXPECT_NE(failure(verifier, other_params.vk, p.inputs, proof, kInclude).find("Groth16"),
            std::string::npos);
  // An aggregate of other proofs under the same commitment values fails at once.
  AggregateProof mixed = proof;
  mixed.gipa.final_a = (curve::G1::from_affine(mixed.gipa.final_a).dbl()).to_affine();
  EXPECT_NE(failure(verifier, p.params.vk, p.inputs, mixed, kInclude).find("TIPP"),
            std::string::npos);
}

TEST(Aggregate, SizesThatDoNotFitAreRefused) {
  const Proven& p = proven(4);
  auto prover = *specialize_prover(test_srs(), 4);
  auto three = std::span(p.proofs).first(3);
  auto refused = aggregate_proofs(prover, kInclude, three);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.code(), SnarkpackError::kMismatch);
  EXPECT_FALSE(specialize_prover(test_srs(), 16));  // the SRS holds 8
  EXPECT_FALSE(specialize_prover(test_srs(), 6));

  const AggregateProof proof = *aggregate_proofs(prover, kInclude, p.proofs);
  auto verifier = *specialize_verifier(test_srs(), 4);
  auto short_inputs = p.inputs;
  short_inputs.pop_back();
  EXPECT_FALSE(verify_aggregate_proof(verifier, p.params.vk, short_inputs, proof, kInclude));
  auto narrow = p.inputs;
  narrow[1].pop_back();
  auto narrow_check = verify_aggregate_proof(verifier, p.params.vk, narrow, proof, kInclude);
  ASSERT_FALSE(narrow_check);
  EXPECT_NE(narrow_check.error().message.find("public_inputs[1]"), std::string::npos);
}

TEST(Srs, FileRoundTripAndPrefixRead) {
  const GenericSrs& srs = test_srs();
  EXPECT_EQ(srs.max_proofs(), 8u);
  const auto bytes = encode_srs(srs);
  EXPECT_EQ(bytes.size(), 4 * 4 + 16 * (48 + 48 + 96 + 96));
  auto back = decode_srs(bytes, kMaxSrsPowers);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, srs);
  auto prefix = decode_srs(bytes, 8);
  ASSERT_TRUE(prefix);
  EXPECT_EQ(prefix->max_proofs(), 4u);
  EXPECT_EQ(prefix->h_beta_powers.size(), 8u);

  auto truncated = bytes;
  truncated.resize(bytes.size() - 1);
  auto t = decode_srs(truncated, kMaxSrsPowers);
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("h_beta_powers"), std::string::npos) << t.error().message;
  auto damaged = bytes;
  damaged[4 + 48 * 3 + 7] ^= 0x04;  // g_alpha_powers[3]
  auto d = decode_srs(damaged, kMaxSrsPowers);
  ASSERT_FALSE(d);
  EXPECT_NE(d.error().message.find("g_alpha_powers[3]"), std::string::npos) << d.error().message;
}

TEST(Srs, SpecializedKeysAreThePowers) {
  std::mt19937_64 rng(11);
  const ff::Fr a = ff::Fr::random(rng), b = ff::Fr::random(rng);
  const GenericSrs srs = make_srs_from_secrets(4, a, b);
  auto prover = *specialize_prover(srs, 4);
  auto verifier = *specialize_verifier(srs, 4);
  const auto g = curve::G1::generator();
  const auto h = curve::G2::generator();
  EXPECT_EQ(verifier.g_alpha, curve::mul(g, a).to_affine());
  EXPECT_EQ(verifier.h_beta, curve::mul(h, b).to_affine());
  EXPECT_EQ(prover.wkey.a[0], curve::mul(g, a.pow(4)).to_affine());  // w starts at a^n
  EXPECT_EQ(prover.vkey.b[3], curve::mul(h, b.pow(3)).to_affine());
  EXPECT_EQ(prover.g_alpha_powers.size(), 8u);
  EXPECT_EQ(prover.h_alpha_powers.size(), 4u);
}

}  // namespace
}  // namespace cuzk::snarkpack
