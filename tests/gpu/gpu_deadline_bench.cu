// gpu_deadline_bench: what a deadline proof's kernels wait for on a GPU that a 32 GiB partition
// keeps busy — the daemon's two lanes in miniature, without its parameters. A "main" thread runs a
// partition-sized phase back to back on a stream of the default priority (the main lane): the H
// query's MSM (2^--main-log2 random scalars) or H's NTTs (compute_h at 2^--main-log2). "Probe"
// work of 2^--probe-log2 (a WinningPoSt's size) runs on a stream of the device's highest priority
// (the deadline lane's): an MSM and compute_h, first alone, then every --every-ms beside each main
// phase. Every configuration runs once per value of --aheads (the main phase's
// GpuMsmOptions::groups_ahead and GpuNttOptions::steps_ahead: 0, all of its kernels enqueued at
// once; k, at most k sort groups / passes queued), and once as the daemon runs it: the main lane's
// window with the probes holding the PriorityGate it yields to (enqueue_window.hpp). Prints, per
// configuration, the probes' latency p50 / p99 / max (host wall time of the synchronous call) and
// the main phase's own time alone and beside the probes (what pacing costs the main lane), so
// that a change to how the lanes share the GPU is measured in one call. MSM results are checked
// equal across the runs (exit 1 otherwise).
//
// Usage: gpu_deadline_bench [--main-log2 27] [--probe-log2 19] [--probes 20] [--every-ms 100]
//                           [--aheads 0,2]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "../msm/msm_fixtures.hpp"
#include "bench_main.hpp"
#include "device_msm_inputs.cuh"
#include "gpu/backend/prove_lane.hpp"
#include "gpu/msm/msm.hpp"
#include "gpu/ntt/ntt.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/enqueue_window.hpp"

