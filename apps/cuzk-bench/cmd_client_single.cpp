// cuzk-bench single: one PoRep proof through a running daemon, as Curio sends it.
//   single --addr unix:///run/cuzk.sock --c1 c1.json [--miner-id 1000] [--sector-number 7]
//          [--priority normal] [--out-proof proof.bin] [--params-dir DIR]
// Reads a C1 (bare JSON, wrapped into Curio's envelope, or the envelope itself), calls Prove, prints
// the daemon's timing breakdown and the round trip, writes the proof, and with --params-dir
// verifies it against the circuit's .vk (our C2 verifier). Exit 0 only for a completed (and, when
// checked, valid) proof. --in-process runs the engine here instead of a daemon (parameters from
// --params-dir).
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "files.hpp"
#include "filecoin/porep_c2.hpp"
#include "filecoin/porep_parameters.hpp"
#include "server/client.hpp"
#include "util/mapped_file.hpp"
#include "util/stopwatch.hpp"

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
  auto files = filecoin::find_porep_parameters(params_dir, *c1.registered_proof->sector);
  if (!files) throw std::runtime_error(files.error().message);
  MappedFile vk_file(files->vk);
  auto vk = groth16::read_verifying_key(vk_file.bytes());
  if (!vk) throw std::runtime_error(files->vk + ": " + vk.error().message);
  const filecoin::PorepPublicValues values{c1.replica_id, c1.comm_d, c1.comm_r, c1.seed};
  auto ok = filecoin::verify_porep_c2(
      groth16::prepare_verifying_key(*vk), *c1.registered_proof, values,
      std::span(reinterpret_cast<const uint8_t*>(proof.data()), proof.size()));
  if (!ok) std::cerr << "single: verification: " << ok.error().message << "\n";
  return ok.ok();
}

}  // namespace

void add_client_single_command(CLI::App& app) {
  struct Options {
    std::string addr = "unix:///run/curio/cuzk.sock";
    std::string c1, out_proof, params_dir, priority, request_id;
    uint64_t miner_id = 0;
    std::optional<uint64_t> sector_number;
    bool in_process = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("single", "Prove one PoRep C1 through a running cuzk daemon");
  cmd->add_option("--addr", opt->addr, "Daemon address: unix:///path or host:port")
      ->capture_default_str();
  cmd->add_option("--c1", opt->c1, "C1 output: JSON or Curio envelope")->required();
  cmd->add_option("--miner-id", opt->miner_id, "Miner actor id (checked against the replica id)");
  cmd->add_option("--sector-number", opt->sector_number,
                  "Sector number (default: the envelope's SectorNum)");
  cmd->add_option("--priority", opt->priority, "low, normal, high or critical");
  cmd->add_option("--request-id", opt->request_id, "Idempotency key (default porep-MINER-SECTOR)");
  cmd->add_option("--out-proof", opt->out_proof, "Write the proof bytes here");
  cmd->add_option("--params-dir", opt->params_dir, "Verify the proof with the .vk found here");
  cmd->add_flag("--in-process", opt->in_process,
                "Run the engine in this process (parameters from --params-dir), no daemon");
  cmd->callback([opt] {
    auto priority = server::priority_from_name(opt->priority);
    if (!priority) throw std::runtime_error("--priority: unknown \"" + opt->priority + "\"");
    const std::string text = read_text(opt->c1);
    auto request = server::make_porep_request(
        text, {opt->request_id, opt->miner_id, opt->sector_number, *priority});
    if (!request) throw std::runtime_error(opt->c1 + ": " + request.error().message);
    std::cerr << "single: " << request->request_id() << ", registered proof "
              << request->registered_proof() << ", " << request->vanilla_proof().size()
              << " bytes to " << (opt->in_process ? "the in-process engine" : opt->addr) << "\n";

    std::unique_ptr<server::Prover> prover;
    if (opt->in_process) {
      if (opt->params_dir.empty()) throw std::runtime_error("--in-process needs --params-dir");
      prover = server::in_process_prover(opt->params_dir);
    } else {
      prover = server::daemon_prover(opt->addr);
    }
    v1::AwaitProofResponse result;
    Stopwatch sw;
    auto status = prover->prove(*request, &result);
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
    if (!opt->out_proof.empty()) write_text_file(opt->out_proof, result.proof());
    if (!opt->params_dir.empty()) {
      const bool valid = verify_with_vk(opt->params_dir, read_c1_file(opt->c1), result.proof());
      std::cout << (valid ? "valid" : "invalid") << "\n";
      if (!valid) throw CLI::RuntimeError(1);
    }
  });
}

}  // namespace cuzk::bench
