// sppark_bench: sppark's own BLS12-381 NTT and G1 MSM (supranational/sppark, with its defaults),
// timed the way gpu_ntt_bench and gpu_msm_bench time ours, so that both are measured in one call
// on one GPU (issue #34's comparison). Built by scripts/sppark-bench.sh against sppark and blst
// source trees the caller supplies; not part of the project's build and none of its code.
//
//   NTT  Fr, natural order in and out (NTT::InputOutputOrder::NN), forward, in place on the
//        device: median of --runs after one warm-up, CUDA events around the call.
//   MSM  G1, 2^k random affine points resident on the device (msm_t's constructor uploads them),
//        random 255-bit scalars in host memory as sppark takes them (it uploads them in batches
//        beside its sort): median of --runs calls after one warm-up, host wall time.
// The points are random coordinates below p, not curve points: sppark's XYZZ additions cost the
// same either way, and only the time is of interest (no result is checked).
//
// Usage: sppark_bench [--ntt 27] [--msm 26,27] [--runs 5]. bench_main.hpp (tests/gpu, standard
// headers only) gives it the benchmarks' option and list parsers, median and generator.
#include <cuda.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ec/jacobian_t.hpp>
#include <ec/xyzz_t.hpp>
#include <ff/bls12-381.hpp>
#include <vector>

#include "bench_main.hpp"

typedef jacobian_t<fp_t> point_t;
typedef xyzz_t<fp_t> bucket_t;
typedef bucket_t::affine_t affine_t;
typedef fr_t scalar_t;

#include <msm/pippenger.cuh>
#include <ntt/ntt.cuh>

namespace {

// Random 64-bit words, the last of every `words` masked so that the value is below the modulus
// (p's top word is 0x1a0111ea..., r's 0x73eda753...).
void fill_words(void* dst, size_t count, size_t words, uint64_t top_mask, uint64_t seed) {
  auto* w = static_cast<uint64_t*>(dst);
  for (size_t i = 0; i < count * words; ++i) {
    w[i] = cuzk::gpu::bench::splitmix64_next(seed);
    if (i % words == words - 1) w[i] &= top_mask;
  }
}

void check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
  std::exit(1);
}

double ntt_ms(unsigned lg, int runs) {
  const size_t n = size_t(1) << lg;
  static_assert(sizeof(fr_t) == 32, "fr_t is four 64-bit words on the host");
  std::vector<fr_t> host(n);
  fill_words(host.data(), n, 4, 0x0fffffffffffffffull, lg);
  fr_t* d = nullptr;
  check(cudaMalloc(&d, n * sizeof(fr_t)), "cudaMalloc");
  check(cudaMemcpy(d, host.data(), n * sizeof(fr_t), cudaMemcpyHostToDevice), "upload");
  stream_t& stream = select_gpu(0)[0];
  auto run = [&] {
    NTT::Base_dev_ptr(stream, d, lg, NTT::InputOutputOrder::NN, NTT::Direction::forward,
                      NTT::Type::standard);
  };
  run();
  stream.sync();
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "event");
  check(cudaEventCreate(&stop), "event");
  std::vector<double> ms;
  for (int r = 0; r < runs; ++r) {
    check(cudaEventRecord(start, stream), "record");
    run();
    check(cudaEventRecord(stop, stream), "record");
    check(cudaEventSynchronize(stop), "sync");
    float t = 0;
    check(cudaEventElapsedTime(&t, start, stop), "elapsed");
    ms.push_back(t);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(d);
  return cuzk::gpu::bench::median(ms);
}

double msm_ms(unsigned lg, int runs) {
  const size_t n = size_t(1) << lg;
  std::vector<affine_t> points(n);
  std::vector<scalar_t> scalars(n);
  static_assert(sizeof(affine_t) == 96, "affine_t is two 48-byte coordinates");
  fill_words(points.data(), 2 * n, 6, 0x0fffffffffffffffull, 1000 + lg);
  fill_words(scalars.data(), n, 4, 0x3fffffffffffffffull, 2000 + lg);
  msm_t<bucket_t, point_t, affine_t, scalar_t> msm(points.data(), n);
  point_t out;
  auto run = [&] {
    const RustError e = msm.invoke(out, static_cast<const affine_t*>(nullptr), n,
                                   static_cast<const scalar_t*>(scalars.data()), false);
    if (e.code != cudaSuccess) {
      std::fprintf(stderr, "sppark msm: error %d\n", e.code);
      std::exit(1);
    }
  };
  run();
  std::vector<double> ms;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return cuzk::gpu::bench::median(ms);
}

int run(int argc, char** argv) {
  namespace bench = cuzk::gpu::bench;
  std::vector<unsigned> ntt_sizes{27}, msm_sizes{26, 27};
  int runs = 5;
  const bench::OptionSetters options = {
      {"--ntt", [&](const char* v) { ntt_sizes = bench::parse_list(v, "--ntt"); }},
      {"--msm", [&](const char* v) { msm_sizes = bench::parse_list(v, "--msm"); }},
      {"--runs", [&](const char* v) { runs = std::max(1, std::atoi(v)); }}};
  if (!bench::parse_options(argc, argv, options)) {
    std::fprintf(stderr, "usage: %s [--ntt 27] [--msm 26,27] [--runs 5]\n", argv[0]);
    return 2;
  }
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, 0), "device");
  std::printf("sppark on %s, median of %d\n", prop.name, runs);
  for (unsigned lg : ntt_sizes) {
    std::printf("sppark Fr NTT forward NN   2^%-2u %10.3f ms\n", lg, ntt_ms(lg, runs));
    std::fflush(stdout);
  }
  for (unsigned lg : msm_sizes) {
    std::printf("sppark G1 MSM random       2^%-2u %10.3f ms\n", lg, msm_ms(lg, runs));
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("sppark_bench", run, argc, argv);
}
