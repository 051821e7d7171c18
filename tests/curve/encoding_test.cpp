// zcash / bellperson point encodings: round trips, the byte layout (flags, c1 before c0), and
// every DecodeError with the check order of encoding.hpp (the first failing check wins).
#include "curve/encoding.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "random_points.hpp"
#include "util/hex.hpp"

namespace cuzk::curve {
namespace {

using cuzk::testing::random_curve_point;
using cuzk::testing::random_subgroup_point;
using Bytes = std::vector<uint8_t>;

template <class Config>
Bytes compressed(const Affine<Config>& p) {
  auto a = encode_compressed(p);
  return {a.begin(), a.end()};
}
template <class Config>
Bytes uncompressed(const Affine<Config>& p) {
  auto a = encode_uncompressed(p);
  return {a.begin(), a.end()};
}

// The modulus p as 48 big-endian bytes.
Bytes modulus_bytes() {
  Bytes b(48);
  for (size_t i = 0; i < 48; ++i) b[47 - i] = uint8_t(ff::Fp::kModulus[i / 8] >> (8 * (i % 8)));
  return b;
}

template <class Config>
class EncodingTest : public ::testing::Test {
 protected:
  using A = Affine<Config>;
  static constexpr size_t kW = kCompressedSize<Config>;
  static DecodeResult<Config> dec(const Bytes& b, bool compressed,
                                  PointCheck check = PointCheck::kSubgroup) {
    return compressed ? decode_compressed<Config>(b, check) : decode_uncompressed<Config>(b, check);
  }
  static void expect_error(const Bytes& b, bool compressed, DecodeError want) {
    auto r = dec(b, compressed);
    ASSERT_FALSE(r.ok()) << to_hex(b);
    EXPECT_EQ(r.code(), want) << to_string(r.code()) << ": " << r.error().message;
    EXPECT_FALSE(r.error().message.empty());
  }
  // A valid encoding of a random subgroup point.
  static Bytes valid(bool compressed) {
    std::mt19937_64 rng(41);
    A p = random_subgroup_point<Config>(rng).to_affine();
    return compressed ? curve::compressed(p) : curve::uncompressed(p);
  }
};
using Configs = ::testing::Types<G1Config, G2Config>;
TYPED_TEST_SUITE(EncodingTest, Configs);

TYPED_TEST(EncodingTest, RoundTrips) {
  using A = Affine<TypeParam>;
  std::mt19937_64 rng(42);
  std::vector<A> pts = {A::generator(), A::identity(), -A::generator()};
  for (int i = 0; i < 4; ++i) pts.push_back(random_subgroup_point<TypeParam>(rng).to_affine());
  for (const A& p : pts) {
    for (PointCheck check : {PointCheck::kOnCurve, PointCheck::kSubgroup}) {
      auto c = decode_compressed<TypeParam>(compressed(p), check);
      auto u = decode_uncompressed<TypeParam>(uncompressed(p), check);
      ASSERT_TRUE(c.ok()) << c.error().message;
      ASSERT_TRUE(u.ok()) << u.error().message;
      EXPECT_EQ(*c, p);
      EXPECT_EQ(*u, p);
    }
  }
}

TYPED_TEST(EncodingTest, Layout) {
  using A = Affine<TypeParam>;
  const size_t w = this->kW;
  Bytes ci = compressed(A::identity()), ui = uncompressed(A::identity());
  ASSERT_EQ(ci.size(), w);
  ASSERT_EQ(ui.size(), 2 * w);
  EXPECT_EQ(ci[0], 0xc0);
  EXPECT_EQ(ui[0], 0x40);
  for (size_t i = 1; i < ci.size(); ++i) EXPECT_EQ(ci[i], 0);
  for (size_t i = 1; i < ui.size(); ++i) EXPECT_EQ(ui[i], 0);

  // Uncompressed: x || y with each Fp2 as c1 || c0; compressed: x with flags 0x80 and sign.
  std::mt19937_64 rng(43);
  A p = random_subgroup_point<TypeParam>(rng).to_affine();
  Bytes u = uncompressed(p), c = compressed(p);
  std::vector<ff::Fp> comps;
  if constexpr (std::is_same_v<TypeParam, G1Config>) {
    comps = {p.x, p.y};
  } else {
    comps = {p.x.c1, p.x.c0, p.y.c1, p.y.c0};
  }
  for (size_t i = 0; i < comps.size(); ++i) {
    auto be = comps[i].to_bytes_be();
    EXPECT_TRUE(std::equal(be.begin(), be.end(), u.begin() + 48 * i)) << "component " << i;
  }
  EXPECT_TRUE(std::equal(c.begin() + 1, c.end(), u.begin() + 1));
  EXPECT_EQ(c[0] & 0x1f, u[0]);
  EXPECT_EQ(c[0] & 0xc0, 0x80);
  // The sign flag tells -P from P and is all that differs.
  Bytes cn = compressed(-p);
  EXPECT_EQ(cn[0] ^ c[0], 0x20);
  EXPECT_TRUE(std::equal(c.begin() + 1, c.end(), cn.begin() + 1));
  EXPECT_EQ(bool(c[0] & 0x20), p.y.is_lexicographically_largest());
}

TEST(EncodingG1, GeneratorBytes) {
  EXPECT_EQ(to_hex(compressed(G1Affine::generator())),
            "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af0"
            "0adb22c6bb");
  EXPECT_EQ(to_hex(compressed(G2Affine::generator())).substr(0, 8), "93e02b60");  // 0x80|x.c1
}

TYPED_TEST(EncodingTest, LengthError) {
  const size_t w = this->kW;
  for (bool comp : {true, false}) {
    Bytes good = this->valid(comp);
    const size_t n = good.size();
    this->expect_error({}, comp, DecodeError::kLength);
    this->expect_error(Bytes(good.begin(), good.end() - 1), comp, DecodeError::kLength);
    Bytes longer = good;
    longer.push_back(0);
    this->expect_error(longer, comp, DecodeError::kLength);
    // The other form's size.
    this->expect_error(Bytes(comp ? 2 * w : w, 0), comp, DecodeError::kLength);
    EXPECT_EQ(n, comp ? w : 2 * w);
  }
}

TYPED_TEST(EncodingTest, FlagsError) {
  Bytes c = this->valid(true), u = this->valid(false);
  Bytes t = c;
  t[0] &= 0x7f;  // compressed without 0x80
  this->expect_error(t, true, DecodeError::kFlags);
  t = u;
  t[0] |= 0x80;  // uncompressed with 0x80
  this->expect_error(t, false, DecodeError::kFlags);
  t = u;
  t[0] |= 0x20;  // sign flag on an uncompressed encoding
  this->expect_error(t, false, DecodeError::kFlags);
  t = Bytes(c.size(), 0);
  t[0] = 0xe0;  // infinity with the sign flag
  this->expect_error(t, true, DecodeError::kFlags);
  t = Bytes(u.size(), 0);
  t[0] = 0xc0;  // compressed infinity marker on an uncompressed buffer
  this->expect_error(t, false, DecodeError::kFlags);
  // Flags are checked before coordinates: 0x20 on an uncompressed x = p.
  t = u;
  Bytes m = modulus_bytes();
  std::copy(m.begin(), m.end(), t.begin());
  t[0] |= 0x20;
  this->expect_error(t, false, DecodeError::kFlags);
}

TYPED_TEST(EncodingTest, CoordinateError) {
  const Bytes m = modulus_bytes();
  for (bool comp : {true, false}) {
    const Bytes good = this->valid(comp);
    for (size_t limb = 0; limb < good.size() / 48; ++limb) {
      Bytes t = good;
      std::copy(m.begin(), m.end(), t.begin() + 48 * limb);  // component = p
      t[0] |= good[0] & 0xe0;
      this->expect_error(t, comp, DecodeError::kCoordinate);
      t[48 * limb + 47] += 5;  // p + 5
      this->expect_error(t, comp, DecodeError::kCoordinate);
      std::fill(t.begin() + 48 * limb, t.begin() + 48 * (limb + 1), 0xff);  // 2^384 - 1
      t[0] = (limb == 0 ? (good[0] & 0xe0) | 0x1f : t[0]);                  // 2^381 - 1
      this->expect_error(t, comp, DecodeError::kCoordinate);
    }
    // Coordinates are checked before the infinity bits: infinity flag with x = p.
    Bytes t(good.size(), 0);
    std::copy(m.begin(), m.end(), t.begin());
    t[0] |= comp ? 0xc0 : 0x40;
    this->expect_error(t, comp, DecodeError::kCoordinate);
  }
  // The message names the component.
  Bytes t = this->valid(false);
  std::copy(m.begin(), m.end(), t.end() - 48);
  auto r = this->dec(t, false);
  ASSERT_FALSE(r.ok());
  const char* name = std::is_same_v<TypeParam, G1Config> ? "y " : "y.c0 ";
  EXPECT_NE(r.error().message.find(name), std::string::npos) << r.error().message;
}

TYPED_TEST(EncodingTest, InfinityError) {
  for (bool comp : {true, false}) {
    const uint8_t flags = comp ? 0xc0 : 0x40;
    const size_t n = comp ? this->kW : 2 * this->kW;
    for (size_t pos : {size_t(0), size_t(1), n - 1}) {
      Bytes t(n, 0);
      t[0] = flags;
      t[pos] |= 1;
      this->expect_error(t, comp, DecodeError::kInfinity);
    }
    Bytes t = this->valid(comp);  // a valid point with the infinity flag added
    t[0] |= 0x40;
    t[0] &= comp ? 0xdf : 0xff;  // sign + infinity would be a flags error
    this->expect_error(t, comp, DecodeError::kInfinity);
  }
}

TYPED_TEST(EncodingTest, NotOnCurveError) {
  using A = Affine<TypeParam>;
  using F = typename TypeParam::Field;
  std::mt19937_64 rng(44);
  A p = random_subgroup_point<TypeParam>(rng).to_affine();
  this->expect_error(uncompressed(A{p.x, p.y + F::one(), false}), false, DecodeError::kNotOnCurve);
  this->expect_error(Bytes(2 * this->kW, 0), false, DecodeError::kNotOnCurve);  // (0, 0)
  // A compressed x with x^3 + b a non-square (any y will do for the encoder).
  for (;;) {
    F x = F::random(rng);
    if ((x.square() * x + TypeParam::b()).sqrt()) continue;
    this->expect_error(compressed(A{x, F::one(), false}), true, DecodeError::kNotOnCurve);
    break;
  }
}

TYPED_TEST(EncodingTest, NotInSubgroupError) {
  std::mt19937_64 rng(45);
  for (int i = 0; i < 3; ++i) {
    auto p = random_curve_point<TypeParam>(rng);
    for (bool comp : {true, false}) {
      Bytes b = comp ? compressed(p) : uncompressed(p);
      this->expect_error(b, comp, DecodeError::kNotInSubgroup);
      auto r = this->dec(b, comp, PointCheck::kOnCurve);  // trusted mode skips the check
      ASSERT_TRUE(r.ok()) << r.error().message;
      EXPECT_EQ(*r, p);
    }
  }
}

TEST(DecodeErrorNames, AreTheVectorNames) {
  EXPECT_STREQ(to_string(DecodeError::kLength), "length");
  EXPECT_STREQ(to_string(DecodeError::kFlags), "flags");
  EXPECT_STREQ(to_string(DecodeError::kCoordinate), "coordinate");
  EXPECT_STREQ(to_string(DecodeError::kInfinity), "infinity");
  EXPECT_STREQ(to_string(DecodeError::kNotOnCurve), "not_on_curve");
  EXPECT_STREQ(to_string(DecodeError::kNotInSubgroup), "not_in_subgroup");
  auto r = decode_g2_compressed(Bytes(5, 0));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "G2 compressed point: expected 96 bytes, got 5");
}

}  // namespace
}  // namespace cuzk::curve