namespace cuzk::gpu {
namespace {

using Repr = ff::Fr::Repr;
using Clock = std::chrono::steady_clock;
constexpr unsigned kDaemonWindow = 2;  // the main lane's (prove_lane.cpp, kYieldingWindow)

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Spread {
  double p50 = 0, p99 = 0, max = 0;
};
Spread spread(std::vector<double> v) {
  if (v.empty()) return {};
  std::sort(v.begin(), v.end());
  const auto at = [&](double q) { return v[std::min(v.size() - 1, size_t(q * double(v.size())))]; };
  return {at(0.5), at(0.99), v.back()};
}

// Wall times of `calls` calls of f.
std::vector<double> time_calls(unsigned calls, const std::function<void()>& f) {
  std::vector<double> ms;
  for (unsigned i = 0; i < calls; ++i) {
    const auto t0 = Clock::now();
    f();
    ms.push_back(ms_since(t0));
  }
  return ms;
}

int run(int argc, char** argv) {
  unsigned main_log = 27, probe_log = 19, probes = 20, every_ms = 100;
  std::vector<unsigned> aheads = {0, 2};
  const bench::OptionSetters options = {
      {"--main-log2", [&](const char* v) { main_log = unsigned(std::atoi(v)); }},
      {"--probe-log2", [&](const char* v) { probe_log = unsigned(std::atoi(v)); }},
      {"--probes", [&](const char* v) { probes = unsigned(std::max(1, std::atoi(v))); }},
      {"--every-ms", [&](const char* v) { every_ms = unsigned(std::atoi(v)); }},
      {"--aheads", [&](const char* v) { aheads = bench::parse_list(v, "--aheads"); }}};
  if (!bench::parse_options(argc, argv, options) || main_log < 10 || main_log > 27 ||
      probe_log < 4 || probe_log > main_log || aheads.empty()) {
    std::fprintf(stderr,
                 "usage: %s [--main-log2 27] [--probe-log2 19] [--probes 20] [--every-ms 100] "
                 "[--aheads 0,2]\n",
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
  bench::HVectors main_h(main_log), probe_h(probe_log);

  GpuMsm main_msm{0}, probe_msm{0};
  GpuNtt main_ntt{0, main_log}, probe_ntt{0, probe_log};
  main_ntt.prepare(main_log);
  probe_ntt.prepare(probe_log);
  Stream main_stream(0), probe_stream(highest_stream_priority(0));
  GpuMsmOptions main_options;
  main_options.split_trivial = false;  // the H query's shape

  std::atomic<bool> same{true};
  const auto main_msm_call = [&] {
    return main_msm.msm(bases.data(), main_n, scalars.data(), main_stream.get(), main_options);
  };
  const auto probe_msm_call = [&] {
    return probe_msm.msm(bases.data(), probe_n, scalars.data(), probe_stream.get());
  };
  const curve::G1 main_want = main_msm_call(), probe_want = probe_msm_call();  // warm-ups
  const auto check = [&same](bool ok) {
    if (!ok) same = false;
  };
  const std::function<void()> main_phases[2] = {[&] { check(main_msm_call() == main_want); },
                                                [&] {
                                                  main_ntt.compute_h(
                                                      main_h.a.data(), main_h.b.data(),
                                                      main_h.c.data(), main_log, main_stream.get());
                                                  main_stream.synchronize();
                                                }};
  const char* main_names[2] = {"msm", "ntt"};
  const std::function<void()> probe_phases[2] = {
      [&] { check(probe_msm_call() == probe_want); },
      [&] {
        probe_ntt.compute_h(probe_h.a.data(), probe_h.b.data(), probe_h.c.data(), probe_log,
                            probe_stream.get());
        probe_stream.synchronize();
      }};
  main_phases[1]();  // warm-up
  probe_phases[1]();

  std::printf(
      "probe 2^%u on the highest priority, main 2^%u on the default; %u probes of each "
      "kind every %u ms (ms: probe p50 / p99 / max; main p50)\n",
      probe_log, main_log, probes, every_ms);
  for (int p = 0; p < 2; ++p) {
    const Spread a = spread(time_calls(probes, probe_phases[p]));
    std::printf("  alone                   probe %s %7.2f %7.2f %7.2f\n", main_names[p], a.p50,
                a.p99, a.max);
  }
  struct Pacing {
    unsigned ahead;
    bool gate;
  };
  std::vector<Pacing> pacings;
  for (const unsigned ahead : aheads) pacings.push_back({ahead, false});
  pacings.push_back({kDaemonWindow, true});
  PriorityGate gate;
  for (const Pacing& pacing : pacings) {
    main_options.groups_ahead = pacing.ahead;
    main_options.yield_to = pacing.gate ? &gate : nullptr;
    main_ntt.set_enqueue_window(pacing.ahead, main_options.yield_to);
    const std::string label =
        "ahead " + std::to_string(pacing.ahead) + (pacing.gate ? " + gate" : "");
    for (int m = 0; m < 2; ++m) {
      const double alone = bench::median(time_calls(3, main_phases[m]));
      std::atomic<bool> stop{false};
      std::vector<double> beside_ms;
      std::thread busy([&] {
        while (!stop.load()) {
          const auto t0 = Clock::now();
          main_phases[m]();
          beside_ms.push_back(ms_since(t0));
        }
      });
      Spread probe_spread[2];
      for (int p = 0; p < 2; ++p) {
        std::vector<double> ms;
        for (unsigned i = 0; i < probes; ++i) {
          std::this_thread::sleep_for(std::chrono::milliseconds(every_ms));
          const auto t0 = Clock::now();
          {
            const PriorityGate::Hold hold(pacing.gate ? &gate : nullptr);
            probe_phases[p]();
          }
          ms.push_back(ms_since(t0));
        }
        probe_spread[p] = spread(ms);
      }
      stop = true;
      busy.join();
      for (int p = 0; p < 2; ++p) {
        const Spread& b = probe_spread[p];
        std::printf(
            "  main %s %-14s probe %s %7.2f %7.2f %7.2f   main alone %.1f, beside "
            "%.1f (%zu calls)\n",
            main_names[m], label.c_str(), main_names[p], b.p50, b.p99, b.max, alone,
            bench::median(beside_ms), beside_ms.size());
      }
    }
  }
  if (!same) std::printf("*** RESULTS DIFFER BETWEEN RUNS ***\n");
  return same ? 0 : 1;
}

}  // namespace
}  // namespace cuzk::gpu

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_deadline_bench", cuzk::gpu::run, argc, argv);
}
