// PoseidonTemplate: the legacy Poseidon circuit (poseidon.hpp) of one instance — arity, round
// numbers, domain tag — recorded once as a straight-line program, then replayed per hash.
//
// Why: the circuit's linear layers are LC arithmetic whose coefficients depend only on the
// constants, yet building them (scaling and merging LCs of up to ~70 terms through 57 partial
// rounds) costs far more than the constraints themselves. The R1CS is the same for every
// witness, so it is built once by running the reference-faithful gadget on a recorder, with
// variables numbered as local slots (0..arity-1 the preimage, then one slot per allocation).
// Every constraint of this circuit defines exactly the variable allocated just before it, with
// coefficient 1 in C and absent from A and B (checked when recording), so replay computes each
// value as <A>·<B> - (<C> without it), allocates it and emits the recorded constraint with slots
// mapped to the real variables. Same variables, same constraints, same LCs, same values as the
// direct gadget (tested). Only the names differ ("slot i" / "step k" instead of neptune's), so
// the gadget replays by default only when the constraint system does not want names. On a
// witness-only system (!cs.wants_constraints()) replay computes and allocates the values and
// counts the constraints without building them — and, since nothing reads the LCs there, computes
// the values from the native permutation (the same constants and matrices over a state of plain
// values, each S-box's intermediate values allocated in the gadget's order), not by evaluating the
// recorded LCs, whose partial-round terms grow to ~70: an arity-8 hash's witness 128 -> 80 µs, a
// 32 GiB WindowPoSt partition's 29 % less (docs/perf/README.md, CPU).
//
// Lifecycle: get() builds each instance on first use and keeps it for the life of the process
// (thread-safe); replay only reads it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "gadgets/num.hpp"
#include "hash/poseidon_hash_type.hpp"
#include "hash/poseidon_params.hpp"

namespace cuzk::gadgets {

class PoseidonTemplate {
 public:
  // The cached template of (params, type).
  static const PoseidonTemplate& get(const hash::PoseidonParams& params,
                                     hash::PoseidonHashType type);
  // Records a fresh one (tests).
  PoseidonTemplate(const hash::PoseidonParams& params, hash::PoseidonHashType type);

  // The hash of `preimage` (params.arity elements; std::invalid_argument otherwise).
  AllocatedNum synthesize(ConstraintSystem& cs, std::span<const AllocatedNum> preimage) const;

  size_t num_constraints() const { return steps_.size(); }
  size_t num_terms() const { return terms_.size(); }

 private:
  static constexpr uint32_t kOneSlot = UINT32_MAX;
  static constexpr uint32_t kNoSlot = UINT32_MAX - 1;
  struct SlotTerm {
    uint32_t slot;  // kOneSlot for ONE
    Fr coeff;
  };
  struct Span {
    uint32_t begin = 0, end = 0;  // into terms_
  };
  // One allocation (slot arity + index) and the constraint A * B = C that defines it.
  struct Step {
    Span a, b, c;
  };

  Span add_lc(const LinearCombination& lc);
  // synthesize() on a witness-only system: the values only, from the native permutation.
  AllocatedNum witness(ConstraintSystem& cs, std::span<const AllocatedNum> preimage) const;

  hash::PoseidonParams params_;
  Fr tag_;  // the domain tag: state[0] before the first round
  uint32_t arity_ = 0;
  std::vector<SlotTerm> terms_;
  std::vector<Step> steps_;
};

}  // namespace cuzk::gadgets
