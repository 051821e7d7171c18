// Bit packing gadgets and their native counterpart (see multipack.hpp).
#include "gadgets/multipack.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace cuzk::gadgets {

namespace {

// sum 2^i bits[i], the value of the packing.
Fr packed_value(std::span<const Boolean> bits) {
  Fr value = Fr::zero();
  for (size_t i = 0; i < bits.size(); ++i) {
    if (bits[i].value()) value += pow2(i);
  }
  return value;
}

// (sum 2^i bits[i]) * 1 = packed, or on a witness-only system the count of that constraint.
template <class Name>
void enforce_packing(ConstraintSystem& cs, std::span<const Boolean> bits, Variable packed,
                     Name&& name) {
  if (!cs.wants_constraints()) {
    cs.skip_constraints(1);
    return;
  }
  LcBuilder lc;
  lc.reserve(2 * bits.size());
  for (size_t i = 0; i < bits.size(); ++i) bits[i].add_to(lc, pow2(i));
  cs.enforce(lc.build(), ConstraintSystem::one(), packed, std::forward<Name>(name));
}

}  // namespace

void pack_into_inputs(ConstraintSystem& cs, std::span<const Boolean> bits) {
  for (size_t start = 0, i = 0; start < bits.size(); start += kFrCapacity, ++i) {
    const auto chunk = bits.subspan(start, std::min(kFrCapacity, bits.size() - start));
    const Variable input =
        cs.alloc_input(packed_value(chunk), [&] { return "input " + std::to_string(i); });
    enforce_packing(cs, chunk, input, [&] { return "packing constraint " + std::to_string(i); });
  }
}

AllocatedNum pack_bits(ConstraintSystem& cs, std::span<const Boolean> bits) {
  const auto chunk = bits.first(std::min(kFrCapacity, bits.size()));
  AllocatedNum num;
  {
    r1cs::Namespace ns(cs, "input");
    num = AllocatedNum::alloc(cs, packed_value(chunk));
  }
  enforce_packing(cs, chunk, num.variable(), "packing constraint");
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
