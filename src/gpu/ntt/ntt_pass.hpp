// One pass of the GPU number-theoretic transform over Fr, written once for the device (FrNttDevice,
// ntt_kernels.cu) and the host (Mont32 over HostCarryChain, tests/gpu/ntt_host_test.cpp emulates
// the grid), plus the in-place bit-reversal permutation. The sequencing of passes into transforms
// is ntt_program.hpp; the tables they read are ntt_tables.hpp.
//
// The transform is the CPU one (src/ntt/transform.hpp) regrouped for shared memory: the log2(n)
// radix-2 stages are split into passes of B <= kMaxPassLog index bits [lo, lo + B), and a pass is
// one sweep over global memory. In "four-step" form a decimation-in-frequency (DIF) pass on bits
// [lo, hi = lo + B) is, for every block of 2^hi elements (the bits above hi were handled by earlier
// passes) and every column c < 2^lo of it:
//
//   y[k1] = sum_a x[a 2^lo + c] w_{2^B}^(a k1)     a size-2^B DIF sub-NTT over the rows a, leaving
//                                                   y[k1] in row rev_B(k1) (bit-reversed)
//   y[k1] *= w_{2^hi}^(c k1)                        the pass twiddle ("post-twiddle", none if lo =
//   0)
//
// where w_m is the primitive m-th root of unity of the domain's chain (w_{2^hi} = omega^(n /
// 2^hi)), or its inverse for an inverse transform. The decimation-in-time (DIT) pass is its
// transpose: the same twiddle first (on the bit-reversed rows), then a DIT sub-NTT (bit-reversed
// rows in, natural out), passes running bottom bits first. A DIF over all passes leaves the output
// bit-reversed, a DIT consumes bit-reversed input: exactly the CPU's dif_natural_to_bitreversed and
// dit_bitreversed_to_natural, so results are bit-identical to src/ntt (the arithmetic is exact).
//
// Inside a pass, a CUDA block owns a tile of 2^B rows x S columns (S = 2^kTileLog / 2^B consecutive
// column indices, or the columns its Layout pairs) held in shared memory, and runs in phases
// separated by __syncthreads():
//   load   each thread copies E elements from global memory into the tile; consecutive threads
//          take consecutive addresses (but in a paired layout). Fused here: the pointwise a*b
//          (DIF) or the twiddle and the scaling (DIT).
//   round  each thread reads E = 2^R elements of one column whose rows differ in an R-bit window,
//          runs the radix-2 stages of that window in registers, writes them back. ceil(B / R)
//          rounds cover the B stages.
//   store  the reverse of load, fusing the twiddle, the scaling and a pointwise subtraction (DIF).
// No register state crosses a phase, so the host emulation runs each phase for every thread in
// turn and is exact. Shared memory holds each 32-byte element as two 16-byte halves in separate
// planes (one 128-bit access per half), with the low three index bits XOR-swizzled by the higher
// ones to spread strided accesses over the banks.
//
// Cost per element and pass: ~(B - 1.75)/2 Montgomery multiplications for the stages (a twiddle
// with a zero exponent is skipped, which is a uniform branch in the last DIF / first DIT round),
// one for the pass twiddle, one more where the twiddle table is split in two
// (hi > kFullTwiddleMaxLog), one or two for a scaling (two where its table is split): 13.5 per
// element for a 2^27 forward transform. The kernels are bound by these multiplications (224
// 32-bit multiply-adds per Fr product, all on the SM's one integer multiply pipe; a bare chain of
// products keeps it 93 % busy, 52.5 G products/s on an H200, a pass 64-68 %: docs/perf/gpu.md,
// "The ceiling, measured"), not by the ~1.7 ms per sweep that HBM needs for 2^27 elements.
//
// Code size is kept small on purpose (a straight-line kernel of ~20 inlined products is ~200 KiB
// of SASS, beyond the instruction caches): the rounds are a run-time loop over one copy of the
// radix-8 code (twelve butterflies), and the load and store phases apply their factors in a rolled
// loop around one multiplication.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpu/arith/field_storage.hpp"
#include "gpu/arith/hd.hpp"

