// Parameter file naming and lookup (see param_files.hpp).
#include "engine/param_files.hpp"

#include <filesystem>

#include "filecoin/porep_parameters.hpp"

namespace cuzk::engine {

std::optional<std::string> filecoin_parameter_file_name(std::string_view circuit_id,
                                                        filecoin::ParameterFile kind) {
  auto name = filecoin::circuit_parameter_file_name(circuit_id, kind);
  if (!name) return std::nullopt;
  return std::move(name).value();
}

std::optional<ParameterPath> find_parameter_file(const std::string& dir,
                                                 std::string_view circuit_id,
                                                 std::vector<std::string>* tried) {
  namespace fs = std::filesystem;
  std::vector<ParameterPath> candidates;
  if (auto name = filecoin_parameter_file_name(circuit_id, filecoin::ParameterFile::kParams)) {
    candidates.push_back({(fs::path(dir) / *name).string(), false});
  }
  candidates.push_back({(fs::path(dir) / filecoin::test_parameter_file_name(
                                             circuit_id, filecoin::ParameterFile::kParams))
                            .string(),
                        true});
  for (auto& c : candidates) {
    std::error_code ec;
    if (fs::is_regular_file(c.path, ec)) return c;
    if (tried) tried->push_back(c.path);
  }
  return std::nullopt;
}

}  // namespace cuzk::engine
