// gpu_abc_bench: a, b, c of a real PoRep circuit from its witness — the CPU's sparse products
// (ProvingAssignment::materialize, all cores) against the device's (abc_kernels.hpp) with the
// matrices resident (device_circuit.hpp) — and what each costs to get onto the device: the
// deferred path uploads the assignment (32 B per variable), the other a, b, c (96 B per row).
//
// Circuits from a virtual C1 (sealing::generate_virtual_c1): --proof 2k (one porep-2k partition)
// or 32g with --challenges K (K of a 32 GiB partition's 18 challenge blocks: 7.24 M constraints
// each; K = 18 is the partition less its 571 top-level constraints). Every repetition's device
// a, b, c are compared with the CPU's (the bench fails on a difference). Times are medians.
//
// Usage: gpu_abc_bench [--proof 2k|32g] [--challenges 1] [--reps 5] [--threads 0]
#include <algorithm>
#include <bit>
#include <cstdio>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "bench_main.hpp"
#include "filecoin/proof_type.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "gpu/backend/abc_kernels.hpp"
#include "gpu/backend/device_circuit.hpp"
#include "gpu/util/cuda_util.hpp"
#include "gpu/util/staged_upload.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "r1cs/witness_cs.hpp"
#include "sealing/virtual_sector.hpp"
#include "util/parallel.hpp"
#include "util/stopwatch.hpp"

