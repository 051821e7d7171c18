// The blocked radix-2 transforms: the row pass, the gathered column pass, and their ordering for
// DIF (top bits first) and DIT (bottom bits first). See transform.hpp for the design.
#include "ntt/transform.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "ntt/radix2.hpp"
#include "util/parallel.hpp"

namespace cuzk::ntt {
namespace {

using detail::Flow;
using detail::StageTwiddles;

// Below this many elements per thread, starting a thread costs more than it saves.
constexpr size_t kMinTransformElementsPerThread = size_t(1) << 12;
// Rows ahead that the gather prefetches: enough to cover a memory latency with 128-byte rows.
constexpr size_t kPrefetchRows = 8;

unsigned effective_threads(size_t n, unsigned threads) {
  return threads_for(n, kMinTransformElementsPerThread, threads);
}

// Runs the 2^rows_log-row tile through all its stages in the order of the flow: DIF from the
// widest butterflies down, DIT from the narrowest up. twiddles_of(t) describes stage t of the tile.
template <Flow F, bool kMirrored, class TwiddlesOf>
void run_tile_stages(Fr* tile, unsigned rows_log, size_t width, const TwiddlesOf& twiddles_of) {
  size_t rows = size_t(1) << rows_log;
  for (unsigned i = 0; i < rows_log; ++i) {
    unsigned t = F == Flow::kDif ? rows_log - 1 - i : i;
    detail::tile_stage<F, kMirrored>(tile, rows, width, size_t(1) << t, twiddles_of(t));
  }
}

// Stages 0 .. hi-1 on contiguous rows of 2^hi elements, twiddles from the small row table. The
// scaling (if any) touches each row while it is in cache: before the DIT stages, after the DIF
// ones.
template <Flow F>
void row_pass(const Domain& domain, std::span<Fr> a, Pass pass, Direction direction,
              unsigned threads, const PowerScaling* scaling) {
  const Fr* table = domain.row_twiddles(direction == Direction::kInverse).data();
  size_t row_len = size_t(1) << pass.hi_bit;
  size_t rows = a.size() >> pass.hi_bit;
  auto twiddles_of = [table](unsigned t) {
    return StageTwiddles{table + (size_t(1) << t), 1, 0, /*unit_row0=*/true};
  };
  parallel_chunks(rows, threads, threads, [&](size_t, size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) {
      std::span<Fr> row = a.subspan(r * row_len, row_len);
      if (scaling && F == Flow::kDit) scaling->apply(row, r * row_len);
      run_tile_stages<F, false>(row.data(), pass.hi_bit, 1, twiddles_of);
      if (scaling && F == Flow::kDif) scaling->apply(row, r * row_len);
    }
  });
}

void gather_tile(Fr* tile, const Fr* origin, size_t rows, size_t width, size_t stride) {
  for (size_t r = 0; r < rows; ++r) {
    if (r + kPrefetchRows < rows) {
      const Fr* ahead = origin + (r + kPrefetchRows) * stride;
      for (size_t c = 0; c < width; c += 2) __builtin_prefetch(ahead + c);
    }
    std::copy_n(origin + r * stride, width, tile + r * width);
  }
}

void scatter_tile(const Fr* tile, Fr* origin, size_t rows, size_t width, size_t stride) {
  for (size_t r = 0; r < rows; ++r) std::copy_n(tile + r * width, width, origin + r * stride);
}

// Stages lo .. hi-1: tiles of 2^(hi-lo) rows (2^lo apart in memory) x `width` consecutive columns.
// Stage s = lo + t of the tile at column offset col0 uses, for row offset r and column c,
// w = omega^(e * 2^(L-1-s)) with e = r * 2^lo + col0 + c.
template <Flow F, bool kMirrored>
void column_pass(const Domain& domain, std::span<Fr> a, Pass pass, unsigned threads) {
  const unsigned log_n = domain.log_size();
  const unsigned rows_log = pass.hi_bit - pass.lo_bit;
  const size_t rows = size_t(1) << rows_log;
  const size_t stride = size_t(1) << pass.lo_bit;
  const size_t width = std::min<size_t>(domain.options().tile_width, stride);
  const size_t tiles_per_block = stride / width;
  const size_t blocks = a.size() >> pass.hi_bit;
  const size_t tiles = blocks * tiles_per_block;
  const Fr* table = domain.twiddles().data();
  const size_t half_n = a.size() / 2;

  parallel_chunks(tiles, threads, threads, [&](size_t, size_t begin, size_t end) {
    std::vector<Fr> tile(rows * width);
    for (size_t t = begin; t < end; ++t) {
      // Tiles of equal col0 in consecutive blocks use the same twiddles: visit them in a row.
      const size_t col0 = (t / blocks) * width;
      Fr* origin = a.data() + ((t % blocks) << pass.hi_bit) + col0;
      auto twiddles_of = [&](unsigned stage) {
        const ptrdiff_t step = ptrdiff_t(1) << (log_n - 1 - (pass.lo_bit + stage));
        const ptrdiff_t first = ptrdiff_t(col0) * step;
        if constexpr (kMirrored) {
          return StageTwiddles{table + half_n - first, -(step << pass.lo_bit), -step,
                               /*unit_row0=*/false, /*prefetch=*/true};
        } else {
          return StageTwiddles{table + first, step << pass.lo_bit, step, /*unit_row0=*/false,
                               /*prefetch=*/true};
        }
      };
      gather_tile(tile.data(), origin, rows, width, stride);
      run_tile_stages<F, kMirrored>(tile.data(), rows_log, width, twiddles_of);
      scatter_tile(tile.data(), origin, rows, width, stride);
    }
  });
}

template <Flow F>
void run_pass(const Domain& domain, std::span<Fr> a, Pass pass, Direction direction,
              unsigned threads, const PowerScaling* scaling) {
  if (pass.lo_bit == 0) {
    row_pass<F>(domain, a, pass, direction, threads, scaling);
  } else if (direction == Direction::kForward) {
    column_pass<F, false>(domain, a, pass, threads);
  } else {
    column_pass<F, true>(domain, a, pass, threads);
  }
}

}  // namespace

