// gpu_ntt_bench: time of the GPU NTT (src/gpu/ntt/ntt.hpp) — forward, coset forward and inverse
// transforms at 2^20, 2^24, 2^26, 2^27, and the H pipeline (6 transforms + pointwise) at 2^24 and
// 2^27 — with a per-step breakdown of the largest forward transform and of H, and the largest
// forward transform with whole instead of split first-pass twiddle tables (GpuNttOptions). Where
// the plan fuses the bit reversal into the passes (2^27), the rows "sweep permute" are the same
// programs with the permutation as a sweep of its own (GpuNttOptions::fuse_bit_reverse = false).
//
// Inputs are random field elements generated on the device. Each measurement is the median of
// `runs` timed repetitions (CUDA events around one launch of the operation's steps on one stream)
// after one warm-up that also builds the size's tables. Columns of the final table:
//   eff. GB/s   the bytes one read and one write of the data would move (2 x 32 n for a
//               transform, 4 x 32 n for H: a, b, c read, h written) over the time: what the
//               operation would cost as a single sweep over memory (HBM3e: ~4.8 TB/s);
//   Gmul/s      Fr multiplications the steps perform (counted from the program) per second:
//               compare with gpu_field_bench's "Fr mul" throughput to see how compute-bound the
//               kernels are.
// Correctness is the tests' job (test_gpu, test_gpu_host). The table is printed last.
//
// Usage: gpu_ntt_bench [runs (default 10)] [max_log_n (default 27)]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "bench_main.hpp"
#include "gpu/arith/fields.cuh"
#include "gpu/ntt/ntt.hpp"
#include "gpu/ntt/ntt_kernels.hpp"
#include "gpu/ntt/ntt_pass.hpp"
#include "gpu/ntt/ntt_program.hpp"
#include "gpu/util/cuda_util.hpp"

namespace cuzk::gpu {
namespace {

using ntt_detail::Program;
using ntt_detail::Step;

// Random reduced field elements: a counter hashed by splitmix64, the top limb masked below the
// modulus' (0x73eda753...), so every value is < p; read as Montgomery limbs they are random
// elements.
__global__ void fill_random(FrStorage* data, size_t n, uint64_t seed) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    uint64_t x = seed * 0xd1b54a32d192ed03ull + i * 4;
    FrStorage s;
    for (int j = 0; j < 4; ++j) {
      uint64_t z = (x + uint64_t(j)) * 0x9e3779b97f4a7c15ull;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      z ^= z >> 31;
      s.limbs[2 * j] = uint32_t(z);
      s.limbs[2 * j + 1] = uint32_t(z >> 32);
    }
    s.limbs[7] &= 0x3fffffffu;
    data[i] = s;
  }
}

void fill(DeviceBuffer<FrStorage>& d, uint64_t seed) {
  fill_random<<<1024, 256>>>(d.data(), d.size(), seed);
  CUZK_CUDA_CHECK(cudaGetLastError());
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
}

// Fr multiplications of one step, as the kernels of ntt_pass.hpp perform them: the stage
// butterflies with a nonzero twiddle exponent, and the per-element factors of load and store.
double multiplications(const Step& step) {
  if (step.kind == Step::Kind::kBitReverse) return 0;
  const ntt_detail::PassArgs& a = step.args;
  double per_element = 0;
  if (a.mul_b != nullptr) per_element += 1;
  if (a.lo > 0) per_element += a.tw_hi == nullptr ? 1 : 2;
  if (a.scale == ntt_detail::ScaleMode::kConstant) per_element += 1;
  if (a.scale == ntt_detail::ScaleMode::kPowers) per_element += 2;
  double per_tile = 0;
  ntt_detail::dispatch_pass(step, [&](auto bits, auto flow) {
    using Tile = ntt_detail::PassTile<FrNttDevice, decltype(bits)::value, decltype(flow)::value>;
    for (unsigned k = 0; k < Tile::kRounds; ++k) {
      const unsigned w0 = Tile::window(k);
      for (unsigned tid = 0; tid < ntt_detail::kThreads; ++tid) {
        const unsigned other = tid >> Tile::kColumnsLog;
        const unsigned row0 = (other & ((1u << w0) - 1)) | ((other >> w0) << (w0 + Tile::kR));
        for (unsigned t = Tile::round_lo(k); t < Tile::round_hi(k); ++t) {
          for (unsigned j = 0; j < Tile::kE; ++j) {
            if (j & (1u << (t - w0))) continue;
            if (((row0 | (j << w0)) & ((1u << t) - 1)) != 0) per_tile += 1;
          }
        }
      }
    }
    per_tile /= double(Tile::kSlots);  // per element
  });
  return (per_tile + per_element) * double(uint64_t(1) << a.log_n);
}

