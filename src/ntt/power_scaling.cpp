// PowerScaling tables and the parallel distribute_powers (see power_scaling.hpp).
#include "ntt/power_scaling.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "ntt/bit_reverse.hpp"
#include "util/parallel.hpp"

namespace cuzk::ntt {
namespace {

// Below this many elements per thread, starting a thread costs more than it saves.
constexpr size_t kMinScalingElementsPerThread = size_t(1) << 14;

// table[m] = c * base^(index(m)) for m < count.
std::vector<Fr> power_table(size_t count, const Fr& c, const Fr& base, unsigned mirror_bits) {
  std::vector<Fr> sequential(count);
  Fr w = c;
  for (size_t m = 0; m < count; ++m) {
    sequential[m] = w;
    w *= base;
  }
  if (mirror_bits == 0) return sequential;
  std::vector<Fr> mirrored(count);
  for (size_t m = 0; m < count; ++m) mirrored[m] = sequential[bit_reverse_index(m, mirror_bits)];
  return mirrored;
}

Fr pow2k(Fr x, unsigned k) {
  for (unsigned i = 0; i < k; ++i) x = x.square();
  return x;
}

}  // namespace

PowerScaling::PowerScaling(size_t n, const Fr& c, const Fr& s, IndexOrder order)
    : n_(n), constant_(s.is_one()), c_(c) {
  if (constant_ || n == 0) return;
  const bool mirrored = order == IndexOrder::kBitReversed;
  if (mirrored && !std::has_single_bit(n)) {
    throw std::invalid_argument("PowerScaling: bit-reversed order needs a power-of-two size, got " +
                                std::to_string(n));
  }
  const unsigned bits = unsigned(std::bit_width(n - 1));  // ceil(log2 n)
  low_bits_ = bits / 2;
  const unsigned high_bits = bits - low_bits_;
  if (!mirrored) {
    // k = x 2^b + y: high[x] = c (s^(2^b))^x, low[y] = s^y.
    high_ = power_table(((n - 1) >> low_bits_) + 1, c, pow2k(s, low_bits_), 0);
    low_ = power_table(size_t(1) << low_bits_, Fr::one(), s, 0);
  } else {
    // p = x 2^b + y holds k = rev_b(y) 2^(bits-b) + rev_(bits-b)(x).
    high_ = power_table(size_t(1) << high_bits, c, s, high_bits);
    low_ = power_table(size_t(1) << low_bits_, Fr::one(), pow2k(s, high_bits), low_bits_);
  }
}

void PowerScaling::apply(std::span<Fr> a, size_t first_position) const {
  if (constant_) {
    for (Fr& x : a) x *= c_;
    return;
  }
  const size_t mask = (size_t(1) << low_bits_) - 1;
  size_t p = first_position;
  const size_t end = first_position + a.size();
  Fr* x = a.data();
  while (p < end) {
    const size_t row_end = std::min(end, ((p >> low_bits_) + 1) << low_bits_);
    const Fr high = high_[p >> low_bits_];
    for (; p < row_end; ++p, ++x) *x *= high * low_[p & mask];
  }
}

void distribute_powers(std::span<Fr> a, const Fr& c, const Fr& s, IndexOrder order,
                       unsigned threads) {
  const PowerScaling scaling(a.size(), c, s, order);
  const unsigned t = threads_for(a.size(), kMinScalingElementsPerThread, threads);
  parallel_chunks(a.size(), t, t, [&](size_t, size_t begin, size_t end) {
    scaling.apply(a.subspan(begin, end - begin), begin);
  });
}

}  // namespace cuzk::ntt
