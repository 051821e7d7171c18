// gpu_spread_bench: proving throughput over several GPUs of one host, against one GPU, on the same
// batch of 32 GiB PoRep-shaped partitions (gpu_partition_bench.hpp's synthetic witness, a tiled
// random SRS resident on every device: tiled_device_srs.hpp).
//
// 1. Each device proves partition 0 with the same (r, s): the proofs must be byte-identical (a
//    proof depends only on witness, parameters and randomness), else the bench fails. This is
//    also every device's warm-up (workspace, NTT tables).
// 2. For 1 device, then all of them: --partitions proofs handed to --workers threads per device;
//    each takes the next partition, is given a device by groth16::LeastBusy (the routing of the
//    daemon's SpreadBackend) and calls that device's CudaBackend start/finish. Reported:
//    wall time, proofs/s, each device's proofs and busy time (the sum of its backend phases) as a
//    share of the wall time, and the speed-up over one device.
//
// The proofs do not verify (no trusted setup); the daemon's multi-GPU path with real parameters
// is checked by the device tests (SpreadBackend of CudaBackends == CpuBackend proofs).
//
// Usage: gpu_spread_bench [--log2 27] [--devices 0,1] [--partitions 8] [--workers 2]
//                         [--threads 0] [--seed 1]
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench_main.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/device_guard.hpp"
#include "gpu_partition_bench.hpp"
#include "groth16/proof.hpp"
#include "groth16/spread_backend.hpp"
#include "tiled_device_srs.hpp"

namespace cuzk::gpu {
namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  unsigned log2 = bench::kPorepLog2;
  std::vector<int> devices;  // empty: all
  int partitions = 8, workers = 2;
  unsigned threads = 0;
  uint64_t seed = 1;
};

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--log2" && has_value) {
      o.log2 = unsigned(std::atoi(argv[++i]));
    } else if (a == "--devices" && has_value) {
      std::stringstream list(argv[++i]);
      for (std::string d; std::getline(list, d, ',');) o.devices.push_back(std::atoi(d.c_str()));
    } else if (a == "--partitions" && has_value) {
      o.partitions = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--workers" && has_value) {
      o.workers = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--threads" && has_value) {
      o.threads = unsigned(std::atoi(argv[++i]));
    } else if (a == "--seed" && has_value) {
      o.seed = std::strtoull(argv[++i], nullptr, 10);
    } else {
      return false;
    }
  }
  return true;
}

// One device: its resident SRS and its backend.
struct Device {
  int ordinal = 0;
  DeviceSrs srs;
  std::unique_ptr<CudaBackend> backend;
};

struct RunResult {
  double wall_s = 0;
  std::vector<int> proofs;     // per device
  std::vector<double> busy_s;  // per device: sum of backend phases
};

// `partitions` proofs over the first `count` devices, `workers` threads per device.
RunResult run_batch(std::vector<Device>& devices, size_t count, int partitions, int workers,
                    const std::vector<WitnessView>& view, const bench::SyntheticSrsHost& host,
                    const std::vector<groth16::Randomness>& rs) {
  groth16::LeastBusy router(count);
  RunResult r;
  r.proofs.assign(count, 0);
  r.busy_s.assign(count, 0);
  std::mutex mutex;
  std::atomic<int> next{0};
  const auto t0 = Clock::now();
  std::vector<std::thread> threads;
  for (size_t t = 0; t < count * size_t(workers); ++t) {
    threads.emplace_back([&] {
      while (next.fetch_add(1) < partitions) {
        const groth16::LeastBusy::Slot slot = router.acquire();
        Device& d = devices[slot.index()];
        const CudaBackend::SrsRef srs{&host.vk, &d.srs, host.b_g2};
        const groth16::ProveOutput out = d.backend->finish(d.backend->start_views(view, srs, rs));
        std::lock_guard lock(mutex);
        ++r.proofs[slot.index()];
        r.busy_s[slot.index()] += groth16::busy_ms(out.timings) / 1000;
      }
    });
  }
  for (auto& t : threads) t.join();
  r.wall_s = std::chrono::duration<double>(Clock::now() - t0).count();
  return r;
}

