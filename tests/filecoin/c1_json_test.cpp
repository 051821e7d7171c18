// C1 JSON: the serde form written by to_json (field order, variants, "_h": null), round trips
// through the parser for every 2 KiB variant and for Curio's envelope, and one malformed input
// per field kind with the exact error message, field path included.
#include "filecoin/c1_json.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "c1_fixture.hpp"
#include "filecoin/base64.hpp"

namespace cuzk::filecoin {
namespace {

using nlohmann::json;

using testing::proof_named;

const std::string& c1_2k_json() {
  static const std::string text = to_json(testing::make_full_c1(proof_named("StackedDrg2KiBV1_1")));
  return text;
}

// The C1 with one edit applied through a DOM (nlohmann sorts keys: the parser must not care).
std::string edited(const std::function<void(json&)>& edit) {
  json j = json::parse(c1_2k_json());
  edit(j);
  return j.dump();
}

json& proof(json& j, int k, int i) {
  return j["vanilla_proofs"]["StackedDrg2KiBV1"][k][i];
}

using testing::Failure;

Failure parse_failure(const std::string& text) {
  auto r = parse_c1_json(text);
  if (r.ok()) return {FilecoinError::kSchema, "<parsed>"};
  return {r.code(), r.error().message};
}

TEST(C1Json, SerdeLayout) {
  const std::string& text = c1_2k_json();
  EXPECT_EQ(
      text.rfind("{\"registered_proof\":\"StackedDrg2KiBV1_1\",\"vanilla_proofs\":{"
                 "\"StackedDrg2KiBV1\":[[{\"comm_d_proofs\":{\"data\":{\"Single\":{\"root\":[",
                 0),
      0u);
  EXPECT_NE(text.find("],\"leaf\":["), std::string::npos);
  EXPECT_NE(text.find("\"path\":{\"path\":[{\"hashes\":[["), std::string::npos);
  EXPECT_NE(text.find("\"_h\":null},\"inclusion_proof\":{\"data\":{\"Single\":"),
            std::string::npos);
  EXPECT_NE(text.find("\"replica_column_proofs\":{\"c_x\":{\"column\":{\"index\":"),
            std::string::npos);
  EXPECT_NE(text.find("],\"layer_index\":1,\"node\":"), std::string::npos);
  EXPECT_NE(text.find("}}]]},\"comm_r\":["), std::string::npos);
  EXPECT_EQ(text.find(' '), std::string::npos);
  // comm_r, comm_d, replica_id, seed, ticket: in that order, each [u8; 32].
  const json j = json::parse(text);
  for (const char* key : {"comm_r", "comm_d", "replica_id", "seed", "ticket"}) {
    EXPECT_EQ(j[key].size(), 32u) << key;
  }
  EXPECT_LT(text.find("\"comm_r\":["), text.find("\"comm_d\":["));
  EXPECT_LT(text.find("\"seed\":["), text.find("\"ticket\":["));
}

TEST(C1Json, RoundTripEvery2KiBVariant) {
  for (const char* name :
       {"StackedDrg2KiBV1", "StackedDrg2KiBV1_1", "StackedDrg2KiBV1_1_Feat_SyntheticPoRep",
        "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep"}) {
    const auto c1 = testing::make_full_c1(proof_named(name), {.rng_seed = 7});
    const std::string text = to_json(c1);
    auto parsed = parse_c1_json(text);
    ASSERT_TRUE(parsed.ok()) << name << ": " << parsed.error().message;
    EXPECT_EQ(parsed->registered_proof, c1.registered_proof);
    EXPECT_EQ(parsed->vanilla_proofs.size(), c1.registered_proof->partitions());
    EXPECT_EQ(parsed->comm_r, c1.comm_r);
    EXPECT_EQ(to_json(*parsed), text) << name;
    // Key order does not matter.
    auto resorted = parse_c1_json(json::parse(text).dump());
    ASSERT_TRUE(resorted.ok()) << resorted.error().message;
    EXPECT_EQ(to_json(*resorted), text);
  }
}

TEST(C1Json, CurioEnvelope) {
  const std::string& inner = c1_2k_json();
  CurioC1Envelope envelope{42, std::vector<uint8_t>(inner.begin(), inner.end()), 2048};
  const std::string text = to_json(envelope);
  EXPECT_EQ(text.rfind("{\"SectorNum\":42,\"Phase1Out\":\"eyJyZWdpc3RlcmVkX3Byb29mIjoi", 0), 0u);
  EXPECT_TRUE(text.ends_with("\",\"SectorSize\":2048}")) << text.substr(text.size() - 30);
  auto parsed = parse_curio_envelope(text);
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->sector_num, 42u);
  EXPECT_EQ(parsed->phase1_out, envelope.phase1_out);
  auto c1 = parse_curio_c1(text);
  ASSERT_TRUE(c1.ok()) << c1.error().message;
  EXPECT_EQ(to_json(*c1), inner);