void check_domain_size(const Domain& domain, size_t size, const char* what) {
  if (size != domain.size()) {
    throw std::invalid_argument(std::string(what) + " has " + std::to_string(size) +
                                " elements, the domain has " + std::to_string(domain.size()));
  }
}

void dif_natural_to_bitreversed(const Domain& domain, std::span<Fr> a, Direction direction,
                                unsigned threads, const PowerScaling* scaling) {
  check_domain_size(domain, a.size(), "dif_natural_to_bitreversed input");
  if (scaling) check_domain_size(domain, scaling->size(), "dif_natural_to_bitreversed scaling");
  if (domain.passes().empty()) {  // one point: the transform is the identity
    if (scaling) scaling->apply(a, 0);
    return;
  }
  unsigned t = effective_threads(a.size(), threads);
  for (const Pass& pass : domain.passes()) {
    run_pass<Flow::kDif>(domain, a, pass, direction, t, scaling);
  }
}

void dit_bitreversed_to_natural(const Domain& domain, std::span<Fr> a, Direction direction,
                                unsigned threads, const PowerScaling* scaling) {
  check_domain_size(domain, a.size(), "dit_bitreversed_to_natural input");
  if (scaling) check_domain_size(domain, scaling->size(), "dit_bitreversed_to_natural scaling");
  if (domain.passes().empty()) {
    if (scaling) scaling->apply(a, 0);
    return;
  }
  unsigned t = effective_threads(a.size(), threads);
  auto passes = domain.passes();
  for (size_t i = passes.size(); i-- > 0;) {
    run_pass<Flow::kDit>(domain, a, passes[i], direction, t, scaling);
  }
}

}  // namespace cuzk::ntt
