// Affine<F>: a short-Weierstrass point (x, y) in registers, over any field type F with the
// MontField interface (the GPU's Mont32 in kernels, the CPU field in host tests). It is the input
// of mixed additions (bases of an MSM). Infinity is (0, 0), matching AffineStorage
// (point_storage.hpp): no point of y² = x³ + b with b != 0 has x = y = 0.
#pragma once

#include "gpu/arith/hd.hpp"

namespace cuzk::gpu {

template <class F>
struct Affine {
  F x, y;

  static CUZK_HD Affine identity() { return {F::zero(), F::zero()}; }
  CUZK_HD bool is_identity() const { return x.is_zero() && y.is_zero(); }
  CUZK_HD Affine operator-() const { return {x, -y}; }  // -(0, 0) = (0, 0)

  template <class Storage>  // AffineStorage<F::Storage>
  static CUZK_HD Affine load(const Storage& s) {
    return {F::load(s.x), F::load(s.y)};
  }
  template <class Storage>
  CUZK_HD void store(Storage& s) const {
    s.x = x.store();
    s.y = y.store();
  }
};

}  // namespace cuzk::gpu
