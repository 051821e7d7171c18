// cuzk-bench prove: one proof through an engine made in this process from the daemon's
// configuration (in_process.hpp), so that it measures what the daemon runs.
//   --proof-type P --c1 FILE   PoRep C2 of a C1 (JSON or Curio envelope): the POREP_SEAL_COMMIT
//                              request the daemon would get (job_sources.hpp), proven and
//                              self-verified by the engine, then checked as verify_seal does;
//                              --miner-id: the sector's miner (a bare C1 is sector 1)
//   --constraints N            the built-in chain circuit with a random witness, as the engine's
//                              BenchCircuitJob (a groth16-level benchmark, not a Filecoin proof)
// --config FILE: a TOML like the daemon's ([pipeline], [synthesis], [gpus] ...); its [srs]
// param_cache is replaced by --params-dir. The job's phase timings are printed on stderr.
// The inputs file is one JSON array for the chain circuit and one array per partition for PoRep
// (the verifier's inputs, porep_c2_public_inputs; docs/cuzk-bench.md documents both).
#include <iostream>
#include <random>

#include "commands.hpp"
#include "engine/bench_job.hpp"
#include "engine/config_auto.hpp"
#include "engine/engine.hpp"
#include "filecoin/porep_verify.hpp"
#include "files.hpp"
#include "groth16/bench_circuit.hpp"
#include "in_process.hpp"
#include "job_sources.hpp"
#include "proof_types.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::bench {

namespace {

struct ProveOptions {
  std::string params_dir, out_proof, out_inputs, proof_type, c1, config;
  size_t constraints = 0;
  uint64_t miner_id = server::kTestMinerId;
};

void print_timings(const engine::JobTimings& t) {
  std::cerr << "  queue " << t.queue_wait_ms << " ms, srs " << t.srs_load_ms << " ms, synthesis "
            << t.synthesis_ms << " ms, prover wait " << t.prover_wait_ms << " ms, prove "
            << t.prove_ms << " ms (device wait " << t.device_wait_ms << " ms), total " << t.total_ms
            << " ms\n";
}

void prove_chain(const ProveOptions& opt) {
  const engine::Config config = bench_engine_config(opt.config, opt.params_dir);
  const uint64_t seed = std::random_device{}();
  engine::Engine engine(engine::engine_options(config),
                        [n = opt.constraints, seed](const engine::ProofRequest&) {
                          return engine::JobResult(std::unique_ptr<engine::CircuitJob>(
                              std::make_unique<engine::BenchCircuitJob>(n, seed)));
                        });
  Stopwatch sw;
  auto submitted = engine.submit({});
  if (!submitted) throw std::runtime_error("prove: " + submitted.error().message);
  const auto outcome = engine.await(submitted->job_id, std::nullopt);
  if (!outcome || outcome->state != engine::JobState::kCompleted)
    throw std::runtime_error("prove: " + (outcome ? outcome->error : "the job vanished"));
  const double prove_ms = sw.lap_ms();

  // The public inputs, as a verifier of the chain circuit computes them: the circuit's own.
  r1cs::ProvingAssignment pa;
  groth16::synthesize_bench_circuit(pa, opt.constraints, seed);
  pa.finalize();
  const std::vector<ff::Fr> inputs(pa.inputs().begin() + 1, pa.inputs().end());
  write_file(opt.out_proof, outcome->proof);
  write_text_file(opt.out_inputs, inputs_to_json(inputs));
  std::cerr << "prove: " << engine::bench_circuit_id(opt.constraints) << ", "
            << outcome->proof.size() << "-byte proof, verified, in " << prove_ms << " ms\n";
  print_timings(outcome->timings);
}

void prove_porep(const ProveOptions& opt) {
  Stopwatch sw;
  const filecoin::ProofType& proof = find_proof_type(opt.proof_type);
  const filecoin::SealCommitPhase1Output c1 = read_c1_file(opt.c1);
  if (c1.registered_proof != &proof)
    throw std::runtime_error(opt.c1 + ": a " + std::string(c1.registered_proof->name) +
                             " C1, not " + std::string(proof.name));
  // The daemon's request and a verifier of its proof (public inputs from the C1 alone).
  JobSource source = porep_job_source(opt.c1, opt.miner_id, opt.params_dir);
  std::cerr << "prove: " << proof.name << ", " << c1.vanilla_proofs.size()
            << " partition(s); C1 read in " << sw.lap_ms() << " ms\n";
  // A bad C1 is refused at submit, before parameters are loaded or anything synthesised.
  auto prover = server::in_process_prover(bench_engine_config(opt.config, opt.params_dir));
  const std::string bytes = prove_in_order(*prover, source.requests, "prove");
  const std::string invalid = source.verify(source.requests.front(), bytes);
  if (!invalid.empty()) throw std::runtime_error("prove: verify_seal: " + invalid);
  auto inputs =
      filecoin::porep_c2_public_inputs(proof, {c1.replica_id, c1.comm_d, c1.comm_r, c1.seed});
  if (!inputs) throw std::runtime_error("prove: public inputs: " + inputs.error().message);
  write_text_file(opt.out_proof, bytes);
  write_text_file(opt.out_inputs, partition_inputs_to_json(*inputs));
  std::cerr << "prove: " << bytes.size() << "-byte proof, verified, in " << sw.lap_ms() / 1000
            << " s\n";
}

}  // namespace

void add_prove_command(CLI::App& app) {
  auto opt = std::make_shared<ProveOptions>();
  auto* cmd =
      app.add_subcommand("prove", "Prove the test circuit or a PoRep C1 on an in-process engine");
  cmd->add_option("--params-dir", opt->params_dir, "Directory with the parameter files")
      ->required();
  auto* constraints =
      cmd->add_option("--constraints", opt->constraints, "Constraints of the test circuit");
  auto* proof_type =
      cmd->add_option("--proof-type", opt->proof_type, "Registered seal proof of the C1");
  auto* c1 = cmd->add_option("--c1", opt->c1, "C1 output (JSON or Curio envelope)");
  proof_type->needs(c1);
  c1->needs(proof_type);
  constraints->excludes(proof_type);
  cmd->add_option("--miner-id", opt->miner_id,
                  "Miner of the C1's sector (the engine checks it against the replica id)")
      ->capture_default_str();
  cmd->add_option("--out-proof", opt->out_proof, "Proof output (192 bytes per partition)")
      ->required();
  cmd->add_option("--out-inputs", opt->out_inputs, "Public inputs output (JSON)")->required();
  cmd->add_option("--config", opt->config,
                  "Daemon TOML ([srs] param_cache replaced by --params-dir; default: defaults)")
      ->check(CLI::ExistingFile);
  cmd->callback([opt] {
    if (!opt->proof_type.empty()) return prove_porep(*opt);
    if (opt->constraints == 0)
      throw std::runtime_error("prove: give --constraints or --proof-type");
    prove_chain(*opt);
  });
}

}  // namespace cuzk::bench
