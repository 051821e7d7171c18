// Fuzzes the C1 JSON parser (filecoin::parse_c1_json) and Curio's envelope parsers
// (parse_curio_envelope, parse_curio_c1) with the same bytes. Beyond "no crash, no uncaught
// exception": a parsed C1 serialises to JSON that parses again and serialises to the same text
// (to_json is a fixed point), and a parsed envelope survives to_json -> parse unchanged.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "filecoin/c1_json.hpp"
#include "fuzz_check.hpp"

using namespace cuzk::filecoin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  if (auto c1 = parse_c1_json(text)) {
    const std::string json = to_json(*c1);
    auto again = parse_c1_json(json);
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(to_json(*again) == json);
  }

  if (auto envelope = parse_curio_envelope(text)) {
    auto again = parse_curio_envelope(to_json(*envelope));
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(again->sector_num == envelope->sector_num);
    FUZZ_CHECK(again->phase1_out == envelope->phase1_out);
    FUZZ_CHECK(again->sector_size == envelope->sector_size);
    // The C1 inside: parse_curio_c1 accepts it only if parse_c1_json does.
    const std::string inner(envelope->phase1_out.begin(), envelope->phase1_out.end());
    if (parse_curio_c1(text)) FUZZ_CHECK(parse_c1_json(inner).ok());
  }
  return 0;
}
