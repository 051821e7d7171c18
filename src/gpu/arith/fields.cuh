// The BLS12-381 fields and G1/G2 point types as the device computes with them: the one Mont32
// template instantiated with the CPU configurations (ff/fp.hpp, ff/fr.hpp) and the PTX carry chain,
// Fp2 as Ext2 over it, and the point templates over Fp (G1) and Fp2 (G2).
#pragma once

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "ff/fp.hpp"
#include "ff/fr.hpp"
#include "gpu/arith/affine.hpp"
#include "gpu/arith/carry_chain_ptx.cuh"
#include "gpu/arith/ext2.hpp"
#include "gpu/arith/jacobian.hpp"
#include "gpu/arith/mont32.hpp"
#include "gpu/arith/xyzz.hpp"

namespace cuzk::gpu {

using FpDevice = Mont32<ff::FpConfig, PtxCarryChain>;  // 12 × 32-bit limbs
using FrDevice = Mont32<ff::FrConfig, PtxCarryChain>;  // 8 × 32-bit limbs, fully reduced
// The NTT's Fr: held below 2r, so that its products by twiddles end without a subtraction
// (mont32_rows.hpp, "Lazy reduction"): forward 2^27 2.8 % faster, H 2.5 % (docs/perf/gpu.md,
// "NTT over Fr by size"); CUZK_GPU_LAZY_NTT=0 reduces it fully.
using FrNttDevice = Mont32<ff::FrConfig, PtxCarryChain, kNttReduction>;
// G2's Fp is fully reduced: the G2 bucket kernels already spill, and lazily reduced they ran 5-6 %
// slower (G1's 2-3 % faster; docs/perf/gpu.md, "Lazy reduction in G1").
using Fp2Device = Ext2<Mont32<ff::FpConfig, PtxCarryChain, Reduction::kFull>>;  // 2 × 12 limbs

using G1AffineDevice = Affine<FpDevice>;
using G1JacobianDevice = Jacobian<FpDevice>;
using G1XyzzDevice = Xyzz<FpDevice>;

using G2AffineDevice = Affine<Fp2Device>;
using G2JacobianDevice = Jacobian<Fp2Device>;
using G2XyzzDevice = Xyzz<Fp2Device>;

// The device field of a CPU curve's coordinates (curve::G1Config -> Fp, curve::G2Config -> Fp2):
// what the kernels templated on the curve compute with.
template <class C>
struct DeviceFieldOf;
template <>
struct DeviceFieldOf<curve::G1Config> {
  using type = FpDevice;
};
template <>
struct DeviceFieldOf<curve::G2Config> {
  using type = Fp2Device;
};
template <class C>
using DeviceField = typename DeviceFieldOf<C>::type;

}  // namespace cuzk::gpu
