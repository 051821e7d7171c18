// cuzk-bench gen-vanilla window-post|winning-post|snap-prove: genuine vanilla proofs of really
// sealed small test sectors (src/sealing post_vanilla_gen / update_vanilla_gen) or, with
// --virtual, of sectors of any size made without sealing (PoSt: sparse virtual sectors,
// virtual_post.hpp; SnapDeals: a generated sector whose old replica and new data repeat every
// --period nodes, update_vanilla_gen.hpp), written as Curio sends them (one bincode file per PoSt
// sector / SnapDeals partition) next to a request JSON (cmd_vanilla_request.hpp) holding what
// the prover and the verifier need.
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>

#include "cmd_vanilla_request.hpp"
#include "commands.hpp"
#include "filecoin/post_vanilla.hpp"
#include "filecoin/update_vanilla.hpp"
#include "files.hpp"
#include "sealing/post_vanilla_gen.hpp"
#include "sealing/update_vanilla_gen.hpp"
#include "sealing/virtual_post.hpp"
#include "server/client.hpp"
#include "util/hex.hpp"
#include "util/stopwatch.hpp"
#include "vanilla_proofs.hpp"

namespace cuzk::bench {

namespace {

struct GenVanillaOptions {
  std::string kind, proof_type, out;
  unsigned sectors = 1;
  uint64_t seed = 0, miner_id = server::kTestMinerId, sector_id = server::kTestSectorNumber;
  unsigned threads = 0;
  bool virtual_sectors = false;
  uint64_t period = sealing::kDefaultUpdatePeriod;
};

constexpr unsigned kMaxRealSectors = 1000;  // each one sealed for real
constexpr unsigned kMaxSectors = 100000;    // virtual: 43 partitions of 32 GiB WindowPoSt

std::string request_path(const GenVanillaOptions& opt) {
  return (std::filesystem::path(opt.out) / "request.json").string();
}

void gen_post(const GenVanillaOptions& opt) {
  Stopwatch sw;
  const filecoin::PoStProofType& proof =
      **must(filecoin::find_post_proof(std::string_view(opt.proof_type)), "--proof-type");
  const bool winning = proof.type() == filecoin::PoStType::kWinning;
  if (winning != (opt.kind == "winning-post"))
    throw std::runtime_error("--proof-type " + opt.proof_type + " is a " +
                             filecoin::to_string(proof.type()) + "PoSt proof, not " + opt.kind);
  if (!opt.virtual_sectors && opt.sectors > kMaxRealSectors)
    throw std::runtime_error("--sectors: at most " + std::to_string(kMaxRealSectors) +
                             " sectors are sealed for real; use --virtual for more");
  auto set = must(
      opt.virtual_sectors
          ? sealing::generate_virtual_post_vanilla(proof, opt.miner_id, opt.sectors, opt.seed,
                                                   opt.threads)
          : sealing::generate_post_vanilla(proof, opt.miner_id, opt.sectors, opt.seed, opt.threads),
      "gen-vanilla");
  std::filesystem::create_directories(opt.out);
  VanillaRequest r;
  r.kind = opt.kind;
  r.proof_type = std::string(proof.name);
  r.circuit_id = std::string(proof.circuit_id());
  r.partitions = set->partitions;
  r.miner_id = set->miner_id;
  r.prover_id = set->prover_id;
  r.randomness = set->randomness;
  r.sector_set_size = set->sector_set_size;
  r.sectors = set->sectors;
  for (size_t i = 0; i < set->vanilla.size(); ++i) {
    const std::string name = "vanilla-" + std::to_string(i) + ".bin";
    write_file((std::filesystem::path(opt.out) / name).string(),
               filecoin::serialize_fallback_post_sector_proof(set->vanilla[i]));
    r.vanilla_proofs.push_back(name);
  }
  write_vanilla_request(request_path(opt), r);
  std::cerr << "gen-vanilla: " << proof.name << ", " << set->sectors.size()
            << " sector(s) proven of " << set->sector_set_size
            << (opt.virtual_sectors ? " virtual" : " sealed") << ", " << set->partitions
            << " partition(s), in " << sw.total_ms() << " ms\n";
  std::cout << request_path(opt) << "\n";
}

void gen_snap(const GenVanillaOptions& opt) {
  Stopwatch sw;
  const filecoin::UpdateProofType& proof =
      **must(filecoin::find_update_proof(std::string_view(opt.proof_type)), "--proof-type");
  auto set =
      must(opt.virtual_sectors ? sealing::generate_periodic_update_vanilla(
                                     proof, opt.sector_id, opt.seed, opt.period, opt.threads)
                               : sealing::generate_update_vanilla(
                                     proof, opt.miner_id, opt.sector_id, opt.seed, opt.threads),
           "gen-vanilla");
  std::filesystem::create_directories(opt.out);
  VanillaRequest r;
  r.kind = opt.kind;
  r.proof_type = std::string(proof.name);
  r.circuit_id = std::string(proof.circuit_id());
  r.partitions = unsigned(set->partitions.size());
  r.sector_id = set->sector_id;
  r.h = set->h;
  r.comm_r_old = set->comm_r_old;
  r.comm_d_new = set->comm_d_new;
  r.comm_r_new = set->comm_r_new;
  for (size_t k = 0; k < set->partitions.size(); ++k) {
    const std::string name = "partition-" + std::to_string(k) + ".bin";
    write_file((std::filesystem::path(opt.out) / name).string(),
               filecoin::serialize_update_partition_proof(set->partitions[k]));
    r.vanilla_proofs.push_back(name);
  }
  write_vanilla_request(request_path(opt), r);
  std::cerr << "gen-vanilla: " << proof.name
            << (opt.virtual_sectors
                    ? ", generated sector (period " + std::to_string(opt.period) + " nodes) updated"
                    : ", CC sector updated")
            << ", comm_r_new " << to_hex(set->comm_r_new) << ", " << r.partitions
            << " partition(s), in " << sw.total_ms() << " ms\n";
  std::cout << request_path(opt) << "\n";
}

}  // namespace

void add_gen_vanilla_command(CLI::App& app) {
  auto opt = std::make_shared<GenVanillaOptions>();
  auto* cmd = app.add_subcommand(
      "gen-vanilla",
      "Genuine PoSt / SnapDeals vanilla proofs of real small test sectors, or of sectors of any "
      "size made without sealing (--virtual)");
  cmd->add_option("kind", opt->kind, "window-post, winning-post or snap-prove")
      ->required()
      ->check(CLI::IsMember({"window-post", "winning-post", "snap-prove"}));
  cmd->add_option("--proof-type", opt->proof_type,
                  "Registered PoSt proof (StackedDrgWindow2KiBV1_2, StackedDrgWinning2KiBV1) or "
                  "update proof (StackedDrg2KiBV1)")
      ->required();
  cmd->add_option("--sectors", opt->sectors,
                  "Sectors sealed or virtual (Window: all proven; Winning: the set one is picked "
                  "from); at most 1000 sealed")
      ->check(CLI::Range(1u, kMaxSectors));
  cmd->add_flag("--virtual", opt->virtual_sectors,
                "Any size without sealing: PoSt virtual sectors (sparse tree R_last, random "
                "comm_c); SnapDeals a generated sector whose old replica and new data repeat "
                "every --period nodes");
  cmd->add_option("--period", opt->period,
                  "snap-prove --virtual: the period in nodes, a power of two (default 4096; the "
                  "sector's node count: no repeats, small sizes only)");
  cmd->add_option("--seed", opt->seed, "Seeds data, tickets and randomness (default 0)");
  cmd->add_option("--miner-id", opt->miner_id, "Miner id (prover id = its LEB128 varint)");
  cmd->add_option("--sector-id", opt->sector_id, "SnapDeals: the sector number (default 1)");
  cmd->add_option("--out", opt->out, "Output directory (request.json + vanilla files)")->required();
  cmd->add_option("--threads", opt->threads, "Threads (0 = all cores)");
  cmd->callback([opt] { opt->kind == "snap-prove" ? gen_snap(*opt) : gen_post(*opt); });
}

}  // namespace cuzk::bench
