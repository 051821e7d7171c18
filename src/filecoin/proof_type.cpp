// The registered-proof tables and their lookups. The table order follows the enum, so the row
// index of a seal proof is its id (checked by a test).
#include "filecoin/proof_type.hpp"

#include <algorithm>

#include "hash/sha256.hpp"
#include "util/hex.hpp"

namespace cuzk::filecoin {
namespace {

// spec §1.2 (filecoin-proofs constants.rs): partitions 1/10, NI partitions 13/126, 2 or 18
// challenges per partition, 2 or 11 layers.
constexpr std::array<PorepSectorConfig, 5> kSectors = {{
    {"porep-2k", "StackedDrg2KiBV1", uint64_t(2) << 10, 6, 2, 1, 13, 2, hash::kTreeR_8_0_0},
    {"porep-8m", "StackedDrg8MiBV1", uint64_t(8) << 20, 18, 2, 1, 13, 2, hash::kTreeR_8_0_0},
    {"porep-512m", "StackedDrg512MiBV1", uint64_t(512) << 20, 24, 2, 1, 13, 2, hash::kTreeR_8_0_0},
    {"porep-32g", "StackedDrg32GiBV1", uint64_t(32) << 30, 30, 11, 10, 126, 18, hash::kTreeR_8_8_0},
    {"porep-64g", "StackedDrg64GiBV1", uint64_t(64) << 30, 31, 11, 10, 126, 18, hash::kTreeR_8_8_2},
}};

constexpr const PorepSectorConfig* k2K = &kSectors[0];
constexpr const PorepSectorConfig* k8M = &kSectors[1];
constexpr const PorepSectorConfig* k512M = &kSectors[2];
constexpr const PorepSectorConfig* k32G = &kSectors[3];
constexpr const PorepSectorConfig* k64G = &kSectors[4];

using enum ApiVersion;
using enum SealFeature;

// spec §1.1 (registry.rs REGISTERED_PROOF_IDS). The synthetic proofs are API 1.2.0 although
// their published names say V1_1.
constexpr std::array<ProofType, 20> kSealProofs = {{
    {0, "StackedDrg2KiBV1", k2K, kV1_0_0, kNone},
    {1, "StackedDrg8MiBV1", k8M, kV1_0_0, kNone},
    {2, "StackedDrg512MiBV1", k512M, kV1_0_0, kNone},
    {3, "StackedDrg32GiBV1", k32G, kV1_0_0, kNone},
    {4, "StackedDrg64GiBV1", k64G, kV1_0_0, kNone},
    {5, "StackedDrg2KiBV1_1", k2K, kV1_1_0, kNone},
    {6, "StackedDrg8MiBV1_1", k8M, kV1_1_0, kNone},
    {7, "StackedDrg512MiBV1_1", k512M, kV1_1_0, kNone},
    {8, "StackedDrg32GiBV1_1", k32G, kV1_1_0, kNone},
    {9, "StackedDrg64GiBV1_1", k64G, kV1_1_0, kNone},
    {10, "StackedDrg2KiBV1_1_Feat_SyntheticPoRep", k2K, kV1_2_0, kSyntheticPoRep},
    {11, "StackedDrg8MiBV1_1_Feat_SyntheticPoRep", k8M, kV1_2_0, kSyntheticPoRep},
    {12, "StackedDrg512MiBV1_1_Feat_SyntheticPoRep", k512M, kV1_2_0, kSyntheticPoRep},
    {13, "StackedDrg32GiBV1_1_Feat_SyntheticPoRep", k32G, kV1_2_0, kSyntheticPoRep},
    {14, "StackedDrg64GiBV1_1_Feat_SyntheticPoRep", k64G, kV1_2_0, kSyntheticPoRep},
    {15, "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep", k2K, kV1_2_0, kNonInteractivePoRep},
    {16, "StackedDrg8MiBV1_2_Feat_NonInteractivePoRep", k8M, kV1_2_0, kNonInteractivePoRep},
    {17, "StackedDrg512MiBV1_2_Feat_NonInteractivePoRep", k512M, kV1_2_0, kNonInteractivePoRep},
    {18, "StackedDrg32GiBV1_2_Feat_NonInteractivePoRep", k32G, kV1_2_0, kNonInteractivePoRep},
    {19, "StackedDrg64GiBV1_2_Feat_NonInteractivePoRep", k64G, kV1_2_0, kNonInteractivePoRep},
}};

std::string known_names() {
  std::string names;
  for (const auto& p : kSealProofs) names += (names.empty() ? "" : ", ") + std::string(p.name);
  return names;
}

}  // namespace

const char* to_string(ApiVersion v) {
  switch (v) {
    case kV1_0_0:
      return "1.0.0";
    case kV1_1_0:
      return "1.1.0";
    case kV1_2_0:
      return "1.2.0";
  }
  return "?";
}

ChallengeMode ProofType::challenge_mode() const {
  switch (feature) {
    case kSyntheticPoRep:
      return ChallengeMode::kSynthetic;
    case kNonInteractivePoRep:
      return ChallengeMode::kNonInteractive;
    case kNone:
      break;
  }
  return ChallengeMode::kInteractive;
}

unsigned ProofType::partitions() const {
  return feature == kNonInteractivePoRep ? sector->ni_partitions : sector->partitions;
}

hash::Node32 ProofType::make_porep_id(uint64_t id, uint64_t nonce) {
  hash::Node32 porep_id{};
  for (int i = 0; i < 8; ++i) {
    porep_id[i] = uint8_t(id >> (8 * i));
    porep_id[8 + i] = uint8_t(nonce >> (8 * i));
  }
  return porep_id;
}

std::span<const PorepSectorConfig> porep_sector_configs() {
  return kSectors;
}
std::span<const ProofType> seal_proof_types() {
  return kSealProofs;
}

FilecoinResult<const ProofType*> find_seal_proof(uint64_t id) {
  if (id < kSealProofs.size()) return &kSealProofs[id];
  return filecoin_error(FilecoinError::kUnknownProof,
                        "unknown registered seal proof id " + std::to_string(id) + " (known: 0.." +
                            std::to_string(kSealProofs.size() - 1) + ")");
}

FilecoinResult<const ProofType*> find_seal_proof(std::string_view name) {
  for (const auto& p : kSealProofs) {
    if (p.name == name) return &p;
  }
  return filecoin_error(
      FilecoinError::kUnknownProof,
      "unknown registered seal proof \"" + std::string(name) + "\" (known: " + known_names() + ")");
}

FilecoinResult<const PorepSectorConfig*> find_porep_circuit(std::string_view circuit_id) {
  for (const auto& s : kSectors) {
    if (s.circuit_id == circuit_id) return &s;
  }
  return filecoin_error(FilecoinError::kUnknownProof,
                        "unknown PoRep circuit id \"" + std::string(circuit_id) +
                            "\" (known: porep-2k, porep-8m, porep-512m, porep-32g, porep-64g)");
}

FilecoinResult<const PorepSectorConfig*> find_porep_sector(uint64_t sector_size) {
  for (const auto& s : kSectors) {
    if (s.sector_size == sector_size) return &s;
  }
  return filecoin_error(FilecoinError::kUnknownProof,
                        "no PoRep circuit for sector size " + std::to_string(sector_size) +
                            " bytes (known: 2 KiB, 8 MiB, 512 MiB, 32 GiB, 64 GiB)");
}

FilecoinResult<ApiVersion> parse_api_version(std::string_view text) {
  for (ApiVersion v : {kV1_0_0, kV1_1_0, kV1_2_0}) {
    if (text == to_string(v)) return v;
  }
  return filecoin_error(FilecoinError::kUnknownProof, "unknown API version \"" + std::string(text) +
                                                          "\" (known: 1.0.0, 1.1.0, 1.2.0)");
}

FilecoinResult<ProofType> seal_proof_from_parts(uint64_t sector_size, const hash::Node32& porep_id,
                                                ApiVersion api_version, SealFeature feature) {
  auto sector = find_porep_sector(sector_size);
  if (!sector) return sector.error();
  uint64_t id = 0;
  for (int i = 7; i >= 0; --i) id = (id << 8) | porep_id[i];
  return ProofType{id, "custom", *sector, api_version, feature, porep_id};
}

std::string tree_display(hash::TreeShape shape) {
  return "merkletree-poseidon_hasher-" + std::to_string(shape.base_arity) + "-" +
         std::to_string(shape.sub_arity) + "-" + std::to_string(shape.top_arity);
}

std::string stacked_graph_identifier(uint64_t nodes) {
  return "stacked_graph::StackedGraph{expansion_degree: " + std::to_string(kExpanderDegree) +
         " base_graph: drgraph::BucketGraph{size: " + std::to_string(nodes) +
         "; degree: " + std::to_string(kDrgDegree) + "; hasher: poseidon_hasher} }";
}

std::string parameter_identifier(const PorepSectorConfig& sector) {
  return "layered_drgporep::PublicParams{ graph: " + stacked_graph_identifier(sector.nodes()) +
         ", challenges: LayerChallenges { layers: " + std::to_string(sector.layers) +
         ", max_count: " + std::to_string(sector.challenges_per_partition) +
         " }, tree: " + tree_display(sector.tree_shape) + " }";
}

std::string parameter_cache_id(const PorepSectorConfig& sector) {
  return "stacked-proof-of-replication-" + tree_display(sector.tree_shape) + "-sha256_hasher-" +
         to_hex(hash::sha256(parameter_identifier(sector)));
}

std::string parameter_file_name(const PorepSectorConfig& sector, ParameterFile file) {
  const char* ext = file == ParameterFile::kParams ? ".params"
                    : file == ParameterFile::kVk   ? ".vk"
                                                   : ".meta";
  std::string name = "v";  // appended piecewise: "v" + std::string trips GCC 12's -Wrestrict
  name += std::to_string(kParameterVersion);
  name += '-';
  name += parameter_cache_id(sector);
  name += ext;
  return name;
}

}  // namespace cuzk::filecoin
