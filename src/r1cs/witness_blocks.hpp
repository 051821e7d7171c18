// fill_witness_blocks: the witness of a circuit made of a top part followed by identical,
// independent blocks (a PoRep partition's challenges, a PoSt circuit's sectors), each block
// synthesised by one of a TaskPool's tasks straight into its slice (witness_slice_cs.hpp).
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "r1cs/constraint_system.hpp"
#include "r1cs/witness_cs.hpp"
#include "util/task_pool.hpp"

namespace cuzk::r1cs {

// `w` holds the top part (ONE at least); it is grown to `sizes` (the whole circuit's: every block
// gets an equal share of what follows the top part) and block i is synthesize(i, cs) on its
// slice, as one batch of `pool`'s tasks; the blocks' constraints are added to w.num_constraints.
// Throws std::invalid_argument, starting with `what` and naming blocks `block`, when the sizes
// do not split that way or a block does not fill its share (std::length_error when it overflows).
void fill_witness_blocks(Witness& w, const CircuitSizes& sizes, size_t blocks, TaskPool& pool,
                         const std::string& what, const std::string& block,
                         const std::function<void(size_t, ConstraintSystem&)>& synthesize);

}  // namespace cuzk::r1cs
