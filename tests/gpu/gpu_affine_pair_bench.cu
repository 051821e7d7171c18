// gpu_affine_pair_bench: one level of a pairwise affine tree over G1 bases, the building block of
// batch-affine bucket accumulation (docs/perf/gpu.md, "Counted, not built"), against the XYZZ
// mixed addition on the same memory pattern. Each of 2^(--log2 - 1) pairs gathers two bases by
// index (a scattered bijection of 2^--log2 bases, as the sorted entries of one MSM window gather
// them) and writes their sum:
//   affine K/B: P + Q affine, every x_Q − x_P inverted together (Montgomery's trick over a
//               thread's K pairs, the B threads' products in a block's product tree, the blocks'
//               roots in one more, one Fermat inversion in all): 5 products and a square per
//               addition, 3 per thread and per block besides; the running products (48 B a pair)
//               written and read back; the sum stored affine (96 B);
//   xyzz:       the XYZZ mixed addition from_affine(P) + Q, the sum stored XYZZ (192 B).
// Both with the pairs' bases gathered and in order. Prints each kernel's median time and
// additions per second (the MSM bucket kernel does ~2.4 G mixed additions per second at 2^27 on
// an H100: gpu_msm_bench's phases). Checks 4,096 sums of every kernel against the CPU's additions
// (exit 1 on a mismatch).
//
// Usage: gpu_affine_pair_bench [--log2 27] [--runs 5]
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "../msm/msm_fixtures.hpp"
#include "bench_main.hpp"
#include "device_msm_inputs.cuh"
#include "gpu/arith/fields.cuh"
#include "gpu/arith/point_storage.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {
namespace {

using F = FpDevice;
using FS = typename F::Storage;
using A = G1AffineDevice;
using X = G1XyzzDevice;

// Pair j's bases are idx[2j] and idx[2j + 1]: i -> (i · stride) mod 2^log2, a bijection for an odd
// stride — kStride scatters them (level 1 of a tree gathers its bases), 1 keeps them in order (the
// later levels read the previous one's sums in order); the two of a pair differ by the stride, so
// they are different tiled points (bench::tile_bases repeats
// the distinct points with a power-of-two period).
constexpr uint32_t kStride = 0x9E3779B1u;

__global__ void make_indices(uint32_t* idx, size_t n, uint32_t stride) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) idx[i] = uint32_t((uint64_t(i) * stride) & (n - 1));
}

// Montgomery's trick over a block, in a product tree in shared memory: node v's children are
// 2v and 2v + 1, the B leaves [B, 2B) one value per thread, the root at 1. up_sweep: each node the
// product of its children; down_sweep, with the root's inverse in tree[1]: each node its own
// inverse (1/L = R/(LR), 1/R = L/(LR)), so leaf B + t ends as 1 / (thread t's value).
template <int B>
__device__ void up_sweep(FS* tree, unsigned t) {
  for (unsigned width = B / 2; width >= 1; width /= 2) {
    if (t < width) {
      const unsigned v = width + t;
      tree[v] = (F::load(tree[2 * v]) * F::load(tree[2 * v + 1])).store();
    }
    __syncthreads();
  }
}
template <int B>
__device__ void down_sweep(FS* tree, unsigned t) {
  for (unsigned width = 1; width < B; width *= 2) {
    if (t < width) {
      const unsigned v = width + t;
      const F inv = F::load(tree[v]), l = F::load(tree[2 * v]), r = F::load(tree[2 * v + 1]);
      tree[2 * v] = (inv * r).store();
      tree[2 * v + 1] = (inv * l).store();
    }
    __syncthreads();
  }
}

// The three launches of one level (a Fermat inversion is ~480 dependent products: one per block,
// run by one thread, would leave the SM idle far longer than the block's additions take, so the
// blocks' roots are inverted together by invert_roots):
//   affine_forward   thread t of block b owns pairs b·B·K + k·B + t (k < K; a warp's loads of
//                    one k adjacent in idx): the running products of their x_Q − x_P (global,
//                    [block][k][t]), the block's product tree (global) and its root;
//   invert_roots     one block: every root inverted, Montgomery's trick again;
//   affine_backward  each leaf's inverse down the block's tree, then each pair's 1 / (x_Q − x_P)
//                    backward over k and its affine sum.
// x_Q == x_P (Q = ±P) cannot be added affine: such a pair is counted in *exceptional and its sum
// left as infinity (a tree's slow path; none among distinct bases), its factor left out.
template <int K, int B>
__global__ void __launch_bounds__(B)
    affine_forward(const G1AffineStorage* bases, const uint32_t* idx, size_t pairs, FS* prefixes,
                   FS* trees, FS* roots) {
  __shared__ FS tree[2 * B];
  const unsigned t = threadIdx.x;
  const size_t first = size_t(blockIdx.x) * B * K;
  F run = F::one();
  CUZK_UNROLL
  for (int k = 0; k < K; ++k) {
    const size_t j = first + size_t(k) * B + t;
    if (j < pairs) {
      const F d = F::load(bases[idx[2 * j + 1]].x) - F::load(bases[idx[2 * j]].x);
      if (!d.is_zero()) run *= d;
    }
    prefixes[first + size_t(k) * B + t] = run.store();
  }
  tree[B + t] = run.store();
  __syncthreads();
  up_sweep<B>(tree, t);
  FS* mine = trees + size_t(blockIdx.x) * 2 * B;
  for (unsigned v = t; v < 2 * B; v += B) mine[v] = tree[v];
  if (t == 0) roots[blockIdx.x] = tree[1];
}

