// The PoSt registry against rust-filecoin-proofs-api registry.rs (ids, names, API versions),
// filecoin-proofs constants.rs / parameters.rs (counts) and parameters.json (file names), and
// the PoSt challenge derivation against spec §5.2's examples.
#include "filecoin/post_proof_type.hpp"

#include <gtest/gtest.h>

#include "filecoin/post_challenges.hpp"

namespace cuzk::filecoin {
namespace {

TEST(PostProofType, IdsNamesVersions) {
  const auto proofs = post_proof_types();
  ASSERT_EQ(proofs.size(), 15u);
  const char* sizes[] = {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"};
  const uint64_t bytes[] = {2048, 8u << 20, 512u << 20, 32ull << 30, 64ull << 30};
  for (unsigned i = 0; i < 5; ++i) {
    const std::string s = sizes[i];
    SCOPED_TRACE(s);
    EXPECT_EQ(proofs[i].name, "StackedDrgWinning" + s + "V1");
    EXPECT_EQ(proofs[5 + i].name, "StackedDrgWindow" + s + "V1");
    EXPECT_EQ(proofs[10 + i].name, "StackedDrgWindow" + s + "V1_2");
    EXPECT_EQ(proofs[10 + i].chain_name, "StackedDrgWindow" + s + "V1_1");  // go-state-types
    EXPECT_EQ(proofs[i].chain_name, proofs[i].name);
    for (unsigned v = 0; v < 3; ++v) {
      const PoStProofType& p = proofs[5 * v + i];
      EXPECT_EQ(p.id, 5 * v + i);
      EXPECT_EQ(p.sector_size(), bytes[i]);
      EXPECT_EQ(p.type(), v == 0 ? PoStType::kWinning : PoStType::kWindow);
      EXPECT_EQ(p.api_version, v == 2 ? ApiVersion::kV1_2_0 : ApiVersion::kV1_0_0);
    }
    // Window V1 and V1_2 share the circuit.
    EXPECT_EQ(proofs[5 + i].circuit, proofs[10 + i].circuit);
  }
  EXPECT_STREQ(to_string(PoStType::kWinning), "Winning");
}

TEST(PostProofType, CircuitsAndCounts) {
  struct Row {
    const char* id;
    unsigned log2_nodes, circuit_sectors, circuit_challenges;
    hash::TreeShape shape;
  };
  const Row rows[] = {
      {"winning-2k", 6, 66, 1, {8, 0, 0}},    {"winning-8m", 18, 66, 1, {8, 0, 0}},
      {"winning-512m", 24, 66, 1, {8, 0, 0}}, {"winning-32g", 30, 66, 1, {8, 8, 0}},
      {"winning-64g", 31, 66, 1, {8, 8, 2}},  {"wpost-2k", 6, 2, 10, {8, 0, 0}},
      {"wpost-8m", 18, 2, 10, {8, 0, 0}},     {"wpost-512m", 24, 2, 10, {8, 0, 0}},
      {"wpost-32g", 30, 2349, 10, {8, 8, 0}}, {"wpost-64g", 31, 2300, 10, {8, 8, 2}},
  };
  ASSERT_EQ(post_circuit_configs().size(), 10u);
  for (size_t i = 0; i < 10; ++i) {
    const Row& r = rows[i];
    SCOPED_TRACE(r.id);
    const auto c = find_post_circuit(r.id);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(*c, &post_circuit_configs()[i]);
    EXPECT_EQ((*c)->log2_nodes, r.log2_nodes);
    EXPECT_EQ((*c)->nodes() * 32, (*c)->sector_size);
    EXPECT_EQ((*c)->circuit_sectors, r.circuit_sectors);
    EXPECT_EQ((*c)->circuit_challenges, r.circuit_challenges);
    EXPECT_EQ((*c)->tree_shape.base_arity, r.shape.base_arity);
    EXPECT_EQ((*c)->tree_shape.sub_arity, r.shape.sub_arity);
    EXPECT_EQ((*c)->tree_shape.top_arity, r.shape.top_arity);
  }
  // API-level counts: Winning 1 sector x 66 challenges; Window sector_count x 10.
  const PoStProofType& winning = post_proof_types()[3];
  EXPECT_EQ(winning.sector_count(), 1u);
  EXPECT_EQ(winning.challenge_count(), 66u);
  EXPECT_EQ(winning.partitions(5000), 1u);
  const PoStProofType& window = post_proof_types()[13];
  EXPECT_EQ(window.circuit_id(), "wpost-32g");
  EXPECT_EQ(window.sector_count(), 2349u);
  EXPECT_EQ(window.challenge_count(), 10u);
  EXPECT_EQ(window.partitions(1), 1u);
  EXPECT_EQ(window.partitions(2349), 1u);
  EXPECT_EQ(window.partitions(2350), 2u);
  EXPECT_EQ(post_proof_types()[14].sector_count(), 2300u);
  EXPECT_EQ(post_proof_types()[10].sector_count(), 2u);
}

TEST(PostProofType, Lookups) {
  auto by_id = find_post_proof(uint64_t(13));
  ASSERT_TRUE(by_id.ok());
  EXPECT_EQ((*by_id)->name, "StackedDrgWindow32GiBV1_2");
  auto by_go_name = find_post_proof(std::string_view("StackedDrgWindow32GiBV1_1"));
  ASSERT_TRUE(by_go_name.ok());
  EXPECT_EQ(*by_go_name, *by_id);
  auto by_name = find_post_proof(std::string_view("StackedDrgWinning64GiBV1"));
  ASSERT_TRUE(by_name.ok());
  EXPECT_EQ((*by_name)->id, 4u);

  auto bad_id = find_post_proof(uint64_t(15));
  ASSERT_FALSE(bad_id.ok());
  EXPECT_EQ(bad_id.code(), FilecoinError::kUnknownProof);
  EXPECT_NE(bad_id.error().message.find("0..14"), std::string::npos);
  auto bad_name = find_post_proof(std::string_view("StackedDrgWindow32GiBV2"));
  ASSERT_FALSE(bad_name.ok());
  EXPECT_NE(bad_name.error().message.find("StackedDrgWindow32GiBV1_2"), std::string::npos);
  auto bad_circuit = find_post_circuit("wpost-16g");
  ASSERT_FALSE(bad_circuit.ok());
  EXPECT_NE(bad_circuit.error().message.find("winning-2k"), std::string::npos);
}

// rust-fil-proofs parameters.json: every PoSt .params name.
TEST(PostProofType, ParameterFileNames) {
  const std::pair<const char*, const char*> expected[] = {
      {"winning-2k", "8-0-0-3ea05428c9d11689f23529cde32fd30aabd50f7d2c93657c1d3650bca3e8ea9e"},
      {"winning-8m", "8-0-0-50c7368dea9593ed0989e70974d28024efa9d156d585b7eea1be22b2e753f331"},
      {"winning-512m", "8-0-0-7d739b8cf60f1b0709eeebee7730e297683552e4b69cab6984ec0285663c5781"},
      {"winning-32g", "8-8-0-559e581f022bb4e4ec6e719e563bf0e026ad6de42e56c18714a2c692b1b88d7e"},
      {"winning-64g", "8-8-2-b62098629d07946e9028127e70295ed996fe3ed25b0f9f88eb610a0ab4385a3c"},
      {"wpost-2k", "8-0-0-0170db1f394b35d995252228ee359194b13199d259380541dc529fb0099096b0"},
      {"wpost-8m", "8-0-0-5294475db5237a2e83c3e52fd6c2b03859a1831d45ed08c4f35dbf9a803165a9"},
      {"wpost-512m", "8-0-0-0cfb4f178bbb71cf2ecfcd42accce558b27199ab4fb59cb78f2483fe21ef36d9"},
      {"wpost-32g", "8-8-0-0377ded656c6f524f1618760bffe4e0a1c51d5a70c4509eedae8a27555733edc"},
      {"wpost-64g", "8-8-2-2627e4006b67f99cef990c0a47d5426cb7ab0a0ad58fc1061547bf2d28b09def"},
  };
  for (const auto& [id, tail] : expected) {
    SCOPED_TRACE(id);
    const auto c = find_post_circuit(id);
    ASSERT_TRUE(c.ok());
    const std::string stem =
        std::string("v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-") + tail;
    EXPECT_EQ(post_parameter_file_name(**c, ParameterFile::kParams), stem + ".params");
    EXPECT_EQ(post_parameter_file_name(**c, ParameterFile::kVk), stem + ".vk");
    EXPECT_EQ(post_parameter_file_name(**c, ParameterFile::kMeta), stem + ".meta");
  }
  EXPECT_EQ(post_parameter_identifier(**find_post_circuit("wpost-32g")),
            "FallbackPoSt::PublicParams{sector_size: 34359738368, challenge_count: 10, "
            "sector_count: 2349}");
  EXPECT_EQ(post_parameter_identifier(**find_post_circuit("winning-2k")),
            "FallbackPoSt::PublicParams{sector_size: 2048, challenge_count: 1, sector_count: 66}");
}

// Spec §5.2 derived examples (checked independently with Python's hashlib).
TEST(PostChallenges, LeafAndSectorChallenges) {
  const hash::Node32 zero{};
  EXPECT_EQ(post_leaf_challenge(zero, 1, 0, uint64_t(1) << 30), 707914199u);
  EXPECT_EQ(post_leaf_challenge(zero, 1, 1, uint64_t(1) << 30), 439148358u);
  EXPECT_EQ(post_leaf_challenge(zero, 1, 2, uint64_t(1) << 30), 967788220u);
  const auto winning = winning_post_sector_challenges(zero, zero, 10);
  ASSERT_TRUE(winning.ok());
  ASSERT_EQ(winning->size(), 1u);
  EXPECT_EQ((*winning)[0], 5u);

  // Challenge indices: V1_0_0 counts across sectors, V1_2_0 restarts per sector.
  EXPECT_EQ(post_challenge_index(ApiVersion::kV1_0_0, 3, 10, 4), 34u);
  EXPECT_EQ(post_challenge_index(ApiVersion::kV1_1_0, 3, 10, 4), 34u);
  EXPECT_EQ(post_challenge_index(ApiVersion::kV1_2_0, 3, 10, 4), 4u);
  const PoStProofType& v1 = post_proof_types()[8];    // Window 32 GiB V1
  const PoStProofType& v12 = post_proof_types()[13];  // Window 32 GiB V1_2
  const auto a = post_sector_challenges(v1, zero, 1, 0);
  const auto b = post_sector_challenges(v12, zero, 1, 7);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->size(), 10u);
  EXPECT_EQ(*a, *b);  // sector_index 0 under V1 = any index under V1_2
  EXPECT_EQ((*a)[2], 967788220u);
  const auto c = post_sector_challenges(v1, zero, 1, 1);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ((*c)[0], post_leaf_challenge(zero, 1, 10, uint64_t(1) << 30));
}

TEST(PostChallenges, Errors) {
  hash::Node32 big{};
  big.fill(0xff);  // >= r
  const auto a = post_sector_challenges(post_proof_types()[13], big, 1, 0);
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.code(), FilecoinError::kSchema);
  EXPECT_NE(a.error().message.find("randomness"), std::string::npos);
  const auto b = winning_post_sector_challenges(hash::Node32{}, big, 3);
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("prover_id"), std::string::npos);
  const auto c = winning_post_sector_challenges(hash::Node32{}, hash::Node32{}, 0);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.code(), FilecoinError::kShape);
}

}  // namespace
}  // namespace cuzk::filecoin
