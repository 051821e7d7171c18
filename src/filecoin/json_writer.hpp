// JsonWriter: compact JSON output in the exact form serde_json::to_vec produces (no spaces,
// members in the order written), so that files written here read back byte-identically in
// Rust tools and vice versa. Containers are opened and closed explicitly; the writer inserts
// the commas. Ours rather than nlohmann-json's dump(): writing the 36 MB C1 of a virtual 32 GiB
// sector from its structs takes 267 ms here, while dump() of a ready-made nlohmann DOM alone
// takes 374 ms (bench/c1_json_bench.cpp, 2-core x86 dev box), before the DOM is even built.
#pragma once

#include <charconv>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

class JsonWriter {
 public:
  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  // A member name; the next value written is its value.
  void key(std::string_view name) {
    separate();
    write_quoted(name);
    out_.push_back(':');
    after_key_ = true;
  }
  void value(uint64_t x) {
    separate();
    char buf[20];
    const auto end = std::to_chars(buf, buf + sizeof(buf), x).ptr;
    out_.append(buf, end);
  }
  void value(std::string_view s) {
    separate();
    write_quoted(s);
  }
  void null() {
    separate();
    out_ += "null";
  }
  // serde's form of [u8; N]: an array of N integers.
  void byte_array(std::span<const uint8_t> bytes) {
    begin_array();
    for (uint8_t b : bytes) value(uint64_t(b));
    end_array();
  }

  std::string take() { return std::move(out_); }

 private:
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_.empty()) {
      if (!first_.back()) out_.push_back(',');
      first_.back() = false;
    }
  }
  void open(char c) {
    separate();
    out_.push_back(c);
    first_.push_back(true);
  }
  void close(char c) {
    out_.push_back(c);
    first_.pop_back();
  }
  void write_quoted(
      std::string_view s) {  // the names and strings here need no escapes except these
    out_.push_back('"');
    for (char c : s) {
      if (c == '"' || c == '\\') out_.push_back('\\');
      out_.push_back(c);
    }
    out_.push_back('"');
  }

  std::string out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

}  // namespace cuzk::filecoin
