// gpu_overlap_bench: whether a partition's two long phases gain from running at once on one device
// — H's six NTTs (compute_h at 2^--log2) on one stream beside the H query's MSM (2^--log2 random
// scalars) on another, as they would if the daemon ran the next proof's ntt_h beside this proof's
// msm_h. The MSM bucket kernel holds 2 blocks of 128 threads per SM (184 registers), which leaves
// registers for one NTT pass block; both are bound by the integer multiply pipe, the MSM at ~78 %
// of it. Prints the medians of: each alone; both on one stream (one after the other); both at once
// on two streams — the wall time until both are done and each one's own — at equal priorities and
// with either one's stream at the device's highest; and two MSMs at once. MSM results are checked
// equal across the runs (exit 1 otherwise).
//
// Usage: gpu_overlap_bench [--log2 27] [--runs 5]
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <thread>
#include <vector>

#include "../msm/msm_fixtures.hpp"
#include "bench_main.hpp"
#include "device_msm_inputs.cuh"
#include "gpu/backend/prove_lane.hpp"  // highest_stream_priority
#include "gpu/msm/msm.hpp"
#include "gpu/ntt/ntt.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// A timed piece of work on a given stream (synchronous: returns once its stream is idle).
using Phase = std::function<void(cudaStream_t)>;

struct Together {
  double wall, first, second;  // ms from the common start
};

// first on s1 and second on s2 at once (second from a thread of its own).
Together run_together(const Phase& first, cudaStream_t s1, const Phase& second, cudaStream_t s2) {
  const auto t0 = Clock::now();
  double second_ms = 0;
  std::thread other([&] {
    second(s2);
    second_ms = ms_since(t0);
  });
  first(s1);
  const double first_ms = ms_since(t0);
  other.join();
  return {ms_since(t0), first_ms, second_ms};
}

int run(int argc, char** argv) {
  unsigned log_n = 27, runs = 5;
  const bench::OptionSetters options = {
      {"--log2", [&](const char* v) { log_n = unsigned(std::atoi(v)); }},
      {"--runs", [&](const char* v) { runs = unsigned(std::max(1, std::atoi(v))); }}};
  if (!bench::parse_options(argc, argv, options) || log_n < 10 || log_n > 27) {
    std::fprintf(stderr, "usage: %s [--log2 27] [--runs 5]\n", argv[0]);
    return 2;
  }
  if (cuda_device_count() == 0) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  const size_t n = size_t(1) << log_n;
  const auto distinct = msm::testing::random_points<curve::G1Config>(size_t(1) << 16, 2024);
  const DeviceBuffer<G1AffineStorage> bases = bench::tile_bases(distinct, n);
  DeviceBuffer<ff::Fr::Repr> scalars(n);
  bench::fill_scalars(scalars, n, false, 1);
  bench::HVectors h(log_n);
  GpuMsm msm_one{0}, msm_two{0};
  // The whole first-pass and scaling tables, as the daemon uses on a device of >= 100 GB.
  GpuNtt ntt{0, log_n, GpuNttOptions{ntt_detail::kMaxPassLog, log_n, log_n}};
  ntt.prepare(log_n);
  Stream plain_one(0), plain_two(0), high(highest_stream_priority(0));
  GpuMsmOptions msm_options;
  msm_options.split_trivial = false;  // the H query's shape

  std::atomic<bool> same{true};  // written by both threads of a pair
  const curve::G1 want = msm_one.msm(bases.data(), n, scalars.data(), plain_one.get(), msm_options);
  const auto msm_with = [&](GpuMsm& m) {
    return Phase([&](cudaStream_t s) {
      if (!(m.msm(bases.data(), n, scalars.data(), s, msm_options) == want)) same = false;
    });
  };
  const Phase msm_a = msm_with(msm_one), msm_b = msm_with(msm_two);
  const Phase ntt_h = [&](cudaStream_t s) {
    ntt.compute_h(h.a.data(), h.b.data(), h.c.data(), log_n, s);
    CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
  };
  msm_b(plain_two.get());  // warm-ups
  ntt_h(plain_two.get());

  const auto alone = [&](const Phase& p) {
    std::vector<double> ms;
    for (unsigned i = 0; i < runs; ++i) {
      const auto t0 = Clock::now();
      p(plain_one.get());
      ms.push_back(ms_since(t0));
    }
    return bench::median(ms);
  };
  const double msm_ms = alone(msm_a), ntt_ms = alone(ntt_h);
  const double serial_ms = alone([&](cudaStream_t s) {
    ntt_h(s);
    msm_a(s);
  });
  std::printf(
      "2^%u, medians of %u (ms): msm_h alone %.1f, ntt_h alone %.1f, sum %.1f; "
      "one after the other on one stream %.1f\n",
      log_n, runs, msm_ms, ntt_ms, msm_ms + ntt_ms, serial_ms);

  struct Pair {
    const char* label;
    const Phase *first, *second;
    cudaStream_t s1, s2;
    double alone_sum;
  };
  const Pair pairs[] = {
      {"msm + ntt, equal priorities", &msm_a, &ntt_h, plain_one.get(), plain_two.get(),
       msm_ms + ntt_ms},
      {"msm (highest) + ntt", &msm_a, &ntt_h, high.get(), plain_two.get(), msm_ms + ntt_ms},
      {"msm + ntt (highest)", &msm_a, &ntt_h, plain_one.get(), high.get(), msm_ms + ntt_ms},
      {"msm + msm, equal priorities", &msm_a, &msm_b, plain_one.get(), plain_two.get(), 2 * msm_ms},
  };
  for (const Pair& p : pairs) {
    std::vector<double> wall, first, second;
    for (unsigned i = 0; i < runs; ++i) {
      const Together t = run_together(*p.first, p.s1, *p.second, p.s2);
      wall.push_back(t.wall);
      first.push_back(t.first);
      second.push_back(t.second);
    }
    const double w = bench::median(wall);
    std::printf(
        "  at once: %-28s wall %7.1f (%.3f of alone's sum)  first done %7.1f, second "
        "%7.1f\n",
        p.label, w, w / p.alone_sum, bench::median(first), bench::median(second));
  }
  if (!same) std::printf("*** MSM RESULTS DIFFER BETWEEN RUNS ***\n");
  return same ? 0 : 1;
}

}  // namespace
}  // namespace cuzk::gpu

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_overlap_bench", cuzk::gpu::run, argc, argv);
}
