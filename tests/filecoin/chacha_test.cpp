// ChaCha against RFC 8439, the ChaCha8 test vector of draft-strombergson-chacha-test-vectors,
// and the `cryptography` package's ChaCha20 for keystream reads at unaligned offsets (the
// synthetic-PoRep seek). The rand_chacha word order is covered end to end by the parent-cache
// digests in graph_test.cpp.
#include "filecoin/chacha.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "util/hex.hpp"

namespace cuzk::filecoin {
namespace {

ChaChaKey counting_key() {
  ChaChaKey k;
  for (int i = 0; i < 32; ++i) k[i] = uint8_t(i);
  return k;
}

std::string block_hex(const ChaChaBlock& block) {
  std::vector<uint8_t> bytes;
  for (uint32_t w : block) {
    for (int i = 0; i < 4; ++i) bytes.push_back(uint8_t(w >> (8 * i)));
  }
  return to_hex(bytes);
}

// [RFC 8439 §2.3.2] block function: key 00..1f, counter 1, nonce 00000009 0000004a 00000000.
TEST(ChaCha, Rfc8439BlockFunction) {
  const auto block = chacha_block(counting_key(), {1, 0x09000000, 0x4a000000, 0}, 20);
  EXPECT_EQ(block_hex(block),
            "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
            "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e");
}

// [draft-strombergson-chacha-test-vectors TC1, 8 rounds] all-zero key and IV, first block.
// This is also the first output block of rand_chacha's ChaCha8Rng::from_seed([0; 32]).
TEST(ChaCha, ChaCha8ZeroKey) {
  const auto block = chacha_block(ChaChaKey{}, {0, 0, 0, 0}, 8);
  EXPECT_EQ(block_hex(block),
            "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e"
            "984ce172b9216f419f445367456d5619314a42a3da86b001387bfdb80e0cfe42");
  ChaCha8Rng rng(ChaChaKey{});
  EXPECT_EQ(rng.next_u64(), uint64_t(block[1]) << 32 | block[0]);  // low word first
  for (int i = 2; i < 16; ++i) EXPECT_EQ(rng.next_u32(), block[i]);
  const auto second = chacha_block(ChaChaKey{}, {1, 0, 0, 0}, 8);
  EXPECT_EQ(rng.next_u32(), second[0]);  // the 64-bit counter moved on to block 1
}

// [RFC 8439 §2.3.2] the same block through the byte keystream (counter 1 = byte offset 64).
TEST(ChaCha, KeystreamMatchesBlockFunction) {
  const uint8_t nonce[12] = {0, 0, 0, 9, 0, 0, 0, 0x4a, 0, 0, 0, 0};
  std::vector<uint8_t> out(64);
  chacha20_keystream(counting_key(), nonce, 64, out);
  EXPECT_EQ(to_hex(out),
            "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
            "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e");
}

// [derived] cryptography's ChaCha20(key=bytes(range(32)), counter 0, nonce b"synth-porep\0"):
// keystream bytes [100, 140), which straddle the block boundary at 128.
TEST(ChaCha, KeystreamAtUnalignedOffset) {
  const uint8_t nonce[12] = {'s', 'y', 'n', 't', 'h', '-', 'p', 'o', 'r', 'e', 'p', 0};
  std::vector<uint8_t> out(40);
  chacha20_keystream(counting_key(), nonce, 100, out);
  EXPECT_EQ(to_hex(out),
            "afd2be92bf4fcc94270654ab1cd2cdde26255037170f538427cd2c65d058b25dff1a4ac288c3584b");
}

TEST(ChaCha, KeystreamRejectsPositionsPastTheCounter) {
  const uint8_t nonce[12] = {};
  std::vector<uint8_t> out(2);
  EXPECT_THROW(chacha20_keystream(ChaChaKey{}, nonce, (uint64_t(1) << 38) - 1, out),
               std::out_of_range);
}

}  // namespace
}  // namespace cuzk::filecoin