// Every root of `count` inverted in place by one block of B threads, each running Montgomery's
// trick over its share (the running products in `scratch`), the shares' products in a tree.
template <int B>
__global__ void __launch_bounds__(B) invert_roots(FS* roots, FS* scratch, size_t count) {
  __shared__ FS tree[2 * B];
  const unsigned t = threadIdx.x;
  const size_t share = (count + B - 1) / B;
  const size_t begin = t * share < count ? t * share : count;
  const size_t end = begin + share < count ? begin + share : count;
  F run = F::one();
  for (size_t i = begin; i < end; ++i) {
    run *= F::load(roots[i]);
    scratch[i] = run.store();
  }
  tree[B + t] = run.store();
  __syncthreads();
  up_sweep<B>(tree, t);
  if (t == 0) tree[1] = F::load(tree[1]).inverse().store();
  __syncthreads();
  down_sweep<B>(tree, t);
  F inv = F::load(tree[B + t]);
  for (size_t i = end; i-- > begin;) {
    const F root = F::load(roots[i]);
    roots[i] = (i > begin ? inv * F::load(scratch[i - 1]) : inv).store();
    inv *= root;
  }
}

template <int K, int B>
__global__ void __launch_bounds__(B)
    affine_backward(const G1AffineStorage* bases, const uint32_t* idx, size_t pairs,
                    const FS* prefixes, const FS* trees, const FS* roots, G1AffineStorage* out,
                    unsigned* exceptional) {
  __shared__ FS tree[2 * B];
  const unsigned t = threadIdx.x;
  const size_t first = size_t(blockIdx.x) * B * K;
  const FS* mine = trees + size_t(blockIdx.x) * 2 * B;
  for (unsigned v = t; v < 2 * B; v += B) tree[v] = v == 1 ? roots[blockIdx.x] : mine[v];
  __syncthreads();
  down_sweep<B>(tree, t);
  F inv = F::load(tree[B + t]);  // 1 / (the product of this thread's factors)
  CUZK_UNROLL
  for (int k = K - 1; k >= 0; --k) {
    const size_t j = first + size_t(k) * B + t;
    if (j >= pairs) continue;
    const A p = A::load(bases[idx[2 * j]]), q = A::load(bases[idx[2 * j + 1]]);
    const F d = q.x - p.x;
    if (d.is_zero()) {
      atomicAdd(exceptional, 1u);
      A::identity().store(out[j]);
      continue;
    }
    const F inv_d = k > 0 ? inv * F::load(prefixes[j - B]) : inv;
    inv *= d;
    const F lambda = (q.y - p.y) * inv_d;
    const F x3 = lambda.square() - p.x - q.x;
    const A sum{x3, lambda * (p.x - x3) - p.y};
    sum.store(out[j]);
  }
}

template <int B>
__global__ void __launch_bounds__(B) xyzz_pairs(const G1AffineStorage* bases, const uint32_t* idx,
                                                size_t pairs, G1XyzzStorage* out) {
  const size_t j = size_t(blockIdx.x) * B + threadIdx.x;
  if (j >= pairs) return;
  const X sum = X::from_affine(A::load(bases[idx[2 * j]])) + A::load(bases[idx[2 * j + 1]]);
  sum.store(out[j]);
}

// The CPU's sums of pairs 0, step, 2·step, ... (4,096 of them).
std::vector<curve::G1Affine> cpu_sums(const std::vector<curve::G1Affine>& distinct, size_t n,
                                      size_t step, uint32_t stride) {
  std::vector<curve::G1Affine> want;
  for (size_t j = 0; j < n / 2; j += step) {
    const auto at = [&](size_t i) {
      return distinct[size_t((uint64_t(i) * stride) & (n - 1)) % distinct.size()];
    };
    want.push_back((curve::G1::from_affine(at(2 * j)) + at(2 * j + 1)).to_affine());
  }
  return want;
}

template <class Storage>
bool sample_matches(const DeviceBuffer<Storage>& out, size_t step,
                    const std::vector<curve::G1Affine>& want, const char* label) {
  for (size_t s = 0; s < want.size(); ++s) {
    Storage got;
    CUZK_CUDA_CHECK(cudaMemcpy(&got, out.data() + s * step, sizeof got, cudaMemcpyDeviceToHost));
    const auto point = from_storage(got);
    const bool same = [&] {
      if constexpr (std::is_same_v<Storage, G1AffineStorage>)
        return point == want[s];
      else
        return point.to_affine() == want[s];
    }();
    if (!same) {
      std::printf("*** %s: pair %zu differs from the CPU's sum ***\n", label, s * step);
      return false;
    }
  }
  return true;
}

