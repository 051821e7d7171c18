// filecoin::prepare_post_partition, what the daemon runs on a PoSt request's vanilla proofs at
// submit time, on virtual 32 GiB WindowPoSt sectors: the witness and public inputs it returns are
// those of the separate steps (post_circuit_witness, post_partition_public_inputs) and the same
// on one thread and several; with several bad sectors the error is the lowest one's, on any
// thread count, and names the field (a parse error before any check error).
#include "filecoin/post_prepare.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "filecoin/post_bincode.hpp"
#include "filecoin/post_public_inputs.hpp"
#include "filecoin/post_vanilla.hpp"
#include "sealing/virtual_post.hpp"

namespace cuzk::sealing {
namespace {

using filecoin::FallbackPoStSectorProof;

const filecoin::PoStProofType& window_32g() {
  return **filecoin::find_post_proof(std::string_view("StackedDrgWindow32GiBV1_2"));
}

PostVanillaSet six_sectors() {
  auto set = generate_virtual_post_vanilla(window_32g(), 1000, 6, 11, 2);
  if (!set.ok()) throw std::runtime_error(set.error().message);
  return std::move(set).value();
}

std::vector<std::string> request_bytes(const std::vector<FallbackPoStSectorProof>& sectors) {
  std::vector<std::string> out;
  for (const auto& s : sectors) {
    const auto bytes = filecoin::serialize_fallback_post_sector_proof(s);
    out.emplace_back(bytes.begin(), bytes.end());
  }
  return out;
}

TEST(PostPrepare, WitnessAndInputsOfTheStepsOnAnyThreadCount) {
  const PostVanillaSet set = six_sectors();
  const std::vector<std::string> bytes = request_bytes(set.vanilla);
  const auto expected_inputs =
      filecoin::post_partition_public_inputs(window_32g(), set.randomness, set.sectors, 0);
  const auto expected_witness = filecoin::post_circuit_witness(window_32g(), set.vanilla);
  ASSERT_TRUE(expected_inputs.ok() && expected_witness.ok());
  for (unsigned threads : {1u, 4u}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    const auto prepared =
        filecoin::prepare_post_partition(window_32g(), set.randomness, bytes, 0, threads);
    ASSERT_TRUE(prepared.ok()) << prepared.error().message;
    EXPECT_EQ(prepared->inputs, *expected_inputs);
    ASSERT_EQ(prepared->witness.size(), 2349u);
    for (size_t i = 0; i < prepared->witness.size(); ++i) {
      const auto& got = prepared->witness[i];
      const auto& want = (*expected_witness)[i];
      ASSERT_EQ(got.comm_r, want.comm_r) << "sector " << i;
      ASSERT_EQ(got.comm_c, want.comm_c);
      ASSERT_EQ(got.inclusion_proofs.size(), want.inclusion_proofs.size());
      for (size_t j = 0; j < got.inclusion_proofs.size(); ++j) {
        std::vector<uint8_t> a, b;
        filecoin::write_merkle_proof(a, got.inclusion_proofs[j]);
        filecoin::write_merkle_proof(b, want.inclusion_proofs[j]);
        ASSERT_EQ(a, b) << "sector " << i << " challenge " << j;
      }
    }
    EXPECT_EQ(prepared->witness.back().comm_r, set.sectors.back().comm_r);  // padding
  }
}

TEST(PostPrepare, TheLowestBadSectorIsReportedOnAnyThreadCount) {
  const PostVanillaSet set = six_sectors();
  std::vector<FallbackPoStSectorProof> bad = set.vanilla;
  bad[2].comm_r[0] ^= 1;                                              // fails the checks
  bad[4].sectors[0].inclusion_proofs[7].base[3].siblings[1][0] ^= 1;  // fails the checks
  std::vector<std::string> bytes = request_bytes(bad);
  const std::string checks = "vanilla_proofs: sector " + std::to_string(set.sectors[2].sector_id) +
                             ": comm_r != Poseidon2(comm_c, comm_r_last)";
  for (unsigned threads : {1u, 3u, 8u}) {
    const auto r =
        filecoin::prepare_post_partition(window_32g(), set.randomness, bytes, 0, threads);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.code(), filecoin::FilecoinError::kInconsistent);
    EXPECT_EQ(r.error().message, checks) << threads << " threads";
  }
  bytes[5].pop_back();  // a parse error is reported before any check error
  bytes[3] += "x";
  for (unsigned threads : {1u, 3u, 8u}) {
    const auto r =
        filecoin::prepare_post_partition(window_32g(), set.randomness, bytes, 0, threads);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.code(), filecoin::FilecoinError::kSchema);
    EXPECT_EQ(r.error().message.rfind("vanilla_proofs[3]: 1 trailing bytes", 0), 0u)
        << r.error().message;
  }
}

}  // namespace
}  // namespace cuzk::sealing
