// pick / select / insert: storage-proofs-core insertion.rs's tests (test_select: 2^k - 1
// constraints; test_insert: 2 / 8 / 22 for 2 / 4 / 8 outputs, n (n - 1) otherwise) at every
// index, with values and tampering.
#include "gadgets/insertion.hpp"

#include <gtest/gtest.h>

#include <random>

#include "gadget_test_util.hpp"

namespace cuzk::gadgets {
namespace {

using testing::expect_tampering_detected;
using testing::TestConstraintSystem;

struct Fixture {
  TestConstraintSystem cs;
  std::vector<AllocatedNum> elements;
  std::vector<Boolean> bits;
  size_t constraints_before = 0;
  size_t aux_before = 0;

  Fixture(size_t count, unsigned log_size, size_t index, std::mt19937_64& rng) {
    for (size_t i = 0; i < count; ++i) {
      r1cs::Namespace ns(cs, [&] { return "element " + std::to_string(i); });
      elements.push_back(AllocatedNum::alloc(cs, Fr::random(rng)));
    }
    for (unsigned i = 0; i < log_size; ++i) {
      r1cs::Namespace ns(cs, [&] { return "index bit " + std::to_string(i); });
      bits.emplace_back(AllocatedBit::alloc(cs, ((index >> i) & 1) != 0));
    }
    constraints_before = cs.num_constraints();
    aux_before = cs.num_aux();
  }
};

TEST(Insertion, SelectCostsOnePickPerInnerNode) {
  // Origin: insertion.rs test_select (log sizes 1..4, every index).
  std::mt19937_64 rng(1);
  for (unsigned log_size = 1; log_size < 5; ++log_size) {
    const size_t size = size_t(1) << log_size;
    for (size_t index = 0; index < size; ++index) {
      Fixture f(size, log_size, index, rng);
      EXPECT_EQ(f.constraints_before, log_size);
      AllocatedNum selected;
      {
        r1cs::Namespace ns(f.cs, "select");
        selected = select(f.cs, f.elements, f.bits);
      }
      EXPECT_TRUE(f.cs.is_satisfied());
      EXPECT_EQ(selected.value(), f.elements[index].value());
      EXPECT_EQ(f.cs.num_constraints() - f.constraints_before, size - 1);
      expect_tampering_detected(f.cs, "select/");
    }
  }
}

TEST(Insertion, InsertAtEveryIndex) {
  // Origin: insertion.rs test_insert (log sizes 1..4, every index): 2 -> 2, 4 -> 8 (unoptimised
  // 12), 8 -> 22 (unoptimised 56), 16 -> 240 constraints.
  std::mt19937_64 rng(2);
  for (unsigned log_size = 1; log_size <= 4; ++log_size) {
    const size_t size = size_t(1) << log_size;
    const size_t expected = size == 2 ? 2 : size == 4 ? 8 : size == 8 ? 22 : size * (size - 1);
    for (size_t index = 0; index < size; ++index) {
      Fixture f(size, log_size, index, rng);
      AllocatedNum to_insert;
      {
        r1cs::Namespace ns(f.cs, "insert");
        to_insert = AllocatedNum::alloc(f.cs, Fr::random(rng));
      }
      const std::vector<AllocatedNum> others(f.elements.begin(), f.elements.end() - 1);
      std::vector<AllocatedNum> inserted;
      {
        r1cs::Namespace ns(f.cs, "inserting");
        inserted = insert(f.cs, to_insert, f.bits, others);
      }
      ASSERT_EQ(inserted.size(), size);
      EXPECT_TRUE(f.cs.is_satisfied());
      EXPECT_EQ(f.cs.num_constraints() - f.constraints_before, expected) << size;
      EXPECT_EQ(inserted[index].value(), to_insert.value());
      inserted.erase(inserted.begin() + long(index));
      for (size_t i = 0; i + 1 < size; ++i) EXPECT_EQ(inserted[i].value(), others[i].value());
      if (size <= 8) expect_tampering_detected(f.cs, "inserting/");
    }
  }
}

TEST(Insertion, PickWithConstantCondition) {
  std::mt19937_64 rng(3);
  Fixture f(2, 0, 0, rng);
  const AllocatedNum t = pick(f.cs, Boolean::constant(true), f.elements[0], f.elements[1]);
  EXPECT_EQ(t.value(), f.elements[0].value());
  EXPECT_TRUE(f.cs.is_satisfied());
  f.cs.set("pick result/num", f.elements[1].value());
  EXPECT_EQ(f.cs.which_is_unsatisfied(), "pick");
}

TEST(Insertion, RejectsBadSizes) {
  std::mt19937_64 rng(4);
  Fixture f(3, 2, 0, rng);
  EXPECT_THROW(insert(f.cs, f.elements[0], std::span(f.bits).first(1), f.elements),
               std::invalid_argument);
  EXPECT_THROW(select(f.cs, f.elements, f.bits), std::invalid_argument);
  // The arity-8 network needs plain allocated low bits.
  Fixture g(7, 3, 5, rng);
  std::vector<Boolean> negated = g.bits;
  negated[1] = negated[1].negated();
  EXPECT_THROW(insert(g.cs, g.elements[0], negated, g.elements), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::gadgets
