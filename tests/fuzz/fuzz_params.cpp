// Fuzzes the readers of bellperson's .params / .vk files (groth16/parameters.hpp) on in-memory
// bytes: read_verifying_key (a .vk, and the vk prefix of a .params), scan_params_layout and
// read_parameters. Beyond "no crash": a .vk the reader accepts serialises back to exactly the
// input (the encoding is canonical); an accepted .params has a layout exactly as long as the
// file, and its vk is the one read from its prefix, serialising to the prefix's bytes.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fuzz_check.hpp"
#include "groth16/parameters.hpp"

using namespace cuzk::groth16;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> bytes(data, size);

  if (auto vk = read_verifying_key(bytes)) {
    const std::vector<uint8_t> out = serialize_verifying_key(*vk);
    FUZZ_CHECK(std::equal(out.begin(), out.end(), bytes.begin(), bytes.end()));
  }

  auto layout = scan_params_layout(bytes);
  if (!layout) return 0;
  FUZZ_CHECK(layout->total_bytes == size);
  auto params = read_parameters(bytes, /*threads=*/1);
  if (!params) return 0;
  auto prefix = read_verifying_key(bytes, /*allow_trailing=*/true);
  FUZZ_CHECK(prefix.ok() && *prefix == params->vk);
  const std::vector<uint8_t> vk_bytes = serialize_verifying_key(params->vk);
  FUZZ_CHECK(vk_bytes.size() == layout->vk_bytes);
  FUZZ_CHECK(std::equal(vk_bytes.begin(), vk_bytes.end(), bytes.begin()));
  FUZZ_CHECK(params->h.size() == layout->h.count && params->b_g2.size() == layout->b_g2.count);
  return 0;
}
