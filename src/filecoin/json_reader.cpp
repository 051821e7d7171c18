// JsonReader tokenizer (RFC 8259 grammar: whitespace, literals, numbers, strings with escapes).
//
// Why our own and not nlohmann-json (bench/c1_json_bench.cpp: the 36 MB JSON of a virtual 32 GiB
// C1, CPU-time medians on the 2-core x86 dev box): parse_c1_json, the whole schema-checked parse
// into the C1 structs, takes 382 ms; nlohmann's SAX parser with a handler that does nothing
// takes 947 ms and its DOM parse 1,658 ms, so even before reading any field nlohmann is 2.5x
// slower. simdjson's On Demand walk of every value takes 187 ms, but simdjson is not on the GPU
// host that builds this floor.
#include "filecoin/json_reader.hpp"

#include <charconv>

namespace cuzk::filecoin {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(char(cp));
  } else if (cp < 0x800) {
    out.push_back(char(0xc0 | (cp >> 6)));
    out.push_back(char(0x80 | (cp & 0x3f)));
  } else if (cp < 0x10000) {
    out.push_back(char(0xe0 | (cp >> 12)));
    out.push_back(char(0x80 | ((cp >> 6) & 0x3f)));
    out.push_back(char(0x80 | (cp & 0x3f)));
  } else {
    out.push_back(char(0xf0 | (cp >> 18)));
    out.push_back(char(0x80 | ((cp >> 12) & 0x3f)));
    out.push_back(char(0x80 | ((cp >> 6) & 0x3f)));
    out.push_back(char(0x80 | (cp & 0x3f)));
  }
}

}  // namespace

void JsonReader::syntax_error(const std::string& what) const {
  throw JsonReadError(FilecoinError::kSyntax,
                      "invalid JSON at byte " + std::to_string(pos_) + ": " + what);
}

const char* JsonReader::kind_name(Kind k) {
  switch (k) {
    case Kind::kObject:
      return "an object";
    case Kind::kArray:
      return "an array";
    case Kind::kString:
      return "a string";
    case Kind::kNumber:
      return "a number";
    case Kind::kBool:
      return "a boolean";
    case Kind::kNull:
      return "null";
  }
  return "a value";
}

void JsonReader::type_error(const char* expected) {
  throw JsonReadError(FilecoinError::kSchema,
                      std::string("expected ") + expected + ", found " + kind_name(peek()));
}

void JsonReader::skip_whitespace() {
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t') break;
    ++pos_;
  }
}

char JsonReader::next_char() {
  skip_whitespace();
  return pos_ < text_.size() ? text_[pos_] : '\0';
}

void JsonReader::expect_char(char c) {
  if (next_char() != c) {
    syntax_error(pos_ < text_.size()
                     ? std::string("expected '") + c + "', found '" + text_[pos_] + "'"
                     : std::string("expected '") + c + "', found the end of input");
  }
  ++pos_;
}

JsonReader::Kind JsonReader::peek() {
  switch (next_char()) {
    case '{':
      return Kind::kObject;
    case '[':
      return Kind::kArray;
    case '"':
      return Kind::kString;
    case 't':
    case 'f':
      return Kind::kBool;
    case 'n':
      return Kind::kNull;
    case '-':
      return Kind::kNumber;
    case '\0':
      if (pos_ >= text_.size()) syntax_error("unexpected end of input");
      break;
    default:
      if (is_digit(text_[pos_])) return Kind::kNumber;
  }
  syntax_error(std::string("unexpected character '") + text_[pos_] + "'");
}

void JsonReader::push(char closing) {
  if (open_.size() >= kMaxDepth) syntax_error("nesting deeper than 64 levels");
  ++pos_;
  open_.push_back(closing);
  first_ = true;
}

void JsonReader::begin_object() {
  if (peek() != Kind::kObject) type_error("an object");
  push('}');
}

void JsonReader::begin_array() {
  if (peek() != Kind::kArray) type_error("an array");
  push(']');
}

bool JsonReader::next_element() {
  const char c = next_char();
  if (c == ']') {
    ++pos_;
    open_.pop_back();
    first_ = false;
    return false;
  }
  if (!first_) {
    if (c != ',') syntax_error("expected ',' or ']' in an array");
    ++pos_;
  }
  first_ = false;
  return true;
}

bool JsonReader::next_member(std::string_view& key) {
  const char c = next_char();
  if (c == '}') {
    ++pos_;
    open_.pop_back();
    first_ = false;
    return false;
  }
  if (!first_) {
    if (c != ',') syntax_error("expected ',' or '}' in an object");
    ++pos_;
  }
  first_ = false;
  if (next_char() != '"') syntax_error("expected a member name");
  key = parse_string();
  expect_char(':');
  return true;
}

