// JsonReader: the RFC 8259 grammar it accepts and rejects, escapes, integer limits, skipping
// of unknown values, and the nesting limit.
#include "filecoin/json_reader.hpp"

#include <gtest/gtest.h>

#include <string>

namespace cuzk::filecoin {
namespace {

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const JsonReadError& e) {
    return e.what();
  }
  return "";
}

TEST(JsonReader, WalksNestedValues) {
  JsonReader r(" { \"a\" : [ 1 , 2,3 ] ,\"b\":null,\"c\":\"x\\ty\\u00e9\\ud83d\\ude00\" } ");
  r.begin_object();
  std::string_view key;
  ASSERT_TRUE(r.next_member(key));
  EXPECT_EQ(key, "a");
  r.begin_array();
  uint64_t sum = 0;
  while (r.next_element()) sum += r.read_u64();
  EXPECT_EQ(sum, 6u);
  ASSERT_TRUE(r.next_member(key));
  EXPECT_EQ(key, "b");
  r.read_null();
  ASSERT_TRUE(r.next_member(key));
  EXPECT_EQ(r.read_string(), "x\ty\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT_FALSE(r.next_member(key));
  r.expect_end();
}

TEST(JsonReader, SkipsAnyValue) {
  JsonReader r(R"([{"x":[true,false,null,-1.5e+3,0.25,"s\"q",{}]},[],7])");
  r.begin_array();
  ASSERT_TRUE(r.next_element());
  r.skip_value();
  ASSERT_TRUE(r.next_element());
  r.skip_value();
  ASSERT_TRUE(r.next_element());
  EXPECT_EQ(r.read_u64(), 7u);
  EXPECT_FALSE(r.next_element());
  r.expect_end();
}

TEST(JsonReader, IntegerLimits) {
  JsonReader max("18446744073709551615");
  EXPECT_EQ(max.read_u64(), UINT64_MAX);
  JsonReader over("18446744073709551616");
  EXPECT_EQ(error_of([&] { over.read_u64(); }), "integer 18446744073709551616 exceeds 64 bits");
  JsonReader negative("-1");
  EXPECT_EQ(error_of([&] { negative.read_u64(); }), "expected an unsigned integer, found -1");
  JsonReader fraction("2.0");
  EXPECT_EQ(error_of([&] { fraction.read_u64(); }), "expected an unsigned integer, found 2.0");
  JsonReader text("\"2\"");
  EXPECT_EQ(error_of([&] { text.read_u64(); }), "expected an unsigned integer, found a string");
}

TEST(JsonReader, SyntaxErrorsNameTheByte) {
  auto parse_all = [](const std::string& text) {
    return error_of([&] {
      JsonReader r(text);
      r.skip_value();
      r.expect_end();
    });
  };
  EXPECT_EQ(parse_all("[1,2,]"), "invalid JSON at byte 5: unexpected character ']'");
  EXPECT_EQ(parse_all("[1 2]"), "invalid JSON at byte 3: expected ',' or ']' in an array");
  EXPECT_EQ(parse_all("{\"a\" 1}"), "invalid JSON at byte 5: expected ':', found '1'");
  EXPECT_EQ(parse_all("[01]"), "invalid JSON at byte 2: expected ',' or ']' in an array");
  EXPECT_EQ(parse_all("[1] x"), "invalid JSON at byte 4: trailing characters after the document");
  EXPECT_EQ(parse_all("[1"), "invalid JSON at byte 2: expected ',' or ']' in an array");
  EXPECT_EQ(parse_all("\"abc"), "invalid JSON at byte 4: unterminated string");
  EXPECT_EQ(parse_all("\"a\nb\""), "invalid JSON at byte 2: control character in a string");
  EXPECT_EQ(parse_all("\"\\x\""), "invalid JSON at byte 3: bad escape '\\x'");
  EXPECT_EQ(parse_all("\"\\ud800\""), "invalid JSON at byte 7: unpaired surrogate in a \\u escape");
  EXPECT_EQ(parse_all("nul"), "invalid JSON at byte 0: bad literal");
  EXPECT_EQ(parse_all(""), "invalid JSON at byte 0: unexpected end of input");
  EXPECT_EQ(parse_all(std::string(64, '[') + std::string(64, ']')), "");
  EXPECT_EQ(parse_all(std::string(65, '[') + std::string(65, ']')),
            "invalid JSON at byte 64: nesting deeper than 64 levels");
}

TEST(JsonReader, TypeErrorsAreSchemaErrors) {
  JsonReader r("{\"a\":1}");
  try {
    r.begin_array();
    FAIL() << "no error";
  } catch (const JsonReadError& e) {
    EXPECT_EQ(e.code(), FilecoinError::kSchema);
    EXPECT_STREQ(e.what(), "expected an array, found an object");
  }
  JsonReader s("[1,");
  s.begin_array();
  ASSERT_TRUE(s.next_element());
  s.read_u64();
  try {
    s.next_element();
    s.read_u64();
    FAIL() << "no error";
  } catch (const JsonReadError& e) {
    EXPECT_EQ(e.code(), FilecoinError::kSyntax);
  }
}

}  // namespace
}  // namespace cuzk::filecoin
