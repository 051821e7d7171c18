// cuzk-bench fullsize: whole PoRep C2s at any sector size up to 32 GiB through the engine the
// daemon runs (made in this process: in_process.hpp), stage by stage, timed, with the host's peak
// memory per stage:
//   c1        --c2s virtual C1s (sealing::generate_virtual_c1 of seeds seed .. seed + N - 1; no
//             sector data is made)
//   record    partition 0's circuit recorded once (PrecompiledCircuit::record)
//   setup     test parameters from the recorded matrices (random toxic waste from --seed) written
//             to --params-dir under the test names; skipped when both files are there. --gpu D:
//             the fixed-base multiplications on CUDA device D (engine/fixed_base_factory.hpp)
//   prove     the N POREP_SEAL_COMMIT requests the daemon would get, submitted back to back to the
//             in-process engine with the daemon's configuration ([synthesis] precompiled and the
//             rest by its auto rules, or --config FILE), each proof self-verified by the engine
//             and checked again with verify_porep_c2 as it completes; the steady state is the
//             time between the first and the last completion over N - 1
// Peak RSS is the kernel's high-water mark (VmHWM), reset at the start of every stage.
// The engine's configuration replaces the old witness-queue options: --witness-threads is
// [synthesis] witness_threads, --pool-threads / --pool-nice its pool, --prover-threads
// [gpus] gpu_workers_per_device, --max-ready [pipeline] synthesis_lookahead, all set through
// --config; --partitions is gone (the engine proves every partition); the blinding (r, s) comes
// from the OS, never from --seed.
#include <filesystem>
#include <mutex>
#include <random>
#include <thread>

#include "commands.hpp"
#include "engine/fixed_base_factory.hpp"
#include "filecoin/c1_json.hpp"
#include "filecoin/porep_parameters.hpp"
#include "filecoin/porep_verify.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "files.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "in_process.hpp"
#include "proof_types.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "sealing/virtual_sector.hpp"
#include "util/process_memory.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::bench {
namespace {

struct FullsizeOptions {
  std::string proof_type = "StackedDrg2KiBV1_1";
  std::string params_dir = "fullsize-params";
  std::string config;
  int gpu = -1;
  unsigned c2s = 1;
  unsigned threads = 0;
  uint64_t seed = 1;
};

class StageLog {
 public:
  void start() {
    reset_peak_resident();
    (void)sw_.lap_ms();
  }
  void end(const std::string& stage, const std::string& note = "") {
    const double ms = sw_.lap_ms();
    const double gb = double(peak_resident_bytes()) / double(uint64_t(1) << 30);
    rows_.push_back({stage, ms, gb, note});
    std::fprintf(stderr, "fullsize: %-8s %10.1f ms   peak RSS %6.2f GiB   %s\n", stage.c_str(), ms,
                 gb, note.c_str());
  }
  void print() const {
    std::printf("| stage | time | peak host RSS | |\n| --- | ---: | ---: | --- |\n");
    for (const auto& r : rows_) {
      std::printf("| %s | %.1f s | %.2f GiB | %s |\n", r.stage.c_str(), r.ms / 1000, r.rss_gib,
                  r.note.c_str());
    }
  }