  envelope.sector_size = 34359738368;
  auto wrong_size = parse_curio_c1(to_json(envelope));
  ASSERT_FALSE(wrong_size.ok());
  EXPECT_EQ(wrong_size.code(), FilecoinError::kShape);
  EXPECT_EQ(
      wrong_size.error().message,
      "SectorSize: 34359738368 does not match registered_proof StackedDrg2KiBV1_1 (2048 bytes)");

  auto bad_base64 = parse_curio_c1("{\"SectorNum\":1,\"Phase1Out\":\"eyJ*\",\"SectorSize\":2048}");
  ASSERT_FALSE(bad_base64.ok());
  EXPECT_EQ(bad_base64.code(), FilecoinError::kSyntax);
  EXPECT_EQ(bad_base64.error().message, "Phase1Out: invalid base64 character '*' at offset 3");

  auto missing = parse_curio_c1("{\"SectorNum\":1,\"SectorSize\":2048}");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "missing field \"Phase1Out\"");

  const size_t cut = inner.find("\"root\":[") + 12;  // inside comm_d_proofs.root
  const std::string broken = inner.substr(0, cut);
  auto bad_inner =
      parse_curio_c1(to_json(CurioC1Envelope{1, {broken.begin(), broken.end()}, 2048}));
  ASSERT_FALSE(bad_inner.ok());
  EXPECT_EQ(bad_inner.code(), FilecoinError::kSyntax);
  EXPECT_EQ(bad_inner.error().message.rfind("Phase1Out: vanilla_proofs[0][0].comm_d_proofs.root: "
                                            "invalid JSON at byte " +
                                                std::to_string(cut),
                                            0),
            0u)
      << bad_inner.error().message;
}

TEST(C1Json, ByteArrayErrors) {
  auto short_hash = parse_failure(edited([](json& j) {
    proof(j, 0, 1)["comm_d_proofs"]["data"]["Single"]["path"]["path"][3]["hashes"][0].erase(5);
  }));
  EXPECT_EQ(short_hash.code, FilecoinError::kSchema);
  EXPECT_EQ(short_hash.message,
            "vanilla_proofs[0][1].comm_d_proofs.path[3].hashes[0]: expected 32 bytes, got 31");

  auto long_row = parse_failure(edited([](json& j) {
    proof(j, 0, 0)["replica_column_proofs"]["exp_parents"][7]["column"]["rows"][1].push_back(0);
  }));
  EXPECT_EQ(long_row.message,
            "vanilla_proofs[0][0].replica_column_proofs.exp_parents[7].column.rows[1]: "
            "expected 32 bytes, got 33");

  auto not_byte = parse_failure(edited([](json& j) { j["comm_r"][5] = 256; }));
  EXPECT_EQ(not_byte.message, "comm_r[5]: 256 is not a byte (0..255)");

  auto not_array = parse_failure(edited([](json& j) { j["seed"] = "00ff"; }));
  EXPECT_EQ(not_array.message, "seed: expected an array, found a string");

  auto sub_path = parse_failure(
      edited([](json& j) { proof(j, 0, 1)["labeling_proofs"][1]["parents"][36] = json::array(); }));
  EXPECT_EQ(sub_path.message,
            "vanilla_proofs[0][1].labeling_proofs[1].parents[36]: expected 32 bytes, got 0");
}

TEST(C1Json, FieldErrors) {
  auto missing = parse_failure(edited([](json& j) { proof(j, 0, 0).erase("comm_r_last_proof"); }));
  EXPECT_EQ(missing.code, FilecoinError::kSchema);
  EXPECT_EQ(missing.message, "vanilla_proofs[0][0]: missing field \"comm_r_last_proof\"");

  auto missing_top = parse_failure(edited([](json& j) { j.erase("ticket"); }));
  EXPECT_EQ(missing_top.message, "missing field \"ticket\"");

  auto string_index = parse_failure(
      edited([](json& j) { proof(j, 0, 1)["labeling_proofs"][1]["layer_index"] = "2"; }));
  EXPECT_EQ(string_index.message,
            "vanilla_proofs[0][1].labeling_proofs[1].layer_index: expected an unsigned integer, "
            "found a string");

  auto negative =
      parse_failure(edited([](json& j) { proof(j, 0, 0)["encoding_proof"]["node"] = -3; }));
  EXPECT_EQ(negative.message,
            "vanilla_proofs[0][0].encoding_proof.node: expected an unsigned integer, found -3");

  auto wide_index = parse_failure(edited([](json& j) {
    proof(j, 0, 0)["replica_column_proofs"]["c_x"]["column"]["index"] = 4294967296ull;
  }));
  EXPECT_EQ(wide_index.message,
            "vanilla_proofs[0][0].replica_column_proofs.c_x.column.index: 4294967296 does not "
            "fit in 32 bits");

  auto path_index = parse_failure(edited([](json& j) {
    proof(j, 0, 1)["comm_r_last_proof"]["data"]["Single"]["path"]["path"][1]["index"] = 1.5;
  }));
  EXPECT_EQ(path_index.message,
            "vanilla_proofs[0][1].comm_r_last_proof.path[1].index: expected an unsigned integer, "
            "found 1.5");

  auto h_value = parse_failure(edited([](json& j) {
    proof(j, 0, 0)["replica_column_proofs"]["drg_parents"][2]["column"]["_h"] = 0;
  }));
  EXPECT_EQ(h_value.message,
            "vanilla_proofs[0][0].replica_column_proofs.drg_parents[2].column._h: expected null, "
            "found a number");

  // "_h" may be left out; unknown fields are skipped, as serde does.
  auto lenient = parse_c1_json(edited([](json& j) {
    proof(j, 0, 0)["replica_column_proofs"]["drg_parents"][2]["column"].erase("_h");
    j["comment"] = {{"nested", {1, 2, {{"x", nullptr}}}}};
    proof(j, 0, 1)["extra"] = "ignored";
  }));
  EXPECT_TRUE(lenient.ok()) << lenient.error().message;

  std::string duplicate = c1_2k_json();
  duplicate.insert(duplicate.find("\"ticket\":"),
                   "\"seed\":" + json(std::vector<int>(32, 1)).dump() + ",");
  auto dup = parse_failure(duplicate);
  EXPECT_EQ(dup.message, "duplicate field \"seed\"");
}

