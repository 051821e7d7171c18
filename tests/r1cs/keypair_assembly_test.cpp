// KeypairAssembly: the per-variable (constraint, coefficient) lists of bellperson's generator,
// checked by hand on the cubic circuit, including the appended input rows.
#include "r1cs/keypair_assembly.hpp"

#include <gtest/gtest.h>

#include "r1cs/small_fr.hpp"
#include "test_circuits.hpp"

namespace cuzk::r1cs {
namespace {

using small_fr::f;

struct Entries {
  std::vector<uint64_t> rows;
  std::vector<Fr> coeffs;
  friend bool operator==(const Entries&, const Entries&) = default;
};

Entries entries(ColumnView v) {
  return {{v.rows.begin(), v.rows.end()}, {v.coeffs.begin(), v.coeffs.end()}};
}

TEST(KeypairAssembly, CubicQueries) {
  KeypairAssembly ka;
  test_circuits::cubic(ka, 3, 35);
  EXPECT_THROW(ka.at_input(0), std::logic_error);
  ka.finalize();
  EXPECT_EQ(ka.num_constraints(), 5u);
  // Constraints: 0 square (x*x=x_sq), 1 cube (x_sq*x=x_cu), 2 sum ((x_cu+x+5)*1=out),
  // 3 ONE*0=0, 4 out*0=0.
  EXPECT_EQ(entries(ka.at_input(0)), (Entries{{2, 3}, {f(5), f(1)}}));
  EXPECT_EQ(entries(ka.at_input(1)), (Entries{{4}, {f(1)}}));
  EXPECT_EQ(entries(ka.bt_input(0)), (Entries{{2}, {f(1)}}));
  EXPECT_EQ(entries(ka.bt_input(1)), Entries{});
  EXPECT_EQ(entries(ka.ct_input(0)), Entries{});
  EXPECT_EQ(entries(ka.ct_input(1)), (Entries{{2}, {f(1)}}));
  EXPECT_EQ(entries(ka.at_aux(0)), (Entries{{0, 2}, {f(1), f(1)}}));
  EXPECT_EQ(entries(ka.at_aux(1)), (Entries{{1}, {f(1)}}));
  EXPECT_EQ(entries(ka.at_aux(2)), (Entries{{2}, {f(1)}}));
  EXPECT_EQ(entries(ka.bt_aux(0)), (Entries{{0, 1}, {f(1), f(1)}}));
  EXPECT_EQ(entries(ka.bt_aux(1)), Entries{});
  EXPECT_EQ(entries(ka.ct_aux(0)), Entries{});
  EXPECT_EQ(entries(ka.ct_aux(1)), (Entries{{0}, {f(1)}}));
  EXPECT_EQ(entries(ka.ct_aux(2)), (Entries{{1}, {f(1)}}));
  EXPECT_THROW(ka.at_input(2), std::out_of_range);
  EXPECT_THROW(ka.at_aux(3), std::out_of_range);
  EXPECT_EQ(ka.densities().a_aux.words()[0], 0b111u);
  EXPECT_EQ(ka.densities().b_input.words()[0], 0b01u);
}

TEST(KeypairAssembly, EveryInputHasItsInputRow) {
  KeypairAssembly ka;
  test_circuits::many_inputs(ka, 20);
  ka.finalize();
  const size_t rows = ka.num_constraints();
  ASSERT_EQ(rows, 21u + 21u);
  for (size_t i = 0; i < ka.num_inputs(); ++i) {
    const ColumnView a = ka.at_input(i);
    ASSERT_GE(a.size(), 1u);
    // Its last A entry is its own input row, coefficient one.
    EXPECT_EQ(a.rows.back(), rows - ka.num_inputs() + i);
    EXPECT_EQ(a.coeffs.back(), f(1));
  }
  // x_i is in B of its square constraint (row i - 1); ONE is in B of "total" (row 20).
  EXPECT_EQ(entries(ka.bt_input(5)), (Entries{{4}, {f(1)}}));
  EXPECT_EQ(entries(ka.bt_input(0)), (Entries{{20}, {f(1)}}));
}

}  // namespace
}  // namespace cuzk::r1cs
