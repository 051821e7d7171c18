// Poseidon hashing against every vector of spec §2.8 (each test names its origin), domain tags
// (§2.4), the reference permutation against the optimized one on random states, and input
// validation.
#include "hash/poseidon.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "hash/hash_test_util.hpp"

namespace cuzk::hash {
namespace {

using ff::Fr;
using testing::fr_from_limbs;
using testing::fr_to_be_hex;

const PoseidonPermutation kBothPermutations[] = {PoseidonPermutation::kReference,
                                                 PoseidonPermutation::kOptimized};

const char* name(PoseidonPermutation p) {
  return p == PoseidonPermutation::kReference ? "reference" : "optimized";
}

std::vector<Fr> iota_preimage(unsigned n) {
  std::vector<Fr> v;
  for (unsigned i = 0; i < n; ++i) v.push_back(Fr::from_u64(i));
  return v;
}

Fr hash2(const Fr& a, const Fr& b, PoseidonHashType type = PoseidonHashType::merkle_tree()) {
  const Fr pre[] = {a, b};
  return poseidon_hash(pre, poseidon_params(2), type);
}

// [upstream] neptune src/poseidon.rs, hash_values_aux (standard strength): MerkleTree tag,
// preimage [0, 1, ..., arity-1].
TEST(PoseidonVectors, NeptuneMerkleTreeIota) {
  const std::pair<unsigned, const char*> cases[] = {
      {2, "0x396508d75e76a56b739e0fd902efe161a6fba9339d05a69d2e203c369a02e7ff"},
      {4, "0x58a54b10a9e5848a00db3c6579229399fb6b4605bf1327ec019814ff6662075d"},
      {8, "0x2394611da3a5de5512010042116770774b682e9d9cc4aed92a9934f56d38a5e6"},
      {11, "0x0c0fc1b2e5227f286ca537e232ebe87a09f3dcd8ccb08fc1cee3bbc32b693163"},
      {16, "0x2d3ae2663381ae8ac1c2fb5a6f871e635b8dbc6d30680a6f1291c74060266d37"},
      {24, "0x63beb8831f11ae15066f39bf783f3d9fc3e779f6468815b1d7ef3569f585b321"},
      {36, "0x699303082a6e5d5f540a30e03c10bbaa75cd368df8a8ac3c4473606dfa4e8140"},
  };
  for (auto [arity, digest] : cases) {
    for (PoseidonPermutation perm : kBothPermutations) {
      Fr h = poseidon_hash(iota_preimage(arity), poseidon_params(arity),
                           PoseidonHashType::merkle_tree(), perm);
      EXPECT_EQ(fr_to_be_hex(h), digest) << "arity " << arity << ", " << name(perm);
    }
  }
}

// [upstream] neptune src/poseidon.rs, hash_values_aux: ConstantLength(4), preimage [0, 1, 2, 3];
// for arity >= 4 one permutation, tag 4 * 2^64, zero padding.
TEST(PoseidonVectors, NeptuneConstantLength4) {
  const std::pair<unsigned, const char*> cases[] = {
      {4, "0x3a21a6ae86754a2939443980077d75934984de08542c99778935b00a07909d45"},
      {8, "0x5c6de4b69de9d792cad8b9f8aeb1578f203e3c7c4a85c1f9370a94532f818897"},
      {11, "0x02550c3a2113c7caef841b6bf51a5a397d2807d793af9582e9b0cb7d6496f73b"},
  };
  for (auto [arity, digest] : cases) {
    for (PoseidonPermutation perm : kBothPermutations) {
      Fr h = poseidon_hash(iota_preimage(4), poseidon_params(arity),
                           PoseidonHashType::constant_length(4), perm);
      EXPECT_EQ(fr_to_be_hex(h), digest) << "arity " << arity << ", " << name(perm);
    }
  }
}

// [upstream] filecoin-hashers src/poseidon.rs test_poseidon_hasher: binary tree over leaves
// [1, 0, 0, 1]; node 4 = H2(1, 0) and the root, given as little-endian limbs.
TEST(PoseidonVectors, FilecoinHashersPoseidonHasher) {
  const Fr one = Fr::one(), zero = Fr::zero();
  const Fr i1 = hash2(one, zero), i2 = hash2(zero, one);
  EXPECT_EQ(i1, fr_from_limbs(0xb339ff6079800b5e, 0xec5907b3dc3094af, 0x93c003cc74a24f26,
                              0x042f94ffbe786bc3));
  EXPECT_EQ(hash2(i1, i2), fr_from_limbs(0xefbb8be3e291e671, 0x77cc72b8cb2b5ad2, 0x30eb6385ae6b74ae,
                                         0x1effebb7b26ad9eb));
}

// [upstream] filecoin-hashers src/poseidon.rs test_hash_md: hash_md over 71 copies of 1 with
// PoseidonMDArity = 36 (MerkleTree tag): acc = x_0, then acc = H36(acc, next 35) twice.
TEST(PoseidonVectors, FilecoinHashersHashMdArity36) {
  const std::vector<Fr> data(71, Fr::one());
  const PoseidonParams& p36 = poseidon_params(36);
  Fr acc = data[0];
  for (size_t start = 1; start < data.size(); start += 35) {
    std::vector<Fr> preimage{acc};
    preimage.insert(preimage.end(), data.begin() + start, data.begin() + start + 35);
    acc = poseidon_hash(preimage, p36);
  }
  EXPECT_EQ(acc, fr_from_limbs(0x351c54133b332c90, 0xc26f6d625f4e8195, 0x5fd9623643ed9622,
                               0x59f42220e09ff6f7));
}

// [derived] spec §2.8 extra vectors (the spec author's verified model; not asserted upstream).
TEST(PoseidonVectors, SpecDerivedExtras) {
  const Fr zero = Fr::zero();
  EXPECT_EQ(fr_to_be_hex(hash2(zero, zero)),
            "0x48fe0b1331196f6cdb33a7c6e5af61b76fd388e1ef1d3d418be5147f0e4613d4");
  // comm_r = H2_Merkle(comm_c = 1, comm_r_last = 2)
  EXPECT_EQ(fr_to_be_hex(hash2(Fr::from_u64(1), Fr::from_u64(2))),
            "0x6d6f8106657f1f4d7babcbaf436a9d7669c04e726e5896d89317d9833e5fa9be");
  const std::vector<Fr> zeros8(8, zero);
  EXPECT_EQ(fr_to_be_hex(poseidon_hash(zeros8, poseidon_params(8))),
            "0x3f79e614b63889f904a036088bc029f5337c0be60db389d13482b431caff9b3a");
  // H_gen: SnapDeals' Custom(1), arity 2.
  EXPECT_EQ(fr_to_be_hex(hash2(zero, zero, kPoseidonGenRandomness)),
            "0x2378125c8da03c26753fb1b88e0e51952e811cc365e44bc06c4fc1b9a38df1b3");
  EXPECT_EQ(fr_to_be_hex(hash2(Fr::from_u64(1), Fr::from_u64(2), kPoseidonGenRandomness)),
            "0x702c879bafdb05ab3018f4fbc1d4c74854af845cdbb6bb53e40d5f9cb5e92f3c");
}

// neptune hash_type.rs test_domain_tags and spec §2.4.
TEST(PoseidonDomainTags, Values) {
  EXPECT_EQ(poseidon_domain_tag(PoseidonHashType::merkle_tree(), 2), Fr::from_u64(3));
  EXPECT_EQ(poseidon_domain_tag(PoseidonHashType::merkle_tree(), 8), Fr::from_u64(255));
  EXPECT_EQ(poseidon_domain_tag(PoseidonHashType::merkle_tree(), 11), Fr::from_u64(2047));
  EXPECT_EQ(poseidon_domain_tag(PoseidonHashType::merkle_tree(), 16), Fr::from_u64(65535));
  for (uint64_t len = 1; len < 15; ++len) {
    EXPECT_EQ(poseidon_domain_tag(PoseidonHashType::constant_length(len), 8),
              fr_from_limbs(0, len, 0, 0));
    // independent of arity
    EXPECT_EQ(poseidon_domain_tag(PoseidonHashType::constant_length(len), 15),
              poseidon_domain_tag(PoseidonHashType::constant_length(len), 8));
  }
  for (uint64_t id = 1; id <= 256; ++id) {
    EXPECT_EQ(poseidon_domain_tag(PoseidonHashType::custom(id), 2),
              fr_from_limbs(0x0000010000000000 * id, 0, 0, 0));
  }
  EXPECT_EQ(poseidon_domain_tag(kPoseidonGenRandomness, kPoseidonGenRandomnessArity),
            Fr::from_u64(uint64_t(1) << 40));
  EXPECT_THROW(poseidon_domain_tag(PoseidonHashType::custom(0), 2), std::invalid_argument);
  EXPECT_THROW(poseidon_domain_tag(PoseidonHashType::custom(257), 2), std::invalid_argument);
}

// The optimized permutation equals the reference one on random full states.
TEST(PoseidonPermutations, OptimizedEqualsReferenceOnRandomStates) {
  std::mt19937_64 rng(0x5eed);
  for (unsigned arity : {1u, 2u, 4u, 8u, 11u, 16u, 24u, 36u}) {
    const PoseidonParams& p = poseidon_params(arity);
    for (int trial = 0; trial < 10; ++trial) {
      std::vector<Fr> a(p.width);
      for (auto& x : a) x = Fr::random(rng);
      std::vector<Fr> b = a;
      poseidon_permute_reference(a, p);
      poseidon_permute_optimized(b, p);
      ASSERT_EQ(a, b) << "arity " << arity << " trial " << trial;
    }
  }
}

TEST(PoseidonHash, RejectsBadInputs) {
  const PoseidonParams& p8 = poseidon_params(8);
  std::vector<Fr> seven(7), nine(9), width(9), narrow(8);
  EXPECT_THROW(poseidon_hash(seven, p8), std::invalid_argument);
  EXPECT_THROW(poseidon_hash(nine, p8), std::invalid_argument);
  EXPECT_THROW(poseidon_hash(seven, p8, kPoseidonGenRandomness), std::invalid_argument);
  EXPECT_THROW(poseidon_hash(seven, p8, PoseidonHashType::constant_length(4)),
               std::invalid_argument);  // length differs from L
  EXPECT_THROW(poseidon_hash(nine, p8, PoseidonHashType::constant_length(9)),
               std::invalid_argument);  // L > arity needs the sponge
  EXPECT_NO_THROW(poseidon_permute_optimized(width, p8));
  EXPECT_THROW(poseidon_permute_optimized(narrow, p8), std::invalid_argument);
  EXPECT_THROW(poseidon_permute_reference(narrow, p8), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::hash