#if defined(__CUDACC__)
#include <cuda_pipeline.h>
#endif

namespace cuzk::gpu::ntt_detail {

// Largest transform: 2^28 points (8 GiB per vector); indices fit in 32 bits.
inline constexpr unsigned kMaxLogN = 28;
// Bits per pass: 2^27 = three passes of 9 bits, 2^28 = 10 + 9 + 9.
inline constexpr unsigned kMaxPassLog = 10;
// 128 threads per block, each holding 2^kRadixLog = 8 elements per round: a 1024-element (32 KiB)
// tile, so a 2^10 sub-NTT fits one block. Radix 8 runs a 2^9 pass in three rounds (radix 4: five),
// so fewer shared-memory round trips and barriers per element, for 64 registers of data next to a
// multiplication's temporaries (126 in all; four resident blocks, 16 warps per SM). Measured on an
// H200 against radix 4 with 256 threads (72 registers, three blocks, 24 warps): H at 2^27 285.1 ->
// 279.9 ms, a forward 2^27 transform 43.5 -> 43.1 ms; four radix-4 blocks (64 registers, spills)
// and five radix-8 blocks (96 registers, spills) were slower (docs/perf/gpu.md).
inline constexpr unsigned kThreadsLog = 7;
inline constexpr unsigned kThreads = 1u << kThreadsLog;
inline constexpr unsigned kRadixLog = 3;
// Pass twiddle tables up to 2^20 entries (32 MiB) are stored whole; larger ones (the first pass of
// a transform above 2^20) as two tables of ~2^(hi/2) entries whose product is the twiddle.
inline constexpr unsigned kFullTwiddleMaxLog = 20;

enum class Flow : uint8_t { kDif, kDit };
enum class ScaleMode : uint8_t { kNone, kConstant, kPowers };

// Where a pass finds its elements and where it leaves them. The position p of an element is the
// one the transform above gives it; rev(p) reverses its log_n bits. ntt_program.hpp fuses a
// transform's bit reversal into two of its three passes (fuses_bit_reverse), so that the
// permutation needs no sweep over memory of its own:
//   kInPlace      at p before and after;
//   kToReversed   read at p, left at rev(p): a DIF's middle pass;
//   kFromReversed read at rev(p), left at p: a DIT's middle pass;
//   kReversed     at rev(p) before and after: the pass over the bottom bits (a DIF's last, a DIT's
//                 first), whose tiles are then whole rows of consecutive addresses again.
// A middle pass moves column (a, l) — a the top pass's bits, l the bottom one's, equally wide —
// to column (rev l, rev a), rows reversed; so each of its blocks takes a set of columns together
// with the set they move to, and writes only where it has read (PassTile::column). Measured on an
// H100 in one call (2026-12-06): a forward 2^27 transform 44.72 -> 42.80 ms (whole tables), H
// 285.0 -> 283.1 ms: the 3.1 ms sweep goes, the middle pass's 32-byte accesses cost ~1.2 ms.
enum class Layout : uint8_t { kInPlace, kToReversed, kFromReversed, kReversed };

CUZK_HD constexpr bool pairs_columns(Layout layout) {
  return layout == Layout::kToReversed || layout == Layout::kFromReversed;
}

// Everything a pass kernel reads. Pointers are device pointers (host pointers in the emulation).
struct PassArgs {
  FrStorage* data = nullptr;  // n = 2^log_n elements, transformed in place
  unsigned log_n = 0;
  unsigned lo = 0;  // the pass covers index bits [lo, lo + B)
  bool inverse = false;
  // inner[2^t + j] = w_{2^(t+1)}^(+-j) for t < kMaxPassLog, j < 2^t (the direction's sign).
  const FrStorage* inner = nullptr;
  // Pass twiddle w_{2^hi}^e: tw_lo[e] when tw_hi is null, else tw_hi[e >> tw_lo_bits] *
  // tw_lo[e & (2^tw_lo_bits - 1)]. The forward table serves both directions (w^-e = w^(2^hi - e)).
  const FrStorage* tw_lo = nullptr;
  const FrStorage* tw_hi = nullptr;
  unsigned tw_lo_bits = 0;
  // Scaling of position p (bit-reversed side): by scale_hi[0] (kConstant), or by c * s^k with
  // k = rev(p) as scale_hi[k >> scale_lo_bits] * scale_lo[k & (2^scale_lo_bits - 1)] (kPowers;
  // c folded into scale_hi), or as scale_lo[k] when scale_hi is null (a whole table).
  ScaleMode scale = ScaleMode::kNone;
  const FrStorage* scale_hi = nullptr;
  const FrStorage* scale_lo = nullptr;
  unsigned scale_lo_bits = 0;
  // DIF only, each may be null: on load, data[p] <- data[p] * mul_b[p]; on store, after the
  // scaling, data[p] <- data[p] - sub_c[p].
  const FrStorage* mul_b = nullptr;
  const FrStorage* sub_c = nullptr;
  Layout layout = Layout::kInPlace;
};

// The low `bits` bits of x in reverse order.
CUZK_HD uint32_t reverse_bits(uint32_t x, unsigned bits) {
#if defined(__CUDA_ARCH__)
  return bits == 0 ? 0u : __brev(x) >> (32 - bits);
#else
  uint32_t r = 0;
  for (unsigned i = 0; i < bits; ++i) r = (r << 1) | ((x >> i) & 1u);
  return r;
#endif
}

CUZK_HD unsigned min_bits(unsigned a, unsigned b) {
  return a < b ? a : b;
}

// Half of a field element in shared memory (one 128-bit access).
struct alignas(16) Quad {
  uint32_t w[4];
};

// Shared-memory slot of tile index i: the low three bits (one bank group of 16-byte words) XOR the
// three-bit groups above them, so that strides of 2^s elements hit distinct bank groups.
CUZK_HD unsigned swizzle(unsigned i) {
  return i ^ (((i >> 3) ^ (i >> 6) ^ (i >> 9)) & 7u);
}

// The element whose halves are lo and hi.
template <class F>
CUZK_HD F join_halves(const Quad& lo, const Quad& hi) {
  FrStorage st;
  CUZK_UNROLL
  for (unsigned j = 0; j < 4; ++j) {
    st.limbs[j] = lo.w[j];
    st.limbs[4 + j] = hi.w[j];
  }
  return F::load(st);
}

template <class F, unsigned kSlots>
CUZK_HD F tile_get(const Quad* smem, unsigned i) {
  const unsigned s = swizzle(i);
  return join_halves<F>(smem[s], smem[kSlots + s]);
}

// The tile holds values as F holds them (below 2r where F is lazy), read back only by tile_get.
template <unsigned kSlots, class F>
CUZK_HD void tile_put(Quad* smem, unsigned i, const F& x) {
  const FrStorage st = x.held();
  Quad lo, hi;
  CUZK_UNROLL
  for (unsigned j = 0; j < 4; ++j) {
    lo.w[j] = st.limbs[j];
    hi.w[j] = st.limbs[4 + j];
  }
  const unsigned s = swizzle(i);
  smem[s] = lo;
  smem[kSlots + s] = hi;
}

// The table factors of one element in a load or store phase, applied by one multiplication site in
// a rolled loop: x * t0 * t1 equals x * (t0 * t1) in the field, and one site keeps the kernel's
// code small. At most two: a pass has either a twiddle (lo > 0) or a scaling (lo = 0, where
// ntt_program.hpp puts them), each one or two table entries, or the pointwise factor b.
struct Factors {
  const FrStorage* p0 = nullptr;
  const FrStorage* p1 = nullptr;
  uint32_t i0 = 0;
  uint32_t i1 = 0;
  unsigned count = 0;

