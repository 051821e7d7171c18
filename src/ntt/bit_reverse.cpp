// Blocked bit-reversal permutation (see bit_reverse.hpp).
#include "ntt/bit_reverse.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "util/parallel.hpp"

namespace cuzk::ntt {
namespace {

using ff::Fr;

// q: blocks of 2^q x 2^q elements (32 KiB for q = 5); a thread holds two, well inside L2.
constexpr unsigned kBlockLog = 5;
constexpr size_t kBlockSide = size_t(1) << kBlockLog;
// Below this many elements per thread, starting a thread costs more than it saves.
constexpr size_t kMinSwapElementsPerThread = size_t(1) << 14;

void permute_by_swaps(std::span<Fr> a, unsigned bits) {
  for (size_t i = 0; i < a.size(); ++i) {
    size_t j = bit_reverse_index(i, bits);
    if (i < j) std::swap(a[i], a[j]);
  }
}

// The 2^q runs (x, mid, 0 .. 2^q-1) of block `mid`, copied row by row into buf[x][y].
void load_block(const Fr* a, unsigned bits, size_t mid, Fr* buf) {
  for (size_t x = 0; x < kBlockSide; ++x) {
    std::copy_n(a + ((x << (bits - kBlockLog)) | (mid << kBlockLog)), kBlockSide,
                buf + x * kBlockSide);
  }
}

// a[(x, mid, y)] = src[rev y][rev x], where src holds block rev(mid) as loaded by load_block.
void store_block_transposed(Fr* a, unsigned bits, size_t mid, const Fr* src,
                            const std::array<uint8_t, kBlockSide>& rev) {
  for (size_t x = 0; x < kBlockSide; ++x) {
    Fr* run = a + ((x << (bits - kBlockLog)) | (mid << kBlockLog));
    for (size_t y = 0; y < kBlockSide; ++y) run[y] = src[rev[y] * kBlockSide + rev[x]];
  }
}

}  // namespace

void bit_reverse_permute(std::span<Fr> a, unsigned threads) {
  if (!std::has_single_bit(a.size())) {
    throw std::invalid_argument("bit_reverse_permute: size " + std::to_string(a.size()) +
                                " is not a power of two");
  }
  const unsigned bits = unsigned(std::countr_zero(a.size()));
  if (bits < 2 * kBlockLog) {
    permute_by_swaps(a, bits);
    return;
  }
  std::array<uint8_t, kBlockSide> rev{};
  for (size_t y = 0; y < kBlockSide; ++y) rev[y] = uint8_t(bit_reverse_index(y, kBlockLog));
  const unsigned mid_bits = bits - 2 * kBlockLog;
  const size_t mids = size_t(1) << mid_bits;
  const unsigned t = threads_for(a.size(), kMinSwapElementsPerThread, threads);
  parallel_chunks(mids, t, t, [&](size_t, size_t begin, size_t end) {
    std::vector<Fr> mine(kBlockSide * kBlockSide), partner(kBlockSide * kBlockSide);
    for (size_t mid = begin; mid < end; ++mid) {
      const size_t rev_mid = bit_reverse_index(mid, mid_bits);
      if (rev_mid < mid) continue;  // the pair was handled from its smaller member
      load_block(a.data(), bits, mid, mine.data());
      if (rev_mid == mid) {
        store_block_transposed(a.data(), bits, mid, mine.data(), rev);
        continue;
      }
      load_block(a.data(), bits, rev_mid, partner.data());
      store_block_transposed(a.data(), bits, mid, partner.data(), rev);
      store_block_transposed(a.data(), bits, rev_mid, mine.data(), rev);
    }
  });
}

}  // namespace cuzk::ntt