namespace {

using namespace cuzk;

struct Options {
  std::string proof = "2k";
  unsigned challenges = 1;
  int reps = 5;
  unsigned threads = 0;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
      return argv[++i];
    };
    if (a == "--proof") {
      o.proof = value();
    } else if (a == "--challenges") {
      o.challenges = unsigned(std::stoul(value()));
    } else if (a == "--reps") {
      o.reps = std::stoi(value());
    } else if (a == "--threads") {
      o.threads = unsigned(std::stoul(value()));
    } else {
      throw std::invalid_argument("unknown option " + a +
                                  " (--proof 2k|32g, --challenges K, --reps N, --threads T)");
    }
  }
  if (o.proof != "2k" && o.proof != "32g") throw std::invalid_argument("--proof: 2k or 32g");
  if (o.challenges < 1 || o.challenges > 18) throw std::invalid_argument("--challenges: 1..18");
  if (o.reps < 1) throw std::invalid_argument("--reps: at least 1");
  return o;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int run(int argc, char** argv) {
  const Options o = parse(argc, argv);
  const char* name = o.proof == "2k" ? "StackedDrg2KiBV1_1" : "StackedDrg32GiBV1_1";
  const auto proof = filecoin::find_seal_proof(std::string_view(name));
  if (!proof.ok()) throw std::runtime_error(proof.error().message);
  Stopwatch sw;
  auto generated =
      sealing::generate_virtual_c1(sealing::seal_request_from_seed(**proof, 1000, 1, 1));
  if (!generated.ok()) throw std::runtime_error(generated.error().message);
  const filecoin::SealCommitPhase1Output c1 = std::move(generated).value().c1;
  const auto synthesize = [&](r1cs::ConstraintSystem& cs) {
    if (o.proof == "2k") return filecoin::synthesize_stacked_partition(cs, c1, 0);
    filecoin::synthesize_stacked_first_challenges(cs, c1, 0, o.challenges);
  };
  std::printf("virtual C1 %s: %.0f ms\n", name, sw.lap_ms());
  const auto circuit = std::make_shared<const r1cs::PrecompiledCircuit>(
      r1cs::PrecompiledCircuit::record(synthesize));
  const double record_ms = sw.lap_ms();
  r1cs::WitnessCS w;
  synthesize(w);
  const r1cs::Witness witness = std::move(w).take();
  const double witness_ms = sw.lap_ms();
  const size_t rows = circuit->num_constraints() + circuit->num_inputs();
  const size_t nnz = circuit->a().nnz() + circuit->b().nnz() + circuit->c().nnz();
  size_t m = 1;
  while (m < rows) m <<= 1;
  std::printf(
      "circuit: %zu constraints + %zu inputs, %zu aux, %zu non-zeros, %zu coefficients, "
      "domain 2^%d; recorded in %.0f ms, witness in %.0f ms (one thread)\n",
      circuit->num_constraints(), circuit->num_inputs(), circuit->num_aux(), nnz,
      circuit->coeffs().size(), std::countr_zero(m), record_ms, witness_ms);

  // CPU: the products on every core (the pipeline's materialize), per repetition on a fresh
  // assignment (page faults of the three outputs included, as in the pipeline).
  std::vector<double> cpu_ms;
  r1cs::ProvingAssignment reference;
  for (int rep = 0; rep < o.reps; ++rep) {
    r1cs::ProvingAssignment pa;
    r1cs::assign_deferred(circuit, witness, pa);
    pa.finalize();
    sw.lap_ms();
    pa.materialize(o.threads);
    cpu_ms.push_back(sw.lap_ms());
    if (rep == 0) reference = std::move(pa);
  }

  // Device: the matrices once, then per repetition the assignment's upload and the products.
  gpu::Stream stream;
  gpu::StagedUploader uploader(size_t(32) << 20, std::min(8u, resolve_threads(o.threads)));
  sw.lap_ms();
  const gpu::DeviceCircuit dc = gpu::DeviceCircuit::upload(*circuit, uploader, stream.get());
  const double circuit_upload_ms = sw.lap_ms();
  gpu::DeviceBuffer<gpu::FrStorage> z(circuit->num_inputs() + circuit->num_aux()), a(m), b(m), c(m);
  std::vector<double> upload_ms, abc_ms, abc_upload_ms;
  std::vector<ff::Fr> host(m);
  for (int rep = 0; rep < o.reps; ++rep) {
    sw.lap_ms();
    uploader.copy(z.data(), std::span<const ff::Fr>(witness.inputs), stream.get());
    uploader.copy(z.data() + witness.inputs.size(), std::span<const ff::Fr>(witness.aux),
                  stream.get());
    upload_ms.push_back(sw.lap_ms());
    gpu::evaluate_abc(dc.matrices(), z.data(), a.data(), b.data(), c.data(), m, stream.get());
    stream.synchronize();
    abc_ms.push_back(sw.lap_ms());
    // The other path's upload: a, b, c themselves (what the deferred path saves).
    uploader.copy(a.data(), reference.a(), stream.get());
    uploader.copy(b.data(), reference.b(), stream.get());
    uploader.copy(c.data(), reference.c(), stream.get());
    abc_upload_ms.push_back(sw.lap_ms());
    gpu::evaluate_abc(dc.matrices(), z.data(), a.data(), b.data(), c.data(), m, stream.get());
    stream.synchronize();
    for (auto [buf, want, label] :
         {std::tuple{&a, reference.a(), "a"}, std::tuple{&b, reference.b(), "b"},
          std::tuple{&c, reference.c(), "c"}}) {
      buf->download(host);
      for (size_t r = 0; r < m; ++r) {
        const ff::Fr expected = r < want.size() ? want[r] : ff::Fr::zero();
        if (host[r] != expected) {
          throw std::runtime_error(std::string("device ") + label + "[" + std::to_string(r) +
                                   "] differs from the CPU's");
        }
      }
    }
  }
  const double witness_gb =
      double(sizeof(ff::Fr) * (witness.inputs.size() + witness.aux.size())) / 1e9;
  const double abc_gb = double(3 * sizeof(ff::Fr) * rows) / 1e9;
  std::printf("matrices on the device: %.2f GB, uploaded once in %.0f ms\n",
              double(dc.bytes()) / 1e9, circuit_upload_ms);
  std::printf("| path | host work | upload | device products | total to a, b, c on the device |\n");
  std::printf("| --- | ---: | ---: | ---: | ---: |\n");
  std::printf("| CPU products, upload a, b, c (%.2f GB) | %.1f ms | %.1f ms | - | %.1f ms |\n",
              abc_gb, median(cpu_ms), median(abc_upload_ms),
              median(cpu_ms) + median(abc_upload_ms));
  std::printf(
      "| deferred: upload z (%.2f GB), products on the device | - | %.1f ms | %.1f ms | "
      "%.1f ms |\n",
      witness_gb, median(upload_ms), median(abc_ms), median(upload_ms) + median(abc_ms));
  std::printf("device products: %.2f G non-zeros/s; every repetition equal to the CPU's a, b, c\n",
              double(nnz) / median(abc_ms) / 1e6);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return cuzk::gpu::bench::guarded_main("gpu_abc_bench", run, argc, argv);
}