  CUZK_HD void add(const FrStorage* table, uint32_t index) {
    if (count == 0) {
      p0 = table;
      i0 = index;
    } else {
      p1 = table;
      i1 = index;
    }
    ++count;
  }
  template <class F>
  CUZK_HD F apply(F x) const {
    CUZK_ROLLED
    for (unsigned f = 0; f < count; ++f)
      x = x.times_reduced(F::load(*(f == 0 ? p0 + i0 : p1 + i1)));
    return x;
  }
};

// w_{2^hi}^(+-exponent) from the pass twiddle table(s).
CUZK_HD void add_twiddle(const PassArgs& a, unsigned hi, uint32_t exponent, Factors& f) {
  uint32_t e = exponent;
  if (a.inverse) e = (0u - e) & ((uint32_t(1) << hi) - 1);
  if (a.tw_hi == nullptr) {
    f.add(a.tw_lo, e);
  } else {
    f.add(a.tw_lo, e & ((uint32_t(1) << a.tw_lo_bits) - 1));
    f.add(a.tw_hi, e >> a.tw_lo_bits);
  }
}

CUZK_HD void add_scaling(const PassArgs& a, uint32_t position, Factors& f) {
  if (a.scale == ScaleMode::kConstant) {
    f.add(a.scale_hi, 0);
  } else if (a.scale == ScaleMode::kPowers) {
    const uint32_t k = reverse_bits(position, a.log_n);
    if (a.scale_hi == nullptr) {
      f.add(a.scale_lo, k);
    } else {
      f.add(a.scale_hi, k >> a.scale_lo_bits);
      f.add(a.scale_lo, k & ((uint32_t(1) << a.scale_lo_bits) - 1));
    }
  }
}

// log2 of the columns a tile of a B-bit pass holds (PassTile::kColumnsLog).
constexpr unsigned tile_columns_log(unsigned bits) {
  return kThreadsLog + (bits < kRadixLog ? bits : kRadixLog) - bits;
}

// Whether a middle pass of `bits` over [lo, lo + bits) can pair its columns (Layout): a block's
// 2^k columns (k = tile_columns_log, odd) are a set of 2^(k - 1) and its image, each set fixed but
// for (k - 1) / 2 bits of a and of l, so lo (the width of a and of l) must be at least that.
constexpr bool can_pair_columns(unsigned bits, unsigned lo) {
  const unsigned k = tile_columns_log(bits);
  return k % 2 == 1 && lo >= (k - 1) / 2;
}

// The tile algorithm of one pass over B bits. F: the register field type (FrNttDevice on the
// device); every product is by a table entry (below r), so a lazily held F (below 2r) needs no
// final subtraction in it; the tiles hold F as held, global memory reduced.
template <class F, unsigned B, Flow kFlow>
struct PassTile {
  static_assert(B >= 1 && B <= kMaxPassLog, "pass width out of range");
  static constexpr unsigned kR = B < kRadixLog ? B : kRadixLog;  // bits per round
  static constexpr unsigned kE = 1u << kR;                       // elements per thread
  static constexpr unsigned kTileLog = kThreadsLog + kR;
  static_assert(B <= kTileLog, "a sub-NTT must fit one tile");
  static constexpr unsigned kColumnsLog = tile_columns_log(B);  // S = columns per tile
  static constexpr unsigned kColumns = 1u << kColumnsLog;
  static constexpr unsigned kSlots = 1u << kTileLog;  // elements per tile
  // Passes of up to 9 bits keep the stages' twiddles inner[0, 2^B) in shared memory beside the
  // tile (16 KiB at B = 9, two planes of halves like the tile), copied in the load phase, so that
  // the rounds read them without a global load; a 10-bit pass's 32 KiB would not fit in 48.
  static constexpr unsigned kInnerSlots = B <= 9 ? 1u << B : 0;
  static constexpr unsigned kInnerBase = 2 * kSlots;  // first Quad of the inner planes
  static constexpr size_t kSmemBytes = 2 * (kSlots + kInnerSlots) * sizeof(Quad);
  static constexpr unsigned kRounds = (B + kR - 1) / kR;
  static constexpr unsigned kFirstRoundBits = B - kR * (kRounds - 1);  // DIF: the partial round

