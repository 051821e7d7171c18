// JsonReader: a pull reader over JSON text (RFC 8259) for schema-driven parsing of large,
// number-heavy documents such as a 32 GiB C1 (~50 MB, ~15 M small integers), without building
// a DOM: the caller walks the document in the order it expects and each call consumes one
// token. One pass, no allocation except for strings with escapes.
//
// Errors are thrown as JsonReadError (caught at the parser's edge, which adds the field path):
// kSyntax for text that is not JSON (with the byte offset), kSchema for valid JSON of another
// type than asked for ("expected an array, found a string"). Nesting deeper than kMaxDepth is a
// syntax error, so hostile input cannot exhaust the stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/error.hpp"

namespace cuzk::filecoin {

class JsonReadError : public std::runtime_error {
 public:
  JsonReadError(FilecoinError code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  FilecoinError code() const { return code_; }

 private:
  FilecoinError code_;
};

class JsonReader {
 public:
  enum class Kind { kObject, kArray, kString, kNumber, kBool, kNull };
  static constexpr size_t kMaxDepth = 64;

  explicit JsonReader(std::string_view text) : text_(text) {}

  Kind peek();  // kind of the next value (syntax error at end of input)

  // Objects: begin_object(), then while (next_member(key)) { read the value }.
  void begin_object();
  bool next_member(std::string_view& key);  // key is valid until the next string is read
  // Arrays: begin_array(), then while (next_element()) { read the value }.
  void begin_array();
  bool next_element();

  uint64_t read_u64();  // a non-negative integer without fraction or exponent
  std::string_view read_string();
  void read_null();
  void skip_value();
  void expect_end();  // only whitespace may follow the document

 private:
  [[noreturn]] void syntax_error(const std::string& what) const;
  [[noreturn]] void type_error(const char* expected);
  void skip_whitespace();
  char next_char();  // after whitespace, without consuming (0 at end)
  void expect_char(char c);
  void push(char closing);
  std::string_view parse_string();
  void skip_number();
  void skip_literal(std::string_view word);
  static const char* kind_name(Kind k);

  std::string_view text_;
  size_t pos_ = 0;
  std::vector<char> open_;  // closing bracket of each open container
  bool first_ = false;      // the innermost container has had no element yet
  std::string scratch_;     // decoded strings with escapes
};

}  // namespace cuzk::filecoin