std::string_view JsonReader::parse_string() {
  const size_t start = ++pos_;  // after the opening quote
  // Fast path: no escapes.
  while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\\') {
    if (uint8_t(text_[pos_]) < 0x20) syntax_error("control character in a string");
    ++pos_;
  }
  if (pos_ >= text_.size()) syntax_error("unterminated string");
  if (text_[pos_] == '"') return text_.substr(start, pos_++ - start);
  scratch_.assign(text_.substr(start, pos_ - start));
  while (true) {
    if (pos_ >= text_.size()) syntax_error("unterminated string");
    const char c = text_[pos_++];
    if (c == '"') return scratch_;
    if (uint8_t(c) < 0x20) syntax_error("control character in a string");
    if (c != '\\') {
      scratch_.push_back(c);
      continue;
    }
    if (pos_ >= text_.size()) syntax_error("unterminated string");
    const char e = text_[pos_++];
    switch (e) {
      case '"':
      case '\\':
      case '/':
        scratch_.push_back(e);
        break;
      case 'b':
        scratch_.push_back('\b');
        break;
      case 'f':
        scratch_.push_back('\f');
        break;
      case 'n':
        scratch_.push_back('\n');
        break;
      case 'r':
        scratch_.push_back('\r');
        break;
      case 't':
        scratch_.push_back('\t');
        break;
      case 'u': {
        auto hex4 = [&]() -> uint32_t {
          uint32_t v = 0;
          if (pos_ + 4 > text_.size() ||
              std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, v, 16).ptr !=
                  text_.data() + pos_ + 4) {
            syntax_error("bad \\u escape");
          }
          pos_ += 4;
          return v;
        };
        uint32_t cp = hex4();
        if (cp >= 0xd800 && cp < 0xdc00) {  // high surrogate: a low one must follow
          if (pos_ + 2 > text_.size() || text_[pos_] != '\\' || text_[pos_ + 1] != 'u') {
            syntax_error("unpaired surrogate in a \\u escape");
          }
          pos_ += 2;
          const uint32_t low = hex4();
          if (low < 0xdc00 || low >= 0xe000) syntax_error("unpaired surrogate in a \\u escape");
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        } else if (cp >= 0xdc00 && cp < 0xe000) {
          syntax_error("unpaired surrogate in a \\u escape");
        }
        append_utf8(scratch_, cp);
        break;
      }
      default:
        syntax_error(std::string("bad escape '\\") + e + "'");
    }
  }
}

std::string_view JsonReader::read_string() {
  if (peek() != Kind::kString) type_error("a string");
  return parse_string();
}

void JsonReader::skip_number() {
  if (text_[pos_] == '-') ++pos_;
  if (pos_ >= text_.size() || !is_digit(text_[pos_])) syntax_error("bad number");
  if (text_[pos_] == '0') {
    ++pos_;
  } else {
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
  }
  if (pos_ < text_.size() && text_[pos_] == '.') {
    ++pos_;
    if (pos_ >= text_.size() || !is_digit(text_[pos_])) syntax_error("bad number");
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
  }
  if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
    ++pos_;
    if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
    if (pos_ >= text_.size() || !is_digit(text_[pos_])) syntax_error("bad number");
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
  }
}

uint64_t JsonReader::read_u64() {
  if (peek() != Kind::kNumber) type_error("an unsigned integer");
  const size_t start = pos_;
  skip_number();
  const std::string_view token = text_.substr(start, pos_ - start);
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (token[0] == '-' || end != token.data() + token.size()) {
    pos_ = start;
    throw JsonReadError(FilecoinError::kSchema,
                        "expected an unsigned integer, found " + std::string(token));
  }
  if (ec == std::errc::result_out_of_range) {
    pos_ = start;
    throw JsonReadError(FilecoinError::kSchema,
                        "integer " + std::string(token) + " exceeds 64 bits");
  }
  return value;
}

void JsonReader::skip_literal(std::string_view word) {
  if (text_.substr(pos_, word.size()) != word) syntax_error("bad literal");
  pos_ += word.size();
}

void JsonReader::read_null() {
  if (peek() != Kind::kNull) type_error("null");
  skip_literal("null");
}

void JsonReader::skip_value() {  // recursion bounded by kMaxDepth (push)
  switch (peek()) {
    case Kind::kObject: {
      begin_object();
      std::string_view key;
      while (next_member(key)) skip_value();
      break;
    }
    case Kind::kArray:
      begin_array();
      while (next_element()) skip_value();
      break;
    case Kind::kString:
      parse_string();
      break;
    case Kind::kNumber:
      skip_number();
      break;
    case Kind::kBool:
      skip_literal(text_[pos_] == 't' ? "true" : "false");
      break;
    case Kind::kNull:
      skip_literal("null");
      break;
  }
}

void JsonReader::expect_end() {
  skip_whitespace();
  if (pos_ != text_.size()) syntax_error("trailing characters after the document");
}

}  // namespace cuzk::filecoin
