// The NTT kernels: thin __global__ shells around the phases of ntt_pass.hpp, with __syncthreads()
// between phases, and the launcher that maps a program step to its instantiation.
//
// Occupancy: kThreads = 128 threads per block and at least kMinBlocksPerSm = 4 resident blocks per
// SM cap the registers at 65536 / (128 * 4) = 128 per thread, enough for eight elements and a
// multiplication without spilling (ptxas -v: 126). Each block's tile is static shared memory
// (32 KiB at most), with the stages' twiddles beside it in passes of up to 9 bits (48 KiB at 9
// bits: four blocks take 196 of an SM's 228 KiB).
#include "gpu/arith/fields.cuh"
#include "gpu/ntt/ntt_kernels.hpp"
#include "gpu/ntt/ntt_pass.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu::ntt_detail {
namespace {

constexpr unsigned kMinBlocksPerSm = 4;

template <unsigned B, Flow kFlow>
__global__ void __launch_bounds__(kThreads, kMinBlocksPerSm) pass_kernel(const PassArgs a) {
  using Tile = PassTile<FrNttDevice, B, kFlow>;
  static_assert(Tile::kSmemBytes <= 48 * 1024, "static shared memory limit");
  __shared__ Quad smem[Tile::kSmemBytes / sizeof(Quad)];
  if (!Tile::active(a, blockIdx.x)) return;  // uniform over the block
  Tile::load(a, blockIdx.x, threadIdx.x, smem);
  __syncthreads();
#pragma unroll 1
  for (unsigned k = 0; k < Tile::kRounds; ++k) {
    Tile::round(a, k, threadIdx.x, smem);
    __syncthreads();
  }
  Tile::store(a, blockIdx.x, threadIdx.x, smem);
}

__global__ void __launch_bounds__(kBitReverseThreads)
    bit_reverse_tiles_kernel(FrStorage* data, unsigned log_n) {
  if (!BitReverseTile::active(blockIdx.x, log_n)) return;  // uniform over the block
  __shared__ FrStorage smem[2 * kBitReverseThreads];
  BitReverseTile::load(data, log_n, blockIdx.x, threadIdx.x, smem);
  __syncthreads();
  BitReverseTile::store(data, log_n, blockIdx.x, threadIdx.x, smem);
}

__global__ void bit_reverse_pairs_kernel(FrStorage* data, unsigned log_n) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (uint32_t(1) << log_n)) bit_reverse_pair(data, log_n, i);
}

void launch_bit_reverse(FrStorage* data, unsigned log_n, cudaStream_t stream) {
  if (log_n >= 2 * kBitReverseTileLog) {
    const uint32_t blocks = uint32_t(1) << (log_n - 2 * kBitReverseTileLog);
    bit_reverse_tiles_kernel<<<blocks, kBitReverseThreads, 0, stream>>>(data, log_n);
  } else {
    bit_reverse_pairs_kernel<<<1, 1u << log_n, 0, stream>>>(data, log_n);
  }
}

}  // namespace

void launch_step(const Step& step, cudaStream_t stream) {
  if (step.kind == Step::Kind::kBitReverse) {
    launch_bit_reverse(step.args.data, step.args.log_n, stream);
  } else {
    dispatch_pass(step, [&](auto bits, auto flow) {
      constexpr unsigned B = decltype(bits)::value;
      constexpr Flow kFlow = decltype(flow)::value;
      using Tile = PassTile<FrNttDevice, B, kFlow>;
      pass_kernel<B, kFlow><<<Tile::blocks(step.args), kThreads, 0, stream>>>(step.args);
    });
  }
  CUZK_CUDA_CHECK(cudaGetLastError());
}

}  // namespace cuzk::gpu::ntt_detail
