// SnapDeals constants, registry table and parameter names (see update_proof_type.hpp).
#include "filecoin/update_proof_type.hpp"

#include "hash/sha256.hpp"
#include "util/hex.hpp"

namespace cuzk::filecoin {
namespace {

constexpr uint64_t kKiB = uint64_t(1) << 10, kMiB = kKiB << 10, kGiB = kMiB << 10;

constexpr std::array<UpdateSectorConfig, 5> kSectors = {{
    {"snap-2k", 2 * kKiB, 6, hash::kTreeR_8_0_0, 1, 10, 8},
    {"snap-8m", 8 * kMiB, 18, hash::kTreeR_8_0_0, 4, 10, 128},
    {"snap-512m", 512 * kMiB, 24, hash::kTreeR_8_0_0, 16, 86, 128},
    {"snap-32g", 32 * kGiB, 30, hash::kTreeR_8_8_0, 16, 86, 128},
    {"snap-64g", 64 * kGiB, 31, hash::kTreeR_8_8_2, 16, 86, 128},
}};

constexpr std::array<UpdateProofType, 5> kProofs = {{
    {0, "StackedDrg2KiBV1", &kSectors[0], ApiVersion::kV1_1_0},
    {1, "StackedDrg8MiBV1", &kSectors[1], ApiVersion::kV1_1_0},
    {2, "StackedDrg512MiBV1", &kSectors[2], ApiVersion::kV1_1_0},
    {3, "StackedDrg32GiBV1", &kSectors[3], ApiVersion::kV1_1_0},
    {4, "StackedDrg64GiBV1", &kSectors[4], ApiVersion::kV1_1_0},
}};

}  // namespace

unsigned update_partition_count(uint64_t nodes) {
  if (nodes <= (uint64_t(1) << 8)) return 1;
  if (nodes <= (uint64_t(1) << 10)) return 2;
  if (nodes <= (uint64_t(1) << 19)) return 4;
  return 16;
}

unsigned update_challenge_count(uint64_t nodes) {
  return nodes <= (uint64_t(1) << 19) ? 10 : 86;
}

unsigned update_apex_leaf_count(uint64_t nodes) {
  return nodes <= (uint64_t(1) << 8) ? 8 : 128;
}

UpdateHs update_hs(uint64_t nodes) {
  if (nodes <= (uint64_t(1) << 10)) return {1, 1, 1, 1, 1, 1};
  return {7, 8, 9, 10, 11, 12};
}

FilecoinResult<uint64_t> update_h_select(uint64_t nodes, unsigned h) {
  const UpdateHs hs = update_hs(nodes);
  for (unsigned i = 0; i < kUpdateHCount; ++i) {
    if (hs[i] == h) return uint64_t(1) << i;
  }
  return filecoin_error(FilecoinError::kShape, "h = " + std::to_string(h) +
                                                   " is not allowed for a sector of " +
                                                   std::to_string(nodes) + " nodes");
}

FilecoinResult<hash::TreeShape> update_tree_r_shape(uint64_t nodes) {
  switch (nodes) {
    case uint64_t(1) << 5:
    case uint64_t(1) << 8:
      return hash::TreeShape{8, 4, 0};
    case uint64_t(1) << 6:
    case uint64_t(1) << 18:
    case uint64_t(1) << 24:
      return hash::kTreeR_8_0_0;
    case uint64_t(1) << 7:
    case uint64_t(1) << 19:
      return hash::TreeShape{8, 2, 0};
    case uint64_t(1) << 9:
    case uint64_t(1) << 30:
      return hash::kTreeR_8_8_0;
    case uint64_t(1) << 10:
    case uint64_t(1) << 31:
      return hash::kTreeR_8_8_2;
    default:
      return filecoin_error(FilecoinError::kShape,
                            "no empty-sector-update shape for " + std::to_string(nodes) + " nodes");
  }
}

std::span<const UpdateSectorConfig> update_sector_configs() {
  return kSectors;
}
std::span<const UpdateProofType> update_proof_types() {
  return kProofs;
}

FilecoinResult<const UpdateProofType*> find_update_proof(uint64_t id) {
  if (id < kProofs.size()) return &kProofs[id];
  return filecoin_error(FilecoinError::kUnknownProof, "unknown registered update proof id " +
                                                          std::to_string(id) + " (known: 0.." +
                                                          std::to_string(kProofs.size() - 1) + ")");
}

FilecoinResult<const UpdateProofType*> find_update_proof(std::string_view name) {
  for (const auto& p : kProofs) {
    if (p.name == name) return &p;
  }
  return filecoin_error(FilecoinError::kUnknownProof,
                        "unknown registered update proof \"" + std::string(name) +
                            "\" (known: StackedDrg2KiBV1, StackedDrg8MiBV1, StackedDrg512MiBV1, "
                            "StackedDrg32GiBV1, StackedDrg64GiBV1)");
}

FilecoinResult<const UpdateSectorConfig*> find_update_circuit(std::string_view circuit_id) {
  for (const auto& s : kSectors) {
    if (s.circuit_id == circuit_id) return &s;
  }
  return filecoin_error(FilecoinError::kUnknownProof,
                        "unknown SnapDeals circuit id \"" + std::string(circuit_id) +
                            "\" (known: snap-2k, snap-8m, snap-512m, snap-32g, snap-64g)");
}

std::string update_parameter_identifier(const UpdateSectorConfig& sector) {
  return "empty_sector_update::PublicParams{ sector_nodes: " + std::to_string(sector.nodes()) +
         " }";
}

std::string update_parameter_cache_id(const UpdateSectorConfig& sector, UpdateVariant variant) {
  std::string id = variant == UpdateVariant::kPoseidon ? "empty-sector-update-poseidon-"
                                                       : "empty-sector-update-";
  id += tree_display(sector.tree_shape);
  id += '-';
  id += to_hex(hash::sha256(update_parameter_identifier(sector)));
  return id;
}

std::string update_parameter_file_name(const UpdateSectorConfig& sector, ParameterFile file,
                                       UpdateVariant variant) {
  const char* ext = file == ParameterFile::kParams ? ".params"
                    : file == ParameterFile::kVk   ? ".vk"
                                                   : ".meta";
  std::string name = "v";
  name += std::to_string(kParameterVersion);
  name += '-';
  name += update_parameter_cache_id(sector, variant);
  name += ext;
  return name;
}

}  // namespace cuzk::filecoin
