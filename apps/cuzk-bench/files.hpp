// File helpers of cuzk-bench: whole-file reads/writes and the public-inputs JSON format.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/c1_output.hpp"

namespace cuzk::bench {

// Throw std::runtime_error naming the path on failure.
std::vector<uint8_t> read_file(const std::string& path);
void write_file(const std::string& path, std::span<const uint8_t> bytes);

// ["<64 hex>", ...]: each Fr as 32 little-endian bytes.
std::string inputs_to_json(std::span<const ff::Fr> inputs);
// Throws std::runtime_error naming the bad entry.
std::vector<ff::Fr> inputs_from_json(const std::string& text);
// Either form: [["<64 hex>", ...], ...] one array per partition (what c2-inputs, prove and
// verify-vanilla --out-inputs write), or a flat array (one partition).
std::vector<std::vector<ff::Fr>> partition_inputs_from_json(const std::string& text);
// Per-partition inputs (PoRep C2): [["<64 hex>", ...], ...].
std::string partition_inputs_to_json(std::span<const std::vector<ff::Fr>> partitions);

// A C1 output from a file holding either the C1 JSON or Curio's envelope around it; throws
// std::runtime_error with the parser's message (field path included).
filecoin::SealCommitPhase1Output read_c1_file(const std::string& path);

// Writes text to a file (write_file for strings).
void write_text_file(const std::string& path, const std::string& text);

}  // namespace cuzk::bench
