// Base64 against the RFC 4648 §10 test vectors, and its strict-decoding errors.
#include "filecoin/base64.hpp"

#include <gtest/gtest.h>

#include <string>

#include "filecoin/bytes.hpp"

namespace cuzk::filecoin {
namespace {

// [RFC 4648 §10] BASE64("") .. BASE64("foobar").
TEST(Base64, Rfc4648Vectors) {
  const std::pair<const char*, const char*> vectors[] = {{"", ""},
                                                         {"f", "Zg=="},
                                                         {"fo", "Zm8="},
                                                         {"foo", "Zm9v"},
                                                         {"foob", "Zm9vYg=="},
                                                         {"fooba", "Zm9vYmE="},
                                                         {"foobar", "Zm9vYmFy"}};
  for (const auto& [plain, encoded] : vectors) {
    EXPECT_EQ(base64_encode(as_bytes(plain)), encoded);
    auto decoded = base64_decode(encoded);
    ASSERT_TRUE(decoded.ok()) << encoded;
    EXPECT_EQ(std::string(decoded->begin(), decoded->end()), plain);
  }
}

TEST(Base64, AllByteValuesRoundTrip) {
  std::vector<uint8_t> bytes(256);
  for (int i = 0; i < 256; ++i) bytes[i] = uint8_t(i);
  auto decoded = base64_decode(base64_encode(bytes));
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(*decoded, bytes);
}

TEST(Base64, StrictErrors) {
  auto bad_length = base64_decode("Zm9vY");
  ASSERT_FALSE(bad_length.ok());
  EXPECT_EQ(bad_length.code(), FilecoinError::kSyntax);
  EXPECT_EQ(bad_length.error().message, "base64 length 5 is not a multiple of 4");
  auto bad_char = base64_decode("Zm9v*mFy");
  ASSERT_FALSE(bad_char.ok());
  EXPECT_EQ(bad_char.error().message, "invalid base64 character '*' at offset 4");
  auto inner_padding = base64_decode("Zg==Zm8=");
  ASSERT_FALSE(inner_padding.ok());
  EXPECT_EQ(inner_padding.error().message, "invalid base64 character '=' at offset 2");
  EXPECT_FALSE(base64_decode("Zm9v\nYmFy").ok());
}

}  // namespace
}  // namespace cuzk::filecoin
