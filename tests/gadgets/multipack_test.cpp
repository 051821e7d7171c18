// Bit packing: pack_into_inputs against compute_multipacking (bellperson multipack.rs
// test_multipacking), pack_bits, and the byte/bit helpers.
#include "gadgets/multipack.hpp"

#include <gtest/gtest.h>

#include <random>

#include "gadget_test_util.hpp"

namespace cuzk::gadgets {
namespace {

using testing::alloc_bits;
using testing::random_bits;
using testing::TestConstraintSystem;

TEST(Multipack, PackIntoInputsMatchesNativeMultipacking) {
  // Origin: bellperson multipack.rs test_multipacking (every length 0..1499; here every 7th, and
  // the chunk edges 253..255, 508, 509).
  std::mt19937_64 rng(0x5962be3d);
  std::vector<size_t> lengths = {253, 254, 255, 508, 509};
  for (size_t n = 0; n < 1500; n += 7) lengths.push_back(n);
  for (size_t num_bits : lengths) {
    TestConstraintSystem cs;
    const std::vector<bool> bits = random_bits(rng, num_bits);
    const std::vector<Boolean> circuit_bits = alloc_bits(cs, bits, "bit");
    const std::vector<Fr> expected = compute_multipacking(bits);
    {
      r1cs::Namespace ns(cs, "pack");
      pack_into_inputs(cs, circuit_bits);
    }
    EXPECT_EQ(expected.size(), (num_bits + 253) / 254);
    EXPECT_EQ(cs.num_constraints(), num_bits + expected.size());
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_TRUE(cs.verify(expected)) << num_bits;
    if (num_bits > 0) {
      // A wrong public input is caught by its packing constraint.
      std::vector<Fr> wrong = expected;
      wrong.back() += Fr::one();
      EXPECT_FALSE(cs.verify(wrong));
      const std::string last = "bit " + std::to_string(num_bits - 1) + "/boolean";
      cs.set(last, Fr::one() - cs.get(last));
      EXPECT_EQ(cs.which_is_unsatisfied(),
                "pack/packing constraint " + std::to_string(expected.size() - 1));
    }
  }
}

TEST(Multipack, PackBitsTakesTheFirst254BitsWithConstants) {
  std::mt19937_64 rng(5);
  TestConstraintSystem cs;
  std::vector<bool> values = random_bits(rng, 256);
  std::vector<Boolean> bits = alloc_bits(cs, values, "bit");
  bits[3] = Boolean::constant(true);
  values[3] = true;
  bits[4] = Boolean::constant(false);
  values[4] = false;
  bits[5] = bits[5].negated();
  values[5] = !values[5];
  const size_t before = cs.num_constraints();
  const AllocatedNum packed = pack_bits(cs, bits);
  EXPECT_EQ(cs.num_constraints(), before + 1);
  values.resize(254);
  EXPECT_EQ(packed.value(), compute_multipacking(values).at(0));
  EXPECT_TRUE(cs.is_satisfied());
  cs.set("input/num", packed.value() + Fr::one());
  EXPECT_EQ(cs.which_is_unsatisfied(), "packing constraint");
}

TEST(Multipack, BytesToBits) {
  const uint8_t bytes[] = {0x01, 0x80};
  EXPECT_EQ(bytes_to_bits(bytes),
            (std::vector<bool>{0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(bytes_to_bits_le(bytes),
            (std::vector<bool>{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
}

}  // namespace
}  // namespace cuzk::gadgets
