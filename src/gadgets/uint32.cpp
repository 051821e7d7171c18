// UInt32 operations (see uint32.hpp).
#include "gadgets/uint32.hpp"

#include <stdexcept>
#include <string>

namespace cuzk::gadgets {

UInt32 UInt32::constant(uint32_t value) {
  UInt32 w;
  for (unsigned i = 0; i < 32; ++i) w.bits_[i] = Boolean::constant(((value >> i) & 1) != 0);
  w.value_ = value;
  return w;
}

UInt32 UInt32::alloc(ConstraintSystem& cs, uint32_t value) {
  UInt32 w;
  for (unsigned i = 0; i < 32; ++i) {
    r1cs::Namespace ns(cs, [&] { return "allocated bit " + std::to_string(i); });
    w.bits_[i] = AllocatedBit::alloc(cs, ((value >> i) & 1) != 0);
  }
  w.value_ = value;
  return w;
}

UInt32 UInt32::from_bits_be(std::span<const Boolean> bits) {
  if (bits.size() != 32) throw std::invalid_argument("UInt32::from_bits_be: needs 32 bits");
  UInt32 w;
  for (unsigned i = 0; i < 32; ++i) {
    w.bits_[i] = bits[31 - i];
    w.value_ |= uint32_t(w.bits_[i].value()) << i;
  }
  return w;
}

UInt32 UInt32::from_bits_le(std::span<const Boolean> bits) {
  if (bits.size() != 32) throw std::invalid_argument("UInt32::from_bits_le: needs 32 bits");
  UInt32 w;
  for (unsigned i = 0; i < 32; ++i) {
    w.bits_[i] = bits[i];
    w.value_ |= uint32_t(w.bits_[i].value()) << i;
  }
  return w;
}

UInt32 UInt32::rotr(unsigned by) const {
  by %= 32;
  UInt32 w;
  for (unsigned i = 0; i < 32; ++i) w.bits_[i] = bits_[(i + by) % 32];
  w.value_ = by == 0 ? value_ : (value_ >> by) | (value_ << (32 - by));
  return w;
}

UInt32 UInt32::shr(unsigned by) const {
  by %= 32;
  UInt32 w;
  for (unsigned i = 0; i < 32; ++i)
    w.bits_[i] = i + by < 32 ? bits_[i + by] : Boolean::constant(false);
  w.value_ = value_ >> by;
  return w;
}

UInt32 xor_words(ConstraintSystem& cs, const UInt32& a, const UInt32& b) {
  std::array<Boolean, 32> out;
  for (unsigned i = 0; i < 32; ++i) {
    r1cs::Namespace ns(cs, [&] { return "xor of bit " + std::to_string(i); });
    out[i] = xor_bits(cs, a.bits_le()[i], b.bits_le()[i]);
  }
  return UInt32::from_bits_le(out);
}

UInt32 sha256_ch(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
  std::array<Boolean, 32> out;
  for (unsigned i = 0; i < 32; ++i) {
    r1cs::Namespace ns(cs, [&] { return "ch " + std::to_string(i); });
    out[i] = sha256_ch(cs, a.bits_le()[i], b.bits_le()[i], c.bits_le()[i]);
  }
  return UInt32::from_bits_le(out);
}

UInt32 sha256_maj(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
  std::array<Boolean, 32> out;
  for (unsigned i = 0; i < 32; ++i) {
    r1cs::Namespace ns(cs, [&] { return "maj " + std::to_string(i); });
    out[i] = sha256_maj(cs, a.bits_le()[i], b.bits_le()[i], c.bits_le()[i]);
  }
  return UInt32::from_bits_le(out);
}

UInt32 addmany(ConstraintSystem& cs, MultiEq& multi_eq, std::span<const UInt32> operands) {
  if (operands.size() < 2 || operands.size() > 10) {
    throw std::invalid_argument("addmany: needs 2..10 operands, got " +
                                std::to_string(operands.size()));
  }
  uint64_t sum = 0;
  bool all_constants = true;
  for (const UInt32& op : operands) {
    sum += op.value();
    for (const Boolean& bit : op.bits_le()) all_constants &= bit.is_constant();
  }
  if (all_constants) return UInt32::constant(uint32_t(sum));

  // As many result bits as the largest possible sum needs.
  size_t result_bits = 0;
  for (uint64_t max = uint64_t(operands.size()) * 0xffffffffu; max != 0; max >>= 1) ++result_bits;
  std::vector<AllocatedBit> bits;
  bits.reserve(result_bits);
  for (size_t i = 0; i < result_bits; ++i) {
    r1cs::Namespace ns(cs, [&] { return "result bit " + std::to_string(i); });
    bits.push_back(AllocatedBit::alloc(cs, ((sum >> i) & 1) != 0));
  }

  // sum_ops sum_i 2^i op_i == sum_i 2^i result_i, each side shifted by MultiEq.
  multi_eq.enforce_equal_with(
      result_bits,
      [&](LcBuilder& lhs, size_t shift) {
        lhs.reserve(lhs.size() + operands.size() * 64);
        for (const UInt32& op : operands) {
          for (size_t i = 0; i < 32; ++i) op.bits_le()[i].add_to(lhs, pow2(shift + i));
        }
      },
      [&](LcBuilder& rhs, size_t shift) {
        for (size_t i = 0; i < result_bits; ++i) rhs.add(bits[i].variable(), pow2(shift + i));
      });

  std::array<Boolean, 32> low;
  for (unsigned i = 0; i < 32; ++i) low[i] = bits[i];
  return UInt32::from_bits_le(low);  // the value: sum mod 2^32
}

}  // namespace cuzk::gadgets
