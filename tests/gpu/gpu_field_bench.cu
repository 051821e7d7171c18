// gpu_field_bench: throughput of the device arithmetic — Fr, Fp and Fp2 multiplication and
// squaring, G1 mixed addition (affine base into an XYZZ bucket, and into a Jacobian point), G2's
// into XYZZ, G1's at the MSM bucket kernel's 8 warps per SM with one and two chains per thread —
// and the ceilings: the integer multiply pipe's rate for 32-bit product halves (IMAD) and whole
// 64-bit products (IMAD.WIDE), the FP64 pipe's (DFMA), and both together, on independent chains.
//
// Each thread runs a long dependent chain on values held in registers (field kernels) or adds
// bases from a small table that stays in cache (point kernels), so the kernels are compute-bound
// and the numbers measure the arithmetic, not memory. Timed with CUDA events after one warm-up
// launch; prints one table row per kernel. Correctness is the tests' job (test_gpu).
//
// Usage: gpu_field_bench [log2_threads (default 20)] [chain_length_scale (default 1)]
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "bench_main.hpp"
#include "gpu/arith/fields.cuh"
#include "gpu/arith/point_storage.hpp"
#include "gpu/util/cuda_util.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

constexpr unsigned kThreadsPerBlock = 256;

// kWays independent chains per thread (1 in the main rows; 2 at the bucket kernel's occupancy, to
// see whether the compiler interleaves independent products when few warps are resident).
template <class F, bool kSquare, int kWays = 1>
__global__ void field_chain(typename F::Storage* data, size_t n, int iters) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  F x[kWays];
  CUZK_UNROLL
  for (int w = 0; w < kWays; ++w) x[w] = F::load(data[(i + w) % n]);
  const F y = F::load(data[(i + kWays) % n]);
  for (int k = 0; k < iters; ++k) {
    CUZK_UNROLL
    for (int w = 0; w < kWays; ++w) x[w] = kSquare ? x[w].square() : x[w] * y;
  }
  F sum = x[0];
  CUZK_UNROLL
  for (int w = 1; w < kWays; ++w) sum = sum + x[w];
  data[i] = sum.store();
}

// The multiply pipes' ceilings: kChains independent chains per thread, each step one instruction
// whose inputs come from memory (nothing to fold at compile time). kImad: x = x·m + j, one IMAD
// (the low half only); kImadWide: acc = lo(acc)·m + acc, one IMAD.WIDE.U32 (a 64-bit product,
// both halves, with a 64-bit addend); kDfma: d = d·f + g in double precision, one DFMA (the FP64
// pipe); kImadAndDfma: both chains in one loop, to see whether the two pipes add up.
constexpr int kChains = 16;
enum class PipeMix { kImad, kImadWide, kDfma, kImadAndDfma };

template <PipeMix kMix>
__global__ void multiply_ceiling(uint32_t* data, size_t n, int iters) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const uint32_t m = data[(i + 1) % n] | 1u;
  const double f = 1.0 - double(m & 0xffu) * 1e-9, g = double(m >> 24) * 1e-3;
  uint64_t acc[kChains];
  double d[kChains];
  CUZK_UNROLL
  for (int j = 0; j < kChains; ++j) {
    acc[j] = data[i] + uint64_t(j) * 0x9e3779b97f4a7c15ull;
    d[j] = double(acc[j] & 0xffffu);
  }
  for (int k = 0; k < iters; ++k) {
    CUZK_UNROLL
    for (int j = 0; j < kChains; ++j) {
      if constexpr (kMix == PipeMix::kImadWide) {
        acc[j] = uint64_t(uint32_t(acc[j])) * m + acc[j];
      } else if constexpr (kMix != PipeMix::kDfma) {
        acc[j] = uint32_t(acc[j]) * m + uint32_t(j);
      }
      if constexpr (kMix == PipeMix::kDfma || kMix == PipeMix::kImadAndDfma) d[j] = fma(d[j], f, g);
    }
  }
  uint64_t sum = 0;
  CUZK_UNROLL
  for (int j = 0; j < kChains; ++j) sum ^= acc[j] ^ uint64_t(d[j]);
  data[i] = uint32_t(sum ^ (sum >> 32));
}

