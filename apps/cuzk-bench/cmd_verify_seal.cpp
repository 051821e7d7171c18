// cuzk-bench verify-seal: verify a PoRep seal proof from public data alone, as Filecoin's
// verify_seal (and Curio after every proof) does — a verifying key, the proof bytes, and the
// sector's public values; no C1, no .params.
//   verify-seal --vk F --proof P (--proof-type NAME | --sector-size N --porep-id HEX64
//               --api-version 1.0.0|1.1.0|1.2.0 [--feature synthetic|ni])
//               (--prover-id HEX64 | --miner-id N) --sector-number N --ticket HEX64 --seed HEX64
//               --comm-d HEX64 --comm-r HEX64 [--srs FILE] [--out-inputs FILE]
// The replica id is recomputed from prover id, sector number, ticket, comm_d and porep_id, then
// every partition's public inputs (challenges and their parents on the porep_id's graph), and the
// partition proofs are batch-verified — or, for a non-interactive PoRep, the SnarkPack aggregate
// of them is checked with the aggregation SRS (--srs: v28-fil-inner-product-v1.srs, or the test
// one for test parameters). Prints valid / invalid, exits 0 / 1 (2 for bad options).
// A porep_id may be any 32 bytes (rust-fil-proofs allows it), not only a registered proof's.
#include <iostream>

#include "commands.hpp"
#include "filecoin/ni_seal.hpp"
#include "filecoin/porep_verify.hpp"
#include "filecoin/prover_id.hpp"
#include "files.hpp"
#include "proof_types.hpp"
#include "util/hex.hpp"

