// Parameter-file digests and parameters.json (see param_digest.hpp).
#include "engine/param_digest.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

#include "filecoin/blake2b.hpp"
#include "util/hex.hpp"

namespace cuzk::engine {

std::string filecoin_digest(std::span<const uint8_t> bytes, const DigestProgress& progress) {
  filecoin::Blake2b hasher(64);
  constexpr size_t kChunk = size_t(64) << 20;  // bounded calls over a memory-mapped file
  for (size_t at = 0; at < bytes.size(); at += kChunk) {
    const size_t length = std::min(kChunk, bytes.size() - at);
    hasher.update(bytes.subspan(at, length));
    if (progress && !progress(at, length)) return "";
  }
  std::array<uint8_t, 64> hash{};
  hasher.finalize(hash);
  return to_hex(std::span<const uint8_t>(hash).first(16));
}

namespace {

Error<ManifestError> invalid(std::string message) {
  return {ManifestError::kInvalid, std::move(message)};
}

bool is_digest(const std::string& s) {
  if (s.size() != 32) return false;
  for (const char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

}  // namespace

Result<ParameterManifest, ManifestError> read_parameter_manifest(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error<ManifestError>{ManifestError::kUnreadable, path + ": cannot be read"};
  nlohmann::json doc;
  try {
    in >> doc;
  } catch (const std::exception& e) {
    return invalid(path + ": not JSON: " + e.what());
  }
  if (!doc.is_object()) return invalid(path + ": not a JSON object of files");
  ParameterManifest manifest;
  for (const auto& [name, v] : doc.items()) {
    const auto where = path + ": " + name + ": ";
    if (!v.is_object() || !v.contains("digest") || !v["digest"].is_string())
      return invalid(where + "no \"digest\" string");
    ManifestEntry e;
    e.digest = v["digest"].get<std::string>();
    if (!is_digest(e.digest))
      return invalid(where + "digest '" + e.digest + "' is not 32 lowercase hex characters");
    if (v.contains("cid") && v["cid"].is_string()) e.cid = v["cid"].get<std::string>();
    if (v.contains("sector_size") && v["sector_size"].is_number_unsigned())
      e.sector_size = v["sector_size"].get<uint64_t>();
    manifest.emplace(name, std::move(e));
  }
  return manifest;
}

std::string check_digest(const ParameterManifest& manifest, const std::string& file_name,
                         std::span<const uint8_t> bytes, bool* listed,
                         const DigestProgress& progress) {
  const auto it = manifest.find(file_name);
  if (listed != nullptr) *listed = it != manifest.end();
  if (it == manifest.end()) return "not listed";
  const std::string got = filecoin_digest(bytes, progress);
  if (got.empty() && !bytes.empty()) return "stopped";
  if (got == it->second.digest) return "";
  return "digest " + got + " differs from parameters.json's " + it->second.digest +
         " (the file is corrupted or another version)";
}

}  // namespace cuzk::engine
