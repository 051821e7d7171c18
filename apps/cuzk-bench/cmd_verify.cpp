// cuzk-bench verify: check a proof against a .vk and public inputs; prints valid / invalid and
// exits 0 / 1 (2 for unreadable input). The inputs file is a flat array (one proof) or one array
// per partition (a proof of several partitions, 192 bytes each, batch-verified).
#include <iostream>

#include "commands.hpp"
#include "filecoin/partition_verify.hpp"
#include "files.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::bench {

void add_verify_command(CLI::App& app) {
  struct Options {
    std::string vk, proof, inputs;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("verify", "Verify a proof (exit 0 valid, 1 invalid)");
  cmd->add_option("--vk", opt->vk, "Verifying key (.vk)")->required();
  cmd->add_option("--proof", opt->proof, "Proof file (192 bytes per partition)")->required();
  cmd->add_option("--inputs", opt->inputs,
                  "Public inputs (JSON: a flat array, or one array per partition)")
      ->required();
  cmd->callback([opt] {
    auto vk = groth16::read_verifying_key(read_file(opt->vk));
    if (!vk) throw std::runtime_error(opt->vk + ": " + vk.error().message);
    auto text = read_file(opt->inputs);
    const auto inputs = partition_inputs_from_json(std::string(text.begin(), text.end()));
    auto verified = filecoin::verify_partition_proofs(groth16::prepare_verifying_key(*vk), inputs,
                                                      read_file(opt->proof), opt->proof);
    if (!verified) std::cerr << "verify: " << verified.error().message << "\n";
    std::cout << (verified ? "valid" : "invalid") << "\n";
    if (!verified) throw CLI::RuntimeError(1);
  });
}

}  // namespace cuzk::bench
