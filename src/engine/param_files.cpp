// Parameter file naming and lookup (see param_files.hpp).
#include "engine/param_files.hpp"

#include <filesystem>

namespace cuzk::engine {
namespace {

const char* extension(filecoin::ParameterFile kind) {
  switch (kind) {
    case filecoin::ParameterFile::kParams:
      return ".params";
    case filecoin::ParameterFile::kVk:
      return ".vk";
    case filecoin::ParameterFile::kMeta:
      return ".meta";
  }
  return "";
}

}  // namespace

std::string test_parameter_file_name(std::string_view circuit_id, filecoin::ParameterFile kind) {
  return "cuzk-test-" + std::string(circuit_id) + extension(kind);
}

std::optional<std::string> filecoin_parameter_file_name(std::string_view circuit_id,
                                                        filecoin::ParameterFile kind) {
  auto sector = filecoin::find_porep_circuit(circuit_id);
  if (!sector) return std::nullopt;
  return filecoin::parameter_file_name(**sector, kind);
}

std::optional<ParameterPath> find_parameter_file(const std::string& dir,
                                                 std::string_view circuit_id,
                                                 std::vector<std::string>* tried) {
  namespace fs = std::filesystem;
  std::vector<ParameterPath> candidates;
  if (auto name = filecoin_parameter_file_name(circuit_id, filecoin::ParameterFile::kParams)) {
    candidates.push_back({(fs::path(dir) / *name).string(), false});
  }
  candidates.push_back(
      {(fs::path(dir) / test_parameter_file_name(circuit_id, filecoin::ParameterFile::kParams))
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
