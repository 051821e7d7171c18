// Base64 (RFC 4648 §4, standard alphabet, '=' padding): the form Go's encoding/json gives a
// []byte, as in Curio's C1 envelope ("Phase1Out"). Decoding is strict: the length must be a
// multiple of 4 and padding may only end the text, so a truncated or corrupted payload is
// reported instead of silently shortened.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/error.hpp"

namespace cuzk::filecoin {

std::string base64_encode(std::span<const uint8_t> bytes);
// Errors (kSyntax) name the offending character offset.
FilecoinResult<std::vector<uint8_t>> base64_decode(std::string_view text);

}  // namespace cuzk::filecoin
