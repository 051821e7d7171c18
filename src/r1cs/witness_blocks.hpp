// Block-parallel witness synthesis: parts of a circuit made of identical, independent blocks (a
// PoRep partition's challenges, a PoSt circuit's sectors, a SnapDeals partition's challenges and
// apex-tree hashes), each block synthesised by one of a TaskPool's tasks straight into its slice
// of the whole witness (witness_slice_cs.hpp).
//   fill_witness_blocks      the blocks end the circuit: the rest of its known sizes, split evenly;
//   synthesize_alike_blocks  the blocks sit between serial parts: block 0 on the serial
//                            WitnessCS measures the share of each, the others follow in parallel.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "r1cs/constraint_system.hpp"
#include "r1cs/witness_cs.hpp"
#include "util/task_pool.hpp"

namespace cuzk::r1cs {

using SynthesizeBlock = std::function<void(size_t, ConstraintSystem&)>;

// `w` holds the top part (ONE at least); it is grown to `sizes` (the whole circuit's: every block
// gets an equal share of what follows the top part) and block i is synthesize(i, cs) on its
// slice, as one batch of `pool`'s tasks; the blocks' constraints are added to w.num_constraints.
// Throws std::invalid_argument, starting with `what` and naming blocks `block`, when the sizes
// do not split that way or a block does not fill its share (std::length_error when it overflows).
void fill_witness_blocks(Witness& w, const CircuitSizes& sizes, size_t blocks, TaskPool& pool,
                         const std::string& what, const std::string& block,
                         const SynthesizeBlock& synthesize);

// Blocks 0..blocks-1 as `cs` would synthesise them one after the other, when each allocates as
// many values as block 0: block 0 on `cs` itself, then blocks 1.. as one batch of `pool`'s tasks
// into slices appended to its witness (their constraints counted in it). `cs` goes on after
// them. Errors as fill_witness_blocks when a block does not allocate what block 0 did.
void synthesize_alike_blocks(WitnessCS& cs, size_t blocks, TaskPool& pool, const std::string& what,
                             const std::string& block, const SynthesizeBlock& synthesize);

}  // namespace cuzk::r1cs
