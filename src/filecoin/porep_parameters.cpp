// PoRep parameter files: lookup and test setup (see porep_parameters.hpp).
#include "filecoin/porep_parameters.hpp"

#include <filesystem>
#include <optional>
#include <stdexcept>

#include "filecoin/stacked_circuit.hpp"
#include "r1cs/keypair_assembly.hpp"

namespace cuzk::filecoin {

std::string test_parameter_file_name(std::string_view circuit_id, ParameterFile file) {
  if (file == ParameterFile::kMeta)
    throw std::invalid_argument("test parameters have no .meta file");
  return "cuzk-test-" + std::string(circuit_id) +
         (file == ParameterFile::kParams ? ".params" : ".vk");
}

FilecoinResult<PorepParameterFiles> find_porep_parameters(const std::string& dir,
                                                          const PorepSectorConfig& sector) {
  namespace fs = std::filesystem;
  auto pair = [&](const std::string& params, const std::string& vk, bool test)
      -> std::optional<PorepParameterFiles> {
    const fs::path p = fs::path(dir) / params, v = fs::path(dir) / vk;
    if (fs::is_regular_file(p) && fs::is_regular_file(v))
      return PorepParameterFiles{p.string(), v.string(), test};
    return std::nullopt;
  };
  const std::string real_params = parameter_file_name(sector, ParameterFile::kParams);
  const std::string real_vk = parameter_file_name(sector, ParameterFile::kVk);
  if (auto found = pair(real_params, real_vk, false)) return *found;
  const std::string test_params = test_parameter_file_name(sector.circuit_id, ParameterFile::kParams);
  const std::string test_vk = test_parameter_file_name(sector.circuit_id, ParameterFile::kVk);
  if (auto found = pair(test_params, test_vk, true)) return *found;
  return filecoin_error(FilecoinError::kUnknownProof,
                        "no parameters for " + std::string(sector.circuit_id) + " in " + dir +
                            ": neither " + real_params + " (and .vk) nor " + test_params +
                            " (and .vk); make test ones with `cuzk-bench setup --proof-type`");
}

PorepParameterFiles write_porep_test_parameters(const std::string& dir,
                                                const PorepSectorConfig& sector,
                                                std::mt19937_64& rng, unsigned threads,
                                                const groth16::SetupProgress& progress) {
  r1cs::KeypairAssembly cs;
  synthesize_stacked_blank(cs, stacked_circuit_shape(sector));
  cs.finalize();
  const groth16::Parameters params =
      groth16::generate_parameters(cs, groth16::ToxicWaste::random(rng), threads, progress);
  std::filesystem::create_directories(dir);
  PorepParameterFiles files{
      (std::filesystem::path(dir) / test_parameter_file_name(sector.circuit_id,
                                                             ParameterFile::kParams)).string(),
      (std::filesystem::path(dir) / test_parameter_file_name(sector.circuit_id,
                                                             ParameterFile::kVk)).string(),
      true};
  groth16::write_parameters_file(params, files.params);
  groth16::write_verifying_key_file(params.vk, files.vk);
  return files;
}

}  // namespace cuzk::filecoin
