// cuzk-bench prove-vanilla / verify-vanilla: the SNARK of a PoSt (window-post, winning-post) or
// SnapDeals (snap-prove) request from gen-vanilla (cmd_vanilla_request.hpp), in process on the
// CPU (filecoin/post_prove.hpp, update_prove.hpp), and its verifier, which rebuilds the public
// inputs from the request alone (never from the vanilla proofs) and batch-verifies.
//   prove-vanilla  --request R --params-dir D --out-proof F --out-inputs F
//   verify-vanilla --request R --params-dir D --proof F [--out-inputs F]  valid / invalid, 0 / 1
#include <iostream>

#include "cmd_vanilla_request.hpp"
#include "commands.hpp"
#include "filecoin/porep_parameters.hpp"
#include "filecoin/post_prove.hpp"
#include "filecoin/update_prove.hpp"
#include "filecoin/update_vanilla.hpp"
#include "files.hpp"
#include "groth16/cpu_backend.hpp"
#include "util/mapped_file.hpp"
#include "util/stopwatch.hpp"
#include "vanilla_proofs.hpp"

namespace cuzk::bench {

namespace {

struct ProveVanillaOptions {
  std::string request, params_dir, out_proof, out_inputs;
  unsigned threads = 0;
};

void prove_vanilla(const ProveVanillaOptions& opt) {
  Stopwatch sw;
  const VanillaRequest r = read_vanilla_request(opt.request);
  const auto vanilla = read_vanilla_proofs(opt.request, r);
  // Parse (field-path errors) before any parameter is loaded.
  std::vector<filecoin::FallbackPoStSectorProof> post;
  std::vector<filecoin::UpdatePartitionWitness> update;
  for (size_t i = 0; i < vanilla.size(); ++i) {
    const std::string what = "vanilla_proofs[" + std::to_string(i) + "]";
    if (r.is_post())
      post.push_back(
          must(filecoin::parse_fallback_post_sector_proof(vanilla[i], post_proof(r), what),
               opt.request)
              .value());
    else
      update.push_back(
          must(filecoin::parse_update_partition_proof(
                   vanilla[i], filecoin::update_circuit_shape(*update_proof(r).sector), what),
               opt.request)
              .value());
  }
  std::cerr << "prove-vanilla: " << r.kind << " " << r.proof_type << ", " << vanilla.size()
            << " vanilla proof(s) parsed in " << sw.lap_ms() << " ms\n";
  const auto files =
      must(filecoin::find_circuit_parameters(opt.params_dir, r.circuit_id), "parameters").value();
  MappedFile file(files.params);
  auto params = groth16::read_parameters(file.bytes(), opt.threads);
  if (!params) throw std::runtime_error(files.params + ": " + params.error().message);
  std::cerr << "prove-vanilla: " << (files.test_parameters ? "test" : "Filecoin") << " parameters "
            << files.params << " loaded in " << sw.lap_ms() << " ms\n";
  groth16::CpuBackend backend(opt.threads);
  auto on_partition = [&](unsigned k, unsigned n, const groth16::PhaseTimings&) {
    std::cerr << "prove-vanilla: partition " << k + 1 << "/" << n << " done\n";
  };
  filecoin::FilecoinResult<filecoin::PartitionProofs> out =
      r.is_post() ? filecoin::prove_post(post_proof(r), r.randomness, post, *params, backend,
                                         {true, {}, on_partition})
                  : filecoin::prove_update(update_proof(r), update_values(r), update, *params,
                                           backend, {true, {}, on_partition});
  if (!out)
    throw std::runtime_error("prove-vanilla: " + std::string(filecoin::to_string(out.code())) +
                             ": " + out.error().message);
  write_file(opt.out_proof, out->proof);
  write_text_file(opt.out_inputs, partition_inputs_to_json(out->public_inputs));
  std::cerr << "prove-vanilla: " << out->proof.size() << "-byte proof, verified, in " << sw.lap_ms()
            << " ms\n";
  for (const auto& [phase, ms] : out->timings) std::cerr << "  " << phase << " " << ms << " ms\n";
}

}  // namespace

void add_prove_vanilla_command(CLI::App& app) {
  auto opt = std::make_shared<ProveVanillaOptions>();
  auto* cmd = app.add_subcommand("prove-vanilla",
                                 "Prove a PoSt / SnapDeals request from gen-vanilla on the CPU");
  cmd->add_option("--request", opt->request, "request.json (vanilla files next to it)")->required();
  cmd->add_option("--params-dir", opt->params_dir, "Directory with the parameter files")
      ->required();
  cmd->add_option("--out-proof", opt->out_proof, "Proof output (192 bytes per partition)")
      ->required();
  cmd->add_option("--out-inputs", opt->out_inputs, "Public inputs, one array per partition")
      ->required();
  cmd->add_option("--threads", opt->threads, "Threads (0 = all cores)");
  cmd->callback([opt] { prove_vanilla(*opt); });
}

void add_verify_vanilla_command(CLI::App& app) {
  struct Options {
    std::string request, params_dir, proof, out_inputs;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "verify-vanilla", "Verify a PoSt / SnapDeals proof of a request (exit 0 valid, 1 invalid)");
  cmd->add_option("--request", opt->request, "request.json")->required();
  cmd->add_option("--params-dir", opt->params_dir, "Directory with the .vk")->required();
  cmd->add_option("--proof", opt->proof, "Proof (192 bytes per partition)")->required();
  cmd->add_option("--out-inputs", opt->out_inputs, "Also write the verifier's public inputs");
  cmd->callback([opt] {
    const VanillaRequest r = read_vanilla_request(opt->request);
    if (!opt->out_inputs.empty())
      write_text_file(opt->out_inputs, partition_inputs_to_json(request_inputs(r)));
    auto verified = verify_vanilla_proof(r, opt->params_dir, read_file(opt->proof));
    if (!verified) std::cerr << "verify-vanilla: " << verified.error().message << "\n";
    std::cout << (verified ? "valid" : "invalid") << "\n";
    if (!verified) throw CLI::RuntimeError(1);
  });
}

}  // namespace cuzk::bench
