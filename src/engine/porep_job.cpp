// PoRep C2 as an engine job: submit-time checks and per-partition synthesis (see porep_job.hpp).
#include "engine/porep_job.hpp"

#include <stdexcept>

#include "engine/aggregation_srs.hpp"
#include "engine/precompiled_synthesis.hpp"
#include "engine/request_checks.hpp"
#include "filecoin/c1_check.hpp"
#include "filecoin/c1_json.hpp"
#include "filecoin/commitments.hpp"
#include "filecoin/ni_seal.hpp"
#include "filecoin/prover_id.hpp"
#include "filecoin/public_inputs.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "r1cs/precompiled_circuit.hpp"
#include "util/hex.hpp"

namespace cuzk::engine {
namespace {

using filecoin::SealCommitPhase1Output;

class PorepJob final : public CircuitJob {
 public:
  PorepJob(SealCommitPhase1Output c1, std::vector<std::vector<ff::Fr>> inputs,
           const ProofRequest& request, std::shared_ptr<r1cs::PrecompiledStore> precompiled,
           std::shared_ptr<TaskPool> witness_pool, std::shared_ptr<AggregationSrs> aggregation)
      : c1_(std::move(c1)),
        inputs_(std::move(inputs)),
        aggregation_(std::move(aggregation)),
        circuit_id_(c1_.registered_proof->circuit_id()),
        precompiled_(std::move(precompiled), std::move(witness_pool), circuit_id_,
                     /*defer=*/true),
        description_(std::string(c1_.registered_proof->name) + " miner " +
                     std::to_string(request.miner_id) + " sector " +
                     std::to_string(request.sector_number)) {}

  const std::string& circuit_id() const override { return circuit_id_; }
  unsigned partitions() const override { return unsigned(inputs_.size()); }
  std::string describe() const override { return description_; }
  void synthesize(unsigned partition, r1cs::ProvingAssignment& out) const override {
    precompiled_.synthesize(
        circuit_id_ + " partition " + std::to_string(partition),
        [&](r1cs::ConstraintSystem& cs) {
          filecoin::synthesize_stacked_partition(cs, c1_, partition);
        },
        [&](const r1cs::PrecompiledCircuit& circuit, TaskPool& pool) {
          return filecoin::stacked_partition_witness(c1_, partition, circuit.sizes(), pool);
        },
        out);
  }
  bool defers_abc() const override { return precompiled_.defers_abc(); }
  std::vector<ff::Fr> public_inputs(unsigned partition,
                                    const r1cs::ProvingAssignment&) const override {
    return inputs_.at(partition);
  }

  // A non-interactive seal is the SnarkPack aggregate of its partition proofs, verified as
  // verify_seal does before it is returned.
  std::vector<uint8_t> output(std::span<const groth16::Proof> proofs,
                              const groth16::VerifyingKey& vk,
                              bool test_parameters) const override {
    if (!aggregation_) return CircuitJob::output(proofs, vk, test_parameters);
    const filecoin::ProofType& type = *c1_.registered_proof;
    auto keys = aggregation_->keys(test_parameters, filecoin::ni_aggregated_proofs(partitions()));
    if (!keys) throw std::runtime_error(keys.error().message);
    auto bytes = filecoin::aggregate_ni_seal((*keys)->prover, type, c1_.comm_r, proofs);
    if (!bytes) throw std::runtime_error(bytes.error().message);
    auto verified =
        filecoin::verify_ni_seal_inputs((*keys)->verifier, vk, type, c1_.comm_r, inputs_, *bytes);
    if (!verified) throw std::runtime_error(verified.error().message);
    return std::move(bytes).value();
  }
  std::string_view output_step() const override { return aggregation_ ? "aggregate" : ""; }

