// cuzk-bench prove-vanilla / verify-vanilla: the SNARK of a PoSt (window-post, winning-post) or
// SnapDeals (snap-prove) request from gen-vanilla (cmd_vanilla_request.hpp), and its verifier,
// which rebuilds the public inputs from the request alone (never from the vanilla proofs) and
// batch-verifies.
//   prove-vanilla  --request R --params-dir D --out-proof F --out-inputs F [--config TOML]
//   verify-vanilla --request R --params-dir D --proof F [--out-inputs F]  valid / invalid, 0 / 1
// prove-vanilla sends the requests Curio would send the daemon (vanilla_submit_requests: one per
// WindowPoSt partition) through an engine made in this process from the daemon's configuration
// (in_process.hpp; --config: a TOML like the daemon's, its [srs] param_cache replaced by
// --params-dir), prints each job's timings, checks the concatenated proof with verify-vanilla's
// verifier and writes the verifier's public inputs.
#include <iostream>

#include "cmd_vanilla_request.hpp"
#include "commands.hpp"
#include "files.hpp"
#include "in_process.hpp"
#include "job_sources.hpp"
#include "util/stopwatch.hpp"
#include "vanilla_proofs.hpp"

namespace cuzk::bench {

namespace {

struct ProveVanillaOptions {
  std::string request, params_dir, out_proof, out_inputs, config;
};

void prove_vanilla(const ProveVanillaOptions& opt) {
  Stopwatch sw;
  const VanillaRequest r = read_vanilla_request(opt.request);
  const JobSource source = vanilla_job_source(opt.request, opt.params_dir);
  std::cerr << "prove-vanilla: " << r.kind << " " << r.proof_type << ", " << r.vanilla_proofs.size()
            << " vanilla proof(s), " << source.requests.size() << " request(s)\n";
  // The vanilla bytes are parsed at submit (field-path errors), before any parameter is loaded.
  auto prover = server::in_process_prover(bench_engine_config(opt.config, opt.params_dir));
  const std::string proof = prove_in_order(*prover, source.requests, "prove-vanilla");
  auto verified = verify_vanilla_proof(
      r, opt.params_dir, std::span(reinterpret_cast<const uint8_t*>(proof.data()), proof.size()));
  if (!verified) throw std::runtime_error("prove-vanilla: " + verified.error().message);
  write_text_file(opt.out_proof, proof);
  write_text_file(opt.out_inputs, partition_inputs_to_json(request_inputs(r)));
  std::cerr << "prove-vanilla: " << proof.size() << "-byte proof, verified, in " << sw.lap_ms()
            << " ms\n";
}

}  // namespace

void add_prove_vanilla_command(CLI::App& app) {
  auto opt = std::make_shared<ProveVanillaOptions>();
  auto* cmd = app.add_subcommand(
      "prove-vanilla", "Prove a PoSt / SnapDeals request from gen-vanilla on an in-process engine");
  cmd->add_option("--request", opt->request, "request.json (vanilla files next to it)")->required();
  cmd->add_option("--params-dir", opt->params_dir, "Directory with the parameter files")
      ->required();
  cmd->add_option("--out-proof", opt->out_proof, "Proof output (192 bytes per partition)")
      ->required();
  cmd->add_option("--out-inputs", opt->out_inputs, "Public inputs, one array per partition")
      ->required();
  cmd->add_option("--config", opt->config,
                  "Daemon TOML ([srs] param_cache replaced by --params-dir; default: defaults)")
      ->check(CLI::ExistingFile);
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
