// gpu_fixed_base_bench: throughput of the GPU fixed-base multiplication of parameter setup
// (src/gpu/params/fixed_base.hpp), G1 and G2, on 2^log2 random scalars: the wall time of mul_batch
// (host staging, copies, kernels, conversion into CPU points) and the device time of its two
// kernels (summed over chunks: with several chunks the two slots' kernels overlap), median of
// --runs after one warm-up call, as points per second. The first --check points are compared with
// the CPU FixedBaseTable (a sanity check; the device tests are the correctness check).
//
// Usage: gpu_fixed_base_bench [--log2 22] [--runs 3] [--chunk 4194304] [--run-length 32]
//                             [--device 0] [--threads 0] [--check 4096]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "bench_main.hpp"
#include "gpu/params/fixed_base.hpp"
#include "gpu/util/cuda_util.hpp"
#include "groth16/fixed_base_table.hpp"
#include "util/parallel.hpp"

namespace cuzk::gpu {
namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  unsigned log2 = 22;
  int runs = 3, device = 0;
  size_t chunk = size_t(1) << 22;
  size_t run_length = 32;
  unsigned threads = 0;
  size_t check = 4096;
};

// Returns false when the check failed.
template <class C>
bool bench_curve(const char* name, const Options& o, const std::vector<ff::Fr>& scalars) {
  using A = curve::Affine<C>;
  const groth16::FixedBaseTable<C> table(curve::Jacobian<C>::generator());
  GpuFixedBaseOptions options;
  options.chunk = o.chunk;
  options.run_length = o.run_length;
  options.host_threads = o.threads;
  GpuFixedBaseT<C> gpu(o.device, table, options);
  std::vector<A> out(scalars.size());
  gpu.mul_batch(scalars, out);  // warm-up: allocations, first launches
  std::vector<double> wall, sum, normalize;
  for (int r = 0; r < o.runs; ++r) {
    const auto t0 = Clock::now();
    gpu.mul_batch(scalars, out);
    wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    sum.push_back(gpu.last_stats().sum_ms);
    normalize.push_back(gpu.last_stats().normalize_ms);
  }
  const double w = bench::median(wall), k1 = bench::median(sum), k2 = bench::median(normalize);
  const double n = double(scalars.size());
  std::printf(
      "%s  run %zu  n=%zu  chunks=%zu  wall %.1f ms (%.1f M points/s)  kernels: sum %.1f ms + "
      "normalise %.1f ms (%.1f M points/s)\n",
      name, o.run_length, scalars.size(), gpu.last_stats().chunks, w, n / w / 1e3, k1, k2,
      n / (k1 + k2) / 1e3);

  const size_t m = std::min(o.check, scalars.size());
  std::vector<A> want(m);
  table.mul_batch(std::span(scalars).first(m), want, o.threads);
  for (size_t i = 0; i < m; ++i) {
    if (!(out[i] == want[i])) {
      std::printf("%s  MISMATCH at point %zu\n", name, i);
      return false;
    }
  }
  std::printf("%s  first %zu points equal the CPU's\n", name, m);
  return true;
}

int run(int argc, char** argv) {
  Options o;
  const bool parsed = bench::parse_options(
      argc, argv,
      {{"--log2", [&](const char* v) { o.log2 = unsigned(std::atoi(v)); }},
       {"--runs", [&](const char* v) { o.runs = std::max(1, std::atoi(v)); }},
       {"--chunk", [&](const char* v) { o.chunk = std::strtoull(v, nullptr, 10); }},
       {"--run-length", [&](const char* v) { o.run_length = std::strtoull(v, nullptr, 10); }},
       {"--device", [&](const char* v) { o.device = std::atoi(v); }},
       {"--threads", [&](const char* v) { o.threads = unsigned(std::atoi(v)); }},
       {"--check", [&](const char* v) { o.check = std::strtoull(v, nullptr, 10); }}});
  if (!parsed || o.log2 > 30 || o.chunk == 0 || o.run_length == 0) {
    std::fprintf(stderr,
                 "usage: %s [--log2 22] [--runs 3] [--chunk 4194304] [--run-length 32] "
                 "[--device 0] [--threads 0] [--check 4096]\n",
                 argv[0]);
    return 2;
  }
  if (o.device < 0 || o.device >= cuda_device_count()) {
    std::fprintf(stderr, "no CUDA device %d\n", o.device);
    return 1;
  }
  std::vector<ff::Fr> scalars(size_t(1) << o.log2);
  parallel_chunks(scalars.size(), 64, o.threads, [&](size_t c, size_t b, size_t e) {
    std::mt19937_64 rng(1000 + c);
    for (size_t i = b; i < e; ++i) scalars[i] = ff::Fr::random(rng);
  });
  scalars[0] = ff::Fr::zero();
  const bool g1 = bench_curve<curve::G1Config>("G1", o, scalars);
  const bool g2 = bench_curve<curve::G2Config>("G2", o, scalars);
  return g1 && g2 ? 0 : 1;
}

}  // namespace
}  // namespace cuzk::gpu

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_fixed_base_bench", cuzk::gpu::run, argc, argv);
}
