// Fallback PoSt (WindowPoSt partition, WinningPoSt) as an engine job (see post_job.hpp).
#include "engine/post_job.hpp"

#include <spdlog/spdlog.h>

#include "engine/precompiled_synthesis.hpp"
#include "engine/request_checks.hpp"
#include "filecoin/post_challenges.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_prepare.hpp"
#include "r1cs/precompiled_circuit.hpp"

namespace cuzk::engine {
namespace {

using filecoin::PoStProofType;
using filecoin::PoStType;

class PostJob final : public CircuitJob {
 public:
  PostJob(const PoStProofType& proof, std::vector<filecoin::PostSectorWitness> witness,
          std::vector<ff::Fr> inputs, std::string description,
          std::shared_ptr<r1cs::PrecompiledStore> precompiled,
          std::shared_ptr<TaskPool> witness_pool)
      : shape_(filecoin::post_circuit_shape(*proof.circuit)),
        witness_(std::move(witness)),
        inputs_(std::move(inputs)),
        circuit_id_(proof.circuit_id()),
        precompiled_(std::move(precompiled), std::move(witness_pool), circuit_id_,
                     /*defer=*/true),
        description_(std::move(description)) {}

  const std::string& circuit_id() const override { return circuit_id_; }
  unsigned partitions() const override { return 1; }
  std::string describe() const override { return description_; }
  void synthesize(unsigned, r1cs::ProvingAssignment& out) const override {
    precompiled_.synthesize(
        circuit_id_,
        [&](r1cs::ConstraintSystem& cs) {
          filecoin::synthesize_post_circuit(cs, shape_, witness_);
        },
        [&](const r1cs::PrecompiledCircuit& circuit, TaskPool& pool) {
          return filecoin::post_circuit_witness_values(shape_, witness_, circuit.sizes(), pool);
        },
        out);
  }
  bool defers_abc() const override { return precompiled_.defers_abc(); }
  std::vector<ff::Fr> public_inputs(unsigned, const r1cs::ProvingAssignment&) const override {
    return inputs_;
  }

 private:
  filecoin::PostCircuitShape shape_;
  std::vector<filecoin::PostSectorWitness> witness_;  // the circuit's sectors, padded
  std::vector<ff::Fr> inputs_;
  std::string circuit_id_;
  // a/b/c deferred once the circuit is known good: the pipeline makes them on all cores unless
  // the backend's deadline start evaluates them on its device (Backend::
  // evaluates_deferred_abc_for_deadline: a 32 GiB WindowPoSt on the GPU's main lane; a WinningPoSt
  // keeps the GPU's deadline lane, which takes them ready).
  PrecompiledSynthesis precompiled_;
  std::string description_;
};

}  // namespace

Result<std::unique_ptr<CircuitJob>, SubmitError> make_post_job(
    const ProofRequest& request, unsigned check_threads,
    std::shared_ptr<r1cs::PrecompiledStore> precompiled, std::shared_ptr<TaskPool> witness_pool) {
  auto type = filecoin::find_post_proof(request.registered_proof);
  if (!type) return invalid_request("registered_proof: " + type.error().message);
  const PoStProofType& proof = **type;
  const bool winning = proof.type() == PoStType::kWinning;
  const ProofKind expected = winning ? ProofKind::kWinningPost : ProofKind::kWindowPostPartition;
  if (request.kind != expected) {
    return invalid_request("registered_proof: " + std::to_string(proof.id) + " (" +
                           std::string(proof.name) + ") is a " + to_string(proof.type()) +
                           "PoSt proof, not a " + std::string(to_string(request.kind)));
  }
  if (auto refused = check_sector_size(request, proof.id, proof.name, proof.sector_size()))
    return *refused;
  auto randomness = node32_field(request.randomness, "randomness");
  if (!randomness) return randomness.error();
  if (auto canonical = filecoin::check_canonical(*randomness, "randomness"); !canonical)
    return invalid_request(canonical.error().message);
  if (winning && request.partition_index != 0) {
    return invalid_request("partition_index: " + std::to_string(request.partition_index) +
                           ", a WinningPoSt has only partition 0");
  }
  const size_t count = request.vanilla_proofs.size();
  const size_t most = winning ? filecoin::kWinningPostSectorCount : proof.sector_count();
  if (count == 0 || count > most) {
    return invalid_request(
        "vanilla_proofs: " + std::to_string(count) + " sector proofs; " + std::string(proof.name) +
        (winning ? " proves exactly 1 sector"
                 : " proves 1 to " + std::to_string(most) + " sectors per partition"));
  }

  // Parsed and checked on check_threads threads, a sector each (2349 of them in a 32 GiB
  // WindowPoSt partition); the error is the lowest sector's, as one after the other.
  const unsigned partition = request.partition_index;
  auto prepared = filecoin::prepare_post_partition(proof, *randomness, request.vanilla_proofs,
                                                   partition, check_threads);
  if (!prepared) return invalid_request(prepared.error().message);
  const filecoin::PostPrepareTimes& t = prepared->times;
  spdlog::debug(
      "{} submit checks of {} sector proofs: parse {:.1f} ms, checks {:.1f} ms, "
      "public inputs {:.1f} ms, witness {:.1f} ms",
      proof.name, count, t.parse_ms, t.check_ms, t.inputs_ms, t.witness_ms);

  std::string description = std::string(proof.name) + " miner " + std::to_string(request.miner_id) +
                            (winning ? "" : " partition " + std::to_string(partition)) + " (" +
                            std::to_string(count) + (count == 1 ? " sector)" : " sectors)");
  return std::unique_ptr<CircuitJob>(std::make_unique<PostJob>(
      proof, std::move(prepared.value().witness), std::move(prepared.value().inputs),
      std::move(description), std::move(precompiled), std::move(witness_pool)));
}

}  // namespace cuzk::engine
