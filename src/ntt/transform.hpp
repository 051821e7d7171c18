// The two unscaled radix-2 transforms every NTT of this floor is made of, with the bit-reversed
// order left visible so that pipelines can skip permutations (a DIF followed by a DIT needs none):
//
//   dif_natural_to_bitreversed: out[rev(k)] = sum_i a[i] * w^(i k)
//   dit_bitreversed_to_natural: out[k]      = sum_i a[rev(i)] * w^(i k)
//
// with w = omega (Direction::kForward) or omega^-1 (kInverse), rev = reversal of log2(n) bits, and
// no 1/n factor. ntt.hpp wraps them into natural-order transforms.
//
// Each optionally fuses an element-wise scaling of its bit-reversed side (the output of the DIF,
// the input of the DIT) into the row pass, while the row is in cache: this is how the 1/n of an
// inverse and the coset shift g^i cost no extra sweep over memory.
//
// Blocked for the cache ("multi-stage passes"): the log2(n) stages are grouped into the Domain's
// passes (domain.hpp), and one pass costs one sweep over memory instead of one sweep per stage.
//   - The row pass (stages 0 .. r-1) transforms contiguous rows of 2^r elements, each in cache.
//   - A column pass (stages lo .. hi-1) couples elements 2^lo apart. It gathers a tile of
//     2^(hi-lo) rows x tile_width consecutive columns into a per-thread buffer (a contiguous copy
//     dodges the cache-set conflicts of power-of-two strides), runs its stages there with the exact
//     twiddles from the Domain's table, and scatters the tile back.
// Rows and tiles are independent, so a pass is split over threads in contiguous ranges. Every
// butterfly computes the same exact field values whatever the split, so results are bit-identical
// across thread counts. Scratch: one tile (<= 2^max_pass_log * tile_width elements, 128 KiB by
// default) per thread per column pass, allocated inside the call.
//
// The widest stage of a transform uses each of its n/2 twiddles once, so the table is streamed
// like the data; radix2.hpp prefetches it (the strides defeat hardware prefetchers).
#pragma once

#include <span>

#include "ntt/domain.hpp"
#include "ntt/power_scaling.hpp"

namespace cuzk::ntt {

enum class Direction { kForward, kInverse };

// a.size() must equal domain.size(), and so must scaling->size() when given
// (std::invalid_argument otherwise). threads: 0 = all cores.
// DIF, then a[p] scaled as position p of the bit-reversed output.
void dif_natural_to_bitreversed(const Domain& domain, std::span<Fr> a, Direction direction,
                                unsigned threads = 0, const PowerScaling* scaling = nullptr);
// a[p] scaled as position p of the bit-reversed input, then DIT.
void dit_bitreversed_to_natural(const Domain& domain, std::span<Fr> a, Direction direction,
                                unsigned threads = 0, const PowerScaling* scaling = nullptr);

// Throws std::invalid_argument naming `what` unless a.size() == domain.size().
void check_domain_size(const Domain& domain, size_t size, const char* what);

}  // namespace cuzk::ntt
