// ProvingAssignment: the constraint system a Groth16 proof is synthesised into (bellperson's
// `ProvingAssignment` in groth16/prover).
//
// It keeps the witness (input and aux values) and, per constraint, only the three evaluations
// <A_row, z>, <B_row, z>, <C_row, z> in a, b, c — the matrices themselves are never stored.
// While evaluating A and B it maintains the density trackers: a_aux (aux with a non-zero
// coefficient in some A row), b_input and b_aux (same for B). Inputs are not tracked for A, and C
// not at all, exactly as bellperson.
//
// Lifecycle: construct (input 0 = ONE is allocated), optionally reserve() the expected sizes
// (a 32 GiB PoRep partition has ~130 M constraints: growing five vectors by doubling would copy
// gigabytes), synthesise, then finalize(), which appends one constraint `input_i * 0 = 0` per
// input including ONE (a = input value, b = c = 0) and leaves the densities untouched — in
// bellperson these rows go through enforce() with no A-input tracker and an empty B. After
// finalize() the object is read-only; clear() empties it for reuse while keeping its storage.
//
// assign_precomputed() is the other way to fill it: precompiled synthesis (precompiled_circuit.hpp)
// computes the witness, a, b, c and the densities without enforce(), and hands them over whole.
//
// assign_deferred() is the third: the witness and the circuit whose matrices give a, b, c, which
// are left uncomputed — a backend that keeps the matrices next to the SRS (CudaBackend) evaluates
// them on its device, so only the witness crosses to it; any other consumer calls materialize()
// first, which computes them on the CPU (the same values: they are the same products). While
// deferred, a(), b(), c() are empty and num_constraints() counts the circuit's rows.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "r1cs/constraint_system.hpp"
#include "r1cs/density_tracker.hpp"
#include "util/uninitialized_allocator.hpp"

namespace cuzk::r1cs {

class PrecompiledCircuit;  // precompiled_circuit.hpp

// Vectors of values that are written in full after they are sized: resize() leaves the new
// elements unwritten (util/uninitialized_allocator.hpp), so a 4 GB witness or a/b/c filled by
// several threads is not zero-filled by one thread first.
using FrVector = UninitializedVector<Fr>;

// Expected sizes, for reserving storage up front (num_constraints excludes the input rows).
struct CircuitSizes {
  size_t num_inputs = 0;
  size_t num_aux = 0;
  size_t num_constraints = 0;
};

class ProvingAssignment final : public ConstraintSystem {
 public:
  ProvingAssignment();

  void reserve(const CircuitSizes& sizes);
  // Back to the freshly constructed state (only ONE allocated), keeping the storage.
  void clear();
  // Appends the input constraints; call once, after synthesis. Throws std::logic_error if called
  // twice.
  void finalize();
  bool finalized() const { return finalized_; }

  // Sets the state synthesis would have left before finalize(): the witness (inputs[0] = ONE),
  // one a/b/c value per enforced constraint (input rows excluded: finalize() appends them) and
  // the densities. Only on a fresh or clear()ed object; throws std::logic_error otherwise and
  // std::invalid_argument when the sizes disagree. Give a/b/c capacity for num_inputs more
  // values, or finalize() reallocates them.
  void assign_precomputed(std::vector<Fr> inputs, FrVector aux, FrVector a, FrVector b, FrVector c,
                          QueryDensities densities);

  // The witness (inputs[0] = ONE) of an instance of `circuit`, its a/b/c deferred (see the top of
  // the file); the densities are the circuit's. Same preconditions and errors as
  // assign_precomputed(); throws std::invalid_argument when the counts differ from the circuit's.
  void assign_deferred(std::vector<Fr> inputs, FrVector aux,
                       std::shared_ptr<const PrecompiledCircuit> circuit);
  // The circuit whose matrices give a/b/c while they are deferred; null otherwise.
  const PrecompiledCircuit* deferred_circuit() const { return deferred_.get(); }
  // Computes deferred a/b/c on `threads` CPU threads (0 = all cores) — the input rows too when
  // finalized — and ends the deferral; nothing when a/b/c are there. Defined with the products,
  // in precompiled_assign.cpp.
  void materialize(unsigned threads = 0);

  std::span<const Fr> a() const { return a_; }
  std::span<const Fr> b() const { return b_; }
  std::span<const Fr> c() const { return c_; }
  std::span<const Fr> inputs() const { return inputs_; }
  std::span<const Fr> aux() const { return aux_; }
  const QueryDensities& densities() const { return density_; }
  const DensityTracker& a_aux_density() const { return density_.a_aux; }
  const DensityTracker& b_input_density() const { return density_.b_input; }
  const DensityTracker& b_aux_density() const { return density_.b_aux; }

  size_t num_inputs() const override { return inputs_.size(); }
  size_t num_aux() const override { return aux_.size(); }
  size_t num_constraints() const override;

 protected:
  Variable alloc_impl(const Fr& value, std::string_view name) override;
  Variable alloc_input_impl(const Fr& value, std::string_view name) override;
  void enforce_impl(const LinearCombination& a, const LinearCombination& b,
                    const LinearCombination& c, std::string_view name) override;

 private:
  void check_open() const;

  FrVector a_, b_, c_;
  std::vector<Fr> inputs_;
  FrVector aux_;
  QueryDensities density_;
  std::shared_ptr<const PrecompiledCircuit> deferred_;  // a/b/c not computed yet
  bool finalized_ = false;
};

}  // namespace cuzk::r1cs
