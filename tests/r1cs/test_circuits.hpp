// Small circuits written once against ConstraintSystem&, so every implementation (proving, test,
// recording, keypair, counting) synthesises exactly the same thing. Shared by the r1cs tests and
// bench/r1cs_bench.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "r1cs/constraint_system.hpp"

namespace cuzk::r1cs::test_circuits {

// x^3 + x + 5 = out, with `out` public. Honest when claimed_out = x^3 + x + 5.
//   ns "cubic": aux x, x_sq, x_cu; input out; constraints "square", "cube", "sum".
struct CubicVars {
  Variable x, x_sq, x_cu, out;
};
inline CubicVars cubic(ConstraintSystem& cs, uint64_t x, uint64_t claimed_out) {
  Namespace ns(cs, "cubic");
  const Fr xv = Fr::from_u64(x);
  CubicVars v;
  v.x = cs.alloc(xv, "x");
  v.x_sq = cs.alloc(xv * xv, "x_sq");
  cs.enforce(v.x, v.x, v.x_sq, "square");
  v.x_cu = cs.alloc(xv * xv * xv, "x_cu");
  cs.enforce(v.x_sq, v.x, v.x_cu, "cube");
  v.out = cs.alloc_input(Fr::from_u64(claimed_out), "out");
  cs.enforce(LinearCombination(v.x_cu) + v.x + Fr::from_u64(5) * ConstraintSystem::one(),
             ConstraintSystem::one(), v.out, "sum");
  return v;
}

// acc_{i+1} = acc_i * m_i for i < n, then acc_n exposed as a public input: n + 1 constraints,
// 2n + 1 aux, 2 inputs. Values from a seeded generator.
//   ns "chain": per step ns "step i": aux "m", "acc"; constraint "mul"; then input "out",
//   constraint "expose".
inline void multiplication_chain(ConstraintSystem& cs, size_t n, uint64_t seed = 1) {
  Namespace ns(cs, "chain");
  std::mt19937_64 rng(seed);
  Fr acc_value = Fr::random(rng);
  Variable acc = cs.alloc(acc_value, "acc0");
  for (size_t i = 0; i < n; ++i) {
    Namespace step(cs, [&] { return "step " + std::to_string(i); });
    const Fr m_value = Fr::random(rng);
    const Variable m = cs.alloc(m_value, "m");
    acc_value *= m_value;
    const Variable next = cs.alloc(acc_value, "acc");
    cs.enforce(acc, m, next, "mul");
    acc = next;
  }
  const Variable out = cs.alloc_input(acc_value, "out");
  cs.enforce(acc, ConstraintSystem::one(), out, "expose");
}

// k public inputs x_i (i = 1..k, value i + 1); for each, an aux square s_i with
// x_i * x_i = s_i, and finally Σ s_i * ONE = total (aux). k + 1 constraints, k + 1 aux.
//   ns "many": per input ns "input i": input "x", aux "s", constraint "square"; then aux
//   "total", constraint "sum".
inline void many_inputs(ConstraintSystem& cs, size_t k) {
  Namespace ns(cs, "many");
  LinearCombination sum;
  Fr total = Fr::zero();
  for (size_t i = 1; i <= k; ++i) {
    Namespace item(cs, [&] { return "input " + std::to_string(i); });
    const Fr xv = Fr::from_u64(i + 1);
    const Variable x = cs.alloc_input(xv, "x");
    const Variable s = cs.alloc(xv * xv, "s");
    cs.enforce(x, x, s, "square");
    sum += s;
    total += xv * xv;
  }
  const Variable t = cs.alloc(total, "total");
  cs.enforce(sum, ConstraintSystem::one(), t, "sum");
}

// The shape of bellpepper's field_into_allocated_bits_le + packing: `bits` boolean aux
// variables b_i, each constrained by (1 - b_i) * b_i = 0, then one big LC
// (Σ 2^i b_i) * ONE = packed, with `packed` an aux variable. bits + 1 constraints.
//   ns "decompose": per bit ns "bit i": aux "b", constraint "boolean"; then aux "packed",
//   constraint "pack".
inline void boolean_decomposition(ConstraintSystem& cs, size_t bits, uint64_t seed = 7) {
  Namespace ns(cs, "decompose");
  std::mt19937_64 rng(seed);
  LinearCombination packed_lc;
  packed_lc.reserve(bits);
  Fr packed = Fr::zero(), pow2 = Fr::one();
  for (size_t i = 0; i < bits; ++i) {
    Namespace bit_ns(cs, [&] { return "bit " + std::to_string(i); });
    const bool bit = (rng() & 1) != 0;
    const Variable b = cs.alloc(bit ? Fr::one() : Fr::zero(), "b");
    cs.enforce(LinearCombination(ConstraintSystem::one()) - b, b, LinearCombination(), "boolean");
    packed_lc += pow2 * b;
    if (bit) packed += pow2;
    pow2 += pow2;
  }
  const Variable p = cs.alloc(packed, "packed");
  cs.enforce(packed_lc, ConstraintSystem::one(), p, "pack");
}

// A circuit whose densities are worked out by hand (see DensityProbeExpectations in the tests):
//   inputs ONE, p1 = 3, p2 = 7, p3 = 21; aux w0 = 2, w1 = 4, w2 = 20, w3 = 9, w4 = 11.
//   c0: (w0 + p1) * w1 = w2            A: aux w0 (p1 is an input: untracked); B: aux w1
//   c1: (w3 - w3) * (p2 + 0·w4) = 0    A: w3 sums to zero -> unmarked; B: input p2; w4 coeff 0
//   c2: ONE * (ONE + w2) = p3          B: input ONE, aux w2
inline void density_probe(ConstraintSystem& cs) {
  const Variable p1 = cs.alloc_input(Fr::from_u64(3));
  const Variable p2 = cs.alloc_input(Fr::from_u64(7));
  const Variable p3 = cs.alloc_input(Fr::from_u64(21));
  const Variable w0 = cs.alloc(Fr::from_u64(2));
  const Variable w1 = cs.alloc(Fr::from_u64(4));
  const Variable w2 = cs.alloc(Fr::from_u64(20));
  const Variable w3 = cs.alloc(Fr::from_u64(9));
  const Variable w4 = cs.alloc(Fr::from_u64(11));
  cs.enforce(LinearCombination(w0) + p1, w1, w2, "c0");
  cs.enforce(LinearCombination(w3) - w3, LinearCombination(p2) + Fr::zero() * w4,
             LinearCombination(), "c1");
  cs.enforce(ConstraintSystem::one(), LinearCombination(ConstraintSystem::one()) + w2, p3, "c2");
}

// The circuits above by name, at the sizes the recording tests use.
using NamedCircuit = std::pair<const char*, std::function<void(ConstraintSystem&)>>;
inline std::vector<NamedCircuit> named_circuits() {
  return {
      {"cubic", [](ConstraintSystem& cs) { cubic(cs, 3, 35); }},
      {"chain", [](ConstraintSystem& cs) { multiplication_chain(cs, 1000); }},
      {"many_inputs", [](ConstraintSystem& cs) { many_inputs(cs, 40); }},
      {"decomposition", [](ConstraintSystem& cs) { boolean_decomposition(cs, 256); }},
      {"density_probe", [](ConstraintSystem& cs) { density_probe(cs); }},
  };
}

}  // namespace cuzk::r1cs::test_circuits
