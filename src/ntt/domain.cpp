// Domain construction: roots of unity, scaling constants, the pass plan and the twiddle tables.
#include "ntt/domain.hpp"

#include <bit>

#include "util/parallel.hpp"

namespace cuzk::ntt {
namespace {

// omega^e where omega is a primitive 2^log_size-th root: the 2^32-th root squared 32 - log_size
// times.
Fr primitive_root(unsigned log_size) {
  Fr w = ff::fr_root_of_unity();
  for (unsigned i = log_size; i < ff::kFrTwoAdicity; ++i) w = w.square();
  return w;
}

// Splits the log_size bits into ceil(log_size / max_pass_log) passes of near-equal width, the
// wider ones at the bottom. Returned in decimation-in-frequency order: top bits first.
std::vector<Pass> plan_passes(unsigned log_size, unsigned max_pass_log) {
  std::vector<Pass> passes;
  if (log_size == 0) return passes;
  unsigned count = (log_size + max_pass_log - 1) / max_pass_log;
  unsigned lo = 0;
  for (unsigned p = 0; p < count; ++p) {
    unsigned width = log_size / count + (p < log_size % count ? 1 : 0);
    passes.push_back({lo, lo + width});
    lo += width;
  }
  return {passes.rbegin(), passes.rend()};
}

// table[2^s + j] = root_{2^(s+1)}^j for s < row_log, where root_{2^(s+1)} = omega^(2^(L-1-s)).
std::vector<Fr> make_row_twiddles(const Fr& omega, unsigned log_size, unsigned row_log) {
  std::vector<Fr> table(size_t(1) << row_log);
  for (unsigned s = 0; s < row_log; ++s) {
    Fr root = omega;
    for (unsigned i = s + 1; i < log_size; ++i) root = root.square();
    size_t half = size_t(1) << s;
    Fr w = Fr::one();
    for (size_t j = 0; j < half; ++j) {
      table[half + j] = w;
      w *= root;
    }
  }
  return table;
}

// table[j] = omega^j for 0 <= j < count, each chunk seeded with one exponentiation: exact field
// arithmetic makes the table independent of the thread count.
std::vector<Fr> make_powers_table(const Fr& omega, size_t count, unsigned threads) {
  std::vector<Fr> table(count);
  unsigned t = resolve_threads(threads);
  parallel_chunks(count, t, t, [&](size_t, size_t begin, size_t end) {
    Fr w = omega.pow(uint64_t(begin));
    for (size_t j = begin; j < end; ++j) {
      table[j] = w;
      w *= omega;
    }
  });
  return table;
}

}  // namespace

Result<Domain, NttError> Domain::create(unsigned log_size, DomainOptions options,
                                        unsigned threads) {
  if (log_size > kMaxLogSize) {
    return Error<NttError>{NttError::kDomainTooLarge, "log_size " + std::to_string(log_size) +
                                                          " exceeds the maximum " +
                                                          std::to_string(kMaxLogSize)};
  }
  if (options.max_pass_log < 1 || options.max_pass_log > 20) {
    return Error<NttError>{NttError::kInvalidOptions, "max_pass_log must be in 1..20, got " +
                                                          std::to_string(options.max_pass_log)};
  }
  if (options.tile_width < 1 || options.tile_width > 64 ||
      !std::has_single_bit(options.tile_width)) {
    return Error<NttError>{
        NttError::kInvalidOptions,
        "tile_width must be a power of two in 1..64, got " + std::to_string(options.tile_width)};
  }
  Domain d;
  d.log_size_ = log_size;
  d.options_ = options;
  d.omega_ = primitive_root(log_size);
  d.omega_inv_ = d.omega_.inverse();
  d.size_inv_ = Fr::from_u64(uint64_t(1) << log_size).inverse();
  d.g_ = ff::fr_generator();
  d.g_inv_ = d.g_.inverse();
  d.z_on_coset_ = d.g_.pow(uint64_t(1) << log_size) - Fr::one();
  d.passes_ = plan_passes(log_size, options.max_pass_log);
  unsigned row_log = d.passes_.empty() ? 0 : d.passes_.back().hi_bit;
  d.row_twiddles_fwd_ = make_row_twiddles(d.omega_, log_size, row_log);
  d.row_twiddles_inv_ = make_row_twiddles(d.omega_inv_, log_size, row_log);
  if (d.passes_.size() > 1) d.twiddles_ = make_powers_table(d.omega_, d.size() / 2 + 1, threads);
  return d;
}

Result<Domain, NttError> Domain::for_size(size_t min_size, DomainOptions options,
                                          unsigned threads) {
  unsigned log_size = 0;
  while (log_size <= kMaxLogSize && (size_t(1) << log_size) < min_size) ++log_size;
  if (log_size > kMaxLogSize) {
    return Error<NttError>{NttError::kDomainTooLarge, "min_size " + std::to_string(min_size) +
                                                          " exceeds 2^" +
                                                          std::to_string(kMaxLogSize) + " points"};
  }
  return create(log_size, options, threads);
}

}  // namespace cuzk::ntt