 private:
  struct Row {
    std::string stage;
    double ms, rss_gib;
    std::string note;
  };
  Stopwatch sw_;
  std::vector<Row> rows_;
};

// The test parameters of `circuit` in `dir` (made unless both files are there); their paths.
filecoin::PorepParameterFiles setup_parameters(const FullsizeOptions& opt,
                                               const filecoin::ProofType& proof,
                                               const r1cs::PrecompiledCircuit& circuit,
                                               std::string& note) {
  const std::string id(proof.circuit_id());
  const filecoin::PorepParameterFiles files{
      opt.params_dir + "/" +
          filecoin::test_parameter_file_name(id, filecoin::ParameterFile::kParams),
      opt.params_dir + "/" + filecoin::test_parameter_file_name(id, filecoin::ParameterFile::kVk),
      true};
  if (std::filesystem::exists(files.params) && std::filesystem::exists(files.vk)) {
    note = "cached: " + files.params;
    return files;
  }
  std::filesystem::create_directories(opt.params_dir);
  std::mt19937_64 rng(opt.seed);  // test parameters: reproducible from --seed
  const groth16::ToxicWaste tw = groth16::ToxicWaste::random(rng);
  auto multiplier = engine::make_fixed_base_multiplier(opt.gpu, opt.threads);
  Stopwatch sw;
  auto progress = [&](std::string_view stage, size_t done, size_t total) {
    std::fprintf(stderr, "fullsize: setup %.*s %zu/%zu (%.1f s, RSS %.2f GiB)\n", int(stage.size()),
                 stage.data(), done, total, sw.total_ms() / 1000,
                 double(resident_bytes()) / double(uint64_t(1) << 30));
  };
  groth16::write_parameters_files(circuit, tw, files.params, files.vk, opt.threads, progress,
                                  multiplier.get());
  note = "wrote " + files.params +
         (opt.gpu >= 0 ? ", fixed-base multiplications on cuda:" + std::to_string(opt.gpu)
                       : ", on the CPU");
  return files;
}

void run_fullsize(const FullsizeOptions& opt) {
  const filecoin::ProofType& proof = find_proof_type(opt.proof_type);
  StageLog log;

  log.start();
  const unsigned n_c2 = std::max(1u, opt.c2s);
  std::vector<filecoin::SealCommitPhase1Output> c1s;
  std::vector<v1::SubmitProofRequest> requests;
  for (unsigned i = 0; i < n_c2; ++i) {
    auto generated = sealing::generate_virtual_c1(
        sealing::seal_request_from_seed(proof, server::kTestMinerId, 1 + i, opt.seed + i));
    if (!generated.ok()) throw std::runtime_error("virtual C1: " + generated.error().message);
    c1s.push_back(std::move(generated).value().c1);
    auto request = server::make_porep_request(filecoin::to_json(c1s.back()),
                                              {"", server::kTestMinerId, 1 + i, {}});
    if (!request) throw std::runtime_error("request: " + request.error().message);
    requests.push_back(std::move(request).value());
  }
  log.end("c1", std::string(proof.name) + ", " + std::to_string(proof.partitions()) +
                    " partitions, " + std::to_string(n_c2) + " C1(s)");

  log.start();
  auto circuit = std::make_unique<const r1cs::PrecompiledCircuit>(r1cs::PrecompiledCircuit::record(
      [&](r1cs::ConstraintSystem& cs) { filecoin::synthesize_stacked_partition(cs, c1s[0], 0); }));
  log.end("record", std::to_string(circuit->num_constraints()) + " constraints, " +
                        std::to_string(circuit->num_aux()) + " aux, " +
                        std::to_string((circuit->memory_bytes() + (1 << 20) - 1) >> 20) +
                        " MiB of matrices");

  log.start();
  std::string setup_note;
  const auto files = setup_parameters(opt, proof, *circuit, setup_note);
  circuit.reset();  // the engine records (or reads) its own
  auto vk = groth16::read_verifying_key(read_file(files.vk));
  if (!vk) throw std::runtime_error(files.vk + ": " + vk.error().message);
  const groth16::PreparedVerifyingKey pvk = groth16::prepare_verifying_key(*vk);
  log.end("setup", setup_note);

  log.start();
  auto prover = server::in_process_prover(bench_engine_config(opt.config, opt.params_dir));
  std::vector<double> done_ms;  // when each C2 completed, in completion order
  std::mutex mutex;             // guards done_ms and the first error
  std::string error;
  Stopwatch prove_sw;
  std::vector<std::thread> clients;
  for (unsigned i = 0; i < n_c2; ++i) {
    clients.emplace_back([&, i] {
      try {
        const std::string bytes = prove_in_order(*prover, {requests[i]}, "fullsize");
        const auto& c1 = c1s[i];
        const auto verified = filecoin::verify_porep_c2(
            pvk, proof, {c1.replica_id, c1.comm_d, c1.comm_r, c1.seed},
            std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
        if (!verified) throw std::runtime_error("C2 proof: " + verified.error().message);
        std::lock_guard lock(mutex);
        done_ms.push_back(prove_sw.total_ms());
        std::fprintf(stderr, "fullsize: C2 %u: %zu-byte proof verified (%u partitions) at %.1f s\n",
                     i, bytes.size(), *verified, done_ms.back() / 1000);
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex);
        if (error.empty()) error = e.what();
      }
    });
  }
  for (auto& client : clients) client.join();
  if (!error.empty()) throw std::runtime_error(error);
  std::string note = std::to_string(n_c2) + " C2(s) on the in-process engine, every C2 verified";
  if (n_c2 > 1) {
    char steady[96];
    std::snprintf(steady, sizeof(steady), "; steady state %.1f s per C2",
                  (done_ms.back() - done_ms.front()) / 1000 / double(n_c2 - 1));
    note += steady;
  }
  log.end("prove", note);
  log.print();
}

}  // namespace

void add_fullsize_command(CLI::App& app) {
  auto opt = std::make_shared<FullsizeOptions>();
  auto* cmd = app.add_subcommand(
      "fullsize",
      "Whole PoRep C2s on the in-process engine from virtual C1s: record, setup, prove");
  cmd->add_option("--proof-type", opt->proof_type, "Registered seal proof (name or id)")
      ->capture_default_str();
  cmd->add_option("--params-dir", opt->params_dir,
                  "Parameter folder: the test parameters are written there, or reused")
      ->capture_default_str();
  cmd->add_option("--config", opt->config,
                  "Daemon TOML ([srs] param_cache replaced by --params-dir; default: defaults)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--gpu", opt->gpu, "CUDA device for setup's multiplications (-1: the CPU)")
      ->capture_default_str();
  cmd->add_option("--c2s", opt->c2s, "C2s submitted back to back (steady state from the second)")
      ->capture_default_str();
  cmd->add_option("--threads", opt->threads, "Threads of setup (0: all)");
  cmd->add_option("--seed", opt->seed, "Seed of the sectors and the test parameters' toxic waste")
      ->capture_default_str();
  cmd->callback([opt] { run_fullsize(*opt); });
}

}  // namespace cuzk::bench
