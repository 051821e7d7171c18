// gpu_deadline_bench: what a deadline proof's MSM waits for on a GPU that a 32 GiB partition's
// MSM keeps busy — the daemon's deadline lane in miniature, without its parameters. A "main"
// thread runs 2^--main-log2 G1 MSMs back to back on a stream of the default priority (the main
// lane's msm_h: random scalars, 2^27 by default); a "probe" MSM of 2^--probe-log2 terms (a
// WinningPoSt's, 2^17 by default) runs on a stream of the device's highest priority (the
// deadline lane's), first alone, then every --every-ms beside the main MSMs. Prints each probe
// set's latency p50 / p99 / max (host wall time of the synchronous call) and the main MSM's own
// time alone and beside the probes, so that a change to how the lanes share the GPU is measured
// in one call. Both MSMs are checked equal to themselves across the runs (exit 1 otherwise).
//
// Usage: gpu_deadline_bench [--main-log2 27] [--probe-log2 17] [--probes 30] [--every-ms 100]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "../msm/msm_fixtures.hpp"
#include "bench_main.hpp"
#include "device_msm_inputs.cuh"
#include "gpu/cuda_util.hpp"
#include "gpu/msm.hpp"
#include "gpu/prove_lane.hpp"

namespace cuzk::gpu {
namespace {

using Repr = ff::Fr::Repr;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Spread {
  double p50 = 0, p99 = 0, max = 0;
};
Spread spread(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const auto at = [&](double q) {
    return v[std::min(v.size() - 1, size_t(q * double(v.size())))];
  };
  return {at(0.5), at(0.99), v.back()};
}

int run(int argc, char** argv) {
  unsigned main_log = 27, probe_log = 17, probes = 30, every_ms = 100;
  const bench::OptionSetters options = {
      {"--main-log2", [&](const char* v) { main_log = unsigned(std::atoi(v)); }},
      {"--probe-log2", [&](const char* v) { probe_log = unsigned(std::atoi(v)); }},
      {"--probes", [&](const char* v) { probes = unsigned(std::max(1, std::atoi(v))); }},
      {"--every-ms", [&](const char* v) { every_ms = unsigned(std::atoi(v)); }}};
  if (!bench::parse_options(argc, argv, options) || main_log < 10 || main_log > 28 ||
      probe_log < 4 || probe_log > main_log) {
    std::fprintf(stderr,
                 "usage: %s [--main-log2 27] [--probe-log2 17] [--probes 30] [--every-ms 100]\n",
                 argv[0]);
    return 2;
  }
  if (cuda_device_count() == 0) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  const size_t main_n = size_t(1) << main_log, probe_n = size_t(1) << probe_log;
  const auto distinct = msm::testing::random_points<curve::G1Config>(size_t(1) << 16, 2024);
  const DeviceBuffer<G1AffineStorage> bases = bench::tile_bases(distinct, main_n);
  DeviceBuffer<Repr> scalars(main_n);
  bench::fill_scalars(scalars, main_n, false, 1);
  GpuMsmOptions random_scalars;
  random_scalars.split_trivial = false;  // the H query's shape

  GpuMsm main_msm{0}, probe_msm{0};
  Stream main_stream(0), probe_stream(highest_stream_priority(0));
  const auto main_call = [&] {
    return main_msm.msm(bases.data(), main_n, scalars.data(), main_stream.get(), random_scalars);
  };
  const auto probe_call = [&] {
    return probe_msm.msm(bases.data(), probe_n, scalars.data(), probe_stream.get());
  };
  const curve::G1 main_want = main_call(), probe_want = probe_call();  // warm-ups, references
  std::atomic<bool> same{true};
  const auto check = [&same](bool ok) {
    if (!ok) same = false;
  };

  std::vector<double> alone;
  for (unsigned i = 0; i < probes; ++i) {
    const auto t0 = Clock::now();
    check(probe_call() == probe_want);
    alone.push_back(ms_since(t0));
  }
  std::vector<double> main_alone;
  for (int i = 0; i < 3; ++i) {
    const auto t0 = Clock::now();
    check(main_call() == main_want);
    main_alone.push_back(ms_since(t0));
  }

  std::atomic<bool> stop{false};
  std::vector<double> main_beside;
  std::thread busy([&] {
    while (!stop.load()) {
      const auto t0 = Clock::now();
      check(main_call() == main_want);
      main_beside.push_back(ms_since(t0));
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  std::vector<double> beside;
  for (unsigned i = 0; i < probes; ++i) {
    const auto t0 = Clock::now();
    check(probe_call() == probe_want);
    beside.push_back(ms_since(t0));
    std::this_thread::sleep_for(std::chrono::milliseconds(every_ms));
  }
  stop = true;
  busy.join();

  const Spread a = spread(alone), b = spread(beside), m = spread(main_alone),
               mb = spread(main_beside);
  std::printf("probe 2^%u (highest priority)  alone: p50 %.2f p99 %.2f max %.2f ms\n", probe_log,
              a.p50, a.p99, a.max);
  std::printf("probe 2^%u beside main 2^%u:  p50 %.2f p99 %.2f max %.2f ms (%u probes, every %u "
              "ms)\n",
              probe_log, main_log, b.p50, b.p99, b.max, probes, every_ms);
  std::printf("main 2^%u (default priority): alone p50 %.1f ms, beside the probes p50 %.1f ms "
              "(%zu calls)\n",
              main_log, m.p50, mb.p50, main_beside.size());
  if (!same) std::printf("*** RESULTS DIFFER BETWEEN RUNS ***\n");
  return same ? 0 : 1;
}

}  // namespace
}  // namespace cuzk::gpu

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_deadline_bench", cuzk::gpu::run, argc, argv);
}
