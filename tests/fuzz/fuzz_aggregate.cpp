// Fuzzes the SnarkPack readers (snarkpack/proof.hpp, snarkpack/srs.hpp): an NI-PoRep seal proof
// comes from the network, an SRS file from disk. Beyond "no crash": every encoding is canonical
// (GT compression included), so an aggregate that decodes re-encodes to exactly the input, and
// an SRS that decodes re-encodes to the input's leading bytes (what follows its four vectors is
// ignored, as bellperson does).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_check.hpp"
#include "snarkpack/proof.hpp"
#include "snarkpack/srs.hpp"

using namespace cuzk;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> in(data, size);
  if (auto proof = snarkpack::decode_aggregate_proof(in)) {
    const auto bytes = snarkpack::encode_aggregate_proof(*proof);
    FUZZ_CHECK(std::equal(bytes.begin(), bytes.end(), in.begin(), in.end()));
  }
  if (auto srs = snarkpack::decode_srs(in, snarkpack::kMaxSrsPowers, 1)) {
    const auto bytes = snarkpack::encode_srs(*srs);
    FUZZ_CHECK(bytes.size() <= in.size() && std::equal(bytes.begin(), bytes.end(), in.begin()));
  }
  return 0;
}
