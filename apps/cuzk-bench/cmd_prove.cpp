// cuzk-bench prove: prove the built-in test circuit with random witness values and r, s.
#include <iostream>
#include <random>

#include "commands.hpp"
#include "files.hpp"
#include "groth16/bench_circuit.hpp"
#include "groth16/cpu_backend.hpp"
#include "util/mapped_file.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::bench {

void add_prove_command(CLI::App& app) {
  struct Options {
    std::string params_dir, out_proof, out_inputs;
    size_t constraints = 0;
    unsigned threads = 0;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("prove", "Prove the test circuit on the CPU");
  cmd->add_option("--params-dir", opt->params_dir, "Directory with the .params file")->required();
  cmd->add_option("--constraints", opt->constraints, "Constraints of the test circuit")
      ->required();
  cmd->add_option("--out-proof", opt->out_proof, "Proof output (192 bytes)")->required();
  cmd->add_option("--out-inputs", opt->out_inputs, "Public inputs output (JSON)")->required();
  cmd->add_option("--threads", opt->threads, "Threads (0 = all cores)");
  cmd->callback([opt] {
    Stopwatch sw;
    const std::string path =
        opt->params_dir + "/" + groth16::bench_circuit_params_stem(opt->constraints) + ".params";
    MappedFile file(path);
    auto params = groth16::read_parameters(file.bytes(), opt->threads);
    if (!params) throw std::runtime_error(path + ": " + params.error().message);
    const double load_ms = sw.lap_ms();

    r1cs::ProvingAssignment pa;
    groth16::synthesize_bench_circuit(pa, opt->constraints, std::random_device{}());
    pa.finalize();
    std::vector<ff::Fr> inputs(pa.inputs().begin() + 1, pa.inputs().end());
    const double synth_ms = sw.lap_ms();

    std::mt19937_64 rng(std::random_device{}());
    groth16::Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
    std::vector<r1cs::ProvingAssignment> batch;
    batch.push_back(std::move(pa));
    groth16::CpuBackend backend(opt->threads);
    auto out = backend.prove(std::move(batch), *params, std::span(&rs, 1));
    const double prove_ms = sw.lap_ms();

    write_file(opt->out_proof, groth16::encode_proof(out.proofs[0]));
    std::string json = inputs_to_json(inputs);
    write_file(opt->out_inputs, std::span(reinterpret_cast<const uint8_t*>(json.data()), json.size()));
    std::cerr << "prove: params " << load_ms << " ms, synthesis " << synth_ms << " ms, prove "
              << prove_ms << " ms\n";
    for (const auto& [phase, ms] : out.timings) std::cerr << "  " << phase << " " << ms << " ms\n";
  });
}

}  // namespace cuzk::bench
