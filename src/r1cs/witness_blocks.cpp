// Block-parallel witness synthesis (see witness_blocks.hpp).
#include "r1cs/witness_blocks.hpp"

#include <span>
#include <stdexcept>
#include <vector>

#include "r1cs/witness_slice_cs.hpp"

namespace cuzk::r1cs {

namespace {

// Appends `blocks` slices of aux_each / inputs_each values to `w` and fills slice i with block
// first + i, as one batch of `pool`'s tasks.
void append_blocks(Witness& w, size_t first, size_t blocks, size_t aux_each, size_t inputs_each,
                   TaskPool& pool, const std::string& what, const std::string& block,
                   const SynthesizeBlock& synthesize) {
  const size_t top_aux = w.aux.size(), top_inputs = w.inputs.size();
  w.aux.resize(top_aux + blocks * aux_each);
  w.inputs.resize(top_inputs + blocks * inputs_each);
  std::vector<size_t> constraints(blocks);
  pool.run(blocks, [&](size_t i) {
    const size_t aux_at = top_aux + i * aux_each, inputs_at = top_inputs + i * inputs_each;
    WitnessSliceCS cs(std::span(w.aux).subspan(aux_at, aux_each), aux_at,
                      std::span(w.inputs).subspan(inputs_at, inputs_each), inputs_at);
    synthesize(first + i, cs);
    if (cs.aux_written() != aux_each || cs.inputs_written() != inputs_each)
      throw std::invalid_argument(what + ": " + block + " " + std::to_string(first + i) +
                                  " allocated " + std::to_string(cs.aux_written()) + " aux and " +
                                  std::to_string(cs.inputs_written()) +
                                  " inputs, its share of the circuit is " +
                                  std::to_string(aux_each) + " and " + std::to_string(inputs_each));
    constraints[i] = cs.num_constraints();
  });
  for (size_t c : constraints) w.num_constraints += c;
}

}  // namespace

void fill_witness_blocks(Witness& w, const CircuitSizes& sizes, size_t blocks, TaskPool& pool,
                         const std::string& what, const std::string& block,
                         const SynthesizeBlock& synthesize) {
  const size_t n = blocks, top_aux = w.aux.size(), top_inputs = w.inputs.size();
  if (n == 0 || sizes.num_aux < top_aux || sizes.num_inputs < top_inputs ||
      (sizes.num_aux - top_aux) % n != 0 || (sizes.num_inputs - top_inputs) % n != 0)
    throw std::invalid_argument(what + ": a circuit of " + std::to_string(sizes.num_aux) +
                                " aux and " + std::to_string(sizes.num_inputs) +
                                " inputs does not split into " + std::to_string(n) + " equal " +
                                block + "s after the top part's " + std::to_string(top_aux) +
                                " and " + std::to_string(top_inputs));
  append_blocks(w, 0, n, (sizes.num_aux - top_aux) / n, (sizes.num_inputs - top_inputs) / n, pool,
                what, block, synthesize);
}

void synthesize_alike_blocks(WitnessCS& cs, size_t blocks, TaskPool& pool, const std::string& what,
                             const std::string& block, const SynthesizeBlock& synthesize) {
  if (blocks == 0) return;
  const size_t aux_before = cs.num_aux(), inputs_before = cs.num_inputs();
  synthesize(0, cs);
  append_blocks(cs.witness_in_place(), 1, blocks - 1, cs.num_aux() - aux_before,
                cs.num_inputs() - inputs_before, pool, what, block, synthesize);
}

}  // namespace cuzk::r1cs
