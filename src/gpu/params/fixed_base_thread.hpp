// The per-thread bodies of the GPU fixed-base multiplication (fixed_base.cu), written once over
// the field types (CUZK_HD): the device instantiates them with FpDevice / Fp2Device and FrDevice,
// the host tests with the emulated GPU fields — the same code, checked without a GPU.
//
// Sum (scalar_times_base). k·G = sum_j table[j][digit_j(k)] over the 32 byte-wide digits of the
// canonical scalar (the windowed table of groth16::FixedBaseTable, copied to the device), in an
// XYZZ accumulator: at most 32 mixed additions (8M + 2S each), no doubling. The partial sums are
// multiples m·G with 0 < m < r distinct from the added point's multiple, so the additions never
// meet P + P or P + (-P) (they would be handled anyway); a zero scalar gives the identity.
//
// Normalisation (normalize_run). One thread turns a run of XYZZ points into affine ones with one
// field inversion (Montgomery's trick): forward, the running product of the ZZZ coordinates is
// stored before each point's factor is multiplied in (into the x coordinate of that point's
// output slot, which the backward pass overwrites last); one inversion of the full product;
// backward, each point's 1/ZZZ = inverse · prefix, and the inverse moves past the point's factor.
// Then 1/Z = ZZ · (1/ZZZ) (ZZ = Z², ZZZ = Z³), x = X · (1/Z)², y = Y · (1/ZZZ). The identity
// (ZZ = ZZZ = 0) contributes no factor and becomes (0, 0), AffineStorage's infinity. A run is
// strided — points first, first + stride, ... — so that neighbouring threads touch neighbouring
// points (coalesced loads). Cost per point 3M for the trick and 4M for the coordinates, plus the
// inversion (Fp: ~570 products) shared by the run.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpu/arith/affine.hpp"
#include "gpu/arith/hd.hpp"
#include "gpu/arith/point_storage.hpp"
#include "gpu/arith/xyzz.hpp"

namespace cuzk::gpu::fixed_base {

// The table layout of groth16::FixedBaseTable (fixed_base.cu checks that they agree).
inline constexpr unsigned kWindowBits = 8;
inline constexpr unsigned kWindows = 32;
inline constexpr unsigned kDigits = (1u << kWindowBits) - 1;
inline constexpr unsigned kTableSize = kWindows * kDigits;

// Digit j (bits 8j .. 8j + 7) of a canonical scalar held as 8 little-endian 32-bit limbs; the
// limb is picked by selects, so the limbs stay in registers under a rolled loop over j.
CUZK_HD uint32_t window_digit(const uint32_t (&limbs)[8], unsigned j) {
  uint32_t word = 0;
  CUZK_UNROLL
  for (unsigned q = 0; q < 8; ++q) word = q == j / 4 ? limbs[q] : word;
  return (word >> (8 * (j % 4))) & kDigits;
}

// scalar·G for a scalar in Montgomery form (Fr: the GPU scalar field type, FrDevice on the device)
// and the table of G (kTableSize affine points, table[j·kDigits + d - 1] = d·2^(8j)·G).
template <class F, class Fr>
CUZK_HD Xyzz<F> scalar_times_base(const AffineStorage<typename F::Storage>* table,
                                  const typename Fr::Storage& scalar) {
  const typename Fr::Storage k = Fr::load(scalar).to_canonical();
  Xyzz<F> acc = Xyzz<F>::identity();
  CUZK_ROLLED
  for (unsigned j = 0; j < kWindows; ++j) {
    const uint32_t d = window_digit(k.limbs, j);
    if (d != 0) acc += Affine<F>::load(table[j * kDigits + d - 1]);
  }
  return acc;
}

// Affine forms of points[first + i·stride] for first + i·stride < n, into the same indices of out.
template <class F>
CUZK_HD void normalize_run(const XyzzStorage<typename F::Storage>* points, size_t n, size_t first,
                           size_t stride, AffineStorage<typename F::Storage>* out) {
  if (first >= n) return;
  F product = F::one();
  CUZK_ROLLED
  for (size_t i = first; i < n; i += stride) {
    out[i].x = product.store();  // the prefix: product of the factors before point i
    const F zzz = F::load(points[i].zzz);
    if (!zzz.is_zero()) product *= zzz;
  }
  F inverse = product.inverse();
  const size_t last = first + (n - 1 - first) / stride * stride;
  CUZK_ROLLED
  for (size_t i = last;; i -= stride) {
    const Xyzz<F> p = Xyzz<F>::load(points[i]);
    if (p.zzz.is_zero()) {
      Affine<F>::identity().store(out[i]);
    } else {
      const F zzz_inv = inverse * F::load(out[i].x);
      inverse *= p.zzz;
      const F z_inv = p.zz * zzz_inv;
      Affine<F>{p.x * z_inv.square(), p.y * zzz_inv}.store(out[i]);
    }
    if (i == first) break;
  }
}

}  // namespace cuzk::gpu::fixed_base
