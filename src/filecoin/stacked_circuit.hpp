// The StackedDRG PoRep circuit of one partition (storage-proofs-porep stacked/circuit proof.rs,
// params.rs, create_label.rs, column.rs; spec §9), written against the constraint-system
// interface so that the same code counts, records, sets up and proves.
//
// Allocation and constraint order, exactly as the reference:
//   top level (571 constraints): replica_id (input 1) and its 255 bits, comm_d (input 2),
//   comm_r (input 3), private comm_r_last and comm_c, comm_r = Poseidon2(comm_c, comm_r_last);
//   per challenge: data leaf and its tree-D inclusion (input: challenge), 6 DRG and 8 expander
//   parent columns hashed and proven in tree C (inputs: parent indices), the challenge as a
//   UInt64 (input), one label per layer by SHA-256 over replica_id, layer, node and the 37
//   parent slots, encoding = last label + data leaf proven in tree R_last (input: challenge),
//   the challenge's column hash proven in tree C (input: challenge).
// Witness values come from the C1's vanilla proofs; a blank circuit (all values zero, shapes
// right) serves setup and circuit-info.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/c1_output.hpp"
#include "filecoin/proof_type.hpp"
#include "gadgets/num.hpp"
#include "gadgets/uint64.hpp"
#include "hash/merkle_tree.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/witness_cs.hpp"
#include "util/task_pool.hpp"

namespace cuzk::filecoin {

// What determines the R1CS (the reference's tests use shapes no sector size has, e.g. 8 nodes).
struct StackedCircuitShape {
  unsigned layers = 2;
  unsigned log2_nodes = 6;     // tree D depth; nodes = 2^log2_nodes
  hash::TreeShape tree_shape;  // trees C and R_last
  unsigned challenges = 2;     // per partition
};
StackedCircuitShape stacked_circuit_shape(const PorepSectorConfig& sector);

// The top-level values (the first three are the public inputs 1..3).
struct StackedTopWitness {
  Domain replica_id{};
  Domain comm_d{};
  Domain comm_r{};
  Domain comm_r_last{};
  Domain comm_c{};
};

// Synthesises one partition with the given challenges' vanilla proofs. Throws
// std::invalid_argument when a proof does not fit the shape (path lengths, column sizes, a
// non-canonical value); run check_c1 first for a precise, early error.
void synthesize_stacked_circuit(r1cs::ConstraintSystem& cs, const StackedCircuitShape& shape,
                                const StackedTopWitness& top,
                                std::span<const VanillaSealProof> proofs);

// Partition `partition` of a C1 (comm_r_last and comm_c from its first challenge's proofs).
void synthesize_stacked_partition(r1cs::ConstraintSystem& cs, const SealCommitPhase1Output& c1,
                                  unsigned partition);
// The same with its first `challenges` challenges only (1 up to all, else std::invalid_argument):
// the top level and that many challenge blocks, a smaller circuit of the same sector (benches).
void synthesize_stacked_first_challenges(r1cs::ConstraintSystem& cs,
                                         const SealCommitPhase1Output& c1, unsigned partition,
                                         unsigned challenges);

// Witness only (r1cs::WitnessCS) of partition `partition`, equal value for value to
// WitnessCS over synthesize_stacked_partition, with the challenges synthesised on up to
// `threads` threads (0 = all cores), each straight into its place (r1cs/witness_slice_cs.hpp).
// `sizes` are the circuit's (a PrecompiledCircuit's): every challenge gets an equal share of
// what follows the top level. Throws std::invalid_argument when they do not split that way or a
// challenge does not fill its share.
r1cs::Witness stacked_partition_witness(const SealCommitPhase1Output& c1, unsigned partition,
                                        const r1cs::CircuitSizes& sizes, unsigned threads);
// The same with the challenges as one batch of `pool`'s tasks: partitions made at once on one
// pool finish in the order they started, each on all of its threads (util/task_pool.hpp).
r1cs::Witness stacked_partition_witness(const SealCommitPhase1Output& c1, unsigned partition,
                                        const r1cs::CircuitSizes& sizes, TaskPool& pool);

// The circuit with every witness value zero (setup, circuit-info).
void synthesize_stacked_blank(r1cs::ConstraintSystem& cs, const StackedCircuitShape& shape);

// create_label_circuit: label = SHA-256(replica_id ‖ layer u32 BE ‖ node u64 BE ‖ 160 zero bits
// ‖ the 37 parent slots), its first 254 bits (LE) packed. replica_id_bits and every slot are
// 256 bits in SHA-256 message order.
gadgets::AllocatedNum stacked_label_circuit(
    r1cs::ConstraintSystem& cs, std::span<const gadgets::Boolean> replica_id_bits,
    std::span<const std::vector<gadgets::Boolean>* const> slots, uint32_t layer,
    const gadgets::UInt64& node);

// A vanilla proof of the right shape with all values zero.
VanillaSealProof blank_vanilla_proof(const StackedCircuitShape& shape);

}  // namespace cuzk::filecoin
