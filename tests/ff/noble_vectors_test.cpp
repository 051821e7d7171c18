// Field arithmetic checked against vectors generated independently by @noble/curves
// (tests/vectors/gen_bls12_381.mjs): Fp, Fr, Fp2 operations and Fp12 mul/sqr/inv/Frobenius.
#include "common/noble_vectors.hpp"

#include <gtest/gtest.h>

namespace cuzk::ff {
namespace {

using cuzk::testing::fp12_from_json;
using cuzk::testing::fp2_from_json;
using cuzk::testing::fp_from_hex;
using cuzk::testing::fr_from_hex;
using cuzk::testing::noble_vectors;

template <class F, class Decode>
void check_prime_field(const nlohmann::json& cases, Decode decode) {
  ASSERT_GE(cases.size(), 10u);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.dump());
    F a = decode(c.at("a")), b = decode(c.at("b"));
    EXPECT_EQ(a + b, decode(c.at("add")));
    EXPECT_EQ(a - b, decode(c.at("sub")));
    EXPECT_EQ(a * b, decode(c.at("mul")));
    EXPECT_EQ(a.square(), decode(c.at("sqr")));
    EXPECT_EQ(-a, decode(c.at("neg")));
    if (c.at("inv").is_null()) {
      EXPECT_TRUE(a.is_zero());
    } else {
      EXPECT_EQ(a.inverse(), decode(c.at("inv")));
    }
    EXPECT_EQ(a.legendre(), c.at("legendre").get<int>());
    auto root = a.sqrt();
    if (c.at("sqrt").is_null()) {
      EXPECT_FALSE(root.has_value());
    } else {
      ASSERT_TRUE(root.has_value());
      F expect = decode(c.at("sqrt"));
      EXPECT_TRUE(*root == expect || *root == -expect);
    }
    uint64_t e = std::stoull(c.at("pow_e").get<std::string>());
    EXPECT_EQ(a.pow(e), decode(c.at("pow")));
  }
}

TEST(NobleVectors, Fp) {
  check_prime_field<Fp>(noble_vectors().at("fp"), [](const auto& j) { return fp_from_hex(j); });
}

TEST(NobleVectors, Fr) {
  check_prime_field<Fr>(noble_vectors().at("fr"), [](const auto& j) { return fr_from_hex(j); });
}

TEST(NobleVectors, Fp2) {
  const auto& cases = noble_vectors().at("fp2");
  ASSERT_GE(cases.size(), 10u);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.dump());
    Fp2 a = fp2_from_json(c.at("a")), b = fp2_from_json(c.at("b"));
    EXPECT_EQ(a + b, fp2_from_json(c.at("add")));
    EXPECT_EQ(a - b, fp2_from_json(c.at("sub")));
    EXPECT_EQ(a * b, fp2_from_json(c.at("mul")));
    EXPECT_EQ(a.square(), fp2_from_json(c.at("sqr")));
    EXPECT_EQ(a.frobenius(), fp2_from_json(c.at("frob")));
    if (c.at("inv").is_null()) {
      EXPECT_TRUE(a.is_zero());
    } else {
      EXPECT_EQ(a.inverse(), fp2_from_json(c.at("inv")));
    }
    auto root = a.sqrt();
    if (c.at("sqrt").is_null()) {
      EXPECT_FALSE(root.has_value());
    } else {
      ASSERT_TRUE(root.has_value());
      Fp2 expect = fp2_from_json(c.at("sqrt"));
      EXPECT_TRUE(*root == expect || *root == -expect);
    }
  }
}

TEST(NobleVectors, Fp12) {
  const auto& cases = noble_vectors().at("fp12");
  ASSERT_GE(cases.size(), 5u);
  for (const auto& c : cases) {
    Fp12 a = fp12_from_json(c.at("a")), b = fp12_from_json(c.at("b"));
    EXPECT_EQ(a * b, fp12_from_json(c.at("mul")));
    EXPECT_EQ(a.square(), fp12_from_json(c.at("sqr")));
    EXPECT_EQ(a.inverse(), fp12_from_json(c.at("inv")));
    EXPECT_EQ(a.frobenius(1), fp12_from_json(c.at("frob1")));
    EXPECT_EQ(a.frobenius(2), fp12_from_json(c.at("frob2")));
    EXPECT_EQ(a.frobenius(3), fp12_from_json(c.at("frob3")));
  }
}

}  // namespace
}  // namespace cuzk::ff
