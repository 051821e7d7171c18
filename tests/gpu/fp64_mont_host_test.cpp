// Fp64Mont (src/gpu/arith/fp64_mont.hpp), the FP64-pipe Montgomery product, on the host against
// the CPU field: its steps are plain round-to-nearest double operations, so the host runs the very
// code the device runs. Edge and random products, long chains that never leave the signed-digit
// form (the digit and value bounds the exactness argument rests on), and lazily reduced inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gpu/arith/fp64_mont.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

Fp64Mont digits(const ff::Fp& x) {
  return Fp64Mont::load(to_storage(x));
}
ff::Fp value(const Fp64Mont& x) {
  return from_storage(x.store());
}

TEST(Fp64MontHostTest, ProductsMatchCpu) {
  std::vector<ff::Fp> a, b;
  testing::make_operands<ff::Fp>(2000, 71, a, b);
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(value(digits(a[i]) * digits(b[i])), a[i] * b[i]) << "pair " << i;
  }
}

// 3000 products chained in the signed-digit form: the digits stay within the bounds that keep
// every column exact, and the value within (−p, p).
TEST(Fp64MontHostTest, ChainsStayExact) {
  const std::vector<ff::Fp> v = testing::random_values<ff::Fp>(8, 72);
  for (size_t s = 0; s + 1 < v.size(); ++s) {
    ff::Fp want = v[s];
    Fp64Mont got = digits(v[s]);
    const Fp64Mont y = digits(v[s + 1]);
    for (int k = 0; k < 3000; ++k) {
      want = want * v[s + 1];
      got = got * y;
      for (int d = 0; d + 1 < Fp64Mont::kDigits; ++d) ASSERT_LE(std::fabs(got.d[d]), 0x1p23);
      ASSERT_LE(std::fabs(got.d[Fp64Mont::kDigits - 1]), 0x1p22);
    }
    EXPECT_EQ(value(got), want) << "chain " << s;
  }
}

// An input holding x + p (as a sum of two values may): the same residue out.
TEST(Fp64MontHostTest, LazyInputs) {
  const std::vector<ff::Fp> v = testing::random_values<ff::Fp>(64, 73);
  const Fp64Mont p = [] {
    Fp64Mont r;
    for (int k = 0; k < Fp64Mont::kDigits; ++k) r.d[k] = fp64_mont::kConstants.p[k];
    return r;
  }();
  for (size_t i = 0; i + 1 < v.size(); ++i) {
    Fp64Mont a = digits(v[i]), b = digits(v[i + 1]);
    for (int k = 0; k < Fp64Mont::kDigits; ++k) a.d[k] += p.d[k];  // digits up to 2^25: x + p
    for (int k = 0; k < Fp64Mont::kDigits; ++k) b.d[k] -= p.d[k];  // x − p, negative
    EXPECT_EQ(value(a * b), v[i] * v[i + 1]) << "pair " << i;
  }
}

}  // namespace
}  // namespace cuzk::gpu