 private:
  SealCommitPhase1Output c1_;
  std::vector<std::vector<ff::Fr>> inputs_;      // [partition]
  std::shared_ptr<AggregationSrs> aggregation_;  // non-interactive seals only
  std::string circuit_id_;
  PrecompiledSynthesis precompiled_;  // its challenges on the shared witness pool
  std::string description_;
};

}  // namespace

Result<std::unique_ptr<CircuitJob>, SubmitError> make_porep_job(
    const ProofRequest& request, unsigned check_threads,
    std::shared_ptr<r1cs::PrecompiledStore> precompiled, std::shared_ptr<TaskPool> witness_pool,
    std::shared_ptr<AggregationSrs> aggregation) {
  auto type = filecoin::find_seal_proof(request.registered_proof);
  if (!type) return invalid_request("registered_proof: " + type.error().message);
  const auto* proof = *type;
  if (auto refused = check_sector_size(request, proof->id, proof->name, proof->sector->sector_size))
    return *refused;
  const bool non_interactive = proof->feature == filecoin::SealFeature::kNonInteractivePoRep;
  if (non_interactive && (!aggregation || !aggregation->any_file())) {
    // seal_commit_phase2 returns the SnarkPack aggregate of an NI seal's partition proofs, and
    // verify_seal expects it: the partition proofs alone would fail every chain verification.
    return Error<SubmitError>{
        SubmitError::kUnimplemented,
        "registered_proof: " + std::to_string(proof->id) + " (" + std::string(proof->name) +
            ") is a non-interactive PoRep, whose proof is the SnarkPack aggregate of its "
            "partition proofs; it needs the aggregation SRS (" +
            snarkpack::kFilecoinSrsFile + ", or " + snarkpack::kTestSrsFile +
            " beside test parameters) in the parameter directory" +
            (aggregation ? " " + aggregation->dir() : "")};
  }
  if (request.vanilla_proof.empty()) {
    return invalid_request(
        "vanilla_proof: empty; PoRep needs Curio's C1 envelope "
        "{\"SectorNum\",\"Phase1Out\",\"SectorSize\"}");
  }
  auto envelope = filecoin::parse_curio_envelope(request.vanilla_proof);
  if (!envelope) return invalid_request("vanilla_proof: " + envelope.error().message);
  if (envelope->sector_size != proof->sector->sector_size) {
    return invalid_request("vanilla_proof: SectorSize " + std::to_string(envelope->sector_size) +
                           " differs from registered_proof " + std::to_string(proof->id) + " (" +
                           std::string(proof->name) + ", " +
                           std::to_string(proof->sector->sector_size) + " bytes)");
  }
  if (envelope->sector_num != request.sector_number) {
    return invalid_request("vanilla_proof: SectorNum " + std::to_string(envelope->sector_num) +
                           " differs from sector_number " + std::to_string(request.sector_number));
  }
  const auto& bytes = envelope->phase1_out;
  auto c1 = filecoin::parse_c1_json({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
  if (!c1) return invalid_request("vanilla_proof: Phase1Out: " + c1.error().message);
  if (c1->registered_proof->id != proof->id) {
    return invalid_request("registered_proof: " + std::to_string(proof->id) + " (" +
                           std::string(proof->name) + ") but the C1 is for " +
                           std::string(c1->registered_proof->name));
  }
  if (request.miner_id != 0 || request.sector_number != 0) {
    auto replica_id = filecoin::generate_replica_id(
        filecoin::prover_id_from_miner_id(request.miner_id), request.sector_number, c1->ticket,
        c1->comm_d, proof->porep_id());
    if (replica_id != c1->replica_id) {
      return invalid_request("miner_id / sector_number: " + std::to_string(request.miner_id) +
                             " / " + std::to_string(request.sector_number) +
                             " do not give the C1's replica_id " + to_hex(c1->replica_id));
    }
  }
  filecoin::C1CheckOptions options;
  options.threads = check_threads;
  if (auto check = filecoin::check_c1(*c1, options); !check) {
    return invalid_request("vanilla_proof: Phase1Out: " + check.error().message);
  }
  filecoin::PorepPublicValues values{c1->replica_id, c1->comm_d, c1->comm_r, c1->seed};
  std::vector<std::vector<ff::Fr>> inputs;
  for (unsigned k = 0; k < proof->partitions(); ++k) {
    auto in = filecoin::porep_public_inputs(*proof, values, k);
    if (!in) return invalid_request("vanilla_proof: Phase1Out: " + in.error().message);
    inputs.push_back(std::move(in).value());
  }
  return std::unique_ptr<CircuitJob>(std::make_unique<PorepJob>(
      std::move(c1).value(), std::move(inputs), request, std::move(precompiled),
      std::move(witness_pool), non_interactive ? std::move(aggregation) : nullptr));
}

}  // namespace cuzk::engine
