// Request files of the PoSt / SnapDeals commands (see cmd_vanilla_request.hpp).
#include "cmd_vanilla_request.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "files.hpp"
#include "util/hex.hpp"

namespace cuzk::bench {

namespace {

using nlohmann::json;

std::string hex(const hash::Node32& node) {
  return to_hex(node);
}

hash::Node32 node_at(const json& j, const char* key, const std::string& path) {
  if (!j.contains(key) || !j.at(key).is_string())
    throw std::runtime_error(path + ": " + key + ": missing or not a string");
  const auto bytes = from_hex(j.at(key).get<std::string>());
  if (!bytes || bytes->size() != 32)
    throw std::runtime_error(path + ": " + key + ": expected 64 hex characters");
  hash::Node32 node{};
  std::copy(bytes->begin(), bytes->end(), node.begin());
  return node;
}

template <class T>
T value_at(const json& j, const char* key, const std::string& path) {
  try {
    return j.at(key).get<T>();
  } catch (const json::exception& e) {
    throw std::runtime_error(path + ": " + key + ": " + e.what());
  }
}

}  // namespace

void write_vanilla_request(const std::string& path, const VanillaRequest& r) {
  json j;
  j["kind"] = r.kind;
  j["proof_type"] = r.proof_type;
  j["circuit_id"] = r.circuit_id;
  j["partitions"] = r.partitions;
  if (r.is_post()) {
    j["miner_id"] = r.miner_id;
    j["prover_id"] = hex(r.prover_id);
    j["randomness"] = hex(r.randomness);
    j["sector_set_size"] = r.sector_set_size;
    j["sectors"] = json::array();
    for (const auto& s : r.sectors)
      j["sectors"].push_back({{"sector_id", s.sector_id}, {"comm_r", hex(s.comm_r)}});
  } else {
    j["sector_id"] = r.sector_id;
    j["h"] = r.h;
    j["comm_r_old"] = hex(r.comm_r_old);
    j["comm_d_new"] = hex(r.comm_d_new);
    j["comm_r_new"] = hex(r.comm_r_new);
  }
  j["vanilla_proofs"] = r.vanilla_proofs;
  write_text_file(path, j.dump(2) + "\n");
}

VanillaRequest read_vanilla_request(const std::string& path) {
  const std::vector<uint8_t> bytes = read_file(path);
  json j;
  try {
    j = json::parse(bytes.begin(), bytes.end());
  } catch (const json::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
  VanillaRequest r;
  r.kind = value_at<std::string>(j, "kind", path);
  if (r.kind != "window-post" && r.kind != "winning-post" && r.kind != "snap-prove")
    throw std::runtime_error(path + ": kind: \"" + r.kind +
                             "\" is not window-post, winning-post or snap-prove");
  r.proof_type = value_at<std::string>(j, "proof_type", path);
  r.circuit_id = value_at<std::string>(j, "circuit_id", path);
  r.partitions = value_at<unsigned>(j, "partitions", path);
  r.vanilla_proofs = value_at<std::vector<std::string>>(j, "vanilla_proofs", path);
  if (r.is_post()) {
    r.miner_id = value_at<uint64_t>(j, "miner_id", path);
    r.prover_id = node_at(j, "prover_id", path);
    r.randomness = node_at(j, "randomness", path);
    r.sector_set_size = value_at<uint64_t>(j, "sector_set_size", path);
    const json sectors = value_at<json>(j, "sectors", path);
    for (size_t i = 0; i < sectors.size(); ++i) {
      const std::string where = path + ": sectors[" + std::to_string(i) + "]";
      r.sectors.push_back({value_at<uint64_t>(sectors[i], "sector_id", where),
                           node_at(sectors[i], "comm_r", where)});
    }
  } else {
    r.sector_id = value_at<uint64_t>(j, "sector_id", path);
    r.h = value_at<unsigned>(j, "h", path);
    r.comm_r_old = node_at(j, "comm_r_old", path);
    r.comm_d_new = node_at(j, "comm_d_new", path);
    r.comm_r_new = node_at(j, "comm_r_new", path);
  }
  return r;
}

std::vector<std::vector<uint8_t>> read_vanilla_proofs(const std::string& request_path,
                                                      const VanillaRequest& request) {
  const std::filesystem::path dir = std::filesystem::path(request_path).parent_path();
  std::vector<std::vector<uint8_t>> out;
  for (const std::string& name : request.vanilla_proofs)
    out.push_back(read_file((dir / name).string()));
  return out;
}

}  // namespace cuzk::bench
