// gpu_partition_bench: one Groth16 partition proof through CudaBackend, end to end, at the shape of
// a 32 GiB PoRep partition (gpu_partition_bench.hpp; --log2 scales it: 27 is the real size, 16
// runs in seconds). Times every phase of start/finish — upload, NTTs, the four G1 MSMs and B in
// G2 on the GPU (or, with --b-g2-cpu, B in G2 on CPU threads alongside), the assembly — and the
// wall time of the proof.
//
// Data: the synthetic witness of gpu_partition_bench.hpp (host); the G1 sections (h, l, a, b_g1;
// 41 GB at 2^27) tiled on the device from 2^16 distinct points and B in G2 (6.4 GB at 2^27) from
// 2^13 (tiled_device_srs.hpp): no host copy of them exists (the host has 128 GiB). With
// --b-g2-cpu, B in G2 is tiled on the host instead (6.6 GB), as the CPU path reads it. The proof
// does not verify (no trusted setup); the bench only times. Correctness is the device tests' job
// (backend_device_test.cpp, backend_srs_device_test.cpp). Timing: --warmup proofs, then the median
// (and minimum) of --runs proofs; per phase, the sum of its entries in ProveOutput::timings (one
// entry per circuit); wall = start + finish.
//
// --streamed: the SRS is not resident but streamed from host parameters (tiled too, ~51 GB of
// host memory at 2^27) on every proof, --chunk bases at a time (a GPU smaller than the SRS).
// --device-gb N: device memory is held at the start so that N GB stay free, to run as a smaller
// card would (84.5: an 80 GB H100; with --ntt-tables split, as a card under 100 GB resolves auto).
//
// Usage: gpu_partition_bench [--log2 27] [--runs 3] [--warmup 1] [--batch 1] [--device 0]
//                            [--threads 0] [--seed 1] [--b-g2-cpu] [--streamed] [--chunk 4194304]
//                            [--ntt-tables auto|split|whole]   (CudaBackendOptions::ntt_tables)
//                            [--device-gb N]
#include "gpu_partition_bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "bench_main.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "gpu/backend/device_srs.hpp"
#include "gpu/util/cuda_util.hpp"
#include "tiled_device_srs.hpp"

namespace cuzk::gpu {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Peak resident set of this process (VmHWM), in GB; 0 if unknown.
double peak_rss_gb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0)
      return double(std::strtoull(line.c_str() + 6, nullptr, 10)) / 1e6;
  }
  return 0;
}

struct Options {
  unsigned log2 = bench::kPorepLog2;
  int runs = 3, warmup = 1, batch = 1, device = 0;
  unsigned threads = 0;
  uint64_t seed = 1;
  bool b_g2_cpu = false;           // B in G2 on CPU threads (bases on the host)
  bool streamed = false;           // the SRS streamed from host memory on every proof
  size_t chunk = size_t(1) << 22;  // bases per streamed chunk
  double device_gb = 0;            // > 0: hold all but this much free device memory
  CudaBackendOptions::NttTables tables = CudaBackendOptions::NttTables::kAuto;
};

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--log2" && has_value)
      o.log2 = unsigned(std::atoi(argv[++i]));
    else if (a == "--runs" && has_value)
      o.runs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--warmup" && has_value)
      o.warmup = std::max(0, std::atoi(argv[++i]));
    else if (a == "--batch" && has_value)
      o.batch = std::max(1, std::atoi(argv[++i]));
    else if (a == "--device" && has_value)
      o.device = std::atoi(argv[++i]);
    else if (a == "--threads" && has_value)
      o.threads = unsigned(std::atoi(argv[++i]));
    else if (a == "--seed" && has_value)
      o.seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--b-g2-cpu")
      o.b_g2_cpu = true;
    else if (a == "--streamed")
      o.streamed = true;
    else if (a == "--chunk" && has_value)
      o.chunk = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--device-gb" && has_value)
      o.device_gb = std::atof(argv[++i]);
    else if (a == "--ntt-tables" && has_value) {
      const std::string v = argv[++i];
      using T = CudaBackendOptions::NttTables;
      if (v == "auto")
        o.tables = T::kAuto;
      else if (v == "split")
        o.tables = T::kSplit;
      else if (v == "whole")
        o.tables = T::kWhole;
      else
        return false;
    } else
      return false;
  }
  return true;
}

