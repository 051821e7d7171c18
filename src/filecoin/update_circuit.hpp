// The EmptySectorUpdate (SnapDeals) partition circuit, SHA-256/Poseidon variant
// (storage-proofs-update circuit.rs, gadgets.rs; spec §6.3), written against the
// constraint-system interface so that the same code counts, records, sets up and proves.
//
// Allocation and constraint order, exactly as the reference:
//   k_and_h_select (input 1) and its log2(partitions) + 6 bits with one decomposition constraint;
//   the partition bits packed into k; comm_r_old, comm_d_new, comm_r_new (inputs 2..4);
//   phi = Poseidon-Custom(1)(comm_d_new, comm_r_old); private comm_c, root_r_old, root_r_new, the
//   apex leaves and the partition path; comm_r_old/new = Poseidon2(comm_c, root_r_old/new);
//   apex_por: the apex tree by SHA-256 hash2 and the partition path up to comm_d_new;
//   gen_challenge_bits: per digest, its index, Poseidon-Custom(1)(comm_r_new, index) and 255 bits;
//   per challenge: c_high by h_select (13), rho = Poseidon-Custom(1)(phi, c_high), leaf_r_old,
//   leaf_d_new, leaf_r_new = leaf_r_old + leaf_d_new * rho (2), inclusion of leaf_r_old in
//   TreeROld and leaf_r_new in TreeRNew (Poseidon, full challenge bits), the apex leaf selected by
//   7 challenge bits, inclusion of leaf_d_new in TreeD up to that apex leaf (SHA-256).
// 32 GiB: 5,951,289 fixed + 86 x 873,235 = 81,049,499 constraints. The fixed part is mostly
// SHA-256 hashes (45,379 constraints each): 127 in the apex tree, 4 on the partition path.
// Witness-only synthesis runs the blocks that allocate alike in parallel: each apex-tree row's
// hashes, then the challenges.
//
// Witness values come from the vanilla PartitionProof (spec §6.5): root_r_old / root_r_new are
// the roots of the first challenge's proofs, the partition path is the top log2(partitions)
// levels of its TreeD path (shared by every challenge). A blank circuit (all values zero, shapes
// right) serves setup and circuit-info.
#pragma once

#include <cstdint>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/c1_output.hpp"
#include "filecoin/error.hpp"
#include "filecoin/update_proof_type.hpp"
#include "hash/merkle_tree.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/witness_cs.hpp"
#include "util/task_pool.hpp"

namespace cuzk::filecoin {

// What determines the R1CS: the sector size in nodes (and from it every constant).
struct UpdateCircuitShape {
  unsigned log2_nodes = 6;  // challenge_bit_len
  hash::TreeShape tree_shape;
  unsigned partitions = 1;
  unsigned challenges = 10;  // per partition
  unsigned apex_leaf_count = 8;
  UpdateHs hs{};

  unsigned partition_bits() const;  // log2(partitions)
  unsigned apex_leaf_bits() const;  // log2(apex_leaf_count)
};
// Any size constants.rs allows (2^5 .. 2^10, 2^18, 2^19, 2^24, 2^30, 2^31 nodes); throws
// std::invalid_argument otherwise.
UpdateCircuitShape update_circuit_shape(unsigned log2_nodes);
inline UpdateCircuitShape update_circuit_shape(const UpdateSectorConfig& sector) {
  return update_circuit_shape(sector.log2_nodes);
}

// The verifier-side values of one partition.
struct UpdatePublicValues {
  unsigned k = 0;  // partition index
  unsigned h = 0;  // one of shape.hs (production: hs[3] = 10)
  Domain comm_r_old{};
  Domain comm_d_new{};
  Domain comm_r_new{};
};

// vanilla::ChallengeProof: the challenged node in TreeROld, TreeDNew and TreeRNew.
struct UpdateChallengeProof {
  MerkleProof proof_r_old;
  MerkleProof proof_d_new;  // binary SHA-256, challenge_bit_len levels
  MerkleProof proof_r_new;
};

// vanilla::PartitionProof.
struct UpdatePartitionWitness {
  Domain comm_c{};
  std::vector<Domain> apex_leafs;
  std::vector<UpdateChallengeProof> challenge_proofs;
};

// The public inputs, in order: [k_and_h_select, comm_r_old, comm_d_new, comm_r_new], with
// k_and_h_select = k | h_select << log2(partitions). kShape error for k >= partitions or an h
// not in hs, kSchema for a non-canonical commitment.
FilecoinResult<std::vector<ff::Fr>> update_public_inputs(const UpdateCircuitShape& shape,
                                                         const UpdatePublicValues& values);

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

// The verifier's public inputs of every partition of a sector.
FilecoinResult<std::vector<std::vector<ff::Fr>>> update_proof_public_inputs(
    const UpdateProofType& proof, const UpdateSectorValues& values);

// Synthesises one partition. Throws std::invalid_argument when the values or the witness do not
// fit the shape (counts, path lengths, partition paths that differ between challenges, a
// non-canonical value, a leaf_r_new that is not the encoding of leaf_r_old and leaf_d_new).
void synthesize_update_circuit(r1cs::ConstraintSystem& cs, const UpdateCircuitShape& shape,
                               const UpdatePublicValues& values,
                               const UpdatePartitionWitness& witness);

// Witness only (r1cs::WitnessCS) of one partition, equal value for value to WitnessCS over
// synthesize_update_circuit: the apex tree's rows and then the challenges as batches of `pool`'s
// tasks, each block written straight into its place (r1cs/witness_blocks.hpp). `sizes` are the
// circuit's (a PrecompiledCircuit's): every challenge gets an equal share of what follows the
// challenges' bits. Throws std::invalid_argument when they do not split that way, a challenge
// does not fill its share, or the values or the witness do not fit (as synthesize_update_circuit).
r1cs::Witness update_circuit_witness_values(const UpdateCircuitShape& shape,
                                            const UpdatePublicValues& values,
                                            const UpdatePartitionWitness& witness,
                                            const r1cs::CircuitSizes& sizes, TaskPool& pool);

// The circuit with every value zero (setup, circuit-info).
void synthesize_update_blank(r1cs::ConstraintSystem& cs, const UpdateCircuitShape& shape);

// A partition witness of the right shape with all values zero.
UpdatePartitionWitness blank_update_witness(const UpdateCircuitShape& shape);

}  // namespace cuzk::filecoin
