// G1 / G2 against the independent @noble/curves vectors (tests/vectors/bls12_381.json, schema in
// tests/vectors/README.md): generator and infinity encodings, add / dbl / neg / mul compared in
// both encodings, and each invalid encoding rejected with exactly the expected DecodeError.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/noble_vectors.hpp"
#include "curve/encoding.hpp"
#include "curve/scalar_mul.hpp"

namespace cuzk::curve {
namespace {

using cuzk::testing::bytes_from_hex;
using cuzk::testing::fr_from_hex;
using cuzk::testing::noble_vectors;

template <class Config>
struct Section;
template <>
struct Section<G1Config> {
  static constexpr const char* kPoints = "g1";
  static constexpr const char* kInvalid = "g1_invalid";
};
template <>
struct Section<G2Config> {
  static constexpr const char* kPoints = "g2";
  static constexpr const char* kInvalid = "g2_invalid";
};

// Decodes a {"c", "u"} point (both forms, full checks), asserting the two forms agree.
template <class Config>
Affine<Config> decode_point(const nlohmann::json& j) {
  auto c = decode_compressed<Config>(bytes_from_hex(j.at("c")), PointCheck::kSubgroup);
  auto u = decode_uncompressed<Config>(bytes_from_hex(j.at("u")), PointCheck::kSubgroup);
  if (!c.ok()) throw std::runtime_error("vector point (c): " + c.error().message);
  if (!u.ok()) throw std::runtime_error("vector point (u): " + u.error().message);
  if (!(*c == *u)) throw std::runtime_error("vector point: c and u differ");
  return *c;
}

// Compares our encodings of `p` with a {"c", "u"} vector point.
template <class Config>
void expect_encodes_to(const Jacobian<Config>& p, const nlohmann::json& j,
                       const std::string& what) {
  const Affine<Config> a = p.to_affine();
  EXPECT_EQ(to_hex(encode_compressed(a)), j.at("c").get<std::string>()) << what;
  EXPECT_EQ(to_hex(encode_uncompressed(a)), j.at("u").get<std::string>()) << what;
}

template <class Config>
class NoblePointsTest : public ::testing::Test {};
using Configs = ::testing::Types<G1Config, G2Config>;
TYPED_TEST_SUITE(NoblePointsTest, Configs);

TYPED_TEST(NoblePointsTest, GeneratorAndInfinity) {
  using G = Jacobian<TypeParam>;
  const auto& s = noble_vectors().at(Section<TypeParam>::kPoints);
  expect_encodes_to(G::generator(), s.at("generator"), "generator");
  expect_encodes_to(G::identity(), s.at("infinity"), "infinity");
  EXPECT_EQ(decode_point<TypeParam>(s.at("generator")), Affine<TypeParam>::generator());
  EXPECT_TRUE(decode_point<TypeParam>(s.at("infinity")).is_identity());
}

TYPED_TEST(NoblePointsTest, Ops) {
  using G = Jacobian<TypeParam>;
  const auto& ops = noble_vectors().at(Section<TypeParam>::kPoints).at("ops");
  ASSERT_GE(ops.size(), 10u);
  for (size_t i = 0; i < ops.size(); ++i) {
    const auto& op = ops[i];
    const std::string tag = "op " + std::to_string(i);
    G p = G::from_affine(decode_point<TypeParam>(op.at("p")));
    G q = G::from_affine(decode_point<TypeParam>(op.at("q")));
    expect_encodes_to(p + q, op.at("add"), tag + " add");
    expect_encodes_to(p.dbl(), op.at("dbl"), tag + " dbl");
    expect_encodes_to(-p, op.at("neg"), tag + " neg");
    expect_encodes_to(mul(p, fr_from_hex(op.at("k"))), op.at("mul"), tag + " mul");
  }
}

TYPED_TEST(NoblePointsTest, InvalidEncodings) {
  const auto& cases = noble_vectors().at(Section<TypeParam>::kInvalid);
  ASSERT_GE(cases.size(), 20u);
  for (size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    const std::string form = c.at("form"), error = c.at("error");
    const std::vector<uint8_t> bytes = bytes_from_hex(c.at("hex"));
    auto r = form == "compressed" ? decode_compressed<TypeParam>(bytes, PointCheck::kSubgroup)
                                  : decode_uncompressed<TypeParam>(bytes, PointCheck::kSubgroup);
    ASSERT_TRUE(form == "compressed" || form == "uncompressed") << form;
    ASSERT_FALSE(r.ok()) << "case " << i << " decoded, expected " << error;
    EXPECT_EQ(to_string(r.code()), error)
        << "case " << i << " (" << form << " " << c.at("hex") << "): " << r.error().message;
  }
}

}  // namespace
}  // namespace cuzk::curve