namespace cuzk::bench {
namespace {

hash::Node32 node32_option(const std::string& option, const std::string& text) {
  const auto bytes = from_hex(text);
  if (!bytes || bytes->size() != 32)
    throw std::runtime_error(option + ": expected 64 hex characters, got \"" + text + "\"");
  hash::Node32 node{};
  std::copy(bytes->begin(), bytes->end(), node.begin());
  return node;
}

struct Options {
  std::string vk, proof, proof_type, porep_id, api_version, feature, prover_id;
  std::string ticket, seed, comm_d, comm_r, out_inputs, srs;
  uint64_t sector_size = 0, sector_number = 0;
  std::optional<uint64_t> miner_id;
};

filecoin::ProofType seal_proof(const Options& opt) {
  if (!opt.proof_type.empty()) return find_proof_type(opt.proof_type);
  auto version = filecoin::parse_api_version(opt.api_version);
  if (!version) throw std::runtime_error("--api-version: " + version.error().message);
  filecoin::SealFeature feature = filecoin::SealFeature::kNone;
  if (opt.feature == "synthetic") {
    feature = filecoin::SealFeature::kSyntheticPoRep;
  } else if (opt.feature == "ni") {
    feature = filecoin::SealFeature::kNonInteractivePoRep;
  } else if (!opt.feature.empty()) {
    throw std::runtime_error("--feature: \"" + opt.feature + "\" (known: synthetic, ni)");
  }
  auto proof = filecoin::seal_proof_from_parts(
      opt.sector_size, node32_option("--porep-id", opt.porep_id), *version, feature);
  if (!proof) throw std::runtime_error("--sector-size: " + proof.error().message);
  return *proof;
}

// An NI seal's aggregate against the SRS file.
filecoin::FilecoinResult<unsigned> verify_ni(const Options& opt, const filecoin::ProofType& proof,
                                             const groth16::VerifyingKey& vk,
                                             const filecoin::PorepPublicValues& values,
                                             std::span<const uint8_t> bytes) {
  if (opt.srs.empty())
    throw std::runtime_error("--srs: an NI-PoRep seal needs the aggregation SRS file");
  auto srs = snarkpack::read_srs_file(opt.srs, 2 * filecoin::kNiMaxAggregatedProofs);
  if (!srs) throw std::runtime_error("--srs: " + srs.error().message);
  auto keys =
      snarkpack::specialize_verifier(*srs, filecoin::ni_aggregated_proofs(proof.partitions()));
  if (!keys) throw std::runtime_error("--srs: " + keys.error().message);
  return filecoin::verify_ni_seal(*keys, vk, proof, values, bytes);
}

}  // namespace

void add_verify_seal_command(CLI::App& app) {
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "verify-seal", "Verify a PoRep seal proof from public data alone (exit 0 valid, 1 invalid)");
  cmd->add_option("--vk", opt->vk, "Verifying key (.vk) of the sector size's circuit")->required();
  cmd->add_option("--proof", opt->proof,
                  "Seal proof (192 bytes per partition; NI: their SnarkPack aggregate)")
      ->required();
  auto* type =
      cmd->add_option("--proof-type", opt->proof_type, "Registered seal proof (name or id) ...");
  auto* size = cmd->add_option("--sector-size", opt->sector_size, "... or: sector size in bytes");
  auto* porep_id = cmd->add_option("--porep-id", opt->porep_id, "  porep_id (64 hex)");
  auto* version = cmd->add_option("--api-version", opt->api_version, "  1.0.0, 1.1.0 or 1.2.0");
  auto* feature = cmd->add_option("--feature", opt->feature, "  synthetic or ni (default: none)");
  type->excludes(size)->excludes(porep_id)->excludes(version)->excludes(feature);
  size->needs(porep_id)->needs(version);
  auto* prover = cmd->add_option("--prover-id", opt->prover_id, "Prover id (64 hex) ...");
  auto* miner = cmd->add_option("--miner-id", opt->miner_id, "... or the miner actor id");
  prover->excludes(miner);
  cmd->add_option("--sector-number", opt->sector_number, "Sector number")->required();
  cmd->add_option("--ticket", opt->ticket, "Ticket (64 hex)")->required();
  cmd->add_option("--seed", opt->seed, "Interactive seed (64 hex)")->required();
  cmd->add_option("--comm-d", opt->comm_d, "comm_d (64 hex)")->required();
  cmd->add_option("--comm-r", opt->comm_r, "comm_r (64 hex)")->required();
  cmd->add_option("--srs", opt->srs, "NI-PoRep: the aggregation SRS file");
  cmd->add_option("--out-inputs", opt->out_inputs,
                  "Also write the public inputs built (one array per partition)");
  cmd->callback([opt] {
    if (opt->proof_type.empty() && opt->porep_id.empty())
      throw std::runtime_error(
          "give --proof-type, or --sector-size with --porep-id and --api-version");
    if (opt->prover_id.empty() && !opt->miner_id)
      throw std::runtime_error("give --prover-id or --miner-id");
    const filecoin::ProofType proof = seal_proof(*opt);
    const hash::Node32 prover_id = opt->miner_id ? filecoin::prover_id_from_miner_id(*opt->miner_id)
                                                 : node32_option("--prover-id", opt->prover_id);
    const hash::Node32 comm_d = node32_option("--comm-d", opt->comm_d);
    const filecoin::PorepPublicValues values{
        filecoin::porep_replica_id(proof, prover_id, opt->sector_number,
                                   node32_option("--ticket", opt->ticket), comm_d),
        comm_d, node32_option("--comm-r", opt->comm_r), node32_option("--seed", opt->seed)};
    if (!opt->out_inputs.empty()) {
      auto inputs = filecoin::porep_c2_public_inputs(proof, values);
      if (!inputs) throw std::runtime_error(inputs.error().message);
      write_text_file(opt->out_inputs, partition_inputs_to_json(*inputs));
    }
    auto vk = groth16::read_verifying_key(read_file(opt->vk));
    if (!vk) throw std::runtime_error(opt->vk + ": " + vk.error().message);
    const auto bytes = read_file(opt->proof);
    auto verified =
        proof.feature == filecoin::SealFeature::kNonInteractivePoRep
            ? verify_ni(*opt, proof, *vk, values, bytes)
            : filecoin::verify_porep_c2(groth16::prepare_verifying_key(*vk), proof, values, bytes);
    if (!verified) std::cerr << "verify-seal: " << verified.error().message << "\n";
    std::cout << (verified ? "valid" : "invalid") << "\n";
    if (!verified) throw CLI::RuntimeError(1);
  });
}

}  // namespace cuzk::bench
