// Helpers for the gadget tests: allocating bit vectors and numbers in a test CS, the big-endian
// hex of the spec, checking that a circuit's R1CS does not depend on its witness, and the
// "flip one witness value, the circuit must fail" check.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "ff/fr.hpp"
#include "gadgets/boolean.hpp"
#include "gadgets/num.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "util/hex.hpp"

namespace cuzk::gadgets::testing {

using r1cs::TestConstraintSystem;

// "0x..." big-endian integer (as the spec prints Fr values) -> Fr.
inline Fr fr_from_be_hex(std::string_view hex) {
  auto bytes = from_hex(hex);
  if (!bytes || bytes->size() != 32) throw std::invalid_argument("bad Fr hex");
  std::array<uint8_t, 32> le;
  std::reverse_copy(bytes->begin(), bytes->end(), le.begin());
  auto x = Fr::from_bytes_le(le);
  if (!x) throw std::invalid_argument("Fr hex >= p");
  return *x;
}

inline std::string fr_to_be_hex(const Fr& x) {
  return "0x" + to_hex(x.to_bytes_be());
}

// Allocates `values` as bits named "<prefix> i" (each in its own namespace).
inline std::vector<Boolean> alloc_bits(r1cs::ConstraintSystem& cs, const std::vector<bool>& values,
                                       const std::string& prefix = "input bit") {
  std::vector<Boolean> bits;
  bits.reserve(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    r1cs::Namespace ns(cs, [&] { return prefix + " " + std::to_string(i); });
    bits.emplace_back(AllocatedBit::alloc(cs, values[i]));
  }
  return bits;
}

inline std::vector<bool> random_bits(std::mt19937_64& rng, size_t n) {
  std::vector<bool> bits(n);
  for (size_t i = 0; i < n; ++i) bits[i] = (rng() & 1) != 0;
  return bits;
}

inline std::vector<uint8_t> random_bytes(std::mt19937_64& rng, size_t n) {
  std::vector<uint8_t> bytes(n);
  for (auto& b : bytes) b = uint8_t(rng());
  return bytes;
}

inline std::vector<bool> bit_values(const std::vector<Boolean>& bits) {
  std::vector<bool> out(bits.size());
  for (size_t i = 0; i < bits.size(); ++i) out[i] = bits[i].value();
  return out;
}

// Runs `circuit` on two recorders and expects identical matrices: the R1CS of a gadget must not
// depend on the values it is given (a Groth16 circuit has one shape for every witness).
inline void expect_same_r1cs(const std::function<void(r1cs::ConstraintSystem&)>& first,
                             const std::function<void(r1cs::ConstraintSystem&)>& second) {
  r1cs::RecordingCS a, b;
  first(a);
  second(b);
  a.finalize();
  b.finalize();
  EXPECT_EQ(a.fingerprint(), b.fingerprint());
  for (const auto& [ma, mb] :
       {std::pair(&a.a(), &b.a()), std::pair(&a.b(), &b.b()), std::pair(&a.c(), &b.c())}) {
    EXPECT_EQ(ma->row_ptr, mb->row_ptr);
    EXPECT_EQ(ma->cols, mb->cols);
    EXPECT_TRUE(ma->coeffs == mb->coeffs);
  }
}

// Every aux variable from index first_aux on whose path starts with `prefix`: flipping its
// value (0 <-> 1 for a bit, x -> x + 1 otherwise) must break the circuit. Checks every
// `stride`-th such variable (the first always) and restores each value. Returns how many were
// checked.
inline size_t expect_tampering_detected(TestConstraintSystem& cs, std::string_view prefix,
                                        size_t stride = 1, size_t first_aux = 0) {
  size_t checked = 0, seen = 0;
  for (size_t j = first_aux; j < cs.num_aux(); ++j) {
    const std::string& path = cs.aux_path(j);
    if (path.compare(0, prefix.size(), prefix) != 0) continue;
    if (seen++ % stride != 0) continue;
    const Fr original = cs.aux()[j];
    const bool is_bit = original.is_zero() || original.is_one();
    cs.set(path, is_bit ? Fr::one() - original : original + Fr::one());
    EXPECT_TRUE(cs.which_is_unsatisfied().has_value()) << "tampering with " << path;
    cs.set(path, original);
    ++checked;
  }
  EXPECT_TRUE(cs.is_satisfied());
  return checked;
}

}  // namespace cuzk::gadgets::testing
