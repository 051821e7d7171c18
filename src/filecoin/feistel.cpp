// Feistel permutation of feistel.hpp.
#include "filecoin/feistel.hpp"

#include <algorithm>
#include <stdexcept>

#include "filecoin/blake2b.hpp"
#include "filecoin/bytes.hpp"
#include "hash/sha256.hpp"

namespace cuzk::filecoin {
namespace {

uint64_t round_function(uint64_t right, uint64_t key, uint64_t mask) {
  std::array<uint8_t, 16> data;
  const auto r = to_be_bytes(right), k = to_be_bytes(key);
  std::copy(r.begin(), r.end(), data.begin());
  std::copy(k.begin(), k.end(), data.begin() + 8);
  return from_be_bytes<uint64_t>(blake2b_512(data).data()) & mask;
}

}  // namespace

FeistelKeys derive_feistel_keys(const hash::Node32& porep_id) {
  hash::Sha256 hasher;
  hasher.update(as_bytes("Filecoin_Feistel"));
  hasher.update(porep_id);
  const auto seed = hasher.finalize();
  FeistelKeys keys{};
  for (int k = 0; k < 4; ++k) keys[k] = from_le_bytes<uint64_t>(&seed[8 * k]);
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
