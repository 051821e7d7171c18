// The GPU prover's inputs as views: one circuit's witness (WitnessView) and the section sizes of
// the parameters it is proved against (SrsShape), with the shape checks both backends apply.
//
// A WitnessView borrows the arrays of an r1cs::ProvingAssignment (WitnessView::of) or of any
// arrays with the same meaning — gpu_partition_bench builds a PoRep-sized partition directly as
// vectors, without synthesising a circuit. Nothing is copied; the owner keeps the arrays alive
// while the backend reads them (CudaBackend::start_views: until it returns).
//
// Host-only (no CUDA), so the checks are unit-tested on machines without a GPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "ff/fr.hpp"
#include "groth16/parameters.hpp"
#include "r1cs/density_tracker.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::gpu {

// A density bitmap (r1cs::DensityTracker's layout): bit i is bit i % 64 of words[i / 64]; bits at
// or past `bits` are ignored.
struct DensityView {
  std::span<const uint64_t> words;  // at least ceil(bits / 64) words
  size_t bits = 0;                  // tracked variables

  static DensityView of(const r1cs::DensityTracker& t) { return {t.words(), t.size()}; }
  size_t word_count() const { return (bits + 63) / 64; }
  // Set bits below `bits` (words must be long enough: see check_witnesses_fit).
  size_t popcount() const;
  // Same bits below `bits` (the words past them may differ).
  bool same_bits(const DensityView& other) const;
};

// One circuit: per constraint the evaluations of its A, B, C rows at the assignment, the
// assignment (inputs[0] = 1, then the aux values, Montgomery form as ff::Fr keeps them), and
// Groth16's density bitmaps (spec §3.2): A over aux, B over inputs, B over aux.
// With `circuit` set (a deferred ProvingAssignment, r1cs::assign_deferred), a, b, c are empty and
// the backend computes them from the circuit's matrices (the input rows included: the view is of a
// finalized assignment); the densities are the circuit's.
struct WitnessView {
  std::span<const ff::Fr> a, b, c;
  std::span<const ff::Fr> inputs, aux;
  DensityView a_aux, b_input, b_aux;
  const r1cs::PrecompiledCircuit* circuit = nullptr;

  static WitnessView of(const r1cs::ProvingAssignment& pa);
  // Rows of a, b, c (finalized: the input rows included).
  size_t num_constraints() const;
};

// Section sizes of a parameter set (points per section; ic = vk.ic).
struct SrsShape {
  size_t ic = 0, h = 0, l = 0, a = 0, b_g1 = 0, b_g2 = 0;

  static SrsShape of(const groth16::Parameters& params);
  friend bool operator==(const SrsShape&, const SrsShape&) = default;
};

// The shape checks of groth16::check_assignments_fit, on views: at least one witness; one (r, s)
// per witness; a, b, c of one length (or, deferred, empty with a circuit of the witness's counts);
// every witness of witness 0's shape (sizes and density bits); density bitmaps covering their
// variables; delta not the identity; every section of the size the shape needs (h = m - 1, l = aux,
// a = inputs + |A aux|, b_g1 = b_g2 = |B inputs| + |B aux|, ic = inputs); the domain m at most
// 2^max_log_m. Throws std::invalid_argument naming the mismatch ("parameters do not fit the
// circuit: ..." for a section). Returns m (a power of two).
size_t check_witnesses_fit(std::span<const WitnessView> witnesses, const groth16::VerifyingKey& vk,
                           const SrsShape& shape, size_t randomness_count, unsigned max_log_m);

}  // namespace cuzk::gpu