int run(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(stderr,
                 "usage: %s [--log2 27] [--devices 0,1] [--partitions 8] [--workers 2] "
                 "[--threads 0] [--seed 1]\n",
                 argv[0]);
    return 2;
  }
  if (o.devices.empty()) {
    for (int d = 0; d < cuda_backend_device_count(); ++d) o.devices.push_back(d);
  }
  if (o.devices.empty()) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  const bench::PartitionShape shape = bench::PartitionShape::porep_32g(o.log2);
  std::printf(
      "partition: domain 2^%u, %zu constraints, %zu aux; %zu device(s), %d partitions, "
      "%d workers per device, host threads %u\n",
      shape.log2, shape.constraints, shape.aux, o.devices.size(), o.partitions, o.workers,
      resolve_threads(o.threads));
  std::fflush(stdout);

  auto t0 = Clock::now();
  const bench::SyntheticWitness witness = bench::make_witness(shape, o.seed, o.threads);
  const SrsShape srs_shape = bench::srs_shape_for(witness, shape);
  const bench::SyntheticSrsHost host = bench::make_srs_host(shape.inputs, 0, o.seed + 7, o.threads);
  std::printf("witness and host SRS points: %.1f s\n",
              std::chrono::duration<double>(Clock::now() - t0).count());

  std::vector<Device> devices(o.devices.size());
  for (size_t i = 0; i < devices.size(); ++i) {
    Device& d = devices[i];
    d.ordinal = o.devices[i];
    if (!cuda_device_available(d.ordinal)) {
      std::fprintf(stderr, "no CUDA device %d\n", d.ordinal);
      return 1;
    }
    DeviceGuard on(d.ordinal);
    cudaDeviceProp prop{};
    CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, d.ordinal));
    t0 = Clock::now();
    d.srs = bench::tiled_device_srs(srs_shape, host, true);
    d.backend = std::make_unique<CudaBackend>(d.ordinal, o.threads);
    std::printf("device %d: %s, SRS %.2f GB resident (%.1f s)\n", d.ordinal, prop.name,
                double(d.srs.bytes()) / 1e9,
                std::chrono::duration<double>(Clock::now() - t0).count());
  }
  std::fflush(stdout);

  const std::vector<WitnessView> view{witness.view()};
  uint64_t st = o.seed + 99;
  const std::vector<groth16::Randomness> rs{{bench::random_fr(st), bench::random_fr(st)}};

  // 1. The same proof on every device (and every device warmed up).
  std::array<uint8_t, groth16::kProofBytes> first{};
  bool have_first = false;
  for (Device& d : devices) {
    t0 = Clock::now();
    const CudaBackend::SrsRef srs{&host.vk, &d.srs, host.b_g2};
    const groth16::ProveOutput out = d.backend->finish(d.backend->start_views(view, srs, rs));
    const auto bytes = groth16::encode_proof(out.proofs.at(0));
    std::printf("device %d: warm-up proof %.1f ms\n", d.ordinal,
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    if (!have_first) {
      first = bytes;
      have_first = true;
    } else if (bytes != first) {
      std::fprintf(stderr, "device %d gave a different proof than device %d\n", d.ordinal,
                   devices.front().ordinal);
      return 1;
    }
  }
  std::printf("the same proof on all %zu device(s)\n", devices.size());
  std::fflush(stdout);

  // 2. Throughput on one device, then on all.
  std::vector<size_t> counts{1};
  if (devices.size() > 1) counts.push_back(devices.size());
  double one_rate = 0;
  std::printf("\n== %d partitions of domain 2^%u, %d workers per device ==\n", o.partitions,
              shape.log2, o.workers);
  std::printf("%-8s %10s %10s %9s %10s  %s\n", "devices", "wall s", "proofs/s", "speed-up",
              "efficiency", "per device: proofs, busy % of wall");
  for (const size_t count : counts) {
    const RunResult r = run_batch(devices, count, o.partitions, o.workers, view, host, rs);
    const double rate = o.partitions / r.wall_s;
    if (count == 1) one_rate = rate;
    std::string per;
    for (size_t i = 0; i < count; ++i) {
      char cell[96];
      std::snprintf(cell, sizeof cell, "%scuda:%d %d, %.0f %%", i ? "; " : "", devices[i].ordinal,
                    r.proofs[i], 100.0 * r.busy_s[i] / r.wall_s);
      per += cell;
    }
    std::printf("%-8zu %10.2f %10.3f %8.2fx %9.0f %%  %s\n", count, r.wall_s, rate, rate / one_rate,
                100.0 * rate / one_rate / double(count), per.c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace
}  // namespace cuzk::gpu

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_spread_bench", cuzk::gpu::run, argc, argv);
}
