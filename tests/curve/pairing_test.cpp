// Pairing tests: the final exponentiation against a plain power by (p^12-1)/r (exponent built
// with big-integer arithmetic and checked by multiplication), bilinearity, non-degeneracy, order
// r, identity inputs, prepared vs on-the-fly Miller loops, products of pairings, and the
// @noble/curves vectors (noble's pairing is the cube of ours; the vectors carry both).
#include "curve/pairing.hpp"

#include <gtest/gtest.h>

#include <random>

#include "common/noble_vectors.hpp"

namespace cuzk::curve {
namespace {

using ff::Fp;
using ff::Fp12;
using ff::Fr;
using ff::Limbs;

// ---- Big integers for the exponents (test-local, on top of ff/limbs.hpp) ----

template <size_t M, size_t N>
Limbs<M> widen(const Limbs<N>& a) {
  static_assert(M >= N);
  Limbs<M> r{};
  for (size_t i = 0; i < N; ++i) r[i] = a[i];
  return r;
}
template <size_t N>
Limbs<N> plus(const Limbs<N>& a, const Limbs<N>& b) {
  Limbs<N> r{};
  EXPECT_EQ(ff::limbs_add(r, a, b), 0u);
  return r;
}
template <size_t N>
Limbs<N> minus(const Limbs<N>& a, const Limbs<N>& b) {
  Limbs<N> r{};
  EXPECT_EQ(ff::limbs_sub(r, a, b), 0u);
  return r;
}
template <size_t N>
Limbs<N> one_limbs() {
  return ff::limbs_from_u64<N>(1);
}

struct Exponents {
  Limbs<20> d;     // (p^4 - p^2 + 1) / r, from the BLS12 decomposition
  Limbs<24> hard;  // p^4 - p^2 + 1
  Limbs<68> full;  // (p^6 - 1)(p^2 + 1) d = (p^12 - 1) / r
  Limbs<72> p12_minus_1;
};

Exponents exponents() {
  const Limbs<6>& p = Fp::kModulus;
  const auto p2 = ff::limbs_mul(p, p);
  const auto p4 = ff::limbs_mul(p2, p2);
  const auto p6 = ff::limbs_mul(p4, p2);
  const auto p12 = ff::limbs_mul(p6, p6);
  Exponents e;
  e.hard = plus(minus(p4, widen<24>(p2)), one_limbs<24>());
  // d = ((x-1)^2 / 3) (x + p) (x^2 + p^2 - 1) + 1 with x = -|x|.
  const Limbs<1> abs_x{kBlsXAbs}, abs_x_plus_1{kBlsXAbs + 1};
  uint64_t rem = 1;
  const Limbs<2> x_minus_1_sq_over_3 =
      ff::limbs_div_u64(ff::limbs_mul(abs_x_plus_1, abs_x_plus_1), 3, &rem);
  EXPECT_EQ(rem, 0u);
  const Limbs<6> x_plus_p = minus(p, widen<6>(abs_x));
  const Limbs<12> x2_p2_minus_1 =
      minus(plus(p2, widen<12>(ff::limbs_mul(abs_x, abs_x))), one_limbs<12>());
  e.d = plus(ff::limbs_mul(ff::limbs_mul(x_minus_1_sq_over_3, x_plus_p), x2_p2_minus_1),
             one_limbs<20>());
  e.full = ff::limbs_mul(ff::limbs_mul(minus(p6, one_limbs<36>()), plus(p2, one_limbs<12>())), e.d);
  e.p12_minus_1 = minus(p12, one_limbs<72>());
  return e;
}

TEST(FinalExponentiation, ExponentDecompositionIsExact) {
  const Exponents e = exponents();
  EXPECT_EQ(ff::limbs_mul(Fr::kModulus, e.d), e.hard);            // r d = p^4 - p^2 + 1
  EXPECT_EQ(ff::limbs_mul(Fr::kModulus, e.full), e.p12_minus_1);  // r full = p^12 - 1
}

// ---- Random inputs ----

G1Affine random_g1(std::mt19937_64& rng) {
  return G1::generator().mul_limbs(Fr::random(rng).to_canonical()).to_affine();
}
G2Affine random_g2(std::mt19937_64& rng) {
  return G2::generator().mul_limbs(Fr::random(rng).to_canonical()).to_affine();
}

TEST(FinalExponentiation, MatchesPlainPower) {
  std::mt19937_64 rng(1);
  const Exponents e = exponents();
  std::vector<Fp12> inputs = {Fp12::random(rng), Fp12::random(rng),
                              miller_loop(random_g1(rng), random_g2(rng))};
  for (const Fp12& f : inputs) {
    const Gt fast = final_exponentiation(f);
    EXPECT_EQ(fast.value, f.pow(e.full));
    EXPECT_TRUE(fast.pow(Fr::kModulus).is_identity());
  }
}

TEST(CyclotomicPow, MatchesPlainPower) {
  std::mt19937_64 rng(2);
  // An element of the cyclotomic subgroup that is not in GT: only the easy part applied.
  const Fp12 f = Fp12::random(rng);
  Fp12 t = f.conjugate() * f.inverse();
  t = t.frobenius(2) * t;
  const std::vector<Limbs<4>> exps = {
      {0, 0, 0, 0},
      {1, 0, 0, 0},
      {2, 0, 0, 0},
      {kBlsXAbs, 0, 0, 0},
      {0x460055555555aaab, 0, 0, 0},
      {rng(), rng(), 0, 0},
      {rng(), rng(), rng(), rng()},
      {~0ull, ~0ull, ~0ull, ~0ull},
      Fr::kModulus,
  };
  for (const auto& k : exps) EXPECT_EQ(cyclotomic_pow(t, k), t.pow(k));
  const Gt g = pairing(random_g1(rng), random_g2(rng));
  const Fr k = Fr::random(rng);
  EXPECT_EQ(g.pow(k).value, g.value.pow(k.to_canonical()));
}

// ---- Pairing properties ----

TEST(Pairing, Bilinear) {
  std::mt19937_64 rng(3);
  const G1 p = G1::generator().mul_limbs(Fr::random(rng).to_canonical());
  const G2 q = G2::generator().mul_limbs(Fr::random(rng).to_canonical());
  const Fr a = Fr::random(rng), b = Fr::random(rng);
  const Gt e = pairing(p.to_affine(), q.to_affine());
  const Gt e_ab =
      pairing(p.mul_limbs(a.to_canonical()).to_affine(), q.mul_limbs(b.to_canonical()).to_affine());
  EXPECT_EQ(e_ab, e.pow(a * b));
  EXPECT_EQ(e_ab, pairing(p.mul_limbs((a * b).to_canonical()).to_affine(), q.to_affine()));
  EXPECT_EQ(e_ab, pairing(p.to_affine(), q.mul_limbs((a * b).to_canonical()).to_affine()));
  // Linear in each argument separately, and negation inverts.
  const G1 p2 = G1::generator().mul_limbs(Fr::random(rng).to_canonical());
  EXPECT_EQ(pairing((p + p2).to_affine(), q.to_affine()),
            e * pairing(p2.to_affine(), q.to_affine()));
  EXPECT_EQ(pairing((-p).to_affine(), q.to_affine()), e.inverse());
  EXPECT_EQ(pairing(p.to_affine(), (-q).to_affine()), e.inverse());
  EXPECT_NE(e, pairing(p2.to_affine(), q.to_affine()));
}

TEST(Pairing, NonDegenerateOfOrderR) {
  const Gt g = pairing(G1Affine::generator(), G2Affine::generator());
  EXPECT_FALSE(g.is_identity());
  EXPECT_TRUE(g.value.pow(Fr::kModulus).is_one());  // plain power: no cyclotomic assumption
  EXPECT_TRUE(g.pow(Fr::kModulus).is_identity());
  EXPECT_FALSE(g.pow(ff::Limbs<1>{2}).is_identity());
  EXPECT_EQ(g * g.inverse(), Gt::identity());
}

TEST(Pairing, IdentityInputsGiveOne) {
  const G2Prepared prepared_identity = prepare(G2Affine::identity());
  EXPECT_TRUE(prepared_identity.infinity);
  EXPECT_TRUE(pairing(G1Affine::identity(), G2Affine::generator()).is_identity());
  EXPECT_TRUE(pairing(G1Affine::generator(), G2Affine::identity()).is_identity());
  EXPECT_TRUE(pairing(G1Affine::identity(), G2Affine::identity()).is_identity());
  const std::vector<MillerTerm> terms = {{G1Affine::generator(), &prepared_identity},
                                         {G1Affine::identity(), G2Affine::generator()}};
  EXPECT_TRUE(multi_miller_loop(terms).is_one());
  EXPECT_TRUE(multi_pairing({}).is_identity());
}

TEST(Pairing, PreparedMatchesOnTheFly) {
  std::mt19937_64 rng(4);
  const G1Affine p = random_g1(rng);
  const G2Affine q = random_g2(rng);
  const G2Prepared prepared = prepare(q);
  const MillerTerm term{p, &prepared};
  const Fp12 from_prepared = multi_miller_loop(std::span(&term, 1));
  EXPECT_EQ(from_prepared, miller_loop(p, q));  // same line formulas: identical Fp12
  EXPECT_FALSE(from_prepared.is_one());
}

TEST(Pairing, MultiPairingIsProductOfPairings) {
  std::mt19937_64 rng(5);
  std::vector<G1Affine> ps;
  std::vector<G2Affine> qs;
  for (int i = 0; i < 4; ++i) ps.push_back(random_g1(rng)), qs.push_back(random_g2(rng));
  const G2Prepared q1 = prepare(qs[1]), q3 = prepare(qs[3]);
  const std::vector<MillerTerm> terms = {
      {ps[0], qs[0]}, {ps[1], &q1}, {G1Affine::identity(), qs[2]}, {ps[2], qs[2]}, {ps[3], &q3}};
  Gt expect = Gt::identity();
  Fp12 expect_miller = Fp12::one();
  for (int i = 0; i < 4; ++i) {
    expect *= pairing(ps[i], qs[i]);
    expect_miller *= miller_loop(ps[i], qs[i]);
  }
  EXPECT_EQ(multi_pairing(terms), expect);
  // Sharing the squarings of f is exact: the shared loop is the product of the single loops.
  EXPECT_EQ(multi_miller_loop(terms), expect_miller);
  // A product that cancels: e(aP, Q) e(P, -aQ) = 1.
  const Fr a = Fr::random(rng);
  const G1Affine ap = G1::from_affine(ps[0]).mul_limbs(a.to_canonical()).to_affine();
  const G2Affine neg_aq = (-G2::from_affine(qs[0]).mul_limbs(a.to_canonical())).to_affine();
  const std::vector<MillerTerm> cancelling = {{ap, qs[0]}, {ps[0], neg_aq}};
  EXPECT_TRUE(multi_pairing(cancelling).is_identity());
}

// ---- @noble/curves vectors ----

using cuzk::testing::bytes_from_hex;
using cuzk::testing::fp12_from_json;
using cuzk::testing::fp_from_hex;
using cuzk::testing::fr_from_hex;
using cuzk::testing::noble_vectors;

// Uncompressed zcash encodings (flags in the top 3 bits of byte 0; 0x40 = infinity).
Fp fp_at(const std::vector<uint8_t>& b, size_t offset) {
  return Fp::from_bytes_be(std::span<const uint8_t, 48>(b.data() + offset, 48)).value();
}
G1Affine g1_from_json(const nlohmann::json& point) {
  std::vector<uint8_t> b = bytes_from_hex(point.at("u"));
  EXPECT_EQ(b.size(), 96u);
  const uint8_t flags = b[0] & 0xe0;
  b[0] &= 0x1f;
  if (flags & 0x40) return G1Affine::identity();
  G1Affine p{fp_at(b, 0), fp_at(b, 48), false};
  EXPECT_TRUE(p.is_on_curve());
  return p;
}
G2Affine g2_from_json(const nlohmann::json& point) {
  std::vector<uint8_t> b = bytes_from_hex(point.at("u"));
  EXPECT_EQ(b.size(), 192u);
  const uint8_t flags = b[0] & 0xe0;
  b[0] &= 0x1f;
  if (flags & 0x40) return G2Affine::identity();
  G2Affine q{{fp_at(b, 48), fp_at(b, 0)}, {fp_at(b, 144), fp_at(b, 96)}, false};
  EXPECT_TRUE(q.is_on_curve());
  return q;
}
// GT as the concatenated 12 Fp hex strings: what Gt::to_bytes must produce.
std::string gt_hex(const nlohmann::json& j) {
  std::string s;
  for (const auto& part : j) s += part.get<std::string>();
  return s;
}
std::string hex(const Gt& g) {
  return to_hex(g.to_bytes());
}
Gt cube(const Gt& g) {
  return g * g * g;
}

TEST(PairingNoble, BlstConventionIsTheCube) {
  const auto& cases = noble_vectors().at("pairing");
  for (const auto& c : cases) {
    const Gt e = pairing(g1_from_json(c.at("p")), g2_from_json(c.at("q")));
    EXPECT_EQ(blst_convention(e), cube(e));
    EXPECT_EQ(hex(blst_convention(e)), gt_hex(c.at("e")));
  }
}

TEST(PairingNoble, Pairing) {
  const auto& cases = noble_vectors().at("pairing");
  ASSERT_GE(cases.size(), 2u);
  for (const auto& c : cases) {
    const G1Affine p = g1_from_json(c.at("p"));
    const G2Affine q = g2_from_json(c.at("q"));
    const Fr a = fr_from_hex(c.at("a")), b = fr_from_hex(c.at("b"));
    const Gt e = pairing(p, q);
    EXPECT_EQ(hex(e), gt_hex(c.at("e_exact")));
    EXPECT_EQ(hex(cube(e)), gt_hex(c.at("e")));  // noble's convention
    const Gt e_ab = pairing(G1::from_affine(p).mul_limbs(a.to_canonical()).to_affine(),
                            G2::from_affine(q).mul_limbs(b.to_canonical()).to_affine());
    EXPECT_EQ(hex(e_ab), gt_hex(c.at("e_ab_exact")));
    EXPECT_EQ(hex(cube(e_ab)), gt_hex(c.at("e_ab")));
    EXPECT_EQ(e_ab, e.pow(a * b));
  }
  // Case 0 is e(G1, G2).
  EXPECT_EQ(hex(pairing(G1Affine::generator(), G2Affine::generator())),
            gt_hex(cases[0].at("e_exact")));
}

TEST(PairingNoble, PairingProduct) {
  const auto& cases = noble_vectors().at("pairing_product");
  ASSERT_GE(cases.size(), 2u);
  for (const auto& c : cases) {
    std::vector<G2Prepared> prepared;
    std::vector<MillerTerm> terms, prepared_terms;
    prepared.reserve(c.at("pairs").size());
    for (const auto& pair : c.at("pairs")) {
      terms.push_back({g1_from_json(pair.at("p")), g2_from_json(pair.at("q"))});
      prepared.push_back(prepare(std::get<G2Affine>(terms.back().q)));
      prepared_terms.push_back({terms.back().p, &prepared.back()});
    }
    const Gt e = multi_pairing(terms);
    EXPECT_EQ(hex(e), gt_hex(c.at("e_exact")));
    EXPECT_EQ(hex(cube(e)), gt_hex(c.at("e")));
    EXPECT_EQ(multi_pairing(prepared_terms), e);
  }
  EXPECT_EQ(hex(Gt::identity()), gt_hex(cases[0].at("e_exact")));  // case 0 cancels
}

TEST(PairingNoble, FinalExponentiation) {
  const auto& cases = noble_vectors().at("fp12");
  ASSERT_GE(cases.size(), 4u);
  for (const auto& c : cases) {
    const Gt e = final_exponentiation(fp12_from_json(c.at("a")));
    EXPECT_EQ(hex(e), gt_hex(c.at("final_exp")));
    EXPECT_EQ(hex(cube(e)), gt_hex(c.at("noble_final_exp")));
  }
}

}  // namespace
}  // namespace cuzk::curve
