// Bit packing gadgets and their native counterpart (see multipack.hpp).
#include "gadgets/multipack.hpp"

#include <algorithm>
#include <string>

namespace cuzk::gadgets {

namespace {

// sum 2^i bits[i] as an LC and its value.
LinearCombination packing_lc(std::span<const Boolean> bits, Fr& value) {
  LcBuilder lc;
  lc.reserve(2 * bits.size());
  value = Fr::zero();
  for (size_t i = 0; i < bits.size(); ++i) {
    bits[i].add_to(lc, pow2(i));
    if (bits[i].value()) value += pow2(i);
  }
  return lc.build();
}

}  // namespace

void pack_into_inputs(ConstraintSystem& cs, std::span<const Boolean> bits) {
  for (size_t start = 0, i = 0; start < bits.size(); start += kFrCapacity, ++i) {
    const auto chunk = bits.subspan(start, std::min(kFrCapacity, bits.size() - start));
    Fr value;
    const LinearCombination lc = packing_lc(chunk, value);
    const Variable input = cs.alloc_input(value, [&] { return "input " + std::to_string(i); });
    cs.enforce(lc, ConstraintSystem::one(), input,
               [&] { return "packing constraint " + std::to_string(i); });
  }
}

AllocatedNum pack_bits(ConstraintSystem& cs, std::span<const Boolean> bits) {
  Fr value;
  const LinearCombination lc = packing_lc(bits.first(std::min(kFrCapacity, bits.size())), value);
  AllocatedNum num;
  {
    r1cs::Namespace ns(cs, "input");
    num = AllocatedNum::alloc(cs, value);
  }
  cs.enforce(lc, ConstraintSystem::one(), num.variable(), "packing constraint");
  return num;
}

std::vector<Fr> compute_multipacking(const std::vector<bool>& bits) {
  std::vector<Fr> result;
  for (size_t start = 0; start < bits.size(); start += kFrCapacity) {
    const size_t n = std::min(kFrCapacity, bits.size() - start);
    Fr cur = Fr::zero();
    for (size_t i = 0; i < n; ++i) {
      if (bits[start + i]) cur += pow2(i);
    }
    result.push_back(cur);
  }
  return result;
}

std::vector<bool> bytes_to_bits(std::span<const uint8_t> bytes) {
  std::vector<bool> bits;
  bits.reserve(bytes.size() * 8);
  for (uint8_t b : bytes) {
    for (int i = 7; i >= 0; --i) bits.push_back(((b >> i) & 1) != 0);
  }
  return bits;
}

std::vector<bool> bytes_to_bits_le(std::span<const uint8_t> bytes) {
  std::vector<bool> bits;
  bits.reserve(bytes.size() * 8);
  for (uint8_t b : bytes) {
    for (int i = 0; i < 8; ++i) bits.push_back(((b >> i) & 1) != 0);
  }
  return bits;
}

}  // namespace cuzk::gadgets
