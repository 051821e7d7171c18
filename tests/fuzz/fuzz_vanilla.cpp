// Fuzzes the bincode vanilla-proof parsers: byte 0 picks the registered proof, the rest is the
// proof. 0x00-0x7f: a PoSt sector proof (filecoin::parse_fallback_post_sector_proof) for
// post_proof_types()[b % count] (ids equal indices: 0x00 = StackedDrgWinning2KiBV1, 0x0a =
// StackedDrgWindow2KiBV1_2); 0x80-0xff: a SnapDeals partition proof
// (parse_update_partition_proof) for the circuit of update_proof_types()[(b - 0x80) % count]
// (0x80 = StackedDrg2KiBV1). Beyond "no crash": the parsers reject trailing bytes and
// non-canonical values, so whatever they accept must serialise back to exactly the input.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/post_vanilla.hpp"
#include "filecoin/update_proof_type.hpp"
#include "filecoin/update_vanilla.hpp"
#include "fuzz_check.hpp"

using namespace cuzk::filecoin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t selector = data[0];
  const std::span<const uint8_t> bytes(data + 1, size - 1);
  std::vector<uint8_t> reserialised;
  if (selector < 0x80) {
    const auto proofs = post_proof_types();
    auto parsed = parse_fallback_post_sector_proof(bytes, proofs[selector % proofs.size()]);
    if (!parsed) return 0;
    reserialised = serialize_fallback_post_sector_proof(*parsed);
  } else {
    const auto proofs = update_proof_types();
    const UpdateCircuitShape shape =
        update_circuit_shape(*proofs[(selector - 0x80) % proofs.size()].sector);
    auto parsed = parse_update_partition_proof(bytes, shape);
    if (!parsed) return 0;
    reserialised = serialize_update_partition_proof(*parsed);
  }
  FUZZ_CHECK(std::equal(reserialised.begin(), reserialised.end(), bytes.begin(), bytes.end()));
  return 0;
}