  // Stages [round_lo, round_hi) of round k: DIF top-down with the partial round first, DIT
  // bottom-up with the partial round last. The thread's R-bit row window starts at window(k).
  static constexpr CUZK_HD unsigned round_hi(unsigned k) {
    if constexpr (kFlow == Flow::kDif) {
      return k == 0 ? B : B - kFirstRoundBits - (k - 1) * kR;
    } else {
      return (k + 1) * kR < B ? (k + 1) * kR : B;
    }
  }
  static constexpr CUZK_HD unsigned round_lo(unsigned k) {
    if constexpr (kFlow == Flow::kDif) {
      return round_hi(k) - (k == 0 ? kFirstRoundBits : kR);
    } else {
      return k * kR;
    }
  }
  static constexpr CUZK_HD unsigned window(unsigned k) {
    return round_lo(k) + kR <= B ? round_lo(k) : B - kR;
  }

  // Paired layouts: the free bits of a and of l in each half of a block's columns.
  static constexpr unsigned kPairBits = kColumnsLog > 0 ? (kColumnsLog - 1) / 2 : 0;

  // Number of blocks of the pass (log_n >= B). A paired layout has one per set of columns (the
  // half whose image is a lower block's does nothing: active).
  static constexpr uint32_t blocks(const PassArgs& a) {
    if (pairs_columns(a.layout)) return uint32_t(1) << (2 * (a.lo - kPairBits));
    const unsigned columns_log = a.log_n - B;
    return columns_log > kColumnsLog ? uint32_t(1) << (columns_log - kColumnsLog) : 1u;
  }
  static CUZK_HD bool active(const PassArgs& a, uint32_t block) {
    return !pairs_columns(a.layout) || block <= reverse_bits(block, 2 * (a.lo - kPairBits));
  }

