// The registered seal proofs (rust-filecoin-proofs-api registry.rs; spec §1): one table row per
// RegisteredSealProof with its numeric id as Curio and the chain use it, name, API version and
// feature, and one row per sector size (= one circuit, one Groth16 parameter pair) with the
// constants of filecoin-proofs constants.rs / parameters.rs.
//
// Interactive, synthetic and non-interactive proofs of one size share the circuit and the
// parameters; they differ in how challenges are derived (challenges.hpp) and, for NI, in the
// number of partitions. The porep_id (bytes 0..8 = id LE) seeds the graph and the replica id.
// PoSt and SnapDeals registries, when added, get tables of their own beside this one: their
// numeric ids overlap with the seal ids.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "filecoin/error.hpp"
#include "hash/merkle_tree.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

enum class ApiVersion { kV1_0_0, kV1_1_0, kV1_2_0 };
enum class SealFeature { kNone, kSyntheticPoRep, kNonInteractivePoRep };
enum class ChallengeMode { kInteractive, kSynthetic, kNonInteractive };

const char* to_string(ApiVersion v);  // "1.0.0"

// One sector size: one StackedDRG circuit.
struct PorepSectorConfig {
  std::string_view circuit_id;  // "porep-32g": the engine's name for circuit + parameters
  std::string_view v1_name;     // "StackedDrg32GiBV1": the C1 vanilla_proofs shape key
  uint64_t sector_size;         // bytes
  unsigned log2_nodes;          // nodes = sector_size / 32 = 2^log2_nodes; tree D depth
  unsigned layers;
  unsigned partitions;                // interactive and synthetic
  unsigned ni_partitions;             // non-interactive
  unsigned challenges_per_partition;  // the same for every variant
  hash::TreeShape tree_shape;         // tree C and tree R_last (Poseidon)

  uint64_t nodes() const { return uint64_t(1) << log2_nodes; }
};

struct ProofType {
  uint64_t id;            // RegisteredSealProof discriminant = porep_id[0..8]
  std::string_view name;  // serde name, e.g. "StackedDrg32GiBV1_1"
  const PorepSectorConfig* sector;
  ApiVersion api_version;
  SealFeature feature;
  // Only for a seal described by its parts rather than by a registered proof (verify-seal): its
  // porep_id, any 32 bytes as rust-fil-proofs allows. Unset: make_porep_id(id).
  std::optional<hash::Node32> custom_porep_id = std::nullopt;

  std::string_view circuit_id() const { return sector->circuit_id; }
  ChallengeMode challenge_mode() const;
  unsigned partitions() const;  // NI: sector->ni_partitions
  unsigned challenges_per_partition() const { return sector->challenges_per_partition; }
  hash::Node32 porep_id() const { return custom_porep_id.value_or(make_porep_id(id)); }

  // bytes 0..8 = id (u64 LE), 8..16 = nonce (u64 LE), the rest zero.
  static hash::Node32 make_porep_id(uint64_t id, uint64_t nonce = 0);
};

// Graph degrees (storage-proofs-core drgraph.rs BASE_DEGREE, porep graph.rs EXP_DEGREE).
inline constexpr unsigned kDrgDegree = 6;
inline constexpr unsigned kExpanderDegree = 8;
inline constexpr unsigned kParentCount = kDrgDegree + kExpanderDegree;
inline constexpr unsigned kLabelParentSlots = 37;  // TOTAL_PARENTS hashed into a label
inline constexpr unsigned kParameterVersion = 28;  // parameter_cache.rs VERSION

std::span<const PorepSectorConfig> porep_sector_configs();
std::span<const ProofType> seal_proof_types();

FilecoinResult<const ProofType*> find_seal_proof(uint64_t id);
FilecoinResult<const ProofType*> find_seal_proof(std::string_view name);
FilecoinResult<const PorepSectorConfig*> find_porep_circuit(std::string_view circuit_id);
FilecoinResult<const PorepSectorConfig*> find_porep_sector(uint64_t sector_size);

// "1.0.0", "1.1.0" or "1.2.0"; kUnknownProof otherwise.
FilecoinResult<ApiVersion> parse_api_version(std::string_view text);
// A seal described by its parts, as verify_seal takes them, rather than by a registered proof:
// the circuit of `sector_size` with any porep_id (custom_porep_id), API version and feature; id =
// porep_id bytes 0..8 (u64 LE), name "custom". kUnknownProof for a sector size without a circuit.
FilecoinResult<ProofType> seal_proof_from_parts(uint64_t sector_size, const hash::Node32& porep_id,
                                                ApiVersion api_version, SealFeature feature);

// Parameter files (parameter_cache.rs, stacked circuit cache_prefix, params.rs identifier):
//   identifier  "layered_drgporep::PublicParams{ graph: ..., tree: merkletree-... }"
//   cache id    "stacked-proof-of-replication-<tree>-sha256_hasher-" + hex(SHA-256(identifier))
//   file name   "v28-" + cache id + ".params" | ".vk" | ".meta"
enum class ParameterFile { kParams, kVk, kMeta };
std::string tree_display(hash::TreeShape shape);  // "merkletree-poseidon_hasher-8-8-0"
std::string stacked_graph_identifier(uint64_t nodes);
std::string parameter_identifier(const PorepSectorConfig& sector);
std::string parameter_cache_id(const PorepSectorConfig& sector);
std::string parameter_file_name(const PorepSectorConfig& sector, ParameterFile file);

}  // namespace cuzk::filecoin
