// The GPU transforms as programs: short lists of steps (a pass of ntt_pass.hpp, or the bit-reversal
// permutation) with their arguments filled in. GpuNtt (ntt.hpp) launches a program's steps on a
// stream; the host emulation in tests/gpu/ntt_host_test.cpp runs the very same steps on host
// memory, so the sequencing and the index math are tested without a GPU.
//
// Programs mirror src/ntt (transform.hpp, ntt.hpp, h_polynomial.hpp) step for step (a bit reversal
// rides in two of the passes where fuses_bit_reverse allows, at 2^27 among others):
//   forward          DIF                      then bit-reverse
//   inverse          DIF^-1, x 1/n            then bit-reverse
//   coset forward    bit-reverse              then x g^k, DIT
//   coset inverse    DIF^-1, x g^-k / n       then bit-reverse
//   coset evaluations (ifft then coset fft)   DIF^-1, x g^k / n, DIT: no permutation at all
//   coefficients over Z (ifft / (g^n - 1))    DIF^-1, x 1 / (n (g^n - 1)); left bit-reversed
//   quotient (the end of H)                   a*b fused into the first DIF^-1 pass,
//                                             x g^-k / (n (g^n - 1)) then - c in the last,
//                                             bit-reverse
//   H                                         coset evaluations of a and b, coefficients of c
//                                             over Z, then the quotient: 6 transforms, as
//                                             src/ntt/h_polynomial.hpp explains
// where the scalings act on the bit-reversed side (position p holds index k = rev(p)) and ride in
// the pass that touches it (the last DIF pass, the first DIT pass).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "gpu/ntt/ntt_pass.hpp"
#include "gpu/ntt/ntt_tables.hpp"

