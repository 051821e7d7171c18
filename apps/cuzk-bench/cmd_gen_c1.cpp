// cuzk-bench gen-c1: a C1 output (commit phase 1, spec §11) of a generated sector, for testing
// the prover without a sealing stack. 2 KiB and 8 MiB sectors are sealed for real (random data);
// --virtual makes a committed-capacity sector that holds only the columns the C1 opens, for any
// size and interactive proofs (sealing/virtual_sector.hpp). --seed fixes data, ticket and
// interactive seed, so the same command line writes the same bytes. Prints one summary line.
#include <cstdio>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "filecoin/c1_json.hpp"
#include "files.hpp"
#include "proof_types.hpp"
#include "sealing/real_seal.hpp"
#include "sealing/virtual_sector.hpp"
#include "server/client.hpp"
#include "util/hex.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::bench {
namespace {

std::string sector_size_text(uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  unsigned unit = 0;
  while (unit + 1 < std::size(units) && bytes >= 1024 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++unit;
  }
  return std::to_string(bytes) + " " + units[unit];
}

std::string seconds_text(double ms) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f s", ms / 1000);
  return text;
}

void write_text(const std::string& path, const std::string& text) {
  write_file(path, {reinterpret_cast<const uint8_t*>(text.data()), text.size()});
}

}  // namespace

void add_gen_c1_command(CLI::App& app) {
  struct Options {
    std::string proof_type, out, envelope;
    bool virtual_sector = false;
    uint64_t miner_id = server::kTestMinerId, sector_number = server::kTestSectorNumber, seed = 0;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("gen-c1",
                                 "Generate a C1 output (real 2 KiB / 8 MiB sector, or "
                                 "a virtual sector of any size)");
  cmd->add_option("--proof-type", opt->proof_type,
                  "Registered seal proof: name (StackedDrg2KiBV1_1) or numeric id")
      ->required();
  cmd->add_flag("--virtual", opt->virtual_sector,
                "Virtual committed-capacity sector (any size; interactive proofs only)");
  cmd->add_option("--miner-id", opt->miner_id, "Miner actor id (prover id = its varint)")
      ->capture_default_str();
  cmd->add_option("--sector-number", opt->sector_number, "Sector number")->capture_default_str();
  cmd->add_option("--seed", opt->seed, "Seeds data, ticket and interactive seed")
      ->capture_default_str();
  cmd->add_option("--out", opt->out, "C1 JSON output file")->required();
  cmd->add_option("--envelope", opt->envelope,
                  "Also write Curio's envelope {SectorNum, Phase1Out (base64), SectorSize}");
  cmd->callback([opt] {
    const filecoin::ProofType& proof = find_proof_type(opt->proof_type);
    if (!opt->virtual_sector && !sealing::can_seal_real(proof)) {
      throw std::runtime_error(std::string(proof.name) + " (" +
                               sector_size_text(proof.sector->sector_size) +
                               ") is too large to seal for real (2 KiB and 8 MiB only); add "
                               "--virtual for a virtual committed-capacity sector");
    }
    Stopwatch watch;
    sealing::SealRequest request =
        sealing::seal_request_from_seed(proof, opt->miner_id, opt->sector_number, opt->seed);
    if (!opt->virtual_sector) request.data = sealing::random_sector_data(*proof.sector, opt->seed);
    auto generated = opt->virtual_sector ? sealing::generate_virtual_c1(request)
                                         : sealing::seal_real_sector(request);
    if (!generated.ok()) throw std::runtime_error(generated.error().message);
    const filecoin::SealCommitPhase1Output& c1 = generated->c1;
    const double generate_ms = watch.total_ms();

    const std::string json = filecoin::to_json(c1);
    write_text(opt->out, json);
    if (!opt->envelope.empty()) {
      const filecoin::CurioC1Envelope envelope{
          opt->sector_number, {json.begin(), json.end()}, proof.sector->sector_size};
      write_text(opt->envelope, filecoin::to_json(envelope));
    }
    std::cout << "gen-c1: " << proof.name << ", " << sector_size_text(proof.sector->sector_size)
              << (opt->virtual_sector ? " virtual" : " real") << " sector " << opt->sector_number
              << " of miner " << opt->miner_id << ", comm_d " << to_hex(c1.comm_d) << ", comm_r "
              << to_hex(c1.comm_r) << ", " << seconds_text(generate_ms) << " ("
              << generated->times.to_string() << "), " << json.size() << " bytes to " << opt->out
              << "\n";
  });
}

}  // namespace cuzk::bench
