// PoSt vanilla proofs: the bincode layout of spec §5.4 (sizes, round trip), parsing into the
// circuit's witness end to end (bytes -> witness -> satisfied circuit with the verifier's
// inputs), the vanilla checks, and a precise error for every kind of malformed input.
#include "filecoin/post_vanilla.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "common/circuit_checks.hpp"
#include "filecoin/post_bincode.hpp"
#include "filecoin/post_challenges.hpp"
#include "filecoin/post_public_inputs.hpp"
#include "post_fixture.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::filecoin {
namespace {

using cuzk::testing::unsatisfied_rows;

hash::Node32 test_randomness() {
  hash::Node32 r{};
  r[0] = 7;
  r[20] = 99;
  return r;
}

// The genuine vanilla proof of a 2 KiB test sector at `sector_index`.
FallbackPoStSectorProof vanilla_for(const PoStProofType& proof,
                                    const testing::PostTestSector& sector, uint64_t sector_index) {
  const auto challenges =
      post_sector_challenges(proof, test_randomness(), sector.sector_id, sector_index);
  const PostSectorWitness w = sector.witness(*challenges);
  return {sector.sector_id, w.comm_r, {{w.inclusion_proofs, w.comm_c, w.comm_r_last}}};
}

std::string error_of(const FilecoinResult<FallbackPoStSectorProof>& r) {
  return r.ok() ? "" : r.error().message;
}

const PoStProofType& window_2k() {
  return **find_post_proof(std::string_view("StackedDrgWindow2KiBV1_2"));
}

// Spec §5.4: a 32 GiB (Sub) Merkle proof is 2,484 bytes and a 10-challenge sector proof 24,960.
TEST(PostVanilla, ThirtyTwoGiBSizesAndRoundTrip) {
  const PoStProofType& proof = **find_post_proof(uint64_t(13));
  MerkleProof m;
  m.kind = MerkleProofKind::kSub;
  for (int l = 0; l < 9; ++l) m.base.push_back({std::vector<Domain>(7), unsigned(l % 8)});
  m.sub.push_back({std::vector<Domain>(7), 5});
  m.leaf[0] = 3;
  std::vector<uint8_t> one;
  write_merkle_proof(one, m);
  EXPECT_EQ(one.size(), 2'484u);
  FallbackPoStSectorProof v{42, {}, {{std::vector<MerkleProof>(10, m), {}, {}}}};
  v.comm_r[1] = 1;
  const std::vector<uint8_t> bytes = serialize_fallback_post_sector_proof(v);
  EXPECT_EQ(bytes.size(), 24'960u);
  const auto parsed = parse_fallback_post_sector_proof(bytes, proof);
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  EXPECT_EQ(parsed->sector_id, 42u);
  EXPECT_EQ(parsed->comm_r, v.comm_r);
  ASSERT_EQ(parsed->sectors.size(), 1u);
  ASSERT_EQ(parsed->sectors[0].inclusion_proofs.size(), 10u);
  const MerkleProof& p = parsed->sectors[0].inclusion_proofs[9];
  EXPECT_EQ(p.kind, MerkleProofKind::kSub);
  EXPECT_EQ(p.base.size(), 9u);
  EXPECT_EQ(p.sub[0].index, 5u);
  EXPECT_EQ(p.leaf, m.leaf);
  EXPECT_EQ(serialize_fallback_post_sector_proof(*parsed), bytes);
  // The 64 GiB shape wants Top proofs.
  const auto wrong = parse_fallback_post_sector_proof(bytes, **find_post_proof(uint64_t(14)));
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.code(), FilecoinError::kShape);
  EXPECT_NE(error_of(wrong).find("inclusion_proofs[0]: a Sub proof, the tree 8-8-2 needs Top"),
            std::string::npos)
      << error_of(wrong);
}

// Bytes -> parse -> check -> circuit witness -> satisfied circuit with the verifier's inputs:
// a 2 KiB WindowPoSt partition of one sector (padded) and a WinningPoSt.
TEST(PostVanilla, BytesToSatisfiedCircuit) {
  const auto sector = testing::make_post_sector(1000, 6, hash::kTreeR_8_0_0, 21);
  const PostPublicSector pub{sector.sector_id, hash::node_from_fr(sector.comm_r)};
  for (uint64_t id : {uint64_t(10), uint64_t(0)}) {  // Window 2 KiB V1_2, Winning 2 KiB
    const PoStProofType& proof = **find_post_proof(id);
    SCOPED_TRACE(proof.name);
    const std::vector<uint8_t> bytes =
        serialize_fallback_post_sector_proof(vanilla_for(proof, sector, 0));
    EXPECT_EQ(bytes.size(), 8 + 32 + 8 + 8 + proof.challenge_count() * 556u + 64);
    const auto parsed = parse_fallback_post_sector_proof(bytes, proof);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    const auto checked = post_check_vanilla(proof, test_randomness(), std::span(&*parsed, 1), 0);
    ASSERT_TRUE(checked.ok()) << checked.error().message;
    const auto witness = post_circuit_witness(proof, {*parsed});
    ASSERT_TRUE(witness.ok()) << witness.error().message;
    ASSERT_EQ(witness->size(), proof.circuit->circuit_sectors);
    r1cs::ProvingAssignment cs;
    synthesize_post_circuit(cs, post_circuit_shape(*proof.circuit), *witness);
    EXPECT_EQ(unsatisfied_rows(cs), 0u);
    const auto inputs = post_public_inputs(proof, test_randomness(), std::span(&pub, 1), 0);
    ASSERT_TRUE(inputs.ok());
    ASSERT_EQ(cs.num_inputs(), 1 + inputs->size());
    EXPECT_TRUE(std::equal(inputs->begin(), inputs->end(), cs.inputs().begin() + 1));
  }
}

TEST(PostVanilla, MalformedBytesNameTheField) {
  const PoStProofType& proof = window_2k();
  const auto sector = testing::make_post_sector(5, 6, hash::kTreeR_8_0_0, 22);
  const std::vector<uint8_t> good =
      serialize_fallback_post_sector_proof(vanilla_for(proof, sector, 0));
  ASSERT_TRUE(parse_fallback_post_sector_proof(good, proof).ok());
  const size_t first_proof = 8 + 32 + 8 + 8;  // sector_id, comm_r, sectors len, proofs len

  struct Case {
    const char* what;
    std::vector<uint8_t> bytes;
    FilecoinError code;
    const char* needle;
  };
  std::vector<Case> cases;
  auto with = [&](auto edit) {
    std::vector<uint8_t> b = good;
    edit(b);
    return b;
  };
  cases.push_back({"empty", {}, FilecoinError::kSchema, "vanilla_proofs[2].sector_id: truncated"});
  cases.push_back({"cut", with([](auto& b) { b.pop_back(); }), FilecoinError::kSchema,
                   "vanilla_proofs[2].vanilla_proof.sectors[0].comm_r_last: truncated"});
  cases.push_back({"trailing", with([](auto& b) { b.push_back(0); }), FilecoinError::kSchema,
                   "1 trailing bytes"});
  cases.push_back({"comm_r not canonical", with([](auto& b) { b[8 + 31] = 0xff; }),
                   FilecoinError::kSchema, "vanilla_proofs[2].comm_r: not a canonical"});
  cases.push_back({"two sector proofs", with([](auto& b) { b[40] = 2; }), FilecoinError::kShape,
                   "vanilla_proof.sectors: 2 sector proofs, expected 1"});
  cases.push_back({"huge length", with([](auto& b) { b[40 + 7] = 0x10; }), FilecoinError::kSchema,
                   "cannot fit"});
  cases.push_back({"9 challenges", with([](auto& b) { b[48] = 9; }), FilecoinError::kShape,
                   "inclusion_proofs: 9 proofs, StackedDrgWindow2KiBV1_2 has 10 challenges"});
  cases.push_back({"variant 3", with([&](auto& b) { b[first_proof] = 3; }), FilecoinError::kSchema,
                   "inclusion_proofs[0]: unknown MerkleProof variant 3"});
  cases.push_back({"Sub for a 8-0-0 tree", with([&](auto& b) { b[first_proof] = 1; }),
                   FilecoinError::kShape, "a Sub proof, the tree 8-0-0 needs Single"});
  // Single: tag 4, root 32, leaf 32, then the path: count (8), element 0: hashes count (8).
  const size_t path = first_proof + 4 + 64;
  cases.push_back({"3 levels", with([&](auto& b) { b[path] = 3; }), FilecoinError::kShape,
                   "inclusion_proofs[0].path: 3 path elements, the tree needs 2"});
  cases.push_back({"6 siblings", with([&](auto& b) { b[path + 8] = 6; }), FilecoinError::kShape,
                   "inclusion_proofs[0].path[0].hashes: 6 siblings, arity 8 needs 7"});
  cases.push_back({"index 8", with([&](auto& b) { b[path + 16 + 7 * 32] = 8; }),
                   FilecoinError::kShape, "inclusion_proofs[0].path[0].index: 8 >= arity 8"});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    const auto r = parse_fallback_post_sector_proof(c.bytes, proof, "vanilla_proofs[2]");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.code(), c.code);
    EXPECT_NE(r.error().message.find(c.needle), std::string::npos) << r.error().message;
  }
}

