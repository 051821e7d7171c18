// The PoSt tables and their lookups (see post_proof_type.hpp). The proof table follows the
// enum, so a row's index is its id (checked by a test).
#include "filecoin/post_proof_type.hpp"

#include <array>

#include "hash/sha256.hpp"
#include "util/hex.hpp"

namespace cuzk::filecoin {
namespace {

using enum PoStType;

constexpr uint64_t kKiB = uint64_t(1) << 10, kMiB = kKiB << 10, kGiB = kMiB << 10;

// constants.rs WINDOW_POST_SECTOR_COUNT (2349 / 2300 for 32 / 64 GiB, 2 otherwise) and
// challenge counts; winning: challenge_count / sector_count = 66 circuit sectors of 1 challenge.
constexpr std::array<PostCircuitConfig, 10> kCircuits = {{
    {"winning-2k", kWinning, 2 * kKiB, 6, hash::kTreeR_8_0_0, 66, 1},
    {"winning-8m", kWinning, 8 * kMiB, 18, hash::kTreeR_8_0_0, 66, 1},
    {"winning-512m", kWinning, 512 * kMiB, 24, hash::kTreeR_8_0_0, 66, 1},
    {"winning-32g", kWinning, 32 * kGiB, 30, hash::kTreeR_8_8_0, 66, 1},
    {"winning-64g", kWinning, 64 * kGiB, 31, hash::kTreeR_8_8_2, 66, 1},
    {"wpost-2k", kWindow, 2 * kKiB, 6, hash::kTreeR_8_0_0, 2, 10},
    {"wpost-8m", kWindow, 8 * kMiB, 18, hash::kTreeR_8_0_0, 2, 10},
    {"wpost-512m", kWindow, 512 * kMiB, 24, hash::kTreeR_8_0_0, 2, 10},
    {"wpost-32g", kWindow, 32 * kGiB, 30, hash::kTreeR_8_8_0, 2349, 10},
    {"wpost-64g", kWindow, 64 * kGiB, 31, hash::kTreeR_8_8_2, 2300, 10},
}};

using enum ApiVersion;

constexpr std::array<PoStProofType, 15> kProofs = {{
    {0, "StackedDrgWinning2KiBV1", "StackedDrgWinning2KiBV1", &kCircuits[0], kV1_0_0},
    {1, "StackedDrgWinning8MiBV1", "StackedDrgWinning8MiBV1", &kCircuits[1], kV1_0_0},
    {2, "StackedDrgWinning512MiBV1", "StackedDrgWinning512MiBV1", &kCircuits[2], kV1_0_0},
    {3, "StackedDrgWinning32GiBV1", "StackedDrgWinning32GiBV1", &kCircuits[3], kV1_0_0},
    {4, "StackedDrgWinning64GiBV1", "StackedDrgWinning64GiBV1", &kCircuits[4], kV1_0_0},
    {5, "StackedDrgWindow2KiBV1", "StackedDrgWindow2KiBV1", &kCircuits[5], kV1_0_0},
    {6, "StackedDrgWindow8MiBV1", "StackedDrgWindow8MiBV1", &kCircuits[6], kV1_0_0},
    {7, "StackedDrgWindow512MiBV1", "StackedDrgWindow512MiBV1", &kCircuits[7], kV1_0_0},
    {8, "StackedDrgWindow32GiBV1", "StackedDrgWindow32GiBV1", &kCircuits[8], kV1_0_0},
    {9, "StackedDrgWindow64GiBV1", "StackedDrgWindow64GiBV1", &kCircuits[9], kV1_0_0},
    {10, "StackedDrgWindow2KiBV1_2", "StackedDrgWindow2KiBV1_1", &kCircuits[5], kV1_2_0},
    {11, "StackedDrgWindow8MiBV1_2", "StackedDrgWindow8MiBV1_1", &kCircuits[6], kV1_2_0},
    {12, "StackedDrgWindow512MiBV1_2", "StackedDrgWindow512MiBV1_1", &kCircuits[7], kV1_2_0},
    {13, "StackedDrgWindow32GiBV1_2", "StackedDrgWindow32GiBV1_1", &kCircuits[8], kV1_2_0},
    {14, "StackedDrgWindow64GiBV1_2", "StackedDrgWindow64GiBV1_1", &kCircuits[9], kV1_2_0},
}};

std::string known_circuits() {
  std::string ids;
  for (const auto& c : kCircuits) ids += (ids.empty() ? "" : ", ") + std::string(c.circuit_id);
  return ids;
}

}  // namespace

const char* to_string(PoStType type) {
  return type == kWinning ? "Winning" : "Window";
}

unsigned PoStProofType::sector_count() const {
  return type() == kWinning ? kWinningPostSectorCount : circuit->circuit_sectors;
}

unsigned PoStProofType::challenge_count() const {
  return type() == kWinning ? kWinningPostChallengeCount : kWindowPostChallengeCount;
}

unsigned PoStProofType::partitions(uint64_t total_sectors) const {
  if (type() == kWinning || total_sectors == 0) return 1;
  return unsigned((total_sectors + sector_count() - 1) / sector_count());
}

std::span<const PostCircuitConfig> post_circuit_configs() {
  return kCircuits;
}
std::span<const PoStProofType> post_proof_types() {
  return kProofs;
}

FilecoinResult<const PoStProofType*> find_post_proof(uint64_t id) {
  if (id < kProofs.size()) return &kProofs[id];
  return filecoin_error(FilecoinError::kUnknownProof, "unknown registered PoSt proof id " +
                                                          std::to_string(id) + " (known: 0.." +
                                                          std::to_string(kProofs.size() - 1) + ")");
}

FilecoinResult<const PoStProofType*> find_post_proof(std::string_view name) {
  for (const auto& p : kProofs) {
    if (p.name == name || p.chain_name == name) return &p;
  }
  std::string names;
  for (const auto& p : kProofs) names += (names.empty() ? "" : ", ") + std::string(p.name);
  return filecoin_error(
      FilecoinError::kUnknownProof,
      "unknown registered PoSt proof \"" + std::string(name) + "\" (known: " + names + ")");
}

FilecoinResult<const PostCircuitConfig*> find_post_circuit(std::string_view circuit_id) {
  for (const auto& c : kCircuits) {
    if (c.circuit_id == circuit_id) return &c;
  }
  return filecoin_error(FilecoinError::kUnknownProof, "unknown PoSt circuit id \"" +
                                                          std::string(circuit_id) +
                                                          "\" (known: " + known_circuits() + ")");
}

std::string post_parameter_identifier(const PostCircuitConfig& circuit) {
  return "FallbackPoSt::PublicParams{sector_size: " + std::to_string(circuit.sector_size) +
         ", challenge_count: " + std::to_string(circuit.circuit_challenges) +
         ", sector_count: " + std::to_string(circuit.circuit_sectors) + "}";
}

std::string post_parameter_cache_id(const PostCircuitConfig& circuit) {
  return "proof-of-spacetime-fallback-" + tree_display(circuit.tree_shape) + "-" +
         to_hex(hash::sha256(post_parameter_identifier(circuit)));
}

std::string post_parameter_file_name(const PostCircuitConfig& circuit, ParameterFile file) {
  const char* ext = file == ParameterFile::kParams ? ".params"
                    : file == ParameterFile::kVk   ? ".vk"
                                                   : ".meta";
  std::string name = "v";  // appended piecewise, as in proof_type.cpp (GCC 12 -Wrestrict)
  name += std::to_string(kParameterVersion);
  name += '-';
  name += post_parameter_cache_id(circuit);
  name += ext;
  return name;
}

}  // namespace cuzk::filecoin
