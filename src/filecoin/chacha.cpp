// ChaCha block function and keystreams (RFC 8439 §2.1-2.4; rand_chacha's block layout).
#include "filecoin/chacha.hpp"

#include <bit>
#include <stdexcept>

#include "filecoin/bytes.hpp"

namespace cuzk::filecoin {
namespace {

inline void quarter_round(uint32_t* x, int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] = std::rotl(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = std::rotl(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = std::rotl(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = std::rotl(x[b] ^ x[c], 7);
}

}  // namespace

ChaChaBlock chacha_block(const ChaChaKey& key, const std::array<uint32_t, 4>& tail,
                         unsigned rounds) {
  ChaChaBlock input;
  input[0] = 0x61707865;  // "expa"
  input[1] = 0x3320646e;  // "nd 3"
  input[2] = 0x79622d32;  // "2-by"
  input[3] = 0x6b206574;  // "te k"
  for (int i = 0; i < 8; ++i) input[4 + i] = from_le_bytes<uint32_t>(key.data() + 4 * i);
  for (int i = 0; i < 4; ++i) input[12 + i] = tail[i];
  ChaChaBlock x = input;
  for (unsigned r = 0; r < rounds; r += 2) {
    quarter_round(x.data(), 0, 4, 8, 12);  // column round
    quarter_round(x.data(), 1, 5, 9, 13);
    quarter_round(x.data(), 2, 6, 10, 14);
    quarter_round(x.data(), 3, 7, 11, 15);
    quarter_round(x.data(), 0, 5, 10, 15);  // diagonal round
    quarter_round(x.data(), 1, 6, 11, 12);
    quarter_round(x.data(), 2, 7, 8, 13);
    quarter_round(x.data(), 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) x[i] += input[i];
  return x;
}

uint32_t ChaCha8Rng::next_u32() {
  if (index_ == 16) {
    block_ = chacha_block(key_, {uint32_t(counter_), uint32_t(counter_ >> 32), 0, 0}, 8);
    ++counter_;
    index_ = 0;
  }
  return block_[index_++];
}

void chacha20_keystream(const ChaChaKey& key, std::span<const uint8_t, 12> nonce, uint64_t offset,
                        std::span<uint8_t> out) {
  if (out.empty()) return;
  const uint64_t last_block = (offset + out.size() - 1) / 64;
  if (last_block > UINT32_MAX)
    throw std::out_of_range("chacha20: keystream position past 2^32 blocks");
  const std::array<uint32_t, 4> nonce_words = {0, from_le_bytes<uint32_t>(nonce.data()),
                                               from_le_bytes<uint32_t>(nonce.data() + 4),
                                               from_le_bytes<uint32_t>(nonce.data() + 8)};
  size_t written = 0;
  uint64_t position = offset;
  while (written < out.size()) {
    auto tail = nonce_words;
    tail[0] = uint32_t(position / 64);
    const ChaChaBlock block = chacha_block(key, tail, 20);
    for (size_t b = position % 64; b < 64 && written < out.size(); ++b, ++position) {
      out[written++] = uint8_t(block[b / 4] >> (8 * (b % 4)));
    }
  }
}

}  // namespace cuzk::filecoin
