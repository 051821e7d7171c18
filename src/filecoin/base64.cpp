// Base64 codec of base64.hpp. Encoding is OpenSSL's EVP_EncodeBlock (2.2x our own loop: 48 MB
// of text in 71 ms against 166 ms on the 2-core x86 dev box). Decoding stays ours: it runs at
// the same speed as EVP_DecodeBlock (72 against 70 ms), and EVP_DecodeBlock is not strict in the
// way the C1 errors need: it accepts padding inside the text ("Zg==Zm8=" gives 6 bytes, the
// padding decoded as zeros), skips leading and trailing whitespace, and reports a bad character
// as -1 without its offset, so wrapping it would need this table-driven pass anyway.
#include "filecoin/base64.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <array>

namespace cuzk::filecoin {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<int8_t, 256> make_decode_table() {
  std::array<int8_t, 256> t{};
  for (auto& v : t) v = -1;
  for (int i = 0; i < 64; ++i) t[uint8_t(kAlphabet[i])] = int8_t(i);
  return t;
}
constexpr auto kDecode = make_decode_table();

}  // namespace

std::string base64_encode(std::span<const uint8_t> bytes) {
  // EVP_EncodeBlock takes an int length: encode in whole 3-byte groups below 2^31 bytes. It ends
  // each call with a NUL, which the next chunk overwrites (the last one lands on the string's
  // own terminator).
  constexpr size_t kChunk = size_t(3) << 28;
  std::string out((bytes.size() + 2) / 3 * 4, '\0');
  size_t written = 0;
  for (size_t at = 0; at < bytes.size(); at += kChunk) {
    const size_t length = std::min(kChunk, bytes.size() - at);
    written += size_t(EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data() + written),
                                      bytes.data() + at, int(length)));
  }
  return out;
}

FilecoinResult<std::vector<uint8_t>> base64_decode(std::string_view text) {
  if (text.size() % 4 != 0) {
    return filecoin_error(FilecoinError::kSyntax, "base64 length " + std::to_string(text.size()) +
                                                      " is not a multiple of 4");
  }
  size_t padding = 0;
  if (!text.empty() && text.back() == '=') padding = text[text.size() - 2] == '=' ? 2 : 1;
  std::vector<uint8_t> out;
  out.reserve(text.size() / 4 * 3);
  for (size_t i = 0; i < text.size(); i += 4) {
    uint32_t v = 0;
    for (size_t j = 0; j < 4; ++j) {
      const size_t at = i + j;
      const bool is_pad = at >= text.size() - padding;
      const int8_t d = is_pad ? 0 : kDecode[uint8_t(text[at])];
      if (d < 0) {
        return filecoin_error(FilecoinError::kSyntax, "invalid base64 character '" +
                                                          std::string(1, text[at]) +
                                                          "' at offset " + std::to_string(at));
      }
      v = v << 6 | uint32_t(d);
    }
    out.push_back(uint8_t(v >> 16));
    out.push_back(uint8_t(v >> 8));
    out.push_back(uint8_t(v));
  }
  out.resize(out.size() - padding);
  return out;
}

}  // namespace cuzk::filecoin
