// cuzk-bench verify: check a proof against a .vk and public inputs; prints valid / invalid and
// exits 0 / 1 (2 for unreadable input).
#include <iostream>

#include "commands.hpp"
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
  cmd->add_option("--proof", opt->proof, "Proof file (192 bytes)")->required();
  cmd->add_option("--inputs", opt->inputs, "Public inputs (JSON)")->required();
  cmd->callback([opt] {
    auto vk_bytes = read_file(opt->vk);
    auto vk = groth16::read_verifying_key(vk_bytes);
    if (!vk) throw std::runtime_error(opt->vk + ": " + vk.error().message);
    auto text = read_file(opt->inputs);
    auto inputs = inputs_from_json(std::string(text.begin(), text.end()));
    auto proof = groth16::decode_proof(read_file(opt->proof));
    bool valid = proof && groth16::verify_proof(groth16::prepare_verifying_key(*vk), *proof, inputs);
    if (!proof) std::cerr << "verify: " << proof.error().message << "\n";
    std::cout << (valid ? "valid" : "invalid") << "\n";
    if (!valid) throw CLI::RuntimeError(1);
  });
}

}  // namespace cuzk::bench
