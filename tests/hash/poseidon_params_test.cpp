// Poseidon parameter derivation against the spec's check values (§2.1-2.3, §2.6): round
// numbers, Grain round constants, the Cauchy MDS matrix, the compressed constants and the sparse
// factorization, and determinism of the whole derivation.
#include "hash/poseidon_params.hpp"

#include <gtest/gtest.h>

#include "hash/grain_lfsr.hpp"
#include "hash/hash_test_util.hpp"
#include "hash/poseidon_mds.hpp"
#include "hash/poseidon_round_numbers.hpp"

namespace cuzk::hash {
namespace {

using ff::Fr;
using testing::fr_from_be_hex;
using testing::fr_to_be_hex;

// neptune round_numbers.rs test_round_numbers_against_known_values: (t, R_P), R_F = 8 always.
TEST(PoseidonRoundNumbers, MatchNeptuneKnownValues) {
  const std::pair<unsigned, unsigned> cases[] = {{2, 55},  {3, 55},  {4, 56},  {5, 56},  {6, 56},
                                                 {7, 56},  {8, 57},  {9, 57},  {10, 57}, {11, 57},
                                                 {12, 57}, {13, 57}, {14, 57}, {15, 57}, {16, 59},
                                                 {17, 59}, {25, 59}, {37, 60}, {65, 61}};
  for (auto [t, rp] : cases) {
    PoseidonRoundNumbers r = poseidon_round_numbers(t);
    EXPECT_EQ(r.full_rounds, 8u) << "t=" << t;
    EXPECT_EQ(r.partial_rounds, rp) << "t=" << t;
  }
}

// spec §2.1 table: arity -> (R_P, R*t, R_F*t + R_P).
TEST(PoseidonParams, SizesMatchSpecTable) {
  struct Row {
    unsigned arity, rp, rc_count, compressed_count;
  };
  const Row rows[] = {{1, 55, 126, 71},  {2, 55, 189, 79},   {4, 56, 320, 96},
                      {8, 57, 585, 129}, {11, 57, 780, 153}, {16, 59, 1139, 195}};
  for (const Row& row : rows) {
    const PoseidonParams& p = poseidon_params(row.arity);
    EXPECT_EQ(p.width, row.arity + 1);
    EXPECT_EQ(p.full_rounds, 8u);
    EXPECT_EQ(p.partial_rounds, row.rp) << "arity " << row.arity;
    EXPECT_EQ(p.round_constants.size(), row.rc_count) << "arity " << row.arity;
    EXPECT_EQ(p.compressed_constants.size(), row.compressed_count) << "arity " << row.arity;
    EXPECT_EQ(p.sparse.size(), row.rp);
  }
}

// spec §2.2 check values [derived, equal to neptune's parameters/round_constants-1-1-255-*.txt].
TEST(PoseidonParams, GrainRoundConstantsMatchSpecCheckValues) {
  const auto& rc9 = poseidon_params(8).round_constants;
  EXPECT_EQ(fr_to_be_hex(rc9[0]),
            "0x6ce90d12c4045fe08c3caddb776dd84ac52b4ae7e48cd49443984154f2f4c2f9");
  EXPECT_EQ(fr_to_be_hex(rc9[1]),
            "0x0ccd9b480c84022b25a75b52c8e89d80b4fa6378d32e58f3a175504940bcec39");
  const auto& rc3 = poseidon_params(2).round_constants;
  EXPECT_EQ(fr_to_be_hex(rc3[0]),
            "0x669f064bfa3ae17a23bd51861dbb4a24501eac92a2758b36a7320a009d6ed3d8");
  EXPECT_EQ(fr_to_be_hex(rc3[188]),
            "0x60dfbfa5d5dd06351a917a05466e5884ed12e38ec24d5bb80be0abe065395e5c");
  EXPECT_EQ(fr_to_be_hex(poseidon_params(4).round_constants[0]),
            "0x45c919736a0e5f2ef32c4c7d0a338eb1fed3d9e317b7580921072285c7e215ca");
  EXPECT_EQ(fr_to_be_hex(poseidon_params(11).round_constants[0]),
            "0x1f6c9576e648b5047399bfc5f38902e0d506f18e0f3ab77de6de096bd089bce4");
}

TEST(PoseidonParams, GrainGeneratorIsAPureFunctionOfTheInstance) {
  EXPECT_EQ(poseidon_round_constants(9, 8, 57), poseidon_round_constants(9, 8, 57));
  // A different instance description gives a different stream.
  EXPECT_NE(poseidon_round_constants(9, 8, 57)[0], poseidon_round_constants(9, 8, 56)[0]);
}

// spec §2.3: Cauchy matrix, symmetric, t=3 M[0][0] = 1/3.
TEST(PoseidonMds, CauchyMatrixCheckValuesAndInverse) {
  FrMatrix m3 = poseidon_mds_matrix(3);
  EXPECT_EQ(fr_to_be_hex(m3(0, 0)),
            "0x4d491a377113a8daccd13ab0066be558e27e6d5755543d54aaaaaaaa00000001");
  for (unsigned arity : kFilecoinPoseidonArities) {
    const PoseidonParams& p = poseidon_params(arity);
    EXPECT_EQ(p.mds, p.mds.transpose()) << "arity " << arity;
    EXPECT_TRUE((p.mds * p.mds_inverse).is_identity()) << "arity " << arity;
    for (unsigned i = 0; i < p.width; ++i) {
      for (unsigned j = 0; j < p.width; ++j) {
        EXPECT_EQ(p.mds(i, j) * Fr::from_u64(i + j + p.width), Fr::one());
      }
    }
  }
}

// spec §2.6: C[0..t] = RC_0 and, for t=3, C[3] = the listed check value.
TEST(PoseidonParams, CompressedConstantsCheckValues) {
  for (unsigned arity : kFilecoinPoseidonArities) {
    const PoseidonParams& p = poseidon_params(arity);
    for (unsigned i = 0; i < p.width; ++i) {
      EXPECT_EQ(p.compressed_constants[i], p.round_constants[i]) << "arity " << arity;
    }
  }
  EXPECT_EQ(fr_to_be_hex(poseidon_params(2).compressed_constants[3]),
            "0x0bfc421d38531805382624c9d2d2d02b1f2f5590316c401b2f5f56ca2f12a0d1");
}

// The factorization's defining identity, replayed: with m_0 = M, m_k = m'_k * S_k and
// m_{k+1} = M * m'_k, we get m_k = M^-1 * m_{k+1} * S_k, hence M = M^-R_P * P * S_{R_P-1} ... S_0
// in recording order; with the list reversed: P * sparse[0] * ... * sparse[R_P-1] = M^(R_P+1).
TEST(PoseidonMds, SparseFactorizationReassemblesMdsPower) {
  for (unsigned arity : {2u, 4u, 8u}) {
    const PoseidonParams& p = poseidon_params(arity);
    FrMatrix product = p.pre_sparse;
    for (const auto& s : p.sparse) product = product * s.to_dense();
    FrMatrix power = p.mds;
    for (unsigned r = 0; r < p.partial_rounds; ++r) power = power * p.mds;
    EXPECT_EQ(product, power) << "arity " << arity;
  }
}

TEST(PoseidonParams, DerivationIsDeterministicAndCached) {
  for (unsigned arity : {2u, 8u}) {
    PoseidonParams a = make_poseidon_params(arity), b = make_poseidon_params(arity);
    const PoseidonParams& cached = poseidon_params(arity);
    EXPECT_EQ(a.round_constants, b.round_constants);
    EXPECT_EQ(a.compressed_constants, b.compressed_constants);
    EXPECT_EQ(a.pre_sparse, b.pre_sparse);
    EXPECT_EQ(a.round_constants, cached.round_constants);
    EXPECT_EQ(a.compressed_constants, cached.compressed_constants);
    EXPECT_EQ(a.pre_sparse, cached.pre_sparse);
    ASSERT_EQ(a.sparse.size(), cached.sparse.size());
    for (size_t i = 0; i < a.sparse.size(); ++i) {
      EXPECT_EQ(a.sparse[i].column0, cached.sparse[i].column0);
      EXPECT_EQ(a.sparse[i].row0_tail, cached.sparse[i].row0_tail);
    }
    EXPECT_EQ(&poseidon_params(arity), &cached);  // one instance per arity
  }
}

TEST(PoseidonParams, RejectsUnsupportedArity) {
  EXPECT_THROW(poseidon_params(0), std::invalid_argument);
  EXPECT_THROW(poseidon_params(kPoseidonMaxArity + 1), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::hash
