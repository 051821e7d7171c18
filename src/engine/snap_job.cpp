// SnapDeals (EmptySectorUpdate) as an engine job (see snap_job.hpp).
#include "engine/snap_job.hpp"

#include "engine/precompiled_synthesis.hpp"
#include "engine/request_checks.hpp"
#include "filecoin/update_circuit.hpp"
#include "filecoin/update_vanilla.hpp"
#include "r1cs/precompiled_circuit.hpp"

namespace cuzk::engine {
namespace {

using filecoin::UpdatePartitionWitness;

class SnapJob final : public CircuitJob {
 public:
  SnapJob(const filecoin::UpdateProofType& proof, filecoin::UpdateSectorValues values,
          std::vector<UpdatePartitionWitness> witness, std::vector<std::vector<ff::Fr>> inputs,
          std::string description, std::shared_ptr<r1cs::PrecompiledStore> precompiled,
          std::shared_ptr<TaskPool> witness_pool)
      : shape_(filecoin::update_circuit_shape(*proof.sector)),
        values_(values),
        witness_(std::move(witness)),
        inputs_(std::move(inputs)),
        circuit_id_(proof.circuit_id()),
        precompiled_(std::move(precompiled), std::move(witness_pool), circuit_id_,
                     /*defer=*/true),
        description_(std::move(description)) {}

  const std::string& circuit_id() const override { return circuit_id_; }
  unsigned partitions() const override { return unsigned(witness_.size()); }
  std::string describe() const override { return description_; }
  void synthesize(unsigned partition, r1cs::ProvingAssignment& out) const override {
    const filecoin::UpdatePublicValues values = values_.partition(partition);
    const UpdatePartitionWitness& witness = witness_.at(partition);
    precompiled_.synthesize(
        circuit_id_ + " partition " + std::to_string(partition),
        [&](r1cs::ConstraintSystem& cs) {
          filecoin::synthesize_update_circuit(cs, shape_, values, witness);
        },
        [&](const r1cs::PrecompiledCircuit& circuit, TaskPool& pool) {
          return filecoin::update_circuit_witness_values(shape_, values, witness, circuit.sizes(),
                                                         pool);
        },
        out);
  }
  bool defers_abc() const override { return precompiled_.defers_abc(); }
  std::vector<ff::Fr> public_inputs(unsigned partition,
                                    const r1cs::ProvingAssignment&) const override {
    return inputs_.at(partition);
  }

 private:
  filecoin::UpdateCircuitShape shape_;
  filecoin::UpdateSectorValues values_;
  std::vector<UpdatePartitionWitness> witness_;  // [partition]
  std::vector<std::vector<ff::Fr>> inputs_;      // [partition]
  std::string circuit_id_;
  // a/b/c deferred once the circuit is known good, as PoRep's: a SnapDeals proof is NORMAL-priority
  // bulk work on the main lane, where a GPU backend evaluates them from the resident matrices
  // (a 32 GiB partition's 81 M rows of a, b, c neither made on the CPU nor uploaded); any other
  // backend has the pipeline materialise them right after synthesis. (PostJob does not defer: the
  // deadline lane takes a/b/c ready. A SnapDeals job given a deadline priority still proves: its
  // deferred partitions go to the main lane ahead of ordinary starts, CudaBackend::start_deadline.)
  PrecompiledSynthesis precompiled_;  // its apex rows and challenges on the shared witness pool
  std::string description_;
};

}  // namespace

Result<std::unique_ptr<CircuitJob>, SubmitError> make_snap_job(
    const ProofRequest& request, std::shared_ptr<r1cs::PrecompiledStore> precompiled,
    std::shared_ptr<TaskPool> witness_pool) {
  auto type = filecoin::find_update_proof(request.registered_proof);
  if (!type) return invalid_request("registered_proof: " + type.error().message);
  const filecoin::UpdateProofType& proof = **type;
  if (auto refused = check_sector_size(request, proof.id, proof.name, proof.sector->sector_size))
    return *refused;
  filecoin::UpdateSectorValues values;
  values.h = filecoin::update_h_default(proof.sector->nodes());
  for (auto [bytes, name, out] :
       {std::tuple{&request.comm_r_old, "comm_r_old", &values.comm_r_old},
        std::tuple{&request.comm_d_new, "comm_d_new", &values.comm_d_new},
        std::tuple{&request.comm_r_new, "comm_r_new", &values.comm_r_new}}) {
    auto node = node32_field(*bytes, name);
    if (!node) return node.error();
    *out = *node;
  }
  const filecoin::UpdateCircuitShape shape = filecoin::update_circuit_shape(*proof.sector);
  if (request.vanilla_proofs.size() != shape.partitions) {
    return invalid_request("vanilla_proofs: " + std::to_string(request.vanilla_proofs.size()) +
                           " partition proofs, " + std::string(proof.name) + " has " +
                           std::to_string(shape.partitions) + " partitions");
  }
  auto inputs = filecoin::update_proof_public_inputs(proof, values);
  if (!inputs)
    return invalid_request("comm_r_old / comm_d_new / comm_r_new: " + inputs.error().message);
  std::vector<UpdatePartitionWitness> witness;
  for (unsigned k = 0; k < shape.partitions; ++k) {
    const std::string& bytes = request.vanilla_proofs[k];
    auto parsed = filecoin::parse_update_partition_proof(
        {reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()}, shape,
        "vanilla_proofs[" + std::to_string(k) + "]");
    if (!parsed) return invalid_request(parsed.error().message);
    if (auto checked = filecoin::update_check_vanilla(shape, values.partition(k), *parsed);
        !checked) {
      return invalid_request("vanilla_proofs[" + std::to_string(k) +
                             "]: " + checked.error().message);
    }
    witness.push_back(std::move(parsed).value());
  }
  std::string description = std::string(proof.name) + " miner " + std::to_string(request.miner_id) +
                            " sector " + std::to_string(request.sector_number);
  return std::unique_ptr<CircuitJob>(std::make_unique<SnapJob>(
      proof, values, std::move(witness), std::move(inputs).value(), std::move(description),
      std::move(precompiled), std::move(witness_pool)));
}

}  // namespace cuzk::engine
