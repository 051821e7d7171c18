// The EmptySectorUpdate-Poseidon circuit (storage-proofs-update src/poseidon/circuit.rs; spec
// §6.4): one partition, TreeD a Poseidon tree of the TreeR shape, no apex tree. The reference
// marks it "NOT AUDITED" and its vanilla prover is unimplemented; its parameters are published
// (empty-sector-update-poseidon-*).
//
// Order: h_select (input 1) and its 6 bits with one decomposition constraint; comm_r_old,
// comm_d_new, comm_r_new (inputs 2..4); phi; private comm_c, root_r_old, root_r_new; the two
// comm_r checks; a zero "partition" number (no constraint); gen_challenge_bits with
// rb = challenge_bit_len for partitions x challenges challenges; per challenge the common part
// (c_high, rho, leaves, encoding, TreeROld and TreeRNew inclusions, update_gadgets.hpp) and
// leaf_d_new's inclusion under comm_d_new along the TreeD path (Poseidon, full challenge bits).
// 32 GiB: 98,642 + 1376 x 16,139 = 22,305,906 constraints.
#pragma once

#include <vector>

#include "ff/fr.hpp"
#include "filecoin/error.hpp"
#include "filecoin/update_circuit.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::filecoin {

// The challenge count of the Poseidon variant: shape.partitions x shape.challenges.
unsigned update_poseidon_challenge_count(const UpdateCircuitShape& shape);

// [h_select, comm_r_old, comm_d_new, comm_r_new] (values.k is ignored). Errors as
// update_public_inputs.
FilecoinResult<std::vector<ff::Fr>> update_poseidon_public_inputs(const UpdateCircuitShape& shape,
                                                                  const UpdatePublicValues& values);

// `witness.apex_leafs` must be empty and every proof_d_new a TreeR-shaped Poseidon proof.
// Throws std::invalid_argument when the values or the witness do not fit.
void synthesize_update_poseidon_circuit(r1cs::ConstraintSystem& cs, const UpdateCircuitShape& shape,
                                        const UpdatePublicValues& values,
                                        const UpdatePartitionWitness& witness);

void synthesize_update_poseidon_blank(r1cs::ConstraintSystem& cs, const UpdateCircuitShape& shape);

}  // namespace cuzk::filecoin
