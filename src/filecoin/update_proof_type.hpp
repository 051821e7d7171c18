// The registered empty-sector-update (SnapDeals) proofs (rust-filecoin-proofs-api registry.rs
// RegisteredUpdateProof, API 1.1.0) and the per-size constants of storage-proofs-update
// constants.rs (spec §6.1), for the published sizes and for the test-only sizes the reference's
// circuit tests use (1, 2, 4, 8, 16, 32 KiB, 8 and 16 MiB).
//
// Sizes are in 32-byte nodes N (challenge_bit_len = log2 N):
//   partitions  1 (N <= 2^8), 2 (<= 2^10), 4 (<= 2^19), else 16
//   challenges  10 per partition (N <= 2^19), else 86
//   apex leaves 8 per partition (N <= 2^8), else 128
//   hs          [1]*6 (N <= 2^10), else [7, 8, 9, 10, 11, 12]; h default = hs[3]
//   TreeR shape by size (validate_tree_r_shape); TreeD is a binary SHA-256 tree.
// Note: the registry's own partitions() returns the PoRep partition count; the update API uses
// partition_count(N) (filecoin-proofs SectorUpdateConfig), which is what is recorded here.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "filecoin/error.hpp"
#include "filecoin/proof_type.hpp"
#include "hash/merkle_tree.hpp"

namespace cuzk::filecoin {

inline constexpr unsigned kUpdateHCount = 6;
using UpdateHs = std::array<unsigned, kUpdateHCount>;

unsigned update_partition_count(uint64_t nodes);
unsigned update_challenge_count(uint64_t nodes);  // per partition
unsigned update_apex_leaf_count(uint64_t nodes);
UpdateHs update_hs(uint64_t nodes);
inline unsigned update_h_default(uint64_t nodes) {
  return update_hs(nodes)[3];
}
// 2^(index of h in hs); kShape error when h is not one of hs.
FilecoinResult<uint64_t> update_h_select(uint64_t nodes, unsigned h);
// TreeR shape for an allowed size (2^5, 2^6 .. 2^10, 2^18, 2^19, 2^24, 2^30, 2^31 nodes).
FilecoinResult<hash::TreeShape> update_tree_r_shape(uint64_t nodes);

// One published size: one circuit.
struct UpdateSectorConfig {
  std::string_view circuit_id;  // "snap-32g"
  uint64_t sector_size;         // bytes
  unsigned log2_nodes;
  hash::TreeShape tree_shape;  // TreeR (old and new)
  unsigned partitions;
  unsigned challenges_per_partition;
  unsigned apex_leaf_count;

  uint64_t nodes() const { return uint64_t(1) << log2_nodes; }
};

struct UpdateProofType {
  uint64_t id;            // RegisteredUpdateProof discriminant
  std::string_view name;  // "StackedDrg32GiBV1"
  const UpdateSectorConfig* sector;
  ApiVersion api_version;  // 1.1.0

  std::string_view circuit_id() const { return sector->circuit_id; }
};

std::span<const UpdateSectorConfig> update_sector_configs();
std::span<const UpdateProofType> update_proof_types();

FilecoinResult<const UpdateProofType*> find_update_proof(uint64_t id);
FilecoinResult<const UpdateProofType*> find_update_proof(std::string_view name);
FilecoinResult<const UpdateSectorConfig*> find_update_circuit(std::string_view circuit_id);

// The SHA-256/Poseidon circuit (storage-proofs-update circuit.rs) or the all-Poseidon variant
// (src/poseidon/*; one partition).
enum class UpdateVariant { kSha256, kPoseidon };

// Parameter files (empty_sector_update::PublicParams identifier, cache prefix
// "empty-sector-update-<tree>" or "empty-sector-update-poseidon-<tree>"):
//   identifier  "empty_sector_update::PublicParams{ sector_nodes: N }"
//   file name   "v28-" + prefix + "-" + hex(SHA-256(identifier)) + ext
std::string update_parameter_identifier(const UpdateSectorConfig& sector);
std::string update_parameter_cache_id(const UpdateSectorConfig& sector,
                                      UpdateVariant variant = UpdateVariant::kSha256);
std::string update_parameter_file_name(const UpdateSectorConfig& sector, ParameterFile file,
                                       UpdateVariant variant = UpdateVariant::kSha256);

}  // namespace cuzk::filecoin
