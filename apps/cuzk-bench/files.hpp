// File helpers of cuzk-bench: whole-file reads/writes and the public-inputs JSON format.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ff/fr.hpp"

namespace cuzk::bench {

// Throw std::runtime_error naming the path on failure.
std::vector<uint8_t> read_file(const std::string& path);
void write_file(const std::string& path, std::span<const uint8_t> bytes);

// ["<64 hex>", ...]: each Fr as 32 little-endian bytes.
std::string inputs_to_json(std::span<const ff::Fr> inputs);
// Throws std::runtime_error naming the bad entry.
std::vector<ff::Fr> inputs_from_json(const std::string& text);

}  // namespace cuzk::bench
