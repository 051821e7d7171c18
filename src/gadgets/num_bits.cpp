// AllocatedNum bit decompositions (see num.hpp): the non-strict one used by every Filecoin
// hash input, and the strict one that also proves the bits encode a canonical value (< r).
#include <string>

#include "gadgets/num.hpp"

namespace cuzk::gadgets {

namespace {

constexpr unsigned kFrBits = unsigned(Fr::kBits);  // 255

bool repr_bit(const Fr::Repr& repr, unsigned i) {
  return ((repr[i / 64] >> (i % 64)) & 1) != 0;
}

// AND of all bits, left to right: v[0] & v[1] -> "and 1", then & v[2] -> "and 2", ...
AllocatedBit kary_and(ConstraintSystem& cs, const std::vector<AllocatedBit>& v) {
  AllocatedBit cur = v.front();
  for (size_t i = 1; i < v.size(); ++i) {
    r1cs::Namespace ns(cs, [&] { return "and " + std::to_string(i); });
    cur = and_bits(cs, cur, v[i]);
  }
  return cur;
}

}  // namespace

std::vector<AllocatedBit> field_into_allocated_bits_le(ConstraintSystem& cs, const Fr& value) {
  const Fr::Repr repr = value.to_canonical();
  std::vector<AllocatedBit> bits;
  bits.reserve(kFrBits);
  for (unsigned i = 0; i < kFrBits; ++i) {
    r1cs::Namespace ns(cs, [&] { return "bit " + std::to_string(i); });
    bits.push_back(AllocatedBit::alloc(cs, repr_bit(repr, i)));
  }
  return bits;
}

std::vector<Boolean> AllocatedNum::to_bits_le(ConstraintSystem& cs) const {
  const std::vector<AllocatedBit> bits = field_into_allocated_bits_le(cs, value_);
  if (!cs.wants_constraints()) {
    cs.skip_constraints(1);
  } else {
    LinearCombination lc;
    lc.reserve(bits.size() + 1);
    for (size_t i = 0; i < bits.size(); ++i) lc.add(bits[i].variable(), pow2(i));
    lc -= var_;
    cs.enforce(LinearCombination(), LinearCombination(), lc, "unpacking constraint");
  }
  return std::vector<Boolean>(bits.begin(), bits.end());
}

std::vector<Boolean> AllocatedNum::to_bits_le_strict(ConstraintSystem& cs) const {
  const Fr::Repr a = value_.to_canonical();
  const Fr::Repr r_minus_1 = (-Fr::one()).to_canonical();

  // Walk r - 1 from its top bit (254) down. A bit under a one of r - 1 is a plain boolean and
  // joins the current run of ones; at each zero of r - 1 the run is ANDed (with the previous
  // runs) into last_run, and the bit under the zero may be one only if last_run is zero, i.e.
  // only if the value is already below r - 1 in the bits above.
  std::vector<AllocatedBit> result;  // MSB first
  result.reserve(kFrBits);
  std::vector<AllocatedBit> current_run;
  AllocatedBit last_run;
  bool have_last_run = false;
  unsigned i = 0;
  for (int pos = int(kFrBits) - 1; pos >= 0; --pos, ++i) {
    const bool a_bit = repr_bit(a, unsigned(pos));
    if (repr_bit(r_minus_1, unsigned(pos))) {
      r1cs::Namespace ns(cs, [&] { return "bit " + std::to_string(i); });
      const AllocatedBit bit = AllocatedBit::alloc(cs, a_bit);
      current_run.push_back(bit);
      result.push_back(bit);
      continue;
    }
    if (!current_run.empty()) {
      if (have_last_run) current_run.push_back(last_run);
      r1cs::Namespace ns(cs, [&] { return "run ending at " + std::to_string(i); });
      last_run = kary_and(cs, current_run);
      have_last_run = true;
      current_run.clear();
    }
    // r - 1 starts with a one, so a run has always been closed here.
    r1cs::Namespace ns(cs, [&] { return "bit " + std::to_string(i); });
    result.push_back(AllocatedBit::alloc_conditionally(cs, a_bit, last_run));
  }

  if (!cs.wants_constraints()) {
    cs.skip_constraints(1);
  } else {
    LcBuilder lc;
    lc.reserve(result.size() + 1);
    for (size_t k = 0; k < result.size(); ++k) {
      lc.add(result[result.size() - 1 - k].variable(), pow2(k));
    }
    lc.add(var_, -Fr::one());
    cs.enforce(LinearCombination(), LinearCombination(), lc.build(), "unpacking constraint");
  }
  return std::vector<Boolean>(result.rbegin(), result.rend());
}

}  // namespace cuzk::gadgets
