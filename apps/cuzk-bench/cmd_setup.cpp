// cuzk-bench setup: random-toxic-waste test parameters for the built-in chain circuit
// (--constraints N), a PoRep circuit (--proof-type P) or any circuit id (--circuit wpost-2k,
// winning-2k, snap-2k, porep-2k, ...): cuzk-test-<circuit id>.params / .vk, and with --pce-dir
// the circuit it recorded as the daemon's <circuit id>.pce (a daemon then records nothing). The
// fixed-base multiplications (the bulk of the work) run on CPU threads, or with --gpu D on CUDA
// device D (CUDA builds; engine/fixed_base_factory.hpp); their time is printed. For a
// non-interactive PoRep proof type, or with --aggregation-srs, also the test SnarkPack SRS its
// seals are aggregated with (cuzk-test-inner-product.srs, for up to 128 proofs).
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>
#include <stdexcept>

#include "commands.hpp"
#include "engine/fixed_base_factory.hpp"
#include "filecoin/ni_seal.hpp"
#include "filecoin/porep_parameters.hpp"
#include "files.hpp"
#include "groth16/bench_circuit.hpp"
#include "groth16/setup.hpp"
#include "proof_types.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "snarkpack/srs.hpp"
#include "util/process_memory.hpp"
#include "util/stopwatch.hpp"
#include "util/system_random.hpp"

namespace cuzk::bench {
namespace {

// Setup's multiplier (CPU threads, or a GPU when device >= 0), timing its calls.
class TimedMultiplier final : public groth16::FixedBaseMultiplier {
 public:
  TimedMultiplier(int device, unsigned threads)
      : device_(device), inner_(engine::make_fixed_base_multiplier(device, threads)) {}
  void g1(std::span<const ff::Fr> scalars, std::span<curve::G1Affine> out) override {
    Stopwatch sw;
    inner_->g1(scalars, out);
    ms_ += sw.total_ms();
    g1_points_ += scalars.size();
  }
  void g2(std::span<const ff::Fr> scalars, std::span<curve::G2Affine> out) override {
    Stopwatch sw;
    inner_->g2(scalars, out);
    ms_ += sw.total_ms();
    g2_points_ += scalars.size();
  }
  void report() const {
    std::cerr << "setup: fixed-base multiplications (" << g1_points_ << " G1, " << g2_points_
              << " G2 points) on "
              << (device_ < 0 ? std::string("CPU threads") : "GPU " + std::to_string(device_))
              << ": " << ms_ / 1000 << " s\n";
  }

