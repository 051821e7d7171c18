// Feistel permutation of feistel.hpp.
#include "filecoin/feistel.hpp"

#include <stdexcept>

#include "filecoin/blake2b.hpp"
#include "hash/sha256.hpp"

namespace cuzk::filecoin {
namespace {

uint64_t round_function(uint64_t right, uint64_t key, uint64_t mask) {
  uint8_t data[16];
  for (int i = 0; i < 8; ++i) {
    data[i] = uint8_t(right >> (56 - 8 * i));
    data[8 + i] = uint8_t(key >> (56 - 8 * i));
  }
  const auto digest = blake2b_512(data);
  uint64_t f = 0;
  for (int i = 0; i < 8; ++i) f = (f << 8) | digest[i];
  return f & mask;
}

}  // namespace

FeistelKeys derive_feistel_keys(const hash::Node32& porep_id) {
  hash::Sha256 hasher;
  hasher.update(std::string_view("Filecoin_Feistel"));
  hasher.update(porep_id);
  const auto seed = hasher.finalize();
  FeistelKeys keys{};
  for (int k = 0; k < 4; ++k) {
    for (int i = 7; i >= 0; --i) keys[k] = (keys[k] << 8) | seed[8 * k + i];
  }
  return keys;
}

FeistelPermutation::FeistelPermutation(uint64_t domain_size, const FeistelKeys& keys)
    : domain_size_(domain_size), keys_(keys) {
  if (domain_size == 0 || domain_size > (uint64_t(1) << 62)) {
    throw std::invalid_argument("feistel: domain size must be in 1..2^62");
  }
  uint64_t power_of_four = 4;
  while (power_of_four < domain_size) {
    power_of_four *= 4;
    ++half_bits_;
  }
  right_mask_ = (uint64_t(1) << half_bits_) - 1;
}

uint64_t FeistelPermutation::encode(uint64_t x) const {
  uint64_t left = (x >> half_bits_) & right_mask_;
  uint64_t right = x & right_mask_;
  for (unsigned r = 0; r < kFeistelRounds; ++r) {
    const uint64_t next_right = left ^ round_function(right, keys_[r], right_mask_);
    left = right;
    right = next_right;
  }
  return (left << half_bits_) | right;
}

uint64_t FeistelPermutation::permute(uint64_t x) const {
  uint64_t y = encode(x);
  while (y >= domain_size_) y = encode(y);
  return y;
}

}  // namespace cuzk::filecoin