double multiplications(const Program& program) {
  double m = 0;
  for (const Step& s : program) m += multiplications(s);
  return m;
}

struct Row {
  std::string op;
  unsigned log_n;
  double median_ms;
  double min_ms;
  double bytes;  // effective bytes moved (see the file comment)
  double muls;
};

Row measure(const std::string& op, unsigned log_n, double bytes, const Program& program, int runs,
            cudaStream_t stream) {
  ntt_detail::launch_program(program, stream, 0);  // warm-up (module load, clocks)
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<double> ms;
  Event start, stop;
  for (int r = 0; r < runs; ++r) {
    start.record(stream);
    ntt_detail::launch_program(program, stream, 0);
    stop.record(stream);
    stop.synchronize();
    ms.push_back(Event::elapsed_ms(start, stop));
  }
  std::sort(ms.begin(), ms.end());
  const Row row{op, log_n, ms[ms.size() / 2], ms.front(), bytes, multiplications(program)};
  std::printf("  %-34s 2^%-3u median %9.3f ms  min %9.3f ms\n", op.c_str(), log_n, row.median_ms,
              row.min_ms);
  std::fflush(stdout);
  return row;
}

std::string step_name(const Step& s) {
  if (s.kind == Step::Kind::kBitReverse) return "bit reverse";
  return std::string(s.flow == ntt_detail::Flow::kDif ? "DIF" : "DIT") + " pass [" +
         std::to_string(s.args.lo) + "," + std::to_string(s.args.lo + s.bits) + ")";
}

// Each step of a program alone (the data only has to be valid field elements, not meaningful).
void measure_steps(const std::string& prefix, unsigned log_n, const Program& program, int runs,
                   cudaStream_t stream, std::vector<Row>& rows) {
  const double n = double(uint64_t(1) << log_n);
  for (size_t i = 0; i < program.size(); ++i) {
    const Step& s = program[i];
    const double reads = 1.0 + (s.args.mul_b != nullptr) + (s.args.sub_c != nullptr);
    const double bytes = (reads + 1.0) * 32 * n;
    rows.push_back(measure(prefix + std::to_string(i) + ": " + step_name(s), log_n, bytes,
                           Program{s}, runs, stream));
  }
}