  // The column q (position(row, q, lo)) of tile column `col` of `block`. In a paired layout (a
  // middle pass, lo = the width of a and of l; q = a 2^lo + l) the first half of the tile is
  // the set of columns that the block gives but for the top kPairBits bits of a and the bottom
  // kPairBits of l, the second half their images rev(q) (2 lo bits) — another such set, given by
  // the reversed block index, or the same one (then each column is done twice, alike).
  static CUZK_HD uint32_t column(const PassArgs& a, uint32_t block, unsigned col) {
    const unsigned columns_log = a.log_n - B;
    const uint32_t plain = (block << kColumnsLog) + col;
    if (a.layout == Layout::kInPlace) return plain;
    if (a.layout == Layout::kReversed || kColumnsLog == 0) return reverse_bits(plain, columns_log);
    const unsigned rest = a.lo - kPairBits;
    const unsigned half = 1u << (kColumnsLog > 0 ? kColumnsLog - 1 : 0);
    const unsigned j = col & (half - 1);
    const uint32_t top = ((j >> kPairBits) << rest) | (block >> rest);
    const uint32_t bottom =
        ((block & ((1u << rest) - 1)) << kPairBits) | (j & ((1u << kPairBits) - 1));
    const uint32_t q = (top << a.lo) | bottom;
    return col < half ? q : reverse_bits(q, columns_log);
  }

  // An element of the tile: its cell (row of the sub-NTT, tile column), its column q, and where it
  // is read and left (Layout). Consecutive e are consecutive addresses where the layout allows.
  struct Element {
    unsigned row, col;
    uint32_t q;
    uint32_t p;  // position(row, q, lo): the tables and the b and c vectors are indexed by it
    bool valid;  // false only in transforms smaller than one tile
  };
  static CUZK_HD Element element(const PassArgs& a, uint32_t block, unsigned e) {
    const bool reversed = a.layout == Layout::kReversed;
    Cell cell = linear_cell(e, reversed ? a.log_n - B : a.lo);  // kReversed: as stored
    const bool valid = pairs_columns(a.layout) ||
                       (block << kColumnsLog) + cell.col < (uint32_t(1) << (a.log_n - B));
    if (reversed) cell.row = reverse_bits(cell.row, B);
    const uint32_t q = valid ? column(a, block, cell.col) : 0;
    return {cell.row, cell.col, q, position(cell.row, q, a.lo), valid};
  }
  static CUZK_HD uint32_t read_at(const PassArgs& a, uint32_t p) {
    const bool rev = a.layout == Layout::kFromReversed || a.layout == Layout::kReversed;
    return rev ? reverse_bits(p, a.log_n) : p;
  }
  static CUZK_HD uint32_t write_at(const PassArgs& a, uint32_t p) {
    const bool rev = a.layout == Layout::kToReversed || a.layout == Layout::kReversed;
    return rev ? reverse_bits(p, a.log_n) : p;
  }

