// The registered-proof table against spec §1 (registry.rs ids and API versions, constants.rs
// per-size values) and the parameter file names of spec §1.3 (parameters.json).
#include "filecoin/proof_type.hpp"

#include <gtest/gtest.h>

#include <set>

#include "util/hex.hpp"

namespace cuzk::filecoin {
namespace {

// [spec §1.1] table: id, name, API version and feature of all 20 seal proofs.
TEST(ProofType, RegistryIdsNamesVersionsFeatures) {
  const auto proofs = seal_proof_types();
  ASSERT_EQ(proofs.size(), 20u);
  const char* sizes[] = {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"};
  for (unsigned i = 0; i < 5; ++i) {
    const std::string s = sizes[i];
    EXPECT_EQ(proofs[i].name, "StackedDrg" + s + "V1");
    EXPECT_EQ(proofs[5 + i].name, "StackedDrg" + s + "V1_1");
    EXPECT_EQ(proofs[10 + i].name, "StackedDrg" + s + "V1_1_Feat_SyntheticPoRep");
    EXPECT_EQ(proofs[15 + i].name, "StackedDrg" + s + "V1_2_Feat_NonInteractivePoRep");
    for (unsigned v = 0; v < 4; ++v) {
      const ProofType& p = proofs[5 * v + i];
      EXPECT_EQ(p.id, 5 * v + i);
      EXPECT_EQ(p.sector, &porep_sector_configs()[i]);
      EXPECT_EQ(p.sector->v1_name, "StackedDrg" + s + "V1");
    }
    EXPECT_EQ(proofs[i].api_version, ApiVersion::kV1_0_0);
    EXPECT_EQ(proofs[5 + i].api_version, ApiVersion::kV1_1_0);
    // The synthetic proofs are API 1.2.0 despite "V1_1" in their names.
    EXPECT_EQ(proofs[10 + i].api_version, ApiVersion::kV1_2_0);
    EXPECT_EQ(proofs[15 + i].api_version, ApiVersion::kV1_2_0);
    EXPECT_EQ(proofs[i].challenge_mode(), ChallengeMode::kInteractive);
    EXPECT_EQ(proofs[5 + i].challenge_mode(), ChallengeMode::kInteractive);
    EXPECT_EQ(proofs[10 + i].challenge_mode(), ChallengeMode::kSynthetic);
    EXPECT_EQ(proofs[15 + i].challenge_mode(), ChallengeMode::kNonInteractive);
  }
  EXPECT_STREQ(to_string(ApiVersion::kV1_2_0), "1.2.0");
}

// [spec §1.2] per-size constants; challenges per partition = ceil(min challenges / partitions)
// with min 2 / 176 (interactive) and 26 / 2253 (NI).
TEST(ProofType, SectorConstants) {
  struct Row {
    const char* circuit;
    uint64_t size, nodes;
    unsigned layers, partitions, ni_partitions, per_partition, min, ni_min;
    hash::TreeShape shape;
  };
  const Row rows[] = {
      {"porep-2k", 2048, 64, 2, 1, 13, 2, 2, 26, {8, 0, 0}},
      {"porep-8m", 8u << 20, 1u << 18, 2, 1, 13, 2, 2, 26, {8, 0, 0}},
      {"porep-512m", 512u << 20, 1u << 24, 2, 1, 13, 2, 2, 26, {8, 0, 0}},
      {"porep-32g", 32ull << 30, 1ull << 30, 11, 10, 126, 18, 176, 2253, {8, 8, 0}},
      {"porep-64g", 64ull << 30, 1ull << 31, 11, 10, 126, 18, 176, 2253, {8, 8, 2}},
  };
  for (size_t i = 0; i < 5; ++i) {
    const Row& r = rows[i];
    const PorepSectorConfig& s = porep_sector_configs()[i];
    SCOPED_TRACE(r.circuit);
    EXPECT_EQ(s.circuit_id, r.circuit);
    EXPECT_EQ(s.sector_size, r.size);
    EXPECT_EQ(s.nodes(), r.nodes);
    EXPECT_EQ(s.nodes() * 32, s.sector_size);
    EXPECT_EQ(s.layers, r.layers);
    EXPECT_EQ(s.partitions, r.partitions);
    EXPECT_EQ(s.ni_partitions, r.ni_partitions);
    EXPECT_EQ(s.challenges_per_partition, r.per_partition);
    EXPECT_EQ(s.challenges_per_partition, (r.min + r.partitions - 1) / r.partitions);
    EXPECT_EQ(s.challenges_per_partition, (r.ni_min + r.ni_partitions - 1) / r.ni_partitions);
    EXPECT_EQ(s.tree_shape.base_arity, r.shape.base_arity);
    EXPECT_EQ(s.tree_shape.sub_arity, r.shape.sub_arity);
    EXPECT_EQ(s.tree_shape.top_arity, r.shape.top_arity);
    EXPECT_EQ(seal_proof_types()[15 + i].partitions(), r.ni_partitions);
    EXPECT_EQ(seal_proof_types()[10 + i].partitions(), r.partitions);
  }
  // [spec §1.2] tree C/R path length for 32 GiB: 9 base levels + 1 sub level.
  EXPECT_EQ(hash::tree_level_arities(hash::kTreeR_8_8_0, uint64_t(1) << 30).size(), 10u);
  EXPECT_EQ(hash::tree_level_arities(hash::kTreeR_8_8_2, uint64_t(1) << 31).size(), 11u);
}

// [spec §1.1] porep_id = id u64 LE ‖ nonce u64 LE ‖ 16 zero bytes; 32 GiB V1_1 gives 08 00 ...
TEST(ProofType, PorepId) {
  EXPECT_EQ(to_hex(find_seal_proof("StackedDrg32GiBV1_1").value()->porep_id()),
            "0800000000000000000000000000000000000000000000000000000000000000");
  EXPECT_EQ(to_hex(ProofType::make_porep_id(0x0102, 0x0a0b)),
            "0201000000000000"
            "0b0a000000000000" +
                std::string(32, '0'));
}

TEST(ProofType, LookupsAndErrors) {
  for (const auto& p : seal_proof_types()) {
    EXPECT_EQ(find_seal_proof(p.id).value(), &p);
    EXPECT_EQ(find_seal_proof(p.name).value(), &p);
    EXPECT_EQ(find_porep_circuit(p.circuit_id()).value(), p.sector);
    EXPECT_EQ(find_porep_sector(p.sector->sector_size).value(), p.sector);
  }
  auto by_id = find_seal_proof(uint64_t(20));
  ASSERT_FALSE(by_id.ok());
  EXPECT_EQ(by_id.code(), FilecoinError::kUnknownProof);
  EXPECT_EQ(by_id.error().message, "unknown registered seal proof id 20 (known: 0..19)");

  auto by_name = find_seal_proof(std::string_view("StackedDrg32GiBV2"));
  ASSERT_FALSE(by_name.ok());
  EXPECT_NE(by_name.error().message.find("\"StackedDrg32GiBV2\""), std::string::npos);
  EXPECT_NE(by_name.error().message.find("StackedDrg32GiBV1_1"), std::string::npos);

  auto circuit = find_porep_circuit("porep-16g");
  ASSERT_FALSE(circuit.ok());
  EXPECT_EQ(circuit.code(), FilecoinError::kUnknownProof);
  EXPECT_NE(circuit.error().message.find("\"porep-16g\""), std::string::npos);

  auto size = find_porep_sector(4096);
  ASSERT_FALSE(size.ok());
  EXPECT_NE(size.error().message.find("4096"), std::string::npos);
}

// [spec §1.3] SHA-256 of the parameter identifier of each size, as in parameters.json, and the
// full 32 GiB file name; every variant of a size shares the files. Version 28 per §13.5.
TEST(ProofType, ParameterFileNames) {
  EXPECT_EQ(kParameterVersion, 28u);
  const char* hashes[] = {
      "032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f",
      "ecd683648512ab1765faa2a5f14bab48f676e633467f0aa8aad4b55dcb0652bb",
      "6babf46ce344ae495d558e7770a585b2382d54f225af8ed0397b8be7c3fcd472",
      "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820",
      "96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2",
  };
  const char* trees[] = {"8-0-0", "8-0-0", "8-0-0", "8-8-0", "8-8-2"};
  for (size_t i = 0; i < 5; ++i) {
    const auto& s = porep_sector_configs()[i];
    EXPECT_EQ(parameter_cache_id(s), std::string("stacked-proof-of-replication-merkletree-"
                                                 "poseidon_hasher-") +
                                         trees[i] + "-sha256_hasher-" + hashes[i]);
  }
  const auto* p32 = find_porep_circuit("porep-32g").value();
  EXPECT_EQ(parameter_file_name(*p32, ParameterFile::kParams),
            "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
            "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820.params");
  EXPECT_EQ(parameter_file_name(*p32, ParameterFile::kVk),
            "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
            "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820.vk");
  // [spec §1.3] the identifier string verbatim, 2 KiB.
  EXPECT_EQ(parameter_identifier(porep_sector_configs()[0]),
            "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: "
            "8 base_graph: drgraph::BucketGraph{size: 64; degree: 6; hasher: poseidon_hasher} }, "
            "challenges: LayerChallenges { layers: 2, max_count: 2 }, tree: "
            "merkletree-poseidon_hasher-8-0-0 }");
}

}  // namespace
}  // namespace cuzk::filecoin
