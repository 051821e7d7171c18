// The registered PoSt proofs (rust-filecoin-proofs-api registry.rs RegisteredPoStProof; spec §5.1)
// and their circuits: one row per registered proof (numeric id as the chain and Curio use it), one
// row per circuit (type x sector size = one Groth16 parameter pair).
//
// The ids are the enum's discriminants: 0-4 Winning V1, 5-9 Window V1, 10-14 Window V1_2 (API
// 1.2.0, the non-grindable challenge indices). Go's abi calls 10-14 "...V1_1"; both spellings are
// accepted by name. Window V1 and V1_2 of one size share the circuit and the parameters (the
// parameter identifier does not include the API version); only the challenge derivation differs.
//
// API level vs circuit level (filecoin-proofs parameters.rs winning_post_setup_params): a
// WinningPoSt proves 1 sector with 66 challenges, but its circuit has 66 "sectors" of 1 challenge
// each (the one sector repeated); a WindowPoSt partition proves sector_count sectors of 10
// challenges, padded by repeating the last sector.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "filecoin/error.hpp"
#include "filecoin/proof_type.hpp"
#include "hash/merkle_tree.hpp"

namespace cuzk::filecoin {

enum class PoStType { kWinning, kWindow };
const char* to_string(PoStType type);  // "Winning" / "Window"

inline constexpr unsigned kWinningPostChallengeCount = 66;  // constants.rs
inline constexpr unsigned kWinningPostSectorCount = 1;
inline constexpr unsigned kWindowPostChallengeCount = 10;

// One PoSt circuit: one (type, sector size).
struct PostCircuitConfig {
  std::string_view circuit_id;  // "wpost-32g", "winning-32g"
  PoStType type;
  uint64_t sector_size;        // bytes
  unsigned log2_nodes;         // nodes = sector_size / 32
  hash::TreeShape tree_shape;  // tree R_last (Poseidon)
  // What the circuit holds (fallback::PublicParams): sectors of challenges each.
  unsigned circuit_sectors;     // Window: sectors per partition; Winning: 66
  unsigned circuit_challenges;  // Window: 10; Winning: 1

  uint64_t nodes() const { return uint64_t(1) << log2_nodes; }
};

struct PoStProofType {
  uint64_t id;                  // RegisteredPoStProof discriminant
  std::string_view name;        // rust serde name, "StackedDrgWindow32GiBV1_2"
  std::string_view chain_name;  // go-state-types abi name, "StackedDrgWindow32GiBV1_1"
  const PostCircuitConfig* circuit;
  ApiVersion api_version;  // V1_0_0 or V1_2_0

  PoStType type() const { return circuit->type; }
  uint64_t sector_size() const { return circuit->sector_size; }
  std::string_view circuit_id() const { return circuit->circuit_id; }
  // PoStConfig: sectors per partition (Winning 1) and challenges per sector (Winning 66).
  unsigned sector_count() const;
  unsigned challenge_count() const;
  // Partitions needed for `total_sectors` sectors (ceil; at least 1). Winning: always 1.
  unsigned partitions(uint64_t total_sectors) const;
};

std::span<const PostCircuitConfig> post_circuit_configs();
std::span<const PoStProofType> post_proof_types();

FilecoinResult<const PoStProofType*> find_post_proof(uint64_t id);
// By rust or go name.
FilecoinResult<const PoStProofType*> find_post_proof(std::string_view name);
FilecoinResult<const PostCircuitConfig*> find_post_circuit(std::string_view circuit_id);

// Parameter files (fallback::PublicParams identifier, FallbackPoStCompound cache_prefix):
//   identifier  "FallbackPoSt::PublicParams{sector_size: S, challenge_count: C, sector_count: N}"
//   cache id    "proof-of-spacetime-fallback-<tree>-" + hex(SHA-256(identifier))
//   file name   "v28-" + cache id + ".params" | ".vk" | ".meta"
std::string post_parameter_identifier(const PostCircuitConfig& circuit);
std::string post_parameter_cache_id(const PostCircuitConfig& circuit);
std::string post_parameter_file_name(const PostCircuitConfig& circuit, ParameterFile file);

}  // namespace cuzk::filecoin
