// Circuit parameter files: lookup and test setup for PoRep, PoSt and SnapDeals circuits (see
// porep_parameters.hpp).
#include "filecoin/porep_parameters.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>

#include "filecoin/circuit_info.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "filecoin/update_circuit.hpp"
#include "r1cs/precompiled_circuit.hpp"

namespace cuzk::filecoin {

namespace {

// One circuit: its id, Filecoin file names and blank synthesis.
struct CircuitKind {
  std::string circuit_id;
  std::function<std::string(ParameterFile)> real_name;
  std::function<void(r1cs::ConstraintSystem&)> synthesize_blank;
};

std::optional<CircuitKind> circuit_kind(std::string_view circuit_id) {
  const std::string id(circuit_id);
  if (auto porep = find_porep_circuit(circuit_id)) {
    const PorepSectorConfig* sector = *porep;
    return CircuitKind{id, [sector](ParameterFile f) { return parameter_file_name(*sector, f); },
                       [sector](r1cs::ConstraintSystem& cs) {
                         synthesize_stacked_blank(cs, stacked_circuit_shape(*sector));
                       }};
  }
  if (auto post = find_post_circuit(circuit_id)) {
    const PostCircuitConfig* circuit = *post;
    return CircuitKind{id,
                       [circuit](ParameterFile f) { return post_parameter_file_name(*circuit, f); },
                       [circuit](r1cs::ConstraintSystem& cs) {
                         synthesize_post_blank(cs, post_circuit_shape(*circuit));
                       }};
  }
  if (auto update = find_update_circuit(circuit_id)) {
    const UpdateSectorConfig* sector = *update;
    return CircuitKind{id,
                       [sector](ParameterFile f) { return update_parameter_file_name(*sector, f); },
                       [sector](r1cs::ConstraintSystem& cs) {
                         synthesize_update_blank(cs, update_circuit_shape(*sector));
                       }};
  }
  return std::nullopt;
}

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
                                     groth16::FixedBaseMultiplier* multiplier) {
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
  return files;
}

Error<FilecoinError> unknown_circuit(std::string_view circuit_id) {
  return filecoin_error(FilecoinError::kUnknownProof,
                        "unknown circuit id \"" + std::string(circuit_id) +
                            "\" (known: " + known_circuit_ids() + ")");
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
  if (const auto kind = circuit_kind(circuit_id)) names.push_back({kind->real_name(file), false});
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
                                                groth16::FixedBaseMultiplier* multiplier) {
  return write_test_files(dir, *circuit_kind(sector.circuit_id), tw, threads, progress, multiplier);
}

FilecoinResult<std::string> circuit_parameter_file_name(std::string_view circuit_id,
                                                        ParameterFile file) {
  const auto kind = circuit_kind(circuit_id);
  if (!kind) return unknown_circuit(circuit_id);
  return kind->real_name(file);
}

FilecoinResult<PorepParameterFiles> find_circuit_parameters(const std::string& dir,
                                                            std::string_view circuit_id) {
  const auto kind = circuit_kind(circuit_id);
  if (!kind) return unknown_circuit(circuit_id);
  return find_files(dir, *kind);
}

FilecoinResult<std::string> find_verifying_key(const std::string& dir,
                                               std::string_view circuit_id) {
  const auto kind = circuit_kind(circuit_id);
  if (!kind) return unknown_circuit(circuit_id);
  if (auto found = find_parameter_file(dir, circuit_id, ParameterFile::kVk)) return found->path;
  const auto names = parameter_file_names(circuit_id, ParameterFile::kVk);
  return filecoin_error(FilecoinError::kUnknownProof,
                        "no verifying key for " + kind->circuit_id + " in " + dir + ": neither " +
                            names.front().name + " nor " + names.back().name);
}

FilecoinResult<PorepParameterFiles> write_circuit_test_parameters(
    const std::string& dir, std::string_view circuit_id, const groth16::ToxicWaste& tw,
    unsigned threads, const groth16::SetupProgress& progress,
    groth16::FixedBaseMultiplier* multiplier) {
  const auto kind = circuit_kind(circuit_id);
  if (!kind) return unknown_circuit(circuit_id);
  return write_test_files(dir, *kind, tw, threads, progress, multiplier);
}

}  // namespace cuzk::filecoin