TEST(PostVanilla, InconsistentProofsAreReported) {
  const PoStProofType& proof = window_2k();
  const auto a = testing::make_post_sector(5, 6, hash::kTreeR_8_0_0, 23);
  const auto b = testing::make_post_sector(6, 6, hash::kTreeR_8_0_0, 24);
  const FallbackPoStSectorProof good[] = {vanilla_for(proof, a, 0), vanilla_for(proof, b, 1)};
  ASSERT_TRUE(post_check_vanilla(proof, test_randomness(), good, 0).ok());
  ASSERT_TRUE(post_check_vanilla(proof, test_randomness(), good, 0, 4).ok());
  // The same answer on one thread and on several (the lowest failing sector's error).
  auto expect = [&](std::span<const FallbackPoStSectorProof> s, const hash::Node32& randomness,
                    FilecoinError code, const char* needle) {
    for (unsigned threads : {1u, 4u}) {
      const auto r = post_check_vanilla(proof, randomness, s, 0, threads);
      ASSERT_FALSE(r.ok()) << needle;
      EXPECT_EQ(r.code(), code);
      EXPECT_NE(r.error().message.find(needle), std::string::npos) << r.error().message;
    }
  };
  hash::Node32 other = test_randomness();
  other[0] ^= 1;
  expect(good, other, FilecoinError::kInconsistent, "sector 5, challenge 0: the proof opens leaf");
  FallbackPoStSectorProof bad[] = {good[0], good[1]};
  bad[1].comm_r[0] ^= 1;
  expect(bad, test_randomness(), FilecoinError::kInconsistent,
         "sector 6: comm_r != Poseidon2(comm_c, comm_r_last)");
  bad[1] = good[1];
  bad[1].sectors[0].inclusion_proofs[4].base[1].siblings[2][0] ^= 1;
  expect(bad, test_randomness(), FilecoinError::kInconsistent,
         "sector 6, challenge 4: the path does not lead to comm_r_last");
  bad[1] = good[1];
  bad[1].sectors[0].inclusion_proofs[3].root[0] ^= 1;
  expect(bad, test_randomness(), FilecoinError::kInconsistent,
         "sector 6, challenge 3: root != comm_r_last");
  FallbackPoStSectorProof both[] = {good[0], good[1]};  // both bad: sector 5's is reported
  both[0].comm_r[0] ^= 1;
  both[1].comm_r[0] ^= 1;
  expect(both, test_randomness(), FilecoinError::kInconsistent,
         "sector 5: comm_r != Poseidon2(comm_c, comm_r_last)");
  const FallbackPoStSectorProof three[] = {good[0], good[1], good[1]};
  expect(three, test_randomness(), FilecoinError::kShape, "3 sector proofs");

  EXPECT_EQ(post_circuit_witness(proof, {}).code(), FilecoinError::kShape);
  EXPECT_EQ(post_circuit_witness(proof, {std::begin(three), std::end(three)}).code(),
            FilecoinError::kShape);
}

}  // namespace
}  // namespace cuzk::filecoin
