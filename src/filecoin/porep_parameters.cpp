// Circuit parameter files: lookup and test setup for PoRep, PoSt and SnapDeals circuits (see
// porep_parameters.hpp).
#include "filecoin/porep_parameters.hpp"

#include <filesystem>
#include <optional>
#include <stdexcept>

#include "filecoin/circuit_kind.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/precompiled_file.hpp"
#include "r1cs/precompiled_store.hpp"

namespace cuzk::filecoin {

namespace {

FilecoinResult<PorepParameterFiles> find_files(const std::string& dir, const CircuitKind& kind) {
  namespace fs = std::filesystem;
  const auto params = parameter_file_names(kind.circuit_id, ParameterFile::kParams);
  const auto vks = parameter_file_names(kind.circuit_id, ParameterFile::kVk);
  // A pair of one naming: Filecoin's .params never goes with a test .vk.
  for (size_t i = 0; i < params.size(); ++i) {
    const fs::path p = fs::path(dir) / params[i].name, v = fs::path(dir) / vks[i].name;
    if (fs::is_regular_file(p) && fs::is_regular_file(v))
      return PorepParameterFiles{p.string(), v.string(), params[i].test_parameters};
  }
  return filecoin_error(FilecoinError::kUnknownProof,
                        "no parameters for " + kind.circuit_id + " in " + dir + ": neither " +
                            params.front().name + " (and .vk) nor " + params.back().name +
                            " (and .vk); make test ones with `cuzk-bench setup`");
}

PorepParameterFiles write_test_files(const std::string& dir, const CircuitKind& kind,
                                     const groth16::ToxicWaste& tw, unsigned threads,
                                     const groth16::SetupProgress& progress,
                                     groth16::FixedBaseMultiplier* multiplier,
                                     const std::string& pce_dir) {
  // From the precompiled matrices (8 bytes per entry) rather than a KeypairAssembly (32-byte
  // coefficients, recorded and transposed): the same parameters, in a quarter of the memory —
  // what lets a 32 GiB PoRep circuit's setup fit in a GPU host's RAM.
  // Each section is written as soon as it is made: setup holds one section, not the whole set.
  const r1cs::PrecompiledCircuit circuit = r1cs::PrecompiledCircuit::record(kind.synthesize_blank);
  std::filesystem::create_directories(dir);
  const std::filesystem::path base(dir);
  PorepParameterFiles files{
      (base / test_parameter_file_name(kind.circuit_id, ParameterFile::kParams)).string(),
      (base / test_parameter_file_name(kind.circuit_id, ParameterFile::kVk)).string(), true};
  groth16::write_parameters_files(circuit, tw, files.params, files.vk, threads, progress,
                                  multiplier);
  if (!pce_dir.empty()) {
    std::filesystem::create_directories(pce_dir);
    r1cs::save_precompiled(r1cs::PrecompiledStore(pce_dir).path(kind.circuit_id), kind.circuit_id,
                           circuit);
  }
  return files;
}

}  // namespace

std::string test_parameter_file_name(std::string_view circuit_id, ParameterFile file) {
  if (file == ParameterFile::kMeta)
    throw std::invalid_argument("test parameters have no .meta file");
  return "cuzk-test-" + std::string(circuit_id) +
         (file == ParameterFile::kParams ? ".params" : ".vk");
}

std::vector<ParameterFileName> parameter_file_names(std::string_view circuit_id,
                                                    ParameterFile file) {
  std::vector<ParameterFileName> names;
  if (const auto kind = find_circuit_kind(circuit_id))
    names.push_back({kind->parameter_file_name(file), false});
  names.push_back({test_parameter_file_name(circuit_id, file), true});
  return names;
}

std::optional<ParameterPath> find_parameter_file(const std::string& dir,
                                                 std::string_view circuit_id, ParameterFile file,
                                                 std::vector<std::string>* tried) {
  for (const auto& [name, test] : parameter_file_names(circuit_id, file)) {
    const std::string path = (std::filesystem::path(dir) / name).string();
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) return ParameterPath{path, test};
    if (tried) tried->push_back(path);
  }
  return std::nullopt;
}

FilecoinResult<PorepParameterFiles> find_porep_parameters(const std::string& dir,
                                                          const PorepSectorConfig& sector) {
  return find_circuit_parameters(dir, sector.circuit_id);
}

PorepParameterFiles write_porep_test_parameters(const std::string& dir,
                                                const PorepSectorConfig& sector,
                                                const groth16::ToxicWaste& tw, unsigned threads,
                                                const groth16::SetupProgress& progress,
                                                groth16::FixedBaseMultiplier* multiplier,
                                                const std::string& pce_dir) {
  return write_test_files(dir, *find_circuit_kind(sector.circuit_id), tw, threads, progress,
                          multiplier, pce_dir);
}

FilecoinResult<std::string> circuit_parameter_file_name(std::string_view circuit_id,
                                                        ParameterFile file) {
  const auto kind = find_circuit_kind(circuit_id);
  if (!kind) return kind.error();
  return kind->parameter_file_name(file);
}

FilecoinResult<PorepParameterFiles> find_circuit_parameters(const std::string& dir,
                                                            std::string_view circuit_id) {
  const auto kind = find_circuit_kind(circuit_id);
  if (!kind) return kind.error();
  return find_files(dir, *kind);
}

FilecoinResult<std::string> find_verifying_key(const std::string& dir,
                                               std::string_view circuit_id) {
  const auto kind = find_circuit_kind(circuit_id);
  if (!kind) return kind.error();
  if (auto found = find_parameter_file(dir, circuit_id, ParameterFile::kVk)) return found->path;
  const auto names = parameter_file_names(circuit_id, ParameterFile::kVk);
  return filecoin_error(FilecoinError::kUnknownProof,
                        "no verifying key for " + kind->circuit_id + " in " + dir + ": neither " +
                            names.front().name + " nor " + names.back().name);
}

FilecoinResult<PorepParameterFiles> write_circuit_test_parameters(
    const std::string& dir, std::string_view circuit_id, const groth16::ToxicWaste& tw,
    unsigned threads, const groth16::SetupProgress& progress,
    groth16::FixedBaseMultiplier* multiplier, const std::string& pce_dir) {
  const auto kind = find_circuit_kind(circuit_id);
  if (!kind) return kind.error();
  return write_test_files(dir, *kind, tw, threads, progress, multiplier, pce_dir);
}

}  // namespace cuzk::filecoin
