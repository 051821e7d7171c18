// UInt32 (bellperson gadgets/uint32.rs): a 32-bit word as 32 Booleans, least significant first,
// with its value — the word type of the SHA-256 gadget.
//
// Rotations and shifts only re-index bits (shifts fill with constant false), so they are free;
// XOR, ch and maj work bit by bit through the Boolean gadgets, whose constant folding makes
// operations on constant words free. addmany adds 2..10 words modulo 2^32: it allocates the
// full-width sum (33 bits for 2 operands, 34 for 3-4, 35 for 5-8, ... each with a booleanity
// constraint) and hands "sum of operand bits == sum of result bits" to a MultiEq, which batches
// many such equalities into one constraint. If every operand bit is constant the sum is a
// constant word and costs nothing.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "gadgets/boolean.hpp"
#include "gadgets/multieq.hpp"

namespace cuzk::gadgets {

class UInt32 {
 public:
  UInt32() = default;  // constant 0

  static UInt32 constant(uint32_t value);
  // 32 allocated bits, LSB first ("allocated bit i").
  static UInt32 alloc(ConstraintSystem& cs, uint32_t value);
  // From 32 bits, most significant first (the SHA-256 message order) / least significant first.
  static UInt32 from_bits_be(std::span<const Boolean> bits);
  static UInt32 from_bits_le(std::span<const Boolean> bits);

  uint32_t value() const { return value_; }
  const std::array<Boolean, 32>& bits_le() const { return bits_; }
  // Appends the 32 bits most significant first.
  void append_bits_be(std::vector<Boolean>& out) const {
    for (int i = 31; i >= 0; --i) out.push_back(bits_[size_t(i)]);
  }

  UInt32 rotr(unsigned by) const;
  UInt32 shr(unsigned by) const;

 private:
  std::array<Boolean, 32> bits_{};
  uint32_t value_ = 0;  // always the value the bits spell
};

// Bitwise a ^ b ("xor of bit i").
UInt32 xor_words(ConstraintSystem& cs, const UInt32& a, const UInt32& b);
// Bitwise SHA-256 ch and maj ("ch i" / "maj i").
UInt32 sha256_ch(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c);
UInt32 sha256_maj(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c);
// (sum of operands) mod 2^32, 2..10 operands; the equality goes to `multi_eq`, whose constraint
// system must be `cs`. Throws std::invalid_argument for another operand count.
UInt32 addmany(ConstraintSystem& cs, MultiEq& multi_eq, std::span<const UInt32> operands);

}  // namespace cuzk::gadgets