  // Tile cell of linear index e: consecutive e are consecutive global addresses (runs of S
  // columns of one row when 2^lo >= S, else whole contiguous 2^(lo+B) blocks).
  struct Cell {
    unsigned row;
    unsigned col;
  };
  static CUZK_HD Cell linear_cell(unsigned e, unsigned lo) {
    const unsigned s_lo = min_bits(lo, kColumnsLog);
    const unsigned c_low = e & ((1u << s_lo) - 1);
    const unsigned row = (e >> s_lo) & ((1u << B) - 1);
    const unsigned col = ((e >> (s_lo + B)) << s_lo) | c_low;
    return {row, col};
  }
  // Global position of (row, column q): q's low lo bits are the column c, the rest the block above.
  static CUZK_HD uint32_t position(unsigned row, uint32_t q, unsigned lo) {
    return ((q >> lo) << (lo + B)) | (uint32_t(row) << lo) | (q & ((uint32_t(1) << lo) - 1));
  }
  static CUZK_HD unsigned slot(unsigned row, unsigned col) { return (row << kColumnsLog) | col; }

  // The pass twiddle of (row, q): w_{2^hi}^(c rev_B(row)), c = q mod 2^lo.
  static CUZK_HD void add_pass_twiddle(const PassArgs& a, unsigned row, uint32_t q, Factors& f) {
    const uint32_t c = q & ((uint32_t(1) << a.lo) - 1);
    add_twiddle(a, a.lo + B, c * reverse_bits(row, B), f);
  }

  static CUZK_HD void load(const PassArgs& a, uint32_t block, unsigned tid, Quad* smem) {
    if (!load_has_factors(a)) return copy_in(a, block, tid, smem);
    copy_inner(a, tid, smem);
#if defined(__CUDA_ARCH__)
    __pipeline_commit();  // waited for after the factors' loop
#endif
    CUZK_ROLLED
    for (unsigned i = 0; i < kE; ++i) {
      const Element el = element(a, block, tid + i * kThreads);
      if (!el.valid) continue;
      F x = F::load(a.data[read_at(a, el.p)]);
      Factors f;
      if constexpr (kFlow == Flow::kDif) {
        if (a.mul_b != nullptr) f.add(a.mul_b, el.p);
      } else {
        if (a.lo > 0) add_pass_twiddle(a, el.row, el.q, f);
        add_scaling(a, el.p, f);
      }
      x = f.apply(x);
      tile_put<kSlots>(smem, slot(el.row, el.col), x);
    }
#if defined(__CUDA_ARCH__)
    __pipeline_wait_prior(0);
#endif
  }

  // The stages' twiddles into shared memory (kInnerSlots of them), by cp.async on the device: the
  // thread's share of the 2 * kInnerSlots halves, committed and waited for by the caller.
  static CUZK_HD void copy_inner(const PassArgs& a, unsigned tid, Quad* smem) {
    if constexpr (kInnerSlots > 0) {  // a 10-bit pass reads them from global memory
      CUZK_ROLLED
      for (unsigned h = tid; h < 2 * kInnerSlots; h += kThreads) {
        const unsigned j = h % kInnerSlots, half = h / kInnerSlots;
        Quad* dst = smem + kInnerBase + half * kInnerSlots + j;
        const uint32_t* src = a.inner[j].limbs + 4 * half;
#if defined(__CUDA_ARCH__)
        __pipeline_memcpy_async(dst, src, 16);
#else
        for (unsigned w = 0; w < 4; ++w) dst->w[w] = src[w];
#endif
      }
    }
  }
  // Entry j of the stages' twiddles: from shared memory where the pass keeps them there.
  static CUZK_HD F inner(const PassArgs& a, const Quad* smem, unsigned j) {
    if constexpr (kInnerSlots == 0) {
      return F::load(a.inner[j]);
    } else {
      return join_halves<F>(smem[kInnerBase + j], smem[kInnerBase + kInnerSlots + j]);
    }
  }