int run(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 10;
  const unsigned max_log = argc > 2 ? unsigned(std::atoi(argv[2])) : 27;
  if (runs < 1 || max_log < 20 || max_log > ntt_detail::kMaxLogN) {
    std::fprintf(stderr, "usage: %s [runs >= 1] [max_log_n 20..28]\n", argv[0]);
    return 2;
  }
  if (cuda_device_count() == 0) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  cudaDeviceProp prop{};
  CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s (sm_%d%d, %d SMs, %.1f GiB)\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount, double(prop.totalGlobalMem) / (1u << 30));
  std::fflush(stdout);

  GpuNtt ntt(0, max_log);
  Stream stream;
  std::vector<Row> rows;
  std::vector<unsigned> sizes;
  for (unsigned log_n : {20u, 24u, 26u, 27u, 28u}) {
    if (log_n <= max_log) sizes.push_back(log_n);
  }
  const unsigned largest = sizes.back();

  for (unsigned log_n : sizes) {
    const size_t n = size_t(1) << log_n;
    DeviceBuffer<FrStorage> a(n);
    fill(a, log_n);
    const ntt_detail::TableView tables = ntt.device_tables(log_n);
    const double bytes = 2.0 * 32 * double(n);
    for (const auto& [kind, name] : {std::pair{NttTransform::kForward, "forward NTT"},
                                     std::pair{NttTransform::kCosetForward, "coset forward NTT"},
                                     std::pair{NttTransform::kInverse, "inverse NTT"}}) {
      rows.push_back(measure(name, log_n, bytes,
                             ntt_detail::transform_program(kind, a.data(), log_n, tables), runs,
                             stream.get()));
    }
    if (log_n == largest &&
        ntt_detail::fuses_bit_reverse(ntt_detail::plan_passes(log_n, tables.max_pass_log))) {
      ntt_detail::TableView separate = tables;
      separate.fuse_bit_reverse = false;
      rows.push_back(
          measure("forward NTT, sweep permute", log_n, bytes,
                  ntt_detail::transform_program(NttTransform::kForward, a.data(), log_n, separate),
                  runs, stream.get()));
    }
    if (log_n == largest) {
      measure_steps("  step ", log_n,
                    ntt_detail::transform_program(NttTransform::kForward, a.data(), log_n, tables),
                    runs, stream.get(), rows);
    }
  }

  // The largest forward transform with its first pass's twiddles in one whole table (4 GiB at
  // 2^27) instead of two small ones: one multiplication per element less in that pass.
  {
    const size_t n = size_t(1) << largest;
    GpuNtt whole(0, largest, GpuNttOptions{ntt_detail::kMaxPassLog, largest});
    DeviceBuffer<FrStorage> a(n);
    fill(a, 5);
    rows.push_back(measure("forward NTT, whole twiddle table", largest, 2.0 * 32 * double(n),
                           ntt_detail::transform_program(NttTransform::kForward, a.data(), largest,
                                                         whole.device_tables(largest)),
                           runs, stream.get()));
    // The same with the bit reversal as a sweep of its own, where the plan fuses it into the
    // passes (2^27: ntt_program.hpp, fuses_bit_reverse): the A/B of the fused permutation.
    ntt_detail::TableView separate = whole.device_tables(largest);
    if (separate.fuse_bit_reverse &&
        ntt_detail::fuses_bit_reverse(ntt_detail::plan_passes(largest, separate.max_pass_log))) {
      separate.fuse_bit_reverse = false;
      rows.push_back(measure(
          "forward NTT, whole table, sweep permute", largest, 2.0 * 32 * double(n),
          ntt_detail::transform_program(NttTransform::kForward, a.data(), largest, separate), runs,
          stream.get()));
    }
    std::printf("  (the whole-table variant holds %.0f MiB of tables)\n",
                double(whole.table_bytes()) / (1 << 20));
  }

  for (unsigned log_n : {24u, 27u}) {
    if (log_n > max_log) continue;
    const size_t n = size_t(1) << log_n;
    DeviceBuffer<FrStorage> a(n), b(n), c(n);
    fill(a, 1);
    fill(b, 2);
    fill(c, 3);
    const ntt_detail::TableView tables = ntt.device_tables(log_n);
    rows.push_back(measure("H (6 NTT + pointwise)", log_n, 4.0 * 32 * double(n),
                           ntt_detail::h_program(a.data(), b.data(), c.data(), log_n, tables), runs,
                           stream.get()));
    if (ntt_detail::fuses_bit_reverse(ntt_detail::plan_passes(log_n, tables.max_pass_log))) {
      ntt_detail::TableView separate = tables;
      separate.fuse_bit_reverse = false;
      rows.push_back(measure("H, sweep permute", log_n, 4.0 * 32 * double(n),
                             ntt_detail::h_program(a.data(), b.data(), c.data(), log_n, separate),
                             runs, stream.get()));
    }
    if (log_n == 27 || log_n == max_log) {
      const Program quotient =
          ntt_detail::quotient_program(a.data(), b.data(), c.data(), log_n, tables);
      measure_steps("  H quotient step ", log_n, quotient, runs, stream.get(), rows);
    }
  }

  std::printf("\nGPU NTT over Fr, median of %d runs; target at 2^27: forward NTT <= 40 ms\n", runs);
  std::printf("%-40s %6s %10s %10s %10s %8s\n", "operation", "size", "median ms", "min ms",
              "eff. GB/s", "Gmul/s");
  for (const Row& r : rows) {
    const double s = r.median_ms * 1e-3;
    std::printf("%-40s %3s%-3u %10.3f %10.3f %10.1f %8.1f\n", r.op.c_str(), "2^", r.log_n,
                r.median_ms, r.min_ms, r.bytes / s / 1e9, r.muls / s / 1e9);
  }
  std::printf("table memory: %.2f MiB\n", double(ntt.table_bytes()) / (1 << 20));
  return 0;
}

}  // namespace
}  // namespace cuzk::gpu

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_ntt_bench", cuzk::gpu::run, argc, argv);
}
