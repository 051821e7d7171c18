// NI-PoRep seals as SnarkPack aggregates (filecoin/ni_seal.hpp): the padding of 1, 2, 3, 13 and
// 126 proofs (and of their public inputs) to a power of two, the transcript input, the SRS
// naming; aggregates of Groth16 proofs standing in for the partitions verify, and fail for any
// other partition input, comm_r or count.
#include "filecoin/ni_seal.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "filecoin/proof_type.hpp"
#include "groth16/groth16_fixture.hpp"
#include "hash/sha256.hpp"
#include "snarkpack/prover.hpp"
#include "snarkpack/verifier.hpp"

namespace cuzk::filecoin {
namespace {

TEST(NiSeal, ProofCountsAndNames) {
  EXPECT_EQ(ni_aggregated_proofs(1), 2u);
  EXPECT_EQ(ni_aggregated_proofs(2), 2u);
  EXPECT_EQ(ni_aggregated_proofs(13), 16u);
  EXPECT_EQ(ni_aggregated_proofs(126), 128u);
  EXPECT_LE(ni_aggregated_proofs(126), kNiMaxAggregatedProofs);
  hash::Node32 comm_r{};
  comm_r[3] = 7;
  EXPECT_EQ(ni_transcript_include(std::span(&comm_r, 1)), hash::sha256(comm_r));
  EXPECT_EQ(aggregation_srs_path("/p", false), "/p/v28-fil-inner-product-v1.srs");
  EXPECT_EQ(aggregation_srs_path("/p", true), "/p/cuzk-test-inner-product.srs");
}

// Proofs of the bench circuit, as if they were the partitions of an NI seal.
struct Partitions {
  groth16::Parameters params;
  std::vector<groth16::Proof> proofs;
  std::vector<std::vector<ff::Fr>> inputs;
};

const Partitions& partitions(unsigned count = 13) {
  static std::map<unsigned, Partitions> cache;
  if (auto it = cache.find(count); it != cache.end()) return it->second;
  const Partitions p = [count] {
    namespace t = groth16::testing;
    Partitions out{t::setup_for(t::bench_circuit(8, 0), 5), {}, {}};
    groth16::CpuBackend backend(2);
    std::mt19937_64 rng(6);
    for (unsigned k = 0; k < count; ++k) {
      std::vector<r1cs::ProvingAssignment> batch;
      batch.push_back(t::synthesize(t::bench_circuit(8, 50 + k)));
      out.inputs.push_back(t::public_inputs(batch[0]));
      groth16::Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
      out.proofs.push_back(
          backend.prove(std::move(batch), out.params, std::span(&rs, 1)).proofs[0]);
    }
    return out;
  }();
  return cache.emplace(count, p).first->second;
}

const snarkpack::GenericSrs& srs_for_128() {
  static const snarkpack::GenericSrs srs = [] {
    std::mt19937_64 rng(7);
    return snarkpack::make_test_srs(128, rng);
  }();
  return srs;
}

TEST(NiSeal, PaddingRepeatsTheLastProof) {
  EXPECT_EQ(pad_for_aggregation(std::vector<int>{1}), (std::vector<int>{1, 1}));
  EXPECT_EQ(pad_for_aggregation(std::vector<int>{1, 2}), (std::vector<int>{1, 2}));
  EXPECT_EQ(pad_for_aggregation(std::vector<int>{1, 2, 3}), (std::vector<int>{1, 2, 3, 3}));
  EXPECT_TRUE(pad_for_aggregation(std::vector<int>{}).empty());
  // Aggregates of 1, 2 and 3 proofs padded this way verify against the padded inputs.
  const Partitions& p = partitions(3);
  const std::vector<uint8_t> include = {9};
  for (size_t count : {1, 2, 3}) {
    auto proofs = pad_for_aggregation(std::vector(p.proofs.begin(), p.proofs.begin() + count));
    auto inputs = pad_for_aggregation(std::vector(p.inputs.begin(), p.inputs.begin() + count));
    const size_t n = proofs.size();
    auto aggregate = snarkpack::aggregate_proofs(*snarkpack::specialize_prover(srs_for_128(), n),
                                                 include, proofs);
    ASSERT_TRUE(aggregate) << aggregate.error().message;
    auto check =
        snarkpack::verify_aggregate_proof(*snarkpack::specialize_verifier(srs_for_128(), n),
                                          p.params.vk, inputs, *aggregate, include);
    ASSERT_TRUE(check);
    EXPECT_TRUE(check->valid) << count << ": " << check->failed;
  }
}

TEST(NiSeal, The126PartitionsOf32GiBAggregateTo128) {
  const ProofType& type = **find_seal_proof(18);  // StackedDrg32GiBV1_2_Feat_NonInteractivePoRep
  ASSERT_EQ(type.partitions(), 126u);
  const Partitions& p = partitions(126);
  hash::Node32 comm_r{};
  comm_r[5] = 5;
  auto bytes =
      aggregate_ni_seal(*snarkpack::specialize_prover(srs_for_128(), 128), type, comm_r, p.proofs);
  ASSERT_TRUE(bytes) << bytes.error().message;
  EXPECT_EQ(bytes->size(), 23092u);  // rust-fil-proofs' 32 GiB NI seals
  auto ok = verify_ni_seal_inputs(*snarkpack::specialize_verifier(srs_for_128(), 128), p.params.vk,
                                  type, comm_r, p.inputs, *bytes);
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(*ok, 126u);
}

TEST(NiSeal, ThirteenPartitionsAggregateAndVerify) {
  const ProofType& type = **find_seal_proof(15);  // StackedDrg2KiBV1_2_Feat_NonInteractivePoRep
  ASSERT_EQ(type.partitions(), 13u);
  const Partitions& p = partitions();
  std::mt19937_64 rng(7);
  const auto srs = snarkpack::make_test_srs(16, rng);
  const auto prover = *snarkpack::specialize_prover(srs, 16);
  const auto verifier = *snarkpack::specialize_verifier(srs, 16);
  hash::Node32 comm_r{};
  comm_r[0] = 42;

  auto bytes = aggregate_ni_seal(prover, type, comm_r, p.proofs);
  ASSERT_TRUE(bytes) << bytes.error().message;
  EXPECT_EQ(bytes->size(), 14164u);  // rust-fil-proofs' NI seals of 13 partitions
  auto ok = verify_ni_seal_inputs(verifier, p.params.vk, type, comm_r, p.inputs, *bytes);
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(*ok, 13u);

  auto inputs = p.inputs;
  inputs[12][1] += ff::Fr::one();  // the last partition: also the padding's
  auto bad = verify_ni_seal_inputs(verifier, p.params.vk, type, comm_r, inputs, *bytes);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.code(), FilecoinError::kInconsistent);
  hash::Node32 other = comm_r;
  other[31] = 1;
  EXPECT_FALSE(verify_ni_seal_inputs(verifier, p.params.vk, type, other, p.inputs, *bytes));

  auto twelve = aggregate_ni_seal(prover, type, comm_r, std::span(p.proofs).first(12));
  ASSERT_FALSE(twelve);
  EXPECT_NE(twelve.error().message.find("12 partition proofs"), std::string::npos);
  auto cut = *bytes;
  cut.resize(cut.size() - 10);
  auto undecodable = verify_ni_seal_inputs(verifier, p.params.vk, type, comm_r, p.inputs, cut);
  ASSERT_FALSE(undecodable);
  EXPECT_EQ(undecodable.code(), FilecoinError::kShape);
}

}  // namespace
}  // namespace cuzk::filecoin