// One proof's phase sums and wall times.
struct Sample {
  std::map<std::string, double> phase_ms;
  double start_ms = 0, finish_ms = 0;
};

int run(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(stderr,
                 "usage: %s [--log2 27] [--runs 3] [--warmup 1] [--batch 1] [--device 0] "
                 "[--threads 0] [--seed 1] [--b-g2-cpu] [--streamed] [--chunk 4194304]\n"
                 "       [--ntt-tables auto|split|whole] [--device-gb N]\n",
                 argv[0]);
    return 2;
  }
  const bench::PartitionShape shape = bench::PartitionShape::porep_32g(o.log2);
  if (!cuda_device_available(o.device)) {
    std::fprintf(stderr, "no CUDA device %d\n", o.device);
    return 1;
  }
  CUZK_CUDA_CHECK(cudaSetDevice(o.device));
  cudaDeviceProp prop{};
  CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, o.device));
  size_t free_b = 0, total_b = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  std::printf("device %d: %s (%d SMs, %.1f of %.1f GB free), host threads %u\n", o.device,
              prop.name, prop.multiProcessorCount, free_b / 1e9, total_b / 1e9,
              resolve_threads(o.threads));
  DeviceBuffer<uint8_t> held;  // --device-gb: what a smaller card would not have
  if (o.device_gb > 0 && double(free_b) > o.device_gb * 1e9) {
    held = DeviceBuffer<uint8_t>(free_b - size_t(o.device_gb * 1e9));
    CUZK_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    std::printf("held %.1f GB of device memory: %.1f GB free\n", double(held.size()) / 1e9,
                free_b / 1e9);
  }
  std::printf("partition: domain 2^%u, %zu constraints, %zu inputs, %zu aux, batch %d\n",
              shape.log2, shape.constraints, shape.inputs, shape.aux, o.batch);
  std::fflush(stdout);

  auto t0 = Clock::now();
  const bench::SyntheticWitness witness = bench::make_witness(shape, o.seed, o.threads);
  const SrsShape srs_shape = bench::srs_shape_for(witness, shape);
  std::printf("witness: %.1f s (a/b/c/aux %.2f GB; A aux density %.2f %%, B aux %.2f %%)\n",
              seconds_since(t0),
              double(3 * witness.a.size() + witness.aux.size()) * sizeof(ff::Fr) / 1e9,
              100.0 * double(srs_shape.a - shape.inputs) / double(shape.aux),
              100.0 * double(srs_shape.b_g1 - 1) / double(shape.aux));
  std::fflush(stdout);

  t0 = Clock::now();
  const bench::SyntheticSrsHost host_srs =
      bench::make_srs_host(shape.inputs, o.b_g2_cpu ? srs_shape.b_g2 : 0, o.seed + 7, o.threads);
  // Streamed: host parameters of the full sizes (no device copy); else tiled on the device.
  const groth16::Parameters host_params =
      o.streamed ? bench::tiled_host_parameters(host_srs, srs_shape.h, srs_shape.l, srs_shape.a,
                                                srs_shape.b_g1, srs_shape.b_g2, o.threads)
                 : groth16::Parameters{};
  const DeviceSrs g1 =
      o.streamed ? DeviceSrs{} : bench::tiled_device_srs(srs_shape, host_srs, !o.b_g2_cpu);
  const size_t streamed_bytes =
      sizeof(curve::G1Affine) * (host_params.h.size() + host_params.l.size() +
                                 host_params.a.size() + host_params.b_g1.size()) +
      sizeof(curve::G2Affine) * host_params.b_g2.size();
  std::printf(
      "srs: %.1f s (on the device %.2f GB, of which B in G2 %.2f GB; B in G2 on the host "
      "%.2f GB; streamed from the host %.2f GB)\n",
      seconds_since(t0), double(g1.bytes()) / 1e9, double(g1.b_g2.size_bytes()) / 1e9,
      double(host_srs.b_g2.size() * sizeof(curve::G2Affine)) / 1e9, double(streamed_bytes) / 1e9);
  std::fflush(stdout);

  CudaBackend backend(o.device, CudaBackendOptions{.cpu_threads = o.threads,
                                                   .b_g2_on_gpu = !o.b_g2_cpu,
                                                   .stream_chunk_points = o.chunk,
                                                   .ntt_tables = o.tables});
  const CudaBackend::SrsRef srs =
      o.streamed ? CudaBackend::SrsRef{&host_params.vk, nullptr, host_params.b_g2, &host_params}
                 : CudaBackend::SrsRef{&host_srs.vk, &g1, host_srs.b_g2};
  const std::vector<WitnessView> views(size_t(o.batch), witness.view());
  std::vector<groth16::Randomness> rs(size_t(o.batch));
  uint64_t st = o.seed + 99;
  for (auto& r : rs) r = {bench::random_fr(st), bench::random_fr(st)};

  std::vector<std::string> order;  // phase names in first-seen order
  auto prove_once = [&]() {
    Sample s;
    const auto t_start = Clock::now();
    auto pending = backend.start_views(views, srs, rs);
    const auto t_mid = Clock::now();
    const groth16::ProveOutput out = backend.finish(std::move(pending));
    s.start_ms = std::chrono::duration<double, std::milli>(t_mid - t_start).count();
    s.finish_ms = std::chrono::duration<double, std::milli>(Clock::now() - t_mid).count();
    for (const auto& [name, ms] : out.timings) {
      if (std::find(order.begin(), order.end(), name) == order.end()) order.push_back(name);
      s.phase_ms[name] += ms;
    }
    return s;
  };
  for (int i = 0; i < o.warmup; ++i) {
    const Sample s = prove_once();
    std::printf("warm-up: %.1f ms (start %.1f, finish %.1f)\n", s.start_ms + s.finish_ms,
                s.start_ms, s.finish_ms);
    std::fflush(stdout);
  }
  std::vector<Sample> samples;
  for (int i = 0; i < o.runs; ++i) {
    samples.push_back(prove_once());
    const Sample& s = samples.back();
    std::printf("run %d: %.1f ms (start %.1f, finish %.1f)\n", i + 1, s.start_ms + s.finish_ms,
                s.start_ms, s.finish_ms);
    std::fflush(stdout);
  }

  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  std::printf("\n== partition proof on %s: domain 2^%u, batch %d, median of %d runs ==\n",
              prop.name, shape.log2, o.batch, o.runs);
  std::printf("%-14s %12s %12s\n", "phase", "median ms", "min ms");
  for (const std::string& name : order) {
    std::vector<double> v;
    for (const Sample& s : samples) {
      const auto it = s.phase_ms.find(name);
      v.push_back(it == s.phase_ms.end() ? 0.0 : it->second);
    }
    std::printf("%-14s %12.1f %12.1f\n", name.c_str(), bench::median(v),
                *std::min_element(v.begin(), v.end()));
  }
  std::vector<double> starts, finishes, walls;
  for (const Sample& s : samples) {
    starts.push_back(s.start_ms);
    finishes.push_back(s.finish_ms);
    walls.push_back(s.start_ms + s.finish_ms);
  }
  std::printf("%-14s %12.1f %12.1f\n", "start (wall)", bench::median(starts),
              *std::min_element(starts.begin(), starts.end()));
  std::printf("%-14s %12.1f %12.1f\n", "finish (wall)", bench::median(finishes),
              *std::min_element(finishes.begin(), finishes.end()));
  std::printf("%-14s %12.1f %12.1f\n", "total (wall)", bench::median(walls),
              *std::min_element(walls.begin(), walls.end()));
  std::printf(
      "memory: device SRS %.2f GB + workspace %.2f GB, %.2f of %.2f GB free; host peak "
      "RSS %.2f GB; MSMs: %s\n",
      double(g1.bytes()) / 1e9, double(backend.workspace_bytes()) / 1e9, free_b / 1e9,
      total_b / 1e9, peak_rss_gb(), to_string(backend.msm_room()));
  return 0;
}

}  // namespace
}  // namespace cuzk::gpu

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_partition_bench", cuzk::gpu::run, argc, argv);
}
