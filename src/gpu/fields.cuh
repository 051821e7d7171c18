// The BLS12-381 fields and G1 point types as the device computes with them: the one Mont32
// template instantiated with the CPU configurations (ff/fp.hpp, ff/fr.hpp) and the PTX carry chain.
#pragma once

#include "ff/fp.hpp"
#include "ff/fr.hpp"
#include "gpu/affine.hpp"
#include "gpu/carry_chain_ptx.cuh"
#include "gpu/jacobian.hpp"
#include "gpu/mont32.hpp"
#include "gpu/xyzz.hpp"

namespace cuzk::gpu {

using FpDevice = Mont32<ff::FpConfig, PtxCarryChain>;  // 12 × 32-bit limbs
using FrDevice = Mont32<ff::FrConfig, PtxCarryChain>;  // 8 × 32-bit limbs

using G1AffineDevice = Affine<FpDevice>;
using G1JacobianDevice = Jacobian<FpDevice>;
using G1XyzzDevice = Xyzz<FpDevice>;

}  // namespace cuzk::gpu
