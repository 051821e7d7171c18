// The Fallback PoSt circuit, WindowPoSt and WinningPoSt (storage-proofs-post fallback/circuit.rs,
// the default sector-by-sector synthesis; spec §5.3), written against the constraint-system
// interface so that the same code counts, records, sets up and proves.
//
// Allocation and constraint order, exactly as the reference, per sector ("sector_i"):
//   comm_r_last, comm_c, comm_r (private), comm_r inputized (public input, 1 constraint);
//   Poseidon2(comm_c, comm_r_last) (311) and comm_r = that hash (1);
//   per challenge ("challenge_inclusion_j"): PoRCircuit with the leaf allocated by the gadget,
//   the shared comm_r_last as a private root: per level index bits, siblings, insert, hash
//   (530 per arity-8 level, 314 per arity-2 level), the packed index as one public input (1),
//   root equality (1).
// Per sector 313 + challenges · (levels + 2): 53,333 for 32 GiB Window (10 challenges), so 2349
// sectors make 125,279,217 constraints; 64 GiB 56,473 · 2300 = 129,887,900.
//
// Public inputs per sector: comm_r, then each challenged leaf index (post_public_inputs.hpp).
// Witness values come from the vanilla sector proofs; a blank circuit (values zero, shapes
// right) serves setup and circuit-info.
#pragma once

#include <span>
#include <vector>

#include "filecoin/c1_output.hpp"
#include "filecoin/circuit_values.hpp"
#include "filecoin/post_proof_type.hpp"
#include "hash/merkle_tree.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/witness_cs.hpp"
#include "util/task_pool.hpp"

namespace cuzk::filecoin {

// What determines the R1CS (the reference's tests use shapes no registered proof has).
struct PostCircuitShape {
  unsigned log2_nodes = 6;     // leaves of tree R_last = 2^log2_nodes
  hash::TreeShape tree_shape;  // tree R_last
  unsigned sectors = 1;
  unsigned challenges = 1;  // per sector
};
PostCircuitShape post_circuit_shape(const PostCircuitConfig& circuit);

// One sector of the circuit: the vanilla SectorProof plus the sector's public comm_r.
struct PostSectorWitness {
  Domain comm_r{};
  Domain comm_c{};
  Domain comm_r_last{};
  std::vector<MerkleProof> inclusion_proofs;  // one per challenge (leaf and path; root unused)
};

// Synthesises the circuit. Throws std::invalid_argument when a witness does not fit the shape
// (sector or challenge count, path lengths and arities, a non-canonical value).
void synthesize_post_circuit(r1cs::ConstraintSystem& cs, const PostCircuitShape& shape,
                             std::span<const PostSectorWitness> sectors);

// One sector's block, in the caller's namespace (synthesize_post_circuit calls it per sector).
void synthesize_post_sector(r1cs::ConstraintSystem& cs, const PostCircuitShape& shape,
                            const PostSectorWitness& sector);

// Witness only (r1cs::WitnessCS) of the circuit, equal value for value to WitnessCS over
// synthesize_post_circuit, the sectors as one batch of `pool`'s tasks, each written straight into
// its place (r1cs/witness_slice_cs.hpp): a 32 GiB WindowPoSt partition's 2349 sectors on all
// cores. `sizes` are the circuit's (a PrecompiledCircuit's): every sector gets an equal share
// after ONE. Throws std::invalid_argument when they do not split that way, a sector does not
// fill its share, or a witness does not fit the shape.
r1cs::Witness post_circuit_witness_values(const PostCircuitShape& shape,
                                          std::span<const PostSectorWitness> sectors,
                                          const r1cs::CircuitSizes& sizes, TaskPool& pool);

// The circuit with every witness value zero (setup, circuit-info).
void synthesize_post_blank(r1cs::ConstraintSystem& cs, const PostCircuitShape& shape);

// A sector witness of the right shape with all values zero.
PostSectorWitness blank_post_sector(const PostCircuitShape& shape);

}  // namespace cuzk::filecoin
