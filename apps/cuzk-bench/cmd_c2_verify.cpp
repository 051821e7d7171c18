// cuzk-bench c2-inputs / verify-c2: the verifier side of PoRep C2, from the C1's commitments,
// replica id and seed (the values a chain verifier has).
//   c2-inputs --c1 FILE --out-inputs FILE           every partition's public inputs
//   verify-c2 --params-dir DIR --c1 FILE --proof F  batch-verifies (NI: checks the aggregate with
//                                                   the directory's aggregation SRS); prints
//                                                   valid / invalid and exits 0 / 1
#include <iostream>

#include "commands.hpp"
#include "filecoin/porep_parameters.hpp"
#include "filecoin/porep_verify.hpp"
#include "files.hpp"
#include "seal_check.hpp"

namespace cuzk::bench {

namespace {

filecoin::PorepPublicValues public_values(const filecoin::SealCommitPhase1Output& c1) {
  return {c1.replica_id, c1.comm_d, c1.comm_r, c1.seed};
}

}  // namespace

void add_c2_inputs_command(CLI::App& app) {
  struct Options {
    std::string c1, out_inputs;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("c2-inputs", "Public inputs of every partition of a C1's C2");
  cmd->add_option("--c1", opt->c1, "C1 output (JSON or Curio envelope)")->required();
  cmd->add_option("--out-inputs", opt->out_inputs, "Output (JSON, one array per partition)")
      ->required();
  cmd->callback([opt] {
    const auto c1 = read_c1_file(opt->c1);
    auto inputs = filecoin::porep_c2_public_inputs(*c1.registered_proof, public_values(c1));
    if (!inputs) throw std::runtime_error(opt->c1 + ": " + inputs.error().message);
    write_text_file(opt->out_inputs, partition_inputs_to_json(*inputs));
    std::cerr << "c2-inputs: " << inputs->size() << " partition(s) of " << (*inputs)[0].size()
              << " inputs\n";
  });
}

void add_verify_c2_command(CLI::App& app) {
  struct Options {
    std::string params_dir, c1, proof;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("verify-c2", "Verify a PoRep C2 proof (exit 0 valid, 1 invalid)");
  cmd->add_option("--params-dir", opt->params_dir, "Directory with the .vk (.params not needed)")
      ->required();
  cmd->add_option("--c1", opt->c1, "C1 output the proof is for (JSON or Curio envelope)")
      ->required();
  cmd->add_option("--proof", opt->proof, "Proof (192 bytes per partition)")->required();
  cmd->callback([opt] {
    const auto c1 = read_c1_file(opt->c1);
    const filecoin::ProofType& proof = *c1.registered_proof;
    const std::string invalid =
        SealChecker(opt->params_dir, proof).check(public_values(c1), read_file(opt->proof));
    if (!invalid.empty()) std::cerr << "verify-c2: " << invalid << "\n";
    std::cout << (invalid.empty() ? "valid" : "invalid") << "\n";
    if (!invalid.empty()) throw CLI::RuntimeError(1);
  });
}

}  // namespace cuzk::bench