// Median ms of `runs` launches of `launch` after one warm-up.
template <class Launch>
double time_kernel(unsigned runs, Launch&& launch) {
  launch();
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<double> ms;
  Event start, stop;
  for (unsigned i = 0; i < runs; ++i) {
    start.record(nullptr);
    launch();
    stop.record(nullptr);
    stop.synchronize();
    ms.push_back(Event::elapsed_ms(start, stop));
  }
  return bench::median(ms);
}

template <int K, int B>
bool run_affine(const DeviceBuffer<G1AffineStorage>& bases, const DeviceBuffer<uint32_t>& idx,
                size_t pairs, unsigned runs, size_t step,
                const std::vector<curve::G1Affine>& want) {
  constexpr int kRootThreads = 256;
  const size_t blocks = (pairs + size_t(B) * K - 1) / (size_t(B) * K);
  DeviceBuffer<G1AffineStorage> out(pairs);
  DeviceBuffer<FS> prefixes(blocks * B * K), trees(blocks * 2 * B), roots(blocks), scratch(blocks);
  DeviceBuffer<unsigned> exceptional(1);
  const double ms = time_kernel(runs, [&] {
    CUZK_CUDA_CHECK(cudaMemset(exceptional.data(), 0, sizeof(unsigned)));
    affine_forward<K, B><<<unsigned(blocks), B>>>(bases.data(), idx.data(), pairs, prefixes.data(),
                                                  trees.data(), roots.data());
    invert_roots<kRootThreads><<<1, kRootThreads>>>(roots.data(), scratch.data(), blocks);
    affine_backward<K, B><<<unsigned(blocks), B>>>(bases.data(), idx.data(), pairs, prefixes.data(),
                                                   trees.data(), roots.data(), out.data(),
                                                   exceptional.data());
    CUZK_CUDA_CHECK(cudaGetLastError());
  });
  unsigned odd = 0;
  CUZK_CUDA_CHECK(cudaMemcpy(&odd, exceptional.data(), sizeof odd, cudaMemcpyDeviceToHost));
  std::printf("affine K = %2d, B = %3d: %8.2f ms, %.3f G additions/s%s\n", K, B, ms,
              double(pairs) / ms / 1e6, odd ? " (exceptional pairs!)" : "");
  return odd == 0 && sample_matches(out, step, want, "affine");
}

int run(int argc, char** argv) {
  unsigned log_n = 27, runs = 5;
  const bench::OptionSetters options = {
      {"--log2", [&](const char* v) { log_n = unsigned(std::atoi(v)); }},
      {"--runs", [&](const char* v) { runs = unsigned(std::max(1, std::atoi(v))); }}};
  if (!bench::parse_options(argc, argv, options) || log_n < 14 || log_n > 28) {
    std::fprintf(stderr, "usage: %s [--log2 27] [--runs 5]\n", argv[0]);
    return 2;
  }
  if (cuda_device_count() == 0) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  const size_t n = size_t(1) << log_n, pairs = n / 2, step = pairs / 4096;
  const auto distinct = msm::testing::random_points<curve::G1Config>(size_t(1) << 12, 2024);
  const DeviceBuffer<G1AffineStorage> bases = bench::tile_bases(distinct, n);
  DeviceBuffer<uint32_t> idx(n);
  bool ok = true;
  for (const uint32_t stride : {kStride, 1u}) {
    make_indices<<<unsigned((n + 255) / 256), 256>>>(idx.data(), n, stride);
    CUZK_CUDA_CHECK(cudaGetLastError());
    const auto want = cpu_sums(distinct, n, step, stride);
    std::printf("2^%u bases, %zu pairs, %s, medians of %u\n", log_n, pairs,
                stride == 1 ? "in order" : "gathered", runs);
    {
      DeviceBuffer<G1XyzzStorage> out(pairs);
      const double ms = time_kernel(runs, [&] {
        xyzz_pairs<128>
            <<<unsigned((pairs + 127) / 128), 128>>>(bases.data(), idx.data(), pairs, out.data());
        CUZK_CUDA_CHECK(cudaGetLastError());
      });
      std::printf("xyzz mixed, B = 128:    %8.2f ms, %.3f G additions/s\n", ms,
                  double(pairs) / ms / 1e6);
      ok = sample_matches(out, step, want, "xyzz") && ok;
    }
    ok = run_affine<4, 256>(bases, idx, pairs, runs, step, want) && ok;
    ok = run_affine<8, 128>(bases, idx, pairs, runs, step, want) && ok;
    ok = run_affine<8, 256>(bases, idx, pairs, runs, step, want) && ok;
    ok = run_affine<16, 128>(bases, idx, pairs, runs, step, want) && ok;
  }
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace cuzk::gpu

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_affine_pair_bench", cuzk::gpu::run, argc, argv);
}
