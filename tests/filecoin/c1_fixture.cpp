// C1 fixtures of c1_fixture.hpp: thin wrappers over the sealing floor, plus the tamper edits.
#include "c1_fixture.hpp"

#include <stdexcept>

#include "filecoin/challenges.hpp"
#include "sealing/real_seal.hpp"
#include "sealing/seeded_stream.hpp"
#include "sealing/virtual_sector.hpp"

namespace cuzk::filecoin::testing {
namespace {

constexpr uint64_t kMinerId = 1000;
constexpr uint64_t kSectorNumber = 1;

// Breaks the last-layer label and / or the encoding of the first interactive challenge.
sealing::SealTestHooks tamper_hooks(const ProofType& proof, const sealing::SealRequest& request,
                                    const C1FixtureOptions& options) {
  if (!options.wrong_label && !options.wrong_encoding) return {};
  if (proof.challenge_mode() != ChallengeMode::kInteractive) {
    throw std::invalid_argument("make_full_c1: tampering needs an interactive proof");
  }
  sealing::SealTestHooks hooks;
  hooks.edit_before_trees = [&proof, seed = request.seed, options](
                                const hash::Node32& replica_id, std::span<const hash::Node32> data,
                                sealing::SectorLabels& labels, std::vector<ff::Fr>& replica) {
    const PorepSectorConfig& s = *proof.sector;
    const uint64_t c0 =
        interactive_challenges(s.nodes(), replica_id, seed, proof.challenges_per_partition(), 0)[0];
    if (options.wrong_label) {
      labels.at(s.layers, c0) = sealing::SeededStream("wrong-label", options.rng_seed).next_fr32();
    }
    replica[c0] = *hash::fr_from_node(labels.at(s.layers, c0)) + *hash::fr_from_node(data[c0]);
    if (options.wrong_encoding) replica[c0] += ff::Fr::one();
  };
  return hooks;
}

}  // namespace

const ProofType& proof_named(std::string_view name) {
  return *find_seal_proof(name).value();
}

SealCommitPhase1Output make_full_c1(const ProofType& proof, const C1FixtureOptions& options) {
  if (proof.sector->log2_nodes != 6) throw std::invalid_argument("make_full_c1: 2 KiB only");
  auto request = sealing::seal_request_from_seed(proof, kMinerId, kSectorNumber, options.rng_seed);
  request.data = sealing::random_sector_data(*proof.sector, options.rng_seed);
  auto sealed = sealing::seal_real_sector(request, tamper_hooks(proof, request, options));
  if (!sealed.ok()) throw std::invalid_argument("make_full_c1: " + sealed.error().message);
  return std::move(sealed).value().c1;
}

SealCommitPhase1Output make_virtual_c1(const ProofType& proof, uint64_t rng_seed) {
  const auto request = sealing::seal_request_from_seed(proof, kMinerId, kSectorNumber, rng_seed);
  auto generated = sealing::generate_virtual_c1(request);
  if (!generated.ok()) throw std::invalid_argument("make_virtual_c1: " + generated.error().message);
  return std::move(generated).value().c1;
}

}  // namespace cuzk::filecoin::testing
