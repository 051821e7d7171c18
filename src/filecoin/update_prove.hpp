// SnapDeals (EmptySectorUpdate, SHA-256/Poseidon variant) SNARK in one process, from Curio's
// partition vanilla proofs (filecoin-proofs generate_empty_sector_update_proof_with_vanilla and
// verify_empty_sector_update_proof): check each partition's vanilla proof against comm_r_old,
// comm_d_new, comm_r_new, synthesise and prove every partition with a Groth16 backend,
// self-verify, concatenate the 192-byte partition proofs. update_proof_public_inputs rebuilds
// each partition's four public inputs (for verify_partition_proofs). Partition proving is
// partition_prover.hpp's prove_partitions.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/partition_prover.hpp"
#include "filecoin/update_circuit.hpp"
#include "filecoin/update_proof_type.hpp"

namespace cuzk::filecoin {

// The sector's public values (UpdatePublicValues without the partition index).
struct UpdateSectorValues {
  unsigned h = 0;
  Domain comm_r_old{};
  Domain comm_d_new{};
  Domain comm_r_new{};

  UpdatePublicValues partition(unsigned k) const {
    return {k, h, comm_r_old, comm_d_new, comm_r_new};
  }
};

struct UpdateProveOptions {
  bool check_vanilla = true;  // update_check_vanilla per partition before synthesis
  std::vector<groth16::Randomness> randomness;
  PartitionCallback on_partition;
};

// `partitions`: partition k's vanilla proof at index k, all of the proof's partitions.
// Errors: kShape (partition count, parameters), kInconsistent (a vanilla proof that does not
// open the derived challenges or encode the new data, proofs that do not verify).
FilecoinResult<PartitionProofs> prove_update(const UpdateProofType& proof,
                                             const UpdateSectorValues& values,
                                             std::span<const UpdatePartitionWitness> partitions,
                                             const groth16::Parameters& params,
                                             groth16::Backend& backend,
                                             const UpdateProveOptions& options = {});

// The verifier's public inputs of every partition.
FilecoinResult<std::vector<std::vector<ff::Fr>>> update_proof_public_inputs(
    const UpdateProofType& proof, const UpdateSectorValues& values);

}  // namespace cuzk::filecoin
