// sha256_domain_hash2: two 32-byte nodes form exactly one message block, so the digest is two
// compressions (the data block and a constant padding block) without the streaming buffer.
#include "hash/sha256_domain.hpp"

#include <algorithm>

namespace cuzk::hash {
namespace {

// Padding block of a 64-byte message: 0x80, zeros, then the bit length 512 big-endian.
constexpr std::array<uint8_t, kSha256BlockBytes> kPadFor64Bytes = [] {
  std::array<uint8_t, kSha256BlockBytes> pad{};
  pad[0] = 0x80;
  pad[62] = 0x02;  // 512 = 0x0200
  return pad;
}();

}  // namespace

Node32 sha256_domain_hash2(const Node32& a, const Node32& b) {
  std::array<uint8_t, kSha256BlockBytes> block;
  std::copy(a.begin(), a.end(), block.begin());
  std::copy(b.begin(), b.end(), block.begin() + 32);
  Sha256State state = kSha256InitialState;
  sha256_compress(state, block.data(), 1);
  sha256_compress(state, kPadFor64Bytes.data(), 1);
  return trim_to_fr32(sha256_state_to_digest(state));
}

}  // namespace cuzk::hash
