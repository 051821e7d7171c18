// Variable: a handle to one wire of an R1CS, either a public input or an auxiliary (private)
// variable, as in bellpepper's `Variable(Index::Input(i) | Index::Aux(i))`.
//
// Packed into one 64-bit word: the index in the low 63 bits, the top bit set for aux. Comparing
// the raw words therefore orders all inputs (by index) before all aux (by index) — exactly the
// order in which bellpepper's LinearCombination iterates its terms, which LinearCombination keeps.
// Input 0 is always the constant ONE, allocated by every constraint system at construction.
#pragma once

#include <compare>
#include <cstdint>

namespace cuzk::r1cs {

class Variable {
 public:
  static constexpr uint64_t kAuxBit = uint64_t(1) << 63;

  constexpr Variable() = default;  // Input(0), the constant ONE
  static constexpr Variable input(uint64_t index) { return Variable(index); }
  static constexpr Variable aux(uint64_t index) { return Variable(index | kAuxBit); }
  static constexpr Variable one() { return input(0); }
  static constexpr Variable from_raw(uint64_t raw) { return Variable(raw); }

  constexpr bool is_input() const { return (raw_ & kAuxBit) == 0; }
  constexpr bool is_aux() const { return !is_input(); }
  constexpr uint64_t index() const { return raw_ & ~kAuxBit; }
  // The packed word: sorts inputs before aux, each by index.
  constexpr uint64_t raw() const { return raw_; }

  friend constexpr bool operator==(Variable, Variable) = default;
  friend constexpr auto operator<=>(Variable a, Variable b) { return a.raw_ <=> b.raw_; }

 private:
  constexpr explicit Variable(uint64_t raw) : raw_(raw) {}
  uint64_t raw_ = 0;
};

}  // namespace cuzk::r1cs