TEST(C1Json, VariantAndProofErrors) {
  auto variant = parse_failure(edited([](json& j) {
    auto& data = proof(j, 0, 0)["comm_r_last_proof"]["data"];
    data["Double"] = data["Single"];
    data.erase("Single");
  }));
  EXPECT_EQ(variant.message,
            "vanilla_proofs[0][0].comm_r_last_proof: unknown Merkle proof variant \"Double\" "
            "(expected Single, Sub or Top)");

  auto two_variants = parse_failure(edited([](json& j) {
    auto& data = proof(j, 0, 0)["comm_d_proofs"]["data"];
    data["Top"] = data["Single"];
  }));
  EXPECT_EQ(two_variants.message,
            "vanilla_proofs[0][0].comm_d_proofs: Merkle proof has more than one variant");

  auto sub_missing = parse_failure(edited([](json& j) {
    auto& data = proof(j, 0, 1)["comm_r_last_proof"]["data"];
    json sub = {{"base_proof", data["Single"]["path"]},
                {"root", data["Single"]["root"]},
                {"leaf", data["Single"]["leaf"]}};
    data = {{"Sub", sub}};
  }));
  EXPECT_EQ(sub_missing.message,
            "vanilla_proofs[0][1].comm_r_last_proof: missing field \"sub_proof\"");

  auto unknown_proof =
      parse_failure(edited([](json& j) { j["registered_proof"] = "StackedDrg2KiBV9"; }));
  EXPECT_EQ(unknown_proof.code, FilecoinError::kUnknownProof);
  EXPECT_EQ(unknown_proof.message.rfind(
                "registered_proof: unknown registered seal proof \"StackedDrg2KiBV9\" (known: "
                "StackedDrg2KiBV1, ",
                0),
            0u);

  auto mismatch =
      parse_failure(edited([](json& j) { j["registered_proof"] = "StackedDrg32GiBV1_1"; }));
  EXPECT_EQ(mismatch.code, FilecoinError::kShape);
  EXPECT_EQ(mismatch.message,
            "vanilla_proofs: shape StackedDrg2KiBV1 does not match registered_proof "
            "StackedDrg32GiBV1_1 (expected StackedDrg32GiBV1)");

  auto unknown_shape = parse_failure(edited([](json& j) {
    auto& v = j["vanilla_proofs"];
    v["StackedDrg4KiBV1"] = v["StackedDrg2KiBV1"];
    v.erase("StackedDrg2KiBV1");
  }));
  EXPECT_EQ(unknown_shape.message,
            "vanilla_proofs: unknown shape variant \"StackedDrg4KiBV1\" (expected "
            "StackedDrg{2KiB,8MiB,512MiB,32GiB,64GiB}V1)");

  auto not_object = parse_failure(edited([](json& j) { j["vanilla_proofs"] = json::array(); }));
  EXPECT_EQ(not_object.message, "vanilla_proofs: expected an object, found an array");
}

TEST(C1Json, SyntaxErrors) {
  const std::string& text = c1_2k_json();
  const size_t cut = text.find("\"labeling_proofs\"") + 40;
  auto truncated = parse_failure(text.substr(0, cut));
  EXPECT_EQ(truncated.code, FilecoinError::kSyntax);
  EXPECT_EQ(truncated.message.rfind(
                "vanilla_proofs[0][0].labeling_proofs[0].parents[0]: invalid JSON at byte ", 0),
            0u)
      << truncated.message;

  auto trailing = parse_failure(text + " x");
  EXPECT_EQ(trailing.code, FilecoinError::kSyntax);
  EXPECT_EQ(trailing.message, "invalid JSON at byte " + std::to_string(text.size() + 1) +
                                  ": trailing characters after the document");

  auto not_json = parse_failure("registered_proof=StackedDrg2KiBV1");
  EXPECT_EQ(not_json.message, "invalid JSON at byte 0: unexpected character 'r'");
}

}  // namespace
}  // namespace cuzk::filecoin