  // Whether load() multiplies: a DIF pass by b (the quotient's first), a DIT pass by its twiddle
  // (lo > 0) or a scaling.
  static CUZK_HD bool load_has_factors(const PassArgs& a) {
    if constexpr (kFlow == Flow::kDif) return a.mul_b != nullptr;
    return a.lo > 0 || a.scale != ScaleMode::kNone;
  }

  // A load with no factor: the elements copied into the tile as they are, on the device by
  // cp.async — all of a thread's copies in flight at once, no registers held — where the loop
  // above waits for each element before the next. On an H100 in one call (2026-12-06): forward
  // 2^27 45.3 -> 43.4 ms (split tables), 42.7 -> 41.3 (whole), H 283.0 -> 277.2 ms.
  static CUZK_HD void copy_in(const PassArgs& a, uint32_t block, unsigned tid, Quad* smem) {
    CUZK_ROLLED
    for (unsigned i = 0; i < kE; ++i) {
      const Element el = element(a, block, tid + i * kThreads);
      if (!el.valid) continue;
      const FrStorage* src = a.data + read_at(a, el.p);
#if defined(__CUDA_ARCH__)
      const unsigned s = swizzle(slot(el.row, el.col));  // tile_put's halves
      __pipeline_memcpy_async(smem + s, src->limbs, 16);
      __pipeline_memcpy_async(smem + kSlots + s, src->limbs + 4, 16);
#else
      tile_put<kSlots>(smem, slot(el.row, el.col), F::load(*src));
#endif
    }
    copy_inner(a, tid, smem);
#if defined(__CUDA_ARCH__)
    __pipeline_commit();
    __pipeline_wait_prior(0);
#endif
  }

  static CUZK_HD void store(const PassArgs& a, uint32_t block, unsigned tid, const Quad* smem) {
    CUZK_ROLLED
    for (unsigned i = 0; i < kE; ++i) {
      const Element el = element(a, block, tid + i * kThreads);
      if (!el.valid) continue;
      F x = tile_get<F, kSlots>(smem, slot(el.row, el.col));
      if constexpr (kFlow == Flow::kDif) {
        Factors f;
        if (a.lo > 0) add_pass_twiddle(a, el.row, el.q, f);
        add_scaling(a, el.p, f);
        x = f.apply(x);
        if (a.sub_c != nullptr) x = x - F::load(a.sub_c[el.p]);
      }
      a.data[write_at(a, el.p)] = x.store();
    }
  }

  // Round k: the thread's column and its rows outside the window come from tid (column fastest);
  // it runs the window's stages that belong to round k on its kE elements. The round index is a
  // run-time value (uniform over the block), so one copy of the code serves every round.
  static CUZK_HD void round(const PassArgs& a, unsigned k, unsigned tid, Quad* smem) {
    const unsigned t_lo = round_lo(k), t_hi = round_hi(k), w0 = window(k);
    const unsigned col = tid & (kColumns - 1);
    const unsigned other = tid >> kColumnsLog;
    const unsigned row0 = (other & ((1u << w0) - 1)) | ((other >> w0) << (w0 + kR));
    F x[kE];
    CUZK_UNROLL
    for (unsigned j = 0; j < kE; ++j) x[j] = tile_get<F, kSlots>(smem, slot(row0 | (j << w0), col));
    CUZK_UNROLL
    for (unsigned i = 0; i < kR; ++i) {
      const unsigned b = kFlow == Flow::kDif ? kR - 1 - i : i;  // DIF top-down, DIT bottom-up
      const unsigned t = w0 + b;
      if (t < t_lo || t >= t_hi) continue;  // outside a partial round
      CUZK_UNROLL
      for (unsigned j = 0; j < kE; ++j) {
        if (j & (1u << b)) continue;
        butterfly(a, smem, t, (row0 | (j << w0)) & ((1u << t) - 1), x[j], x[j | (1u << b)]);
      }
    }
    CUZK_UNROLL
    for (unsigned j = 0; j < kE; ++j) tile_put<kSlots>(smem, slot(row0 | (j << w0), col), x[j]);
  }

