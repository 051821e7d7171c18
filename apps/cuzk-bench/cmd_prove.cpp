// cuzk-bench prove: in-process proving on the CPU.
//   --constraints N                  the built-in chain circuit with a random witness
//   --proof-type P --c1 FILE         PoRep C2 of a C1 (JSON or Curio envelope): every partition
//                                    proven, self-verified, proofs concatenated
// The inputs file is one JSON array for the chain circuit and one array per partition for
// PoRep (the README documents both).
#include <iostream>
#include <random>

#include "commands.hpp"
#include "filecoin/c1_check.hpp"
#include "filecoin/porep_c2.hpp"
#include "filecoin/porep_parameters.hpp"
#include "files.hpp"
#include "groth16/bench_circuit.hpp"
#include "groth16/cpu_backend.hpp"
#include "proof_types.hpp"
#include "util/mapped_file.hpp"
#include "util/stopwatch.hpp"
#include "util/system_random.hpp"

namespace cuzk::bench {

namespace {

struct ProveOptions {
  std::string params_dir, out_proof, out_inputs, proof_type, c1;
  size_t constraints = 0;
  unsigned threads = 0;
};

groth16::Parameters load_parameters(const std::string& path, unsigned threads) {
  MappedFile file(path);
  auto params = groth16::read_parameters(file.bytes(), threads);
  if (!params) throw std::runtime_error(path + ": " + params.error().message);
  return std::move(params).value();
}

void print_timings(const groth16::PhaseTimings& timings) {
  for (const auto& [phase, ms] : timings) std::cerr << "  " << phase << " " << ms << " ms\n";
}

void prove_chain(const ProveOptions& opt) {
  Stopwatch sw;
  auto params = load_parameters(
      opt.params_dir + "/" + groth16::bench_circuit_params_stem(opt.constraints) + ".params",
      opt.threads);
  const double load_ms = sw.lap_ms();

  r1cs::ProvingAssignment pa;
  groth16::synthesize_bench_circuit(pa, opt.constraints, std::random_device{}());
  pa.finalize();
  std::vector<ff::Fr> inputs(pa.inputs().begin() + 1, pa.inputs().end());
  const double synth_ms = sw.lap_ms();

  SystemRandom rng;  // blinding values r, s
  groth16::Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
  std::vector<r1cs::ProvingAssignment> batch;
  batch.push_back(std::move(pa));
  groth16::CpuBackend backend(opt.threads);
  auto out = backend.prove(std::move(batch), params, std::span(&rs, 1));
  const double prove_ms = sw.lap_ms();

  write_file(opt.out_proof, groth16::encode_proof(out.proofs[0]));
  write_text_file(opt.out_inputs, inputs_to_json(inputs));
  std::cerr << "prove: params " << load_ms << " ms, synthesis " << synth_ms << " ms, prove "
            << prove_ms << " ms\n";
  print_timings(out.timings);
}

void prove_porep(const ProveOptions& opt) {
  Stopwatch sw;
  const filecoin::ProofType& proof = find_proof_type(opt.proof_type);
  const filecoin::SealCommitPhase1Output c1 = read_c1_file(opt.c1);
  if (c1.registered_proof != &proof)
    throw std::runtime_error(opt.c1 + ": a " + std::string(c1.registered_proof->name) +
                             " C1, not " + std::string(proof.name));
  const double parse_ms = sw.lap_ms();
  // A bad C1 fails here, in milliseconds, before parameters are loaded or anything synthesised.
  auto checked = filecoin::check_c1(c1, {true, opt.threads});
  if (!checked) throw std::runtime_error(opt.c1 + ": " + checked.error().message);
  const double check_ms = sw.lap_ms();
  std::cerr << "prove: " << proof.name << ", " << c1.vanilla_proofs.size()
            << " partition(s); C1 parsed in " << parse_ms << " ms, checked in " << check_ms
            << " ms\n";
  auto files = filecoin::find_porep_parameters(opt.params_dir, *proof.sector);
  if (!files) throw std::runtime_error(files.error().message);
  const groth16::Parameters params = load_parameters(files->params, opt.threads);
  std::cerr << "prove: " << (files->test_parameters ? "test" : "Filecoin") << " parameters "
            << files->params << " loaded in " << sw.lap_ms() << " ms\n";

  groth16::CpuBackend backend(opt.threads);
  filecoin::PorepC2Options options;
  options.threads = opt.threads;
  options.check_c1 = false;  // done above
  options.on_partition = [&](unsigned k, unsigned n, const groth16::PhaseTimings&) {
    std::cerr << "prove: partition " << k + 1 << "/" << n << " done (" << sw.total_ms() / 1000
              << " s)\n";
  };
  auto out = filecoin::prove_porep_c2(c1, params, backend, options);
  if (!out)
    throw std::runtime_error(std::string(filecoin::to_string(out.code())) + ": " +
                             out.error().message);
  write_file(opt.out_proof, out->proof);
  write_text_file(opt.out_inputs, partition_inputs_to_json(out->public_inputs));
  std::cerr << "prove: " << out->proof.size() << "-byte proof, verified, in " << sw.lap_ms() / 1000
            << " s\n";
  print_timings(out->timings);
}

}  // namespace

void add_prove_command(CLI::App& app) {
  auto opt = std::make_shared<ProveOptions>();
  auto* cmd = app.add_subcommand("prove", "Prove the test circuit or a PoRep C1 on the CPU");
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
  cmd->add_option("--out-proof", opt->out_proof, "Proof output (192 bytes per partition)")
      ->required();
  cmd->add_option("--out-inputs", opt->out_inputs, "Public inputs output (JSON)")->required();
  cmd->add_option("--threads", opt->threads, "Threads (0 = all cores)");
  cmd->callback([opt] {
    if (!opt->proof_type.empty()) return prove_porep(*opt);
    if (opt->constraints == 0)
      throw std::runtime_error("prove: give --constraints or --proof-type");
    prove_chain(*opt);
  });
}

}  // namespace cuzk::bench
