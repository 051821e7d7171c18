// SnarkPack's byte formats against bellperson's: GT compression and serde forms, and the aggregate
// proof encoding — published aggregates decode and re-encode byte for byte, and damaged ones are
// refused with the field named.
#include <gtest/gtest.h>

#include <random>

#include "curve/pairing.hpp"
#include "curve/scalar_mul.hpp"
#include "published_vectors.hpp"
#include "snarkpack/gt_codec.hpp"
#include "snarkpack/proof.hpp"

namespace cuzk::snarkpack {
namespace {

using testing::ni_records;
using testing::read_bytes;
using testing::vectors_dir;

curve::Gt random_gt(std::mt19937_64& rng) {
  const auto p = curve::mul(curve::G1::generator(), ff::Fr::random(rng)).to_affine();
  return curve::blst_convention(curve::pairing(p, curve::G2Affine::generator()));
}

TEST(GtCodec, CompressedRoundTrip) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 4; ++i) {
    const curve::Gt g = random_gt(rng);
    auto bytes = compress_gt(g);
    ASSERT_TRUE(bytes);
    auto back = decompress_gt(*bytes);
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, g);
  }
  EXPECT_FALSE(compress_gt(curve::Gt::identity()));
}

TEST(GtCodec, DecompressRefusesWhatIsNotInGt) {
  std::mt19937_64 rng(2);
  auto bytes = *compress_gt(random_gt(rng));
  bytes[0] ^= 1;  // another b: (b + w) / (b - w) lies in the torus, almost never in GT
  EXPECT_FALSE(decompress_gt(bytes));
  std::array<uint8_t, kGtCompressedBytes> too_big{};
  for (size_t i = 0; i < 48; ++i) too_big[i] = 0xff;  // first coefficient >= p
  EXPECT_FALSE(decompress_gt(too_big));
}

TEST(GtCodec, SerdeFormIsTheCoefficientsLittleEndianInTowerOrder) {
  std::mt19937_64 rng(3);
  const curve::Gt g = random_gt(rng);
  const auto bytes = gt_serde_bytes(g);
  const ff::Fp* coefficients[12] = {&g.value.c0.c0.c0, &g.value.c0.c0.c1, &g.value.c0.c1.c0,
                                    &g.value.c0.c1.c1, &g.value.c0.c2.c0, &g.value.c0.c2.c1,
                                    &g.value.c1.c0.c0, &g.value.c1.c0.c1, &g.value.c1.c1.c0,
                                    &g.value.c1.c1.c1, &g.value.c1.c2.c0, &g.value.c1.c2.c1};
  for (size_t i = 0; i < 12; ++i) {
    const auto le = coefficients[i]->to_bytes_le();
    EXPECT_TRUE(std::equal(le.begin(), le.end(), bytes.begin() + ptrdiff_t(48 * i))) << i;
  }
}

TEST(AggregateProofCodec, BellpersonsAggregateOf512RoundTrips) {
  const auto bytes = read_bytes(vectors_dir() + "aggregate_proof_bytes");
  ASSERT_EQ(bytes.size(), 29044u);
  auto proof = decode_aggregate_proof(bytes);
  ASSERT_TRUE(proof) << proof.error().message;
  EXPECT_EQ(proof->gipa.nproofs, 512u);
  EXPECT_EQ(proof->gipa.comms_ab.size(), 9u);
  EXPECT_EQ(aggregate_proof_bytes(512), bytes.size());
  EXPECT_EQ(encode_aggregate_proof(*proof), bytes);
}

TEST(AggregateProofCodec, PublishedNiSealsRoundTrip) {
  const auto records = ni_records();
  ASSERT_EQ(records.size(), 6u);
  for (const auto& r : records) {
    auto proof = decode_aggregate_proof(r.proof);
    ASSERT_TRUE(proof) << proof.error().message;
    const uint32_t padded = std::bit_ceil(r.partitions);
    EXPECT_EQ(proof->gipa.nproofs, padded);
    EXPECT_EQ(aggregate_proof_bytes(padded), r.proof.size());
    EXPECT_EQ(encode_aggregate_proof(*proof), r.proof);
  }
}

std::string decode_error(const std::vector<uint8_t>& bytes) {
  auto proof = decode_aggregate_proof(bytes);
  return proof ? "" : proof.error().message;
}

TEST(AggregateProofCodec, DamageIsNamed) {
  const auto good = ni_records().at(0).proof;  // 16 proofs: 4 rounds
  auto truncated = good;
  truncated.pop_back();
  EXPECT_NE(decode_error(truncated).find("wkey_opening.1: truncated"), std::string::npos)
      << decode_error(truncated);

  auto trailing = good;
  trailing.push_back(0);
  EXPECT_NE(decode_error(trailing).find("1 bytes after"), std::string::npos);

  const size_t nproofs_at = 5 * kGtCompressedBytes + 48;
  for (uint32_t bad : {0u, 1u, 12u, (1u << 21)}) {
    auto b = good;
    for (int i = 0; i < 4; ++i) b[nproofs_at + size_t(i)] = uint8_t(bad >> (8 * i));
    EXPECT_NE(decode_error(b).find("nproofs: " + std::to_string(bad)), std::string::npos)
        << decode_error(b);
  }

  auto gt = good;
  gt[kGtCompressedBytes + 7] ^= 0x10;  // com_ab.u
  EXPECT_NE(decode_error(gt).find("com_ab.u: not a compressed GT element"), std::string::npos)
      << decode_error(gt);

  auto point = good;
  point[nproofs_at + 4 + 10 * 4 * kGtCompressedBytes + 5] ^= 0x01;  // z_c[0].left
  EXPECT_NE(decode_error(point).find("z_c[0].left"), std::string::npos) << decode_error(point);
}

}  // namespace
}  // namespace cuzk::snarkpack