  // Stage t on rows (m, m + 2^t) with twiddle w_{2^(t+1)}^e, e = m mod 2^t. The product is skipped
  // for e = 0: a uniform branch where the window sits at the bottom (the last DIF / first DIT
  // round, where e depends on the element only), elsewhere no dearer than the multiplication.
  static CUZK_HD void butterfly(const PassArgs& a, const Quad* smem, unsigned t, unsigned e, F& u,
                                F& v) {
    if constexpr (kFlow == Flow::kDif) {
      F d = u - v;
      u = u + v;
      if (e != 0) d = d.times_reduced(inner(a, smem, (1u << t) + e));
      v = d;
    } else {
      F vw = v;
      if (e != 0) vw = vw.times_reduced(inner(a, smem, (1u << t) + e));
      v = u - vw;
      u = u + vw;
    }
  }
};

// In-place bit-reversal permutation for log_n >= 2 * kBitReverseTileLog: index bits (a, mid, b)
// with |a| = |b| = 4 go to (rev b, rev mid, rev a). Block `mid` (one per middle value; blocks with
// rev(mid) < mid have nothing to do) loads the 16 x 16 tiles of mid and rev(mid) — rows of 16
// consecutive elements — and writes each to the other's place, transposed through shared memory,
// again as rows of 16. Smaller transforms swap pairs directly (bit_reverse_pair).
inline constexpr unsigned kBitReverseTileLog = 4;
inline constexpr unsigned kBitReverseThreads = 1u << (2 * kBitReverseTileLog);

struct BitReverseTile {
  static constexpr unsigned kT = kBitReverseTileLog;
  static constexpr unsigned kSide = 1u << kT;
  static constexpr size_t kSmemBytes = 2 * kBitReverseThreads * sizeof(FrStorage);

  static CUZK_HD unsigned slot(unsigned a, unsigned b) {
    return (a << kT) | (b ^ reverse_bits(a, kT));
  }
  // False when the block has nothing to do (its pair is handled by block rev(mid)).
  static CUZK_HD bool active(uint32_t mid, unsigned log_n) {
    return reverse_bits(mid, log_n - 2 * kT) >= mid;
  }
  static CUZK_HD void load(FrStorage* data, unsigned log_n, uint32_t mid, unsigned tid,
                           FrStorage* smem) {
    const uint32_t mid2 = reverse_bits(mid, log_n - 2 * kT);
    const unsigned a = tid >> kT, b = tid & (kSide - 1);
    smem[slot(a, b)] = data[(uint32_t(a) << (log_n - kT)) | (mid << kT) | b];
    if (mid2 != mid) {
      smem[kBitReverseThreads + slot(a, b)] =
          data[(uint32_t(a) << (log_n - kT)) | (mid2 << kT) | b];
    }
  }
  static CUZK_HD void store(FrStorage* data, unsigned log_n, uint32_t mid, unsigned tid,
                            const FrStorage* smem) {
    const uint32_t mid2 = reverse_bits(mid, log_n - 2 * kT);
    const unsigned x = tid >> kT, y = tid & (kSide - 1);
    const unsigned s = slot(reverse_bits(y, kT), reverse_bits(x, kT));
    data[(uint32_t(x) << (log_n - kT)) | (mid2 << kT) | y] = smem[s];
    if (mid2 != mid)
      data[(uint32_t(x) << (log_n - kT)) | (mid << kT) | y] = smem[kBitReverseThreads + s];
  }
};

// Small transforms: element i < n swaps with rev(i) when i < rev(i).
CUZK_HD void bit_reverse_pair(FrStorage* data, unsigned log_n, uint32_t i) {
  const uint32_t j = reverse_bits(i, log_n);
  if (i < j) {
    const FrStorage t = data[i];
    data[i] = data[j];
    data[j] = t;
  }
}

}  // namespace cuzk::gpu::ntt_detail
