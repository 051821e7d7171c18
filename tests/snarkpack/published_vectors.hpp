// The published SnarkPack aggregates of tests/vectors/rust-fil-proofs (README there): NI-PoRep
// seal proofs from rust-fil-proofs' regression records, and bellperson's 512-proof aggregate.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "util/hex.hpp"

namespace cuzk::snarkpack::testing {

inline std::string vectors_dir() {
  return std::string(CUZK_TESTS_DIR) + "/vectors/rust-fil-proofs/";
}

inline std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct NiRecord {
  uint64_t sector_size;
  unsigned partitions;
  std::vector<uint8_t> comm_r;
  std::vector<uint8_t> proof;
};

inline std::vector<NiRecord> ni_records() {
  std::ifstream in(vectors_dir() + "ni_aggregates.json");
  const auto json = nlohmann::json::parse(in);
  std::vector<NiRecord> records;
  for (const auto& r : json.at("records")) {
    records.push_back({r.at("sector_size").get<uint64_t>(), r.at("partitions").get<unsigned>(),
                       *from_hex(r.at("comm_r").get<std::string>()),
                       *from_hex(r.at("proof").get<std::string>())});
  }
  return records;
}

}  // namespace cuzk::snarkpack::testing