namespace cuzk::gpu::ntt_detail {

// The element-wise scalings c * s^k that the programs fuse.
enum class Scaling : uint8_t {
  kNone,
  kSizeInverse,           // 1/n
  kCoset,                 // g^k
  kCosetOverSize,         // g^k / n
  kCosetInverseOverSize,  // g^-k / n
  kQuotient,              // g^-k / (n (g^n - 1)): icoset_fft of a quotient by Z on the coset
  kSizeTimesZInverse,     // 1 / (n (g^n - 1)): ifft of a polynomial divided by Z on the coset
};
inline constexpr size_t kScalingCount = 7;

struct PassRange {
  unsigned lo;
  unsigned hi;
};

// ceil(log_n / max_pass_log) passes of near-equal width, the wider ones at the bottom (as src/ntt),
// in DIF order: top bits first.
inline std::vector<PassRange> plan_passes(unsigned log_n, unsigned max_pass_log) {
  std::vector<PassRange> passes;
  if (log_n == 0) return passes;
  const unsigned count = (log_n + max_pass_log - 1) / max_pass_log;
  unsigned lo = 0;
  for (unsigned p = 0; p < count; ++p) {
    const unsigned width = log_n / count + (p < log_n % count ? 1 : 0);
    passes.insert(passes.begin(), PassRange{lo, lo + width});
    lo += width;
  }
  return passes;
}

// 1 / (n (g^n - 1)): Z(X) = X^n - 1 is the constant g^n - 1 on the coset g*H.
inline Fr size_times_z_inverse(unsigned log_n) {
  const Fr n = Fr::from_u64(uint64_t(1) << log_n);
  return (n * (ff::fr_generator().pow(uint64_t(1) << log_n) - Fr::one())).inverse();
}

// c and s of a scaling for a domain of 2^log_n points; s = 1 means a constant factor.
struct ScalingConstants {
  Fr c;
  Fr s;
};
inline ScalingConstants scaling_constants(Scaling scaling, unsigned log_n) {
  const Fr n_inv = Fr::from_u64(uint64_t(1) << log_n).inverse();
  const Fr g = ff::fr_generator();
  switch (scaling) {
    case Scaling::kNone:
      return {Fr::one(), Fr::one()};
    case Scaling::kSizeInverse:
      return {n_inv, Fr::one()};
    case Scaling::kCoset:
      return {Fr::one(), g};
    case Scaling::kCosetOverSize:
      return {n_inv, g};
    case Scaling::kCosetInverseOverSize:
      return {n_inv, g.inverse()};
    case Scaling::kQuotient:
      return {size_times_z_inverse(log_n), g.inverse()};
    case Scaling::kSizeTimesZInverse:
      return {size_times_z_inverse(log_n), Fr::one()};
  }
  return {Fr::one(), Fr::one()};
}

// Where a program finds its tables (device pointers, or host pointers in the emulation), and the
// pass plan they were built for.
struct TableView {
  unsigned max_pass_log = kMaxPassLog;
  bool fuse_bit_reverse = true;                    // where the plan allows (fuses_bit_reverse)
  const FrStorage* inner[2] = {nullptr, nullptr};  // [forward, inverse]
  struct Twiddles {
    const FrStorage* lo = nullptr;
    const FrStorage* hi = nullptr;
    unsigned lo_bits = 0;
  };
  std::array<Twiddles, kMaxLogN + 1> twiddles{};  // by the pass's top bit hi
  struct Scale {
    ScaleMode mode = ScaleMode::kNone;
    const FrStorage* hi = nullptr;  // kConstant: the constant at hi[0]; kPowers: null when whole
    const FrStorage* lo = nullptr;
    unsigned lo_bits = 0;
  };
  std::array<Scale, kScalingCount> scales{};  // for the program's log_n
};

struct Step {
  enum class Kind : uint8_t { kPass, kBitReverse };
  Kind kind = Kind::kPass;
  Flow flow = Flow::kDif;
  unsigned bits = 0;  // pass width B
  PassArgs args;      // kBitReverse uses data and log_n only
};
using Program = std::vector<Step>;

inline PassArgs pass_args(FrStorage* data, unsigned log_n, PassRange pass, bool inverse,
                          const TableView& tables) {
  PassArgs a;
  a.data = data;
  a.log_n = log_n;
  a.lo = pass.lo;
  a.inverse = inverse;
  a.inner = tables.inner[inverse ? 1 : 0];
  if (pass.lo > 0) {
    const TableView::Twiddles& t = tables.twiddles[pass.hi];
    if (t.lo == nullptr)
      throw std::logic_error("ntt: twiddle table missing for hi " + std::to_string(pass.hi));
    a.tw_lo = t.lo;
    a.tw_hi = t.hi;
    a.tw_lo_bits = t.lo_bits;
  }
  return a;
}

inline void set_scaling(PassArgs& a, const TableView& tables, Scaling scaling) {
  const TableView::Scale& s = tables.scales[size_t(scaling)];
  a.scale = s.mode;
  a.scale_hi = s.hi;
  a.scale_lo = s.lo;
  a.scale_lo_bits = s.lo_bits;
}

// Whether a transform's bit reversal can ride in its passes (Layout, ntt_pass.hpp) instead of a
// sweep of its own: three passes (in DIF order), the top and the bottom one equally wide, the
// middle one able to pair its columns — 2^27's three passes of 9 bits, and 2^21's of 7.
inline bool fuses_bit_reverse(const std::vector<PassRange>& passes) {
  if (passes.size() != 3) return false;
  const PassRange top = passes[0], middle = passes[1], bottom = passes[2];
  return top.hi - top.lo == bottom.hi - bottom.lo &&
         can_pair_columns(middle.hi - middle.lo, middle.lo);
}

inline void append_bit_reverse(Program& prog, FrStorage* data, unsigned log_n) {
  if (log_n < 2) return;  // the identity
  Step s;
  s.kind = Step::Kind::kBitReverse;
  s.args.data = data;
  s.args.log_n = log_n;
  prog.push_back(s);
}

// DIF (natural in, bit-reversed out), then `out_scaling` on the output; with natural_out, then the
// bit reversal (in the passes where fuses_bit_reverse allows). With mul_b the input is first
// multiplied by mul_b (element-wise, fused into the first pass); with sub_c, sub_c is subtracted
// from the scaled output (fused into the last; b and c in the order the passes index them).
inline void append_dif(Program& prog, FrStorage* data, unsigned log_n, bool inverse,
                       const TableView& tables, Scaling out_scaling, bool natural_out,
                       const FrStorage* mul_b = nullptr, const FrStorage* sub_c = nullptr) {
  const std::vector<PassRange> passes = plan_passes(log_n, tables.max_pass_log);
  const bool fuse = natural_out && tables.fuse_bit_reverse && fuses_bit_reverse(passes);
  for (size_t i = 0; i < passes.size(); ++i) {
    Step s;
    s.flow = Flow::kDif;
    s.bits = passes[i].hi - passes[i].lo;
    s.args = pass_args(data, log_n, passes[i], inverse, tables);
    if (i == 0) s.args.mul_b = mul_b;
    if (passes[i].lo == 0) {
      set_scaling(s.args, tables, out_scaling);
      s.args.sub_c = sub_c;
    }
    if (fuse && i > 0) s.args.layout = i == 1 ? Layout::kToReversed : Layout::kReversed;
    prog.push_back(s);
  }
  if (natural_out && !fuse) append_bit_reverse(prog, data, log_n);
}

// With natural_in, first the bit reversal (in the passes where fuses_bit_reverse allows); then
// `in_scaling` on the bit-reversed input and DIT (bit-reversed in, natural out).
inline void append_dit(Program& prog, FrStorage* data, unsigned log_n, bool inverse,
                       const TableView& tables, Scaling in_scaling, bool natural_in) {
  const std::vector<PassRange> passes = plan_passes(log_n, tables.max_pass_log);
  const bool fuse = natural_in && tables.fuse_bit_reverse && fuses_bit_reverse(passes);
  if (natural_in && !fuse) append_bit_reverse(prog, data, log_n);
  for (size_t i = passes.size(); i-- > 0;) {
    Step s;
    s.flow = Flow::kDit;
    s.bits = passes[i].hi - passes[i].lo;
    s.args = pass_args(data, log_n, passes[i], inverse, tables);
    if (passes[i].lo == 0) set_scaling(s.args, tables, in_scaling);
    if (fuse && i > 0) s.args.layout = i == 1 ? Layout::kFromReversed : Layout::kReversed;
    prog.push_back(s);
  }
}

enum class Transform : uint8_t { kForward, kInverse, kCosetForward, kCosetInverse };

// A natural-order transform (src/ntt/ntt.hpp); the empty program for one point.
inline Program transform_program(Transform transform, FrStorage* data, unsigned log_n,
                                 const TableView& tables) {
  Program prog;
  if (log_n == 0) return prog;
  switch (transform) {
    case Transform::kForward:
      append_dif(prog, data, log_n, false, tables, Scaling::kNone, true);
      break;
    case Transform::kInverse:
      append_dif(prog, data, log_n, true, tables, Scaling::kSizeInverse, true);
      break;
    case Transform::kCosetForward:
      append_dit(prog, data, log_n, false, tables, Scaling::kCoset, true);
      break;
    case Transform::kCosetInverse:
      append_dif(prog, data, log_n, true, tables, Scaling::kCosetInverseOverSize, true);
      break;
  }
  return prog;
}

// x <- coset_fft(ifft(x)): evaluations of the interpolant of x on the coset g*H, natural order.
inline Program coset_evaluations_program(FrStorage* x, unsigned log_n, const TableView& tables) {
  Program prog;
  append_dif(prog, x, log_n, true, tables, Scaling::kCosetOverSize, false);
  append_dit(prog, x, log_n, false, tables, Scaling::kNone, false);
  return prog;
}

// c <- ifft(c) / (g^n - 1), bit-reversed: the coefficients of C over Z on the coset, in the order
// the quotient's last pass produces its own.
inline Program coefficients_over_z_program(FrStorage* c, unsigned log_n, const TableView& tables) {
  Program prog;
  append_dif(prog, c, log_n, true, tables, Scaling::kSizeTimesZInverse, false);
  return prog;
}

// a <- icoset_fft(a * b / (g^n - 1)) - c for coset evaluations a, b and c from
// coefficients_over_z_program; b and c are only read.
inline Program quotient_program(FrStorage* a, const FrStorage* b, const FrStorage* c,
                                unsigned log_n, const TableView& tables) {
  Program prog;
  append_dif(prog, a, log_n, true, tables, Scaling::kQuotient, true, b, c);
  return prog;
}

// The whole H pipeline: coset evaluations of a and b, C's coefficients over Z, then the quotient
// into a.
inline Program h_program(FrStorage* a, FrStorage* b, FrStorage* c, unsigned log_n,
                         const TableView& tables) {
  Program prog;
  for (const Program& p :
       {coset_evaluations_program(a, log_n, tables), coset_evaluations_program(b, log_n, tables),
        coefficients_over_z_program(c, log_n, tables), quotient_program(a, b, c, log_n, tables)}) {
    prog.insert(prog.end(), p.begin(), p.end());
  }
  return prog;
}

// The top bits hi of the passes that need a twiddle table (lo > 0) at this size.
inline std::vector<unsigned> twiddle_tables_needed(unsigned log_n, unsigned max_pass_log) {
  std::vector<unsigned> his;
  for (const PassRange& p : plan_passes(log_n, max_pass_log)) {
    if (p.lo > 0) his.push_back(p.hi);
  }
  return his;
}

// The power scalings of the H pipeline (the last pass of each coset evaluation, of the quotient):
// the ones worth a whole table of 2^log_n entries, which saves a product per element of their
// passes (3 of H's ~83 per element). The plain transforms' scalings stay split.
inline constexpr bool is_h_power_scaling(Scaling s) {
  return s == Scaling::kCosetOverSize || s == Scaling::kQuotient;
}

// The scaling tables of one size (host memory): a constant as a one-entry hi table, powers as a
// split table — or, for the H pipeline's when log_n <= full_scaling_max_log, a whole one.
struct ScaleTables {
  std::array<ScaleMode, kScalingCount> mode{};
  std::array<SplitTable, kScalingCount> table;
};
inline ScaleTables build_scale_tables(unsigned log_n, unsigned full_scaling_max_log = 0) {
  ScaleTables t;
  for (size_t i = 0; i < kScalingCount; ++i) {
    const Scaling scaling = Scaling(i);
    if (scaling == Scaling::kNone) continue;
    const ScalingConstants k = scaling_constants(scaling, log_n);
    if (k.s == Fr::one()) {
      t.mode[i] = ScaleMode::kConstant;
      t.table[i].hi = {to_storage(k.c)};
    } else {
      t.mode[i] = ScaleMode::kPowers;
      const bool whole = is_h_power_scaling(scaling) && log_n <= full_scaling_max_log;
      t.table[i] = scale_table(log_n, k.c, k.s, whole);
    }
  }
  return t;
}

// Calls fn(integral_constant<unsigned, B>, integral_constant<Flow, F>) for the run-time pass width
// and flow: the bridge from a Step to the PassTile<F, B, Flow> instantiations.
template <Flow kFlow, unsigned B = 1, class Fn>
void dispatch_bits(unsigned bits, Fn&& fn) {
  if constexpr (B <= kMaxPassLog) {
    if (bits == B) {
      fn(std::integral_constant<unsigned, B>{}, std::integral_constant<Flow, kFlow>{});
      return;
    }
    dispatch_bits<kFlow, B + 1>(bits, fn);
  } else {
    throw std::logic_error("ntt: pass width " + std::to_string(bits) + " out of range");
  }
}
template <class Fn>
void dispatch_pass(const Step& step, Fn&& fn) {
  if (step.flow == Flow::kDif) {
    dispatch_bits<Flow::kDif>(step.bits, fn);
  } else {
    dispatch_bits<Flow::kDit>(step.bits, fn);
  }
}

}  // namespace cuzk::gpu::ntt_detail
