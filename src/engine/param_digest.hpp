// Filecoin's parameter-file digests: parameters.json (the manifest Lotus and Curio ship, which
// `fetch-params` checks downloads against) gives each .params / .vk file a "digest", the first 32
// hex characters of the file's BLAKE2b-512 (as rust-fil-proofs' paramfetch computes it). A
// corrupted bulk point is valid-looking to the reader (points are only checked to be on the
// curve, as in Filecoin) and would only show as proofs failing verification; the digest catches
// it before the set is used. Hashing costs one pass over the file (filecoin::Blake2b, one core,
// ~0.5-0.7 GB/s): the loader runs it beside the decode (srs_manager.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>

#include "util/result.hpp"

namespace cuzk::engine {

// Told after each 64 MiB chunk hashed (its offset and length); returning false stops the hash.
using DigestProgress = std::function<bool(size_t offset, size_t length)>;

// First 32 hex characters (16 bytes) of BLAKE2b-512 of `bytes`; empty when `progress` stopped it.
std::string filecoin_digest(std::span<const uint8_t> bytes, const DigestProgress& progress = {});

struct ManifestEntry {
  std::string cid;
  std::string digest;
  uint64_t sector_size = 0;
};
// File name -> entry. Error: the file's path and what is wrong (unreadable, not JSON, an entry
// without a 32-hex-character digest).
using ParameterManifest = std::map<std::string, ManifestEntry>;
enum class ManifestError { kUnreadable, kInvalid };
Result<ParameterManifest, ManifestError> read_parameter_manifest(const std::string& path);

// Checks `bytes` (the file named `file_name`) against the manifest: empty when it matches,
// "not listed" when the manifest has no such file, "stopped" when `progress` stopped the hash,
// else the mismatch ("digest 1234... differs from parameters.json's abcd...").
std::string check_digest(const ParameterManifest& manifest, const std::string& file_name,
                         std::span<const uint8_t> bytes, bool* listed = nullptr,
                         const DigestProgress& progress = {});

}  // namespace cuzk::engine
