// UInt64 (storage-proofs-core gadgets/uint64.rs): 64 Booleans, least significant first, with
// the value — PoRep's challenge index, allocated bit by bit, exposed as a public input and fed
// big-endian into the labelling SHA-256. No arithmetic: only allocation, bit views and packing.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "gadgets/boolean.hpp"
#include "gadgets/multipack.hpp"

namespace cuzk::gadgets {

class UInt64 {
 public:
  UInt64() = default;  // constant 0

  static UInt64 constant(uint64_t value) {
    UInt64 w;
    for (unsigned i = 0; i < 64; ++i) w.bits_[i] = Boolean::constant(((value >> i) & 1) != 0);
    w.value_ = value;
    return w;
  }
  // 64 allocated bits, LSB first ("allocated bit i"): 64 constraints.
  static UInt64 alloc(ConstraintSystem& cs, uint64_t value) {
    UInt64 w;
    for (unsigned i = 0; i < 64; ++i) {
      r1cs::Namespace ns(cs, [&] { return "allocated bit " + std::to_string(i); });
      w.bits_[i] = AllocatedBit::alloc(cs, ((value >> i) & 1) != 0);
    }
    w.value_ = value;
    return w;
  }
  // From 64 bits, most / least significant first.
  static UInt64 from_bits_be(std::span<const Boolean> bits) {
    check_size(bits);
    UInt64 w;
    for (unsigned i = 0; i < 64; ++i) w.set_bit(i, bits[63 - i]);
    return w;
  }
  static UInt64 from_bits_le(std::span<const Boolean> bits) {
    check_size(bits);
    UInt64 w;
    for (unsigned i = 0; i < 64; ++i) w.set_bit(i, bits[i]);
    return w;
  }

  uint64_t value() const { return value_; }
  const std::array<Boolean, 64>& bits_le() const { return bits_; }
  std::vector<Boolean> bits_be() const { return {bits_.rbegin(), bits_.rend()}; }

  // The bits as one public input (pack_into_inputs: 1 input, 1 constraint).
  void pack_into_input(ConstraintSystem& cs) const { pack_into_inputs(cs, bits_); }

 private:
  static void check_size(std::span<const Boolean> bits) {
    if (bits.size() != 64) throw std::invalid_argument("UInt64: needs 64 bits");
  }
  void set_bit(unsigned i, const Boolean& b) {
    bits_[i] = b;
    value_ |= uint64_t(b.value()) << i;
  }

  std::array<Boolean, 64> bits_{};
  uint64_t value_ = 0;
};

}  // namespace cuzk::gadgets
