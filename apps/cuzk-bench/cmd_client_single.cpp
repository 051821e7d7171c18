// cuzk-bench single: one proof through a running daemon, as Curio sends it.
//   single --addr unix:///run/cuzk.sock --c1 c1.json [--miner-id 1000] [--sector-number 7]
//          [--priority normal] [--out-proof proof.bin] [--params-dir DIR]
//   single --addr ... --vanilla request.json [--priority ...] [--out-proof ...] [--params-dir DIR]
//   [--request-id ID] [--sector-size BYTES]: sent as given (default: Curio's names, the proof's
//   size)
// --c1: a PoRep C1 (bare JSON, wrapped into Curio's envelope, or the envelope itself).
// --vanilla: a gen-vanilla request (WindowPoSt: one request per partition, the proofs
// concatenated in partition order; WinningPoSt; SnapDeals).
// Calls Prove, prints the daemon's timing breakdown and the round trip per request, writes the
// proof, and with --params-dir verifies it against the circuit's .vk (our verifiers, with public
// inputs rebuilt from the C1 / request). Exit 0 only for a completed (and, when checked, valid)
// proof. --in-process runs the engine here instead of a daemon (parameters from --params-dir).
#include <fstream>
#include <iostream>
#include <sstream>

#include "cmd_vanilla_request.hpp"
#include "commands.hpp"
#include "filecoin/porep_parameters.hpp"
#include "files.hpp"
#include "seal_check.hpp"
#include "server/client.hpp"
#include "util/stopwatch.hpp"
#include "vanilla_proofs.hpp"

namespace cuzk::bench {
namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// True when valid; throws when the parameters cannot be found or read.
bool verify_with_vk(const std::string& params_dir, const filecoin::SealCommitPhase1Output& c1,
                    const std::string& proof) {
  const SealChecker checker(params_dir, *c1.registered_proof);
  const std::string invalid =
      checker.check({c1.replica_id, c1.comm_d, c1.comm_r, c1.seed},
                    std::span(reinterpret_cast<const uint8_t*>(proof.data()), proof.size()));
  if (!invalid.empty()) std::cerr << "single: verification: " << invalid << "\n";
  return invalid.empty();
}

}  // namespace

void add_client_single_command(CLI::App& app) {
  struct Options {
    std::string addr = "unix:///run/curio/cuzk.sock";
    std::string c1, vanilla, out_proof, params_dir, priority, request_id;
    uint64_t miner_id = server::kTestMinerId;
    std::optional<uint64_t> sector_number, sector_size;
    bool in_process = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("single", "Prove one C1 or vanilla request through a cuzk daemon");
  cmd->add_option("--addr", opt->addr, "Daemon address: unix:///path or host:port")
      ->capture_default_str();
  auto* c1 = cmd->add_option("--c1", opt->c1, "PoRep C1 output: JSON or Curio envelope");
  auto* vanilla =
      cmd->add_option("--vanilla", opt->vanilla, "PoSt / SnapDeals request.json from gen-vanilla");
  c1->excludes(vanilla);
  vanilla->excludes(c1);
  cmd->add_option("--miner-id", opt->miner_id,
                  "PoRep: miner actor id (checked against the replica id)")
      ->capture_default_str();
  cmd->add_option("--sector-number", opt->sector_number,
                  "PoRep: sector number (default: the envelope's SectorNum; 1 for a bare C1, "
                  "as gen-c1 writes)");
  cmd->add_option("--sector-size", opt->sector_size,
                  "Send this sector_size (default: the proof's; 0 as Curio's ProofShare "
                  "SnapDeals requests)");
  cmd->add_option("--priority", opt->priority, "low, normal, high or critical");
  cmd->add_option("--request-id", opt->request_id,
                  "Idempotency key (default as Curio: porep-MINER-SECTOR, winpost-..., ...)");
  cmd->add_option("--out-proof", opt->out_proof, "Write the proof bytes here");
  cmd->add_option("--params-dir", opt->params_dir, "Verify the proof with the .vk found here");
  cmd->add_flag("--in-process", opt->in_process,
                "Run the engine in this process (parameters from --params-dir), no daemon");
  cmd->callback([opt] {
    if (opt->c1.empty() == opt->vanilla.empty())
      throw std::runtime_error("single: give one of --c1 and --vanilla");
    auto priority = server::priority_from_name(opt->priority);
    if (!priority) throw std::runtime_error("--priority: unknown \"" + opt->priority + "\"");
    std::vector<v1::SubmitProofRequest> requests;
    std::optional<VanillaRequest> vanilla_request;
    if (!opt->c1.empty()) {
      auto request = server::make_porep_request(
          read_text(opt->c1), {opt->request_id, opt->miner_id, opt->sector_number, *priority});
      if (!request) throw std::runtime_error(opt->c1 + ": " + request.error().message);
      requests.push_back(std::move(request).value());
    } else {
      vanilla_request = read_vanilla_request(opt->vanilla);
      requests =
          vanilla_submit_requests(opt->vanilla, *vanilla_request, *priority, opt->request_id);
    }

    std::unique_ptr<server::Prover> prover;
    if (opt->in_process) {
      if (opt->params_dir.empty()) throw std::runtime_error("--in-process needs --params-dir");
      prover = server::in_process_prover(opt->params_dir);
    } else {
      prover = server::daemon_prover(opt->addr);
    }
    if (opt->sector_size) {
      for (auto& request : requests) request.set_sector_size(*opt->sector_size);
    }
    std::string proof;
    for (const auto& request : requests) {
      std::cerr << "single: " << request.request_id() << ", "
                << v1::ProofKind_Name(request.proof_kind()) << ", registered proof "
                << request.registered_proof() << ", "
                << request.vanilla_proof().size() + request.vanilla_proofs_size()
                << (request.vanilla_proofs_size() > 0 ? " vanilla proofs" : " bytes") << " to "
                << (opt->in_process ? "the in-process engine" : opt->addr) << "\n";
      v1::AwaitProofResponse result;
      Stopwatch sw;
      auto status = prover->prove(request, &result);
      const double round_trip_ms = sw.total_ms();
      if (!status.ok()) throw std::runtime_error("Prove: " + server::describe(status));
      if (result.status() != v1::AwaitProofResponse::COMPLETED) {
        std::cerr << "single: job " << result.job_id() << " "
                  << v1::AwaitProofResponse::Status_Name(result.status()) << ": "
                  << result.error_message() << "\n";
        throw CLI::RuntimeError(1);
      }
      std::cout << "job " << result.job_id() << ": " << result.proof().size() << " bytes; "
                << server::format_timings(result) << "; round trip " << int64_t(round_trip_ms)
                << " ms\n";
      proof += result.proof();
    }
    if (!opt->out_proof.empty()) write_text_file(opt->out_proof, proof);
    if (!opt->params_dir.empty()) {
      bool valid = false;
      if (vanilla_request) {
        auto verified = verify_vanilla_proof(
            *vanilla_request, opt->params_dir,
            std::span(reinterpret_cast<const uint8_t*>(proof.data()), proof.size()));
        if (!verified) std::cerr << "single: verification: " << verified.error().message << "\n";
        valid = verified.ok();
      } else {
        valid = verify_with_vk(opt->params_dir, read_c1_file(opt->c1), proof);
      }
      std::cout << (valid ? "valid" : "invalid") << "\n";
      if (!valid) throw CLI::RuntimeError(1);
    }
  });
}

}  // namespace cuzk::bench
