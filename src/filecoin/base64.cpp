// Base64 codec of base64.hpp.
#include "filecoin/base64.hpp"

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
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const uint32_t v = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8 | bytes[i + 2];
    for (int s = 18; s >= 0; s -= 6) out.push_back(kAlphabet[(v >> s) & 63]);
  }
  const size_t rest = bytes.size() - i;
  if (rest > 0) {
    uint32_t v = uint32_t(bytes[i]) << 16;
    if (rest == 2) v |= uint32_t(bytes[i + 1]) << 8;
    out.push_back(kAlphabet[(v >> 18) & 63]);
    out.push_back(kAlphabet[(v >> 12) & 63]);
    out.push_back(rest == 2 ? kAlphabet[(v >> 6) & 63] : '=');
    out.push_back('=');
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
