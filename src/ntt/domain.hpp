// Domain: a radix-2 evaluation domain {omega^i : 0 <= i < 2^k} over Fr, with the constants and
// twiddle tables every transform on it needs (the CPU counterpart of bellperson's
// EvaluationDomain, minus the data: the values live in the caller's span).
//
// A Domain is built once per size and shared read-only: every operation takes `const Domain&` and
// keeps its scratch to itself, so one Domain may serve several concurrent transforms (the prover's
// a, b and c). Move-only, because the twiddle table of a large domain is big:
//
//   twiddles()      omega^j for 0 <= j <= n/2 (n/2 + 1 elements, 16 n bytes + 32): 16 MiB at 2^20,
//                   256 MiB at 2^24, 2 GiB at 2^27, 4 GiB at 2^28. Allocated only when the
//                   transform needs more than one pass (n > 2^max_pass_log); one table serves both
//                   directions because omega^-j = -omega^(n/2 - j) (see radix2.hpp).
//   row twiddles    omega_{2m}^j for the in-cache pass, both directions: 2 * 2^row_log elements
//                   (<= 64 KiB with the default plan).
//
// The plan (which stages run together in one cache-resident pass) is fixed at construction from
// DomainOptions; see transform.hpp for how a pass works.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ff/fr.hpp"
#include "util/result.hpp"

namespace cuzk::ntt {

using ff::Fr;

// Largest supported domain: 2^28 (Fr's 2-adicity allows 2^32; 2^28 already needs 8 GiB per vector).
inline constexpr unsigned kMaxLogSize = 28;

enum class NttError {
  kDomainTooLarge,  // more than 2^kMaxLogSize points requested
  kInvalidOptions,  // DomainOptions out of range
};

// Tuning of the blocked radix-2 transform (measurements in docs/perf/ntt-cpu.md). A column pass
// works on a tile of 2^(pass width) x tile_width elements: 2^10 x 4 x 32 B = 128 KiB at most, well
// inside a per-core L2 with the tile's source lines and twiddles beside it. Single-thread DIF at
// 2^24 (CPU ns per butterfly): max_pass_log 12 (passes of 12 + 12 stages, 512 KiB tiles) 25.7,
// 10 (8 + 8 + 8) 23.0, 1 (one sweep per stage) 29.7; at 2^20 both 10 and 12 give 10 + 10. A sweep
// over memory is cheap next to the field arithmetic of 8-12 stages. Tile widths 2-16 measured
// within noise; 4 keeps the tile smallest.
struct DomainOptions {
  // At most this many radix-2 stages run in one pass over memory (1..20).
  unsigned max_pass_log = 10;
  // Consecutive columns gathered per row of a strided tile (a power of two, 1..64): 4 elements =
  // 128 bytes = two cache lines per row.
  unsigned tile_width = 4;
};

// One pass of the blocked transform: the stages s in [lo_bit, hi_bit) (butterflies whose partners
// differ in index bit s). The pass with lo_bit == 0 works on contiguous rows of 2^hi_bit elements;
// the others gather strided tiles of 2^(hi_bit - lo_bit) rows.
struct Pass {
  unsigned lo_bit;
  unsigned hi_bit;
};

class Domain {
 public:
  // The domain of 2^log_size points. `threads` (0 = all cores) only parallelises the twiddle
  // precomputation; the Domain is identical whatever the count.
  static Result<Domain, NttError> create(unsigned log_size, DomainOptions options = {},
                                         unsigned threads = 0);
  // The smallest domain with at least `min_size` points (bellperson's from_coeffs rounding; 0 and
  // 1 give the one-point domain).
  static Result<Domain, NttError> for_size(size_t min_size, DomainOptions options = {},
                                           unsigned threads = 0);

  Domain(Domain&&) noexcept = default;
  Domain& operator=(Domain&&) noexcept = default;
  Domain(const Domain&) = delete;
  Domain& operator=(const Domain&) = delete;

  size_t size() const { return size_t(1) << log_size_; }
  unsigned log_size() const { return log_size_; }
  const Fr& omega() const { return omega_; }  // primitive 2^k-th root of unity
  const Fr& omega_inv() const { return omega_inv_; }
  const Fr& size_inv() const { return size_inv_; }  // 1/n
  const Fr& coset_generator() const { return g_; }  // g = 7 (Fr's multiplicative generator)
  const Fr& coset_generator_inv() const { return g_inv_; }
  // Z(g) = g^n - 1: the vanishing polynomial X^n - 1 takes this one value on the whole coset g*H.
  const Fr& vanishing_on_coset() const { return z_on_coset_; }

  // omega^j for 0 <= j <= n/2; empty when the plan has a single pass.
  std::span<const Fr> twiddles() const { return twiddles_; }
  // row_twiddles(inverse)[2^s + j] = omega_{2^(s+1)}^(+-j) for s < row_log, j < 2^s, where
  // omega_{2^(s+1)} = omega^(n / 2^(s+1)). Index 0 is unused.
  std::span<const Fr> row_twiddles(bool inverse) const {
    return inverse ? row_twiddles_inv_ : row_twiddles_fwd_;
  }
  // Passes in decimation-in-frequency order (highest bits first; the row pass is last).
  std::span<const Pass> passes() const { return passes_; }
  const DomainOptions& options() const { return options_; }

 private:
  Domain() = default;

  unsigned log_size_ = 0;
  DomainOptions options_;
  Fr omega_, omega_inv_, size_inv_, g_, g_inv_, z_on_coset_;
  std::vector<Fr> twiddles_;
  std::vector<Fr> row_twiddles_fwd_, row_twiddles_inv_;
  std::vector<Pass> passes_;
};

}  // namespace cuzk::ntt