 private:
  int device_;
  std::unique_ptr<groth16::FixedBaseMultiplier> inner_;
  double ms_ = 0;
  size_t g1_points_ = 0, g2_points_ = 0;
};

// The test aggregation SRS in `dir` (secrets from the OS, or from `seed` when non-zero).
void write_test_aggregation_srs(const std::string& dir, uint64_t seed, unsigned threads) {
  Stopwatch sw;
  const auto srs = [&] {
    if (seed == 0) {
      SystemRandom os;
      return snarkpack::make_test_srs(filecoin::kNiMaxAggregatedProofs, os, threads);
    }
    std::mt19937_64 rng(seed);
    return snarkpack::make_test_srs(filecoin::kNiMaxAggregatedProofs, rng, threads);
  }();
  std::filesystem::create_directories(dir);
  const std::string path = filecoin::aggregation_srs_path(dir, true);
  write_file(path, snarkpack::encode_srs(srs));
  std::cerr << "setup: test aggregation SRS (up to " << srs.max_proofs() << " proofs): wrote "
            << path << " in " << sw.total_ms() / 1000 << " s\n";
}

}  // namespace

void add_setup_command(CLI::App& app) {
  struct Options {
    size_t constraints = 0;
    std::string proof_type;
    std::string circuit;
    std::string out;
    std::string pce_dir;
    uint64_t seed = 0;
    unsigned threads = 0;
    int gpu = -1;
    bool aggregation_srs = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("setup", "Generate test parameters (.params and .vk)");
  auto* constraints =
      cmd->add_option("--constraints", opt->constraints, "Constraints of the test circuit")
          ->check(CLI::Range(size_t(2), size_t(1) << 31));
  auto* proof_type = cmd->add_option("--proof-type", opt->proof_type,
                                     "Registered seal proof (name or id): its PoRep circuit");
  auto* circuit = cmd->add_option("--circuit", opt->circuit,
                                  "Circuit id (porep-2k, wpost-2k, winning-2k, snap-2k, ...)");
  constraints->excludes(proof_type);
  constraints->excludes(circuit);
  proof_type->excludes(circuit);
  cmd->add_option("--out", opt->out, "Output directory")->required();
  cmd->add_option("--pce-dir", opt->pce_dir,
                  "Also write the recorded circuit there as the daemon's precompiled cache file "
                  "(<circuit id>.pce; --proof-type and --circuit)");
  cmd->add_flag("--aggregation-srs", opt->aggregation_srs,
                "Write the test SnarkPack SRS of NI-PoRep seals (alone, or with the parameters)");
  cmd->add_option("--seed", opt->seed, "Seed of the toxic waste (default: random)");
  cmd->add_option("--threads", opt->threads, "Threads (0 = all cores)");
  cmd->add_option("--gpu", opt->gpu,
                  "CUDA device for the fixed-base multiplications (CUDA builds; default: CPU)")
      ->check(CLI::NonNegativeNumber);
  cmd->callback([opt] {
    if (opt->aggregation_srs) {
      write_test_aggregation_srs(opt->out, opt->seed, opt->threads);
      if (opt->constraints == 0 && opt->proof_type.empty() && opt->circuit.empty()) return;
    }
    TimedMultiplier multiplier(opt->gpu, opt->threads);
    Stopwatch sw;
    // Reproducible with --seed; else the secrets come from the OS (they are still test
    // parameters: made by one machine, not a ceremony).
    const groth16::ToxicWaste tw = [&] {
      if (opt->seed == 0) {
        SystemRandom os;
        return groth16::ToxicWaste::random(os);
      }
      std::mt19937_64 rng(opt->seed);
      return groth16::ToxicWaste::random(rng);
    }();
    auto progress = [&](std::string_view stage, size_t done, size_t total) {
      std::cerr << "setup: " << stage << " " << done << "/" << total << " points ("
                << sw.total_ms() / 1000 << " s, RSS "
                << double(resident_bytes()) / double(uint64_t(1) << 30) << " GiB)\n";
    };
    if (!opt->proof_type.empty()) {
      const filecoin::ProofType& proof = find_proof_type(opt->proof_type);
      std::cerr << "setup: " << proof.circuit_id() << " test parameters (blank " << proof.name
                << " circuit, random toxic waste)\n";
      const auto files = filecoin::write_porep_test_parameters(
          opt->out, *proof.sector, tw, opt->threads, progress, &multiplier, opt->pce_dir);
      multiplier.report();
      std::cerr << "setup: wrote " << files.params << " and .vk in " << sw.total_ms() / 1000
                << " s\n";
      if (proof.feature == filecoin::SealFeature::kNonInteractivePoRep && !opt->aggregation_srs)
        write_test_aggregation_srs(opt->out, opt->seed, opt->threads);
      std::cout << files.params << "\n";
      return;
    }
    if (!opt->circuit.empty()) {
      const auto files = filecoin::write_circuit_test_parameters(
          opt->out, opt->circuit, tw, opt->threads, progress, &multiplier, opt->pce_dir);
      if (!files) throw std::runtime_error("setup: " + files.error().message);
      multiplier.report();
      std::cerr << "setup: " << opt->circuit << " test parameters (blank circuit, random toxic "
                << "waste): wrote " << files->params << " and .vk in " << sw.total_ms() / 1000
                << " s\n";
      std::cout << files->params << "\n";
      return;
    }
    if (opt->constraints == 0)
      throw std::runtime_error("setup: give --constraints, --proof-type or --circuit");
    // Recorded like the PoRep and PoSt circuits above (the same parameters as through a
    // KeypairAssembly: test SetupPrecompiled).
    const auto circuit = r1cs::PrecompiledCircuit::record([&](r1cs::ConstraintSystem& cs) {
      groth16::synthesize_bench_circuit(cs, opt->constraints, 0);
    });
    std::cerr << "setup: circuit of " << circuit.num_constraints() << " constraints ("
              << circuit.sizes().num_inputs << " inputs, " << circuit.sizes().num_aux
              << " aux) recorded in " << sw.lap_ms() << " ms\n";
    std::filesystem::create_directories(opt->out);
    const std::string stem = opt->out + "/" + groth16::bench_circuit_params_stem(opt->constraints);
    groth16::write_parameters_files(circuit, tw, stem + ".params", stem + ".vk", opt->threads,
                                    progress, &multiplier);
    multiplier.report();
    std::cerr << "setup: wrote " << stem << ".params and .vk in " << sw.total_ms() / 1000 << " s\n";
    std::cout << stem << ".params\n";
  });
}

}  // namespace cuzk::bench
