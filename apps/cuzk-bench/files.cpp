// File helpers of cuzk-bench (see files.hpp).
#include "files.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "filecoin/c1_json.hpp"
#include "util/hex.hpp"

namespace cuzk::bench {

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const std::string& path, std::span<const uint8_t> bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error(path + ": write failed");
}

namespace {

nlohmann::json inputs_array(std::span<const ff::Fr> inputs) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& x : inputs) j.push_back(to_hex(x.to_bytes_le()));
  return j;
}

}  // namespace

std::string inputs_to_json(std::span<const ff::Fr> inputs) {
  return inputs_array(inputs).dump() + "\n";
}

std::string partition_inputs_to_json(std::span<const std::vector<ff::Fr>> partitions) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& inputs : partitions) j.push_back(inputs_array(inputs));
  return j.dump() + "\n";
}

void write_text_file(const std::string& path, const std::string& text) {
  write_file(path, std::span(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

filecoin::SealCommitPhase1Output read_c1_file(const std::string& path) {
  const std::vector<uint8_t> bytes = read_file(path);
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  // Curio's envelope is the only form with a "Phase1Out" key.
  auto c1 = text.find("\"Phase1Out\"") != std::string_view::npos ? filecoin::parse_curio_c1(text)
                                                                 : filecoin::parse_c1_json(text);
  if (!c1) throw std::runtime_error(path + ": " + c1.error().message);
  return std::move(c1).value();
}

namespace {

std::vector<ff::Fr> inputs_from(const nlohmann::json& j, const std::string& where) {
  if (!j.is_array()) throw std::runtime_error(where + ": expected a JSON array of hex strings");
  std::vector<ff::Fr> out;
  for (size_t i = 0; i < j.size(); ++i) {
    auto at = where + "[" + std::to_string(i) + "]";
    if (!j[i].is_string()) throw std::runtime_error(at + ": expected a hex string");
    auto bytes = from_hex(j[i].get<std::string>());
    if (!bytes || bytes->size() != 32) throw std::runtime_error(at + ": expected 64 hex digits");
    auto x = ff::Fr::from_bytes_le(std::span<const uint8_t, 32>(bytes->data(), 32));
    if (!x) throw std::runtime_error(at + ": not a canonical field element (>= r)");
    out.push_back(*x);
  }
  return out;
}

nlohmann::json parse_inputs(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error(std::string("inputs: not JSON: ") + e.what());
  }
}

}  // namespace

std::vector<ff::Fr> inputs_from_json(const std::string& text) {
  return inputs_from(parse_inputs(text), "inputs");
}

std::vector<std::vector<ff::Fr>> partition_inputs_from_json(const std::string& text) {
  const nlohmann::json j = parse_inputs(text);
  if (!j.is_array() || j.empty() || !j[0].is_array()) return {inputs_from(j, "inputs")};
  std::vector<std::vector<ff::Fr>> out;
  for (size_t k = 0; k < j.size(); ++k)
    out.push_back(inputs_from(j[k], "inputs[" + std::to_string(k) + "]"));
  return out;
}

}  // namespace cuzk::bench
