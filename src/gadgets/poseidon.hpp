// Poseidon as a circuit: neptune's legacy `circuit::poseidon_hash`, the one Filecoin's Groth16
// parameters were generated with (spec §2.7). Not neptune's newer circuit2.
//
// It follows the optimized permutation of the native hash (hash/poseidon.hpp, spec §2.6): state
// elements are allocated variables or linear combinations, and every mixing step (M, the
// pre-sparse matrix P, the per-round sparse matrices) is LC arithmetic, free. Constraints:
//   * first round: the domain tag's S-box is a constant; each input x costs 3 —
//     (x + a)^2 = l2, l2^2 = l4, (x + a) * l4 = l5 - b (a, b: pre- and post-added constants);
//   * every later S-box costs 4 — materialise its input LC (LC * 1 = v), v^2, (v^2)^2,
//     v * l4 = l5 - b (no b in the last round);
//   * the output, state[1], is materialised at the end (1).
// Total 3 (t R_F + R_P - 1) + (t R_F + R_P - arity): 311 / 377 / 505 / 598 for arity
// 2 / 4 / 8 / 11. The output equals hash::poseidon_hash with the same parameters and tag.
#pragma once

#include <span>

#include "gadgets/num.hpp"
#include "hash/poseidon_hash_type.hpp"
#include "hash/poseidon_params.hpp"

namespace cuzk::gadgets {

// How the circuit is built; every way gives the same variables, constraints and values.
//   kDirect:   step by step as neptune does (names for TestConstraintSystem);
//   kTemplate: replay of the instance's recorded program (poseidon_template.hpp), ~4x faster,
//              no names;
//   kAuto:     kTemplate unless the constraint system wants names.
enum class PoseidonSynthesis { kAuto, kDirect, kTemplate };

// Hashes exactly params.arity allocated elements with the domain tag of `type` (MerkleTree,
// Custom, or ConstantLength(arity) — the legacy circuit has no padding). Throws
// std::invalid_argument otherwise.
AllocatedNum poseidon_hash_circuit(
    ConstraintSystem& cs, std::span<const AllocatedNum> preimage,
    const hash::PoseidonParams& params,
    hash::PoseidonHashType type = hash::PoseidonHashType::merkle_tree(),
    PoseidonSynthesis synthesis = PoseidonSynthesis::kAuto);

// Constraints of one poseidon_hash_circuit call for these parameters.
size_t poseidon_circuit_constraints(const hash::PoseidonParams& params);

}  // namespace cuzk::gadgets