// P: the accumulator type (Xyzz / Jacobian over the device field of curve C); kWays independent
// accumulators per thread, chain w adding the bases from 17·w on.
template <class C, class P, int kWays = 1>
__global__ void madd_chain(const AffineStorageOf<C>* bases, size_t num_bases, XyzzStorageOf<C>* out,
                           size_t n, int iters) {
  using A = Affine<DeviceField<C>>;
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  P acc[kWays];
  CUZK_UNROLL
  for (int w = 0; w < kWays; ++w) acc[w] = P::identity();
  size_t b = i % num_bases;
  for (int k = 0; k < iters; ++k) {
    CUZK_UNROLL
    for (int w = 0; w < kWays; ++w) acc[w] += A::load(bases[w == 0 ? b : (b + 17 * w) % num_bases]);
    b = b + 1 == num_bases ? 0 : b + 1;
  }
  // Store x and y so that the chains are not optimised away.
  XyzzStorageOf<C> s{};
  s.x = acc[0].x.store();
  s.y = acc[kWays - 1].y.store();
  out[i] = s;
}

struct Timing {
  float ms;
  double ops;
};

template <class Launch>
Timing time_kernel(Launch launch, double ops) {
  launch();  // warm-up (module load, clocks)
  CUZK_CUDA_CHECK(cudaGetLastError());
  Event start, stop;
  start.record(nullptr);
  launch();
  stop.record(nullptr);
  CUZK_CUDA_CHECK(cudaGetLastError());
  stop.synchronize();
  return {Event::elapsed_ms(start, stop), ops};
}

void print_row(const char* name, size_t threads, int iters, Timing t) {
  std::printf("%-26s %10zu %6d %10.3f %12.3f\n", name, threads, iters, t.ms,
              t.ops / (t.ms * 1e-3) / 1e9);
  std::fflush(stdout);
}

template <class F, class Cpu>
void bench_field(const char* mul_name, const char* sqr_name, size_t n, int iters) {
  const std::vector<Cpu> host = testing::random_values<Cpu>(n, 1);
  DeviceBuffer<typename F::Storage> d(n);
  d.upload(host);
  const unsigned blocks = unsigned((n + kThreadsPerBlock - 1) / kThreadsPerBlock);
  const double ops = double(n) * iters;
  print_row(
      mul_name, n, iters,
      time_kernel([&] { field_chain<F, false><<<blocks, kThreadsPerBlock>>>(d.data(), n, iters); },
                  ops));
  print_row(
      sqr_name, n, iters,
      time_kernel([&] { field_chain<F, true><<<blocks, kThreadsPerBlock>>>(d.data(), n, iters); },
                  ops));
}

// Rows in instructions per second of each kind (an IMAD.WIDE is one instruction and two product
// halves; the mixed row counts its IMADs and its DFMAs separately); each with its rate per SM and
// clock.
void bench_multiply_ceiling(size_t n, int iters, const cudaDeviceProp& prop) {
  DeviceBuffer<uint32_t> d(n);
  std::vector<uint32_t> host(n);
  for (size_t i = 0; i < n; ++i) host[i] = uint32_t(i * 2654435761u + 12345u);
  d.upload(host);
  int clock_khz = 0;
  CUZK_CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  const unsigned blocks = unsigned((n + kThreadsPerBlock - 1) / kThreadsPerBlock);
  const double ops = double(n) * iters * kChains;
  const auto row = [&](const char* name, Timing t) {
    print_row(name, n, iters, t);
    const double per_sm_clock =
        t.ops / (t.ms * 1e-3) / (double(prop.multiProcessorCount) * clock_khz * 1e3);
    std::printf("%-26s %.1f per SM and clock (at %d MHz)\n", "", per_sm_clock, clock_khz / 1000);
  };
  const auto time_mix = [&](auto mix) {
    return time_kernel(
        [&] {
          multiply_ceiling<decltype(mix)::value><<<blocks, kThreadsPerBlock>>>(d.data(), n, iters);
        },
        ops);
  };
  row("IMAD (32-bit low half)", time_mix(std::integral_constant<PipeMix, PipeMix::kImad>{}));
  row("IMAD.WIDE (64-bit product)",
      time_mix(std::integral_constant<PipeMix, PipeMix::kImadWide>{}));
  row("DFMA (FP64)", time_mix(std::integral_constant<PipeMix, PipeMix::kDfma>{}));
  // One launch, two kinds of instruction: the same time for each count.
  const Timing both = time_mix(std::integral_constant<PipeMix, PipeMix::kImadAndDfma>{});
  row("IMAD beside DFMA: IMAD", both);
  row("IMAD beside DFMA: DFMA", both);
}

template <class C, class P>
void bench_madd(const char* name, size_t n, int iters,
                const DeviceBuffer<AffineStorageOf<C>>& bases) {
  DeviceBuffer<XyzzStorageOf<C>> out(n);
  const unsigned blocks = unsigned((n + kThreadsPerBlock - 1) / kThreadsPerBlock);
  print_row(name, n, iters,
            time_kernel(
                [&] {
                  madd_chain<C, P><<<blocks, kThreadsPerBlock>>>(bases.data(), bases.size(),
                                                                 out.data(), n, iters);
                },
                double(n) * iters));
}

