// Witness-only synthesis against full synthesis: on a WitnessCS (wants_constraints() false) the
// gadgets skip building their linear combinations and only count their constraints. Each case
// runs the same circuit on a TestConstraintSystem (names, direct Poseidon), a ProvingAssignment
// (no names, Poseidon replayed from its template) and a WitnessCS, and expects the same public
// inputs, the same aux values in the same order and the same number of constraints.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "gadget_test_util.hpp"
#include "gadgets/boolean.hpp"
#include "gadgets/insertion.hpp"
#include "gadgets/multieq.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/num.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon.hpp"
#include "gadgets/sha256.hpp"
#include "gadgets/sha256_fr.hpp"
#include "gadgets/uint32.hpp"
#include "gadgets/uint64.hpp"
#include "hash/poseidon_params.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"

namespace cuzk::gadgets {
namespace {

using r1cs::ConstraintSystem;
using testing::alloc_bits;
using testing::random_bits;
using testing::TestConstraintSystem;

using Circuit = std::function<void(ConstraintSystem&)>;

// Index of the first difference (or the shorter size when one is a prefix of the other), or
// SIZE_MAX when equal.
size_t first_difference(std::span<const Fr> a, std::span<const Fr> b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (!(a[i] == b[i])) return i;
  }
  return a.size() == b.size() ? SIZE_MAX : std::min(a.size(), b.size());
}

void expect_same(const char* what, std::span<const Fr> inputs, std::span<const Fr> aux,
                 size_t constraints, const r1cs::Witness& w) {
  EXPECT_EQ(inputs.size(), w.inputs.size()) << what << ": inputs";
  EXPECT_EQ(first_difference(inputs, w.inputs), SIZE_MAX) << what << ": first differing input";
  EXPECT_EQ(aux.size(), w.aux.size()) << what << ": aux";
  EXPECT_EQ(first_difference(aux, w.aux), SIZE_MAX) << what << ": first differing aux";
  EXPECT_EQ(constraints, w.num_constraints) << what << ": constraints";
}

// `circuit` must be deterministic (it draws its values from its own seeded generator).
void expect_same_witness(const Circuit& circuit, bool satisfied = true) {
  r1cs::WitnessCS witness_cs;
  ASSERT_FALSE(witness_cs.wants_constraints());
  circuit(witness_cs);
  const r1cs::Witness& w = witness_cs.witness();
  EXPECT_GT(w.num_constraints, 0u);

  TestConstraintSystem test;
  circuit(test);
  if (satisfied) {
    EXPECT_TRUE(test.is_satisfied()) << test.which_is_unsatisfied().value_or("");
  }
  expect_same("TestConstraintSystem", test.inputs(), test.aux(), test.num_constraints(), w);

  r1cs::ProvingAssignment pa;
  circuit(pa);
  expect_same("ProvingAssignment", pa.inputs(), pa.aux(), pa.num_constraints(), w);
}

// Runs each gadget call in a fresh namespace "step k": TestConstraintSystem wants every name once.
struct Steps {
  ConstraintSystem& cs;
  size_t next = 0;
  template <class F>
  void operator()(F&& f) {
    r1cs::Namespace ns(cs, [&] { return "step " + std::to_string(next); });
    ++next;
    f();
  }
};

// Constants, allocated bits and negated allocated bits of both values.
std::vector<Boolean> all_kinds(Steps& step) {
  std::vector<Boolean> out = {Boolean::constant(false), Boolean::constant(true)};
  for (bool v : {false, true}) {
    Boolean b;
    step([&] { b = AllocatedBit::alloc(step.cs, v); });
    out.push_back(b);
    out.push_back(b.negated());
  }
  return out;
}

UInt32 random_word(Steps& step, std::mt19937_64& rng, bool allocated) {
  const auto v = uint32_t(rng());
  UInt32 w = UInt32::constant(v);
  if (allocated) step([&] { w = UInt32::alloc(step.cs, v); });
  return w;
}

TEST(WitnessMode, BooleanOperations) {
  expect_same_witness([](ConstraintSystem& cs) {
    Steps step{cs};
    const std::vector<Boolean> k = all_kinds(step);
    for (const Boolean& a : k) {
      for (const Boolean& b : k) {
        step([&] { xor_bits(cs, a, b); });
        step([&] { and_bits(cs, a, b); });
        step([&] { or_bits(cs, a, b); });
        for (const Boolean& c : k) {
          step([&] { sha256_ch(cs, a, b, c); });
          step([&] { sha256_maj(cs, a, b, c); });
        }
      }
    }
    for (bool x : {false, true}) {
      for (bool y : {false, true}) {
        AllocatedBit a, b;
        step([&] { a = AllocatedBit::alloc(cs, x); });
        step([&] { b = AllocatedBit::alloc(cs, y); });
        step([&] { xor_bits(cs, a, b); });
        step([&] { and_bits(cs, a, b); });
        step([&] { and_not_bits(cs, a, b); });
        step([&] { nor_bits(cs, a, b); });
        step([&] { AllocatedBit::alloc_conditionally(cs, x && !y, b); });
      }
    }
    step([&] { u64_into_boolean_vec_le(cs, 0x0123456789abcdefull); });
  });
}

TEST(WitnessMode, UInt32XorRotateChMaj) {
  expect_same_witness([](ConstraintSystem& cs) {
    Steps step{cs};
    std::mt19937_64 rng(1);
    for (bool allocated : {true, false}) {
      const UInt32 a = random_word(step, rng, true), b = random_word(step, rng, allocated),
                   c = random_word(step, rng, allocated);
      UInt32 x;
      step([&] { x = xor_words(cs, a.rotr(7), b.shr(3)); });
      step([&] { xor_words(cs, x.rotr(13), c.rotr(allocated ? 0 : 31)); });
      step([&] { sha256_ch(cs, a, b, c); });
      step([&] { sha256_maj(cs, a, b, c); });
    }
  });
}

TEST(WitnessMode, UInt32Addmany) {
  expect_same_witness([](ConstraintSystem& cs) {
    Steps step{cs};
    std::mt19937_64 rng(2);
    {
      // Enough additions for several MultiEq batches; the destructor emits the last one.
      MultiEq multi_eq(cs);
      for (size_t n = 2; n <= 10; ++n) {
        // The first `constants` operands constant, the others allocated.
        for (size_t constants : {size_t(0), size_t(1), n - 1}) {
          std::vector<UInt32> ops;
          for (size_t i = 0; i < n; ++i) ops.push_back(random_word(step, rng, i >= constants));
          step([&] { addmany(cs, multi_eq, ops); });
        }
      }
      // All constant: no constraint, no MultiEq bits.
      const UInt32 constant_ops[3] = {UInt32::constant(1), UInt32::constant(2),
                                      UInt32::constant(0xffffffffu)};
      step([&] { addmany(cs, multi_eq, constant_ops); });
    }
    MultiEq explicit_finish(cs);
    const UInt32 ops[2] = {random_word(step, rng, true), random_word(step, rng, true)};
    step([&] { addmany(cs, explicit_finish, ops); });
    explicit_finish.finish();
  });
}

TEST(WitnessMode, MultiEqBatches) {
  size_t emitted = 0;
  expect_same_witness([&](ConstraintSystem& cs) {
    Steps step{cs};
    std::mt19937_64 rng(3);
    MultiEq multi_eq(cs);
    for (size_t bits = 1; bits <= 60; ++bits) {
      step([&] {
        const uint64_t value = rng() >> (64 - bits);
        std::vector<bool> values(bits);
        for (size_t i = 0; i < bits; ++i) values[i] = ((value >> i) & 1) != 0;
        const std::vector<Boolean> allocated = alloc_bits(cs, values);
        LinearCombination lhs;
        for (size_t i = 0; i < bits; ++i) allocated[i].add_to(lhs, pow2(i));
        const AllocatedNum num = AllocatedNum::alloc(cs, Fr::from_u64(value));
        multi_eq.enforce_equal(bits, lhs, LinearCombination(num.variable()));
      });
    }
    multi_eq.finish();
    emitted = multi_eq.constraints_emitted();
  });
  EXPECT_GT(emitted, 5u);  // batches were emitted at several points
}

TEST(WitnessMode, Sha256) {
  expect_same_witness([](ConstraintSystem& cs) {
    Steps step{cs};
    std::mt19937_64 rng(4);
    step([&] { sha256_block_no_padding(cs, alloc_bits(cs, random_bits(rng, 512))); });
    // Two more compressions: a chained state and a padding block of constants.
    step([&] { sha256(cs, alloc_bits(cs, random_bits(rng, 512))); });
    // Allocated and constant message bits.
    step([&] {
      std::vector<Boolean> message = alloc_bits(cs, random_bits(rng, 200));
      for (size_t i = 0; i < 56; ++i) message.push_back(Boolean::constant((rng() & 1) != 0));
      sha256(cs, message);
    });
  });
}

TEST(WitnessMode, AllocatedNumToBits) {
  expect_same_witness([](ConstraintSystem& cs) {
    Steps step{cs};
    std::mt19937_64 rng(6);
    for (const Fr& x : {Fr::random(rng), Fr::zero(), -Fr::one(), Fr::random(rng)}) {
      AllocatedNum n;
      step([&] { n = AllocatedNum::alloc(cs, x); });
      step([&] { n.to_bits_le(cs); });
      step([&] { n.to_bits_le_strict(cs); });
    }
  });
}

TEST(WitnessMode, Packing) {
  expect_same_witness([](ConstraintSystem& cs) {
    Steps step{cs};
    std::mt19937_64 rng(7);
    std::vector<Boolean> bits = alloc_bits(cs, random_bits(rng, 500));
    for (size_t i = 0; i < 100; ++i) {
      bits.insert(bits.begin() + long(5 * i), Boolean::constant(i % 3 == 0));
    }
    bits[17] = bits[17].negated();
    step([&] { pack_into_inputs(cs, bits); });  // 3 public inputs
    step([&] { pack_bits(cs, bits); });
    step([&] { UInt64::alloc(cs, rng()).pack_into_input(cs); });
    step([&] {
      const AllocatedNum a = AllocatedNum::alloc(cs, Fr::random(rng));
      sha256_hash2(cs, a, a);
    });
  });
}

TEST(WitnessMode, Poseidon) {
  for (unsigned arity : {2u, 4u, 8u, 11u}) {
    for (auto synthesis : {PoseidonSynthesis::kAuto, PoseidonSynthesis::kDirect}) {
      SCOPED_TRACE("arity " + std::to_string(arity));
      expect_same_witness([&](ConstraintSystem& cs) {
        Steps step{cs};
        std::mt19937_64 rng(8 + arity);
        std::vector<AllocatedNum> preimage;
        for (unsigned i = 0; i < arity; ++i) {
          step([&] { preimage.push_back(AllocatedNum::alloc(cs, Fr::random(rng))); });
        }
        for (int k = 0; k < 2; ++k) {
          step([&] {
            poseidon_hash_circuit(cs, preimage, hash::poseidon_params(arity),
                                  hash::PoseidonHashType::merkle_tree(), synthesis);
          });
        }
      });
    }
  }
}

TEST(WitnessMode, InsertAndSelect) {
  expect_same_witness([](ConstraintSystem& cs) {
    Steps step{cs};
    std::mt19937_64 rng(9);
    for (size_t log2 : {1u, 2u, 3u, 4u}) {
      const size_t n = size_t(1) << log2;
      std::vector<AllocatedNum> elements;
      std::vector<Boolean> bits;
      step([&] {
        for (size_t i = 0; i < n; ++i) {
          r1cs::Namespace ns(cs, [&] { return "element " + std::to_string(i); });
          elements.push_back(AllocatedNum::alloc(cs, Fr::random(rng)));
        }
        for (size_t i = 0; i < log2; ++i) {
          r1cs::Namespace ns(cs, [&] { return "bit " + std::to_string(i); });
          bits.emplace_back(AllocatedBit::alloc(cs, (rng() & 1) != 0));
        }
      });
      step([&] { insert(cs, elements.back(), bits, std::span(elements).first(n - 1)); });
      step([&] { select(cs, elements, bits); });
      step([&] { pick(cs, bits[0].negated(), elements[0], elements[1]); });
      step([&] { pick(cs, Boolean::constant(true), elements[0], elements[1]); });
    }
  });
}

// A path of random siblings and indices: the computed root is not the given one, but the
// witness must agree all the same.
hash::MerklePath<Fr> random_path(std::mt19937_64& rng, hash::TreeShape shape, size_t base_levels) {
  hash::MerklePath<Fr> path;
  const auto level = [&](unsigned arity) {
    hash::MerklePathElement<Fr> e;
    e.index = unsigned(rng() % arity);
    for (unsigned k = 0; k + 1 < arity; ++k) e.siblings.push_back(Fr::random(rng));
    path.push_back(e);
  };
  for (size_t l = 0; l < base_levels; ++l) level(shape.base_arity);
  if (shape.sub_arity != 0) level(shape.sub_arity);
  if (shape.top_arity != 0) level(shape.top_arity);
  return path;
}

TEST(WitnessMode, MerkleInclusion) {
  expect_same_witness(
      [](ConstraintSystem& cs) {
        Steps step{cs};
        std::mt19937_64 rng(10);
        step([&] {
          por_circuit(cs, TreeHasher::kPoseidon, hash::kTreeR_8_8_2,
                      PorValue::value(Fr::random(rng)), random_path(rng, hash::kTreeR_8_8_2, 2),
                      PorValue::value(Fr::random(rng)), /*private_root=*/false);
        });
        step([&] {
          por_circuit(cs, TreeHasher::kSha256, hash::kBinaryTreeShape,
                      PorValue::value(Fr::random(rng)), random_path(rng, hash::kBinaryTreeShape, 2),
                      PorValue::value(Fr::random(rng)), /*private_root=*/true);
        });
      },
      /*satisfied=*/false);
}

}  // namespace
}  // namespace cuzk::gadgets