// 1024 distinct bases of curve C (96 or 192 KiB: cache-resident), on the device.
template <class C>
DeviceBuffer<AffineStorageOf<C>> cached_bases() {
  const std::vector<curve::Jacobian<C>> pts = testing::random_points_of<C>(1024, 2);
  std::vector<curve::Affine<C>> aff(pts.size());
  curve::batch_normalize<C>(pts, aff);
  std::vector<AffineStorageOf<C>> host;
  for (const auto& p : aff) host.push_back(to_storage(p));
  DeviceBuffer<AffineStorageOf<C>> bases(host.size());
  bases.upload(host);
  return bases;
}

// field_chain / madd_chain at the MSM bucket kernel's occupancy (one block of 256 threads per SM:
// 8 warps), 1 and 2 chains per thread.
void bench_ways(const cudaDeviceProp& prop, int iters, const DeviceBuffer<G1AffineStorage>& bases) {
  const unsigned blocks = unsigned(prop.multiProcessorCount);
  const size_t n = size_t(blocks) * kThreadsPerBlock;
  const std::vector<ff::Fp> host = testing::random_values<ff::Fp>(n, 3);
  DeviceBuffer<typename FpDevice::Storage> d(n);
  d.upload(host);
  DeviceBuffer<G1XyzzStorage> out(n);
  const auto field = [&](auto ways) {
    constexpr int w = decltype(ways)::value;
    return time_kernel(
        [&] {
          field_chain<FpDevice, false, w>
              <<<blocks, kThreadsPerBlock>>>(d.data(), n, 64 * iters / w);
        },
        double(n) * (64 * iters / w) * w);
  };
  const auto madd = [&](auto ways) {
    constexpr int w = decltype(ways)::value;
    return time_kernel(
        [&] {
          madd_chain<curve::G1Config, G1XyzzDevice, w><<<blocks, kThreadsPerBlock>>>(
              bases.data(), bases.size(), out.data(), n, 8 * iters / w);
        },
        double(n) * (8 * iters / w) * w);
  };
  print_row("Fp mul, 8 warps/SM, 1 way", n, 64 * iters, field(std::integral_constant<int, 1>{}));
  print_row("Fp mul, 8 warps/SM, 2 ways", n, 32 * iters, field(std::integral_constant<int, 2>{}));
  print_row("G1 XYZZ, 8 warps/SM, 1 way", n, 8 * iters, madd(std::integral_constant<int, 1>{}));
  print_row("G1 XYZZ, 8 warps/SM, 2 ways", n, 4 * iters, madd(std::integral_constant<int, 2>{}));
}

int run(int argc, char** argv) {
  const int log2_threads = argc > 1 ? std::atoi(argv[1]) : 20;
  const int scale = argc > 2 ? std::atoi(argv[2]) : 1;
  if (log2_threads < 8 || log2_threads > 26 || scale < 1) {
    std::fprintf(stderr, "usage: %s [log2_threads 8..26] [chain_length_scale >= 1]\n", argv[0]);
    return 2;
  }
  if (cuda_device_count() == 0) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  cudaDeviceProp prop{};
  CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount);

  const size_t n = size_t(1) << log2_threads;
  std::printf("%-26s %10s %6s %10s %12s\n", "kernel", "threads", "iters", "ms", "Gops/s");
  bench_multiply_ceiling(n, 512 * scale, prop);
  bench_field<FrDevice, ff::Fr>("Fr mul", "Fr square", n, 256 * scale);
  bench_field<FpDevice, ff::Fp>("Fp mul", "Fp square", n, 128 * scale);
  bench_field<Fp2Device, ff::Fp2>("Fp2 mul", "Fp2 square", n, 32 * scale);

  const DeviceBuffer<G1AffineStorage> bases = cached_bases<curve::G1Config>();
  bench_madd<curve::G1Config, G1XyzzDevice>("G1 mixed add (XYZZ)", n, 16 * scale, bases);
  bench_madd<curve::G1Config, G1JacobianDevice>("G1 mixed add (Jacobian)", n, 16 * scale, bases);
  bench_madd<curve::G2Config, Xyzz<DeviceField<curve::G2Config>>>(
      "G2 mixed add (XYZZ)", n, 4 * scale, cached_bases<curve::G2Config>());
  bench_ways(prop, 64 * scale, bases);
  return 0;
}

}  // namespace
}  // namespace cuzk::gpu

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_field_bench", cuzk::gpu::run, argc, argv);
}
