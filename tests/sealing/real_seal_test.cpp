// Real sealing (real_seal.hpp): every 2 KiB variant and 8 MiB interactive pass check_c1 with
// hashes recomputed and round-trip through JSON; the commitments equal a naive re-sealing written
// here (all labels node by node straight from the graph, full trees by merkle_root), so nodes the
// C1 does not open are right too; an all-zero sector has spec §4's comm_d; the output depends
// only on the request (seed, thread count); oversized sectors and bad data are refused.
#include "sealing/real_seal.hpp"

#include <gtest/gtest.h>

#include <iostream>

#include "filecoin/commitments.hpp"
#include "filecoin/labels.hpp"
#include "filecoin/prover_id.hpp"
#include "filecoin/stacked_graph.hpp"
#include "hash/merkle_node.hpp"
#include "sealing_test_util.hpp"
#include "util/hex.hpp"

namespace cuzk::sealing {
namespace {

using testing::expect_c1_passes;
using testing::expect_json_round_trip;
using testing::proof_named;

SealRequest random_request(std::string_view name, uint64_t seed, unsigned threads = 0) {
  const auto& proof = proof_named(name);
  SealRequest request = seal_request_from_seed(proof, 1000, 7, seed);
  request.data = random_sector_data(*proof.sector, seed);
  request.threads = threads;
  return request;
}

GeneratedC1 seal_or_fail(const SealRequest& request) {
  auto sealed = seal_real_sector(request);
  if (!sealed.ok()) throw std::runtime_error(sealed.error().message);
  return std::move(sealed).value();
}

// comm_r of the request's sector sealed the slow, obvious way.
hash::Node32 naive_comm_r(const SealRequest& request) {
  const filecoin::ProofType& proof = *request.proof;
  const uint64_t nodes = proof.sector->nodes();
  const unsigned layers = proof.sector->layers;
  const hash::Node32 comm_d =
      hash::merkle_root<hash::Sha256NodeHasher>(request.data, hash::kBinaryTreeShape);
  const hash::Node32 replica_id = filecoin::generate_replica_id(
      filecoin::prover_id_from_miner_id(request.miner_id), request.sector_number, request.ticket,
      comm_d, proof.porep_id());
  const auto graph = filecoin::StackedGraph::for_proof(proof);
  std::vector<std::vector<hash::Node32>> labels(layers + 1, std::vector<hash::Node32>(nodes));
  for (unsigned layer = 1; layer <= layers; ++layer) {
    for (uint64_t v = 0; v < nodes; ++v) {
      std::vector<hash::Node32> slots;
      if (v > 0) {
        const auto drg = graph.drg_parents(v);
        const auto exp = graph.expander_parents(v);
        std::vector<hash::Node32> values;
        for (uint32_t p : drg) values.push_back(labels[layer][p]);
        if (layer > 1) {
          for (uint32_t p : exp) values.push_back(labels[layer - 1][p]);
        }
        while (slots.size() < filecoin::kLabelParentSlots) {
          slots.push_back(values[slots.size() % values.size()]);
        }
      }
      labels[layer][v] = filecoin::porep_label(replica_id, layer, v, slots);
    }
  }
  std::vector<ff::Fr> columns, replica;
  for (uint64_t v = 0; v < nodes; ++v) {
    std::vector<ff::Fr> rows;
    for (unsigned layer = 1; layer <= layers; ++layer) {
      rows.push_back(*hash::fr_from_node(labels[layer][v]));
    }
    columns.push_back(hash::poseidon_node(rows));
    replica.push_back(rows.back() + *hash::fr_from_node(request.data[v]));
  }
  const ff::Fr comm_c =
      hash::merkle_root<hash::PoseidonNodeHasher>(columns, proof.sector->tree_shape);
  const ff::Fr comm_r_last =
      hash::merkle_root<hash::PoseidonNodeHasher>(replica, proof.sector->tree_shape);
  return hash::node_from_fr(filecoin::compute_comm_r(comm_c, comm_r_last));
}

constexpr const char* k2KiBVariants[] = {"StackedDrg2KiBV1", "StackedDrg2KiBV1_1",
                                         "StackedDrg2KiBV1_1_Feat_SyntheticPoRep",
                                         "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep"};

TEST(RealSeal, Every2KiBVariantPassesTheCheckAndRoundTrips) {
  for (const char* name : k2KiBVariants) {
    SCOPED_TRACE(name);
    const SealRequest request = random_request(name, 3);
    const GeneratedC1 sealed = seal_or_fail(request);
    const auto& c1 = sealed.c1;
    EXPECT_EQ(c1.vanilla_proofs.size(), request.proof->partitions());
    EXPECT_EQ(c1.ticket, request.ticket);
    EXPECT_EQ(c1.seed, request.seed);
    EXPECT_EQ(c1.comm_d,
              hash::merkle_root<hash::Sha256NodeHasher>(request.data, hash::kBinaryTreeShape));
    EXPECT_EQ(c1.replica_id,
              filecoin::generate_replica_id(filecoin::prover_id_from_miner_id(1000), 7,
                                            request.ticket, c1.comm_d, request.proof->porep_id()));
    expect_c1_passes(c1);
    expect_json_round_trip(c1);
  }
}

TEST(RealSeal, CommitmentsEqualANaiveReSealing) {
  for (const char* name : {"StackedDrg2KiBV1", "StackedDrg2KiBV1_1"}) {
    SCOPED_TRACE(name);
    const SealRequest request = random_request(name, 11);
    EXPECT_EQ(seal_or_fail(request).c1.comm_r, naive_comm_r(request));
  }
}

TEST(RealSeal, AllZero2KiBSectorHasTheSpecCommD) {
  SealRequest request = seal_request_from_seed(proof_named("StackedDrg2KiBV1_1"), 1000, 1, 0);
  ASSERT_TRUE(request.data.empty());  // no data: a committed-capacity sector
  const GeneratedC1 sealed = seal_or_fail(request);
  EXPECT_EQ(to_hex(sealed.c1.comm_d),
            "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833");
  expect_c1_passes(sealed.c1);
  request.data.assign(64, hash::Node32{});  // the same sector spelled out
  EXPECT_EQ(filecoin::to_json(seal_or_fail(request).c1), filecoin::to_json(sealed.c1));
}

TEST(RealSeal, DeterministicInTheRequestOnly) {
  const std::string once =
      filecoin::to_json(seal_or_fail(random_request("StackedDrg2KiBV1_1", 5, 1)).c1);
  EXPECT_EQ(filecoin::to_json(seal_or_fail(random_request("StackedDrg2KiBV1_1", 5, 2)).c1), once);
  const auto other = seal_or_fail(random_request("StackedDrg2KiBV1_1", 6)).c1;
  EXPECT_NE(filecoin::to_json(other), once);
  // The seed only moves the challenges of an interactive proof, not the sector.
  SealRequest reseeded = random_request("StackedDrg2KiBV1_1", 5);
  reseeded.seed[0] ^= 1;
  const auto moved = seal_or_fail(reseeded).c1;
  const auto base = seal_or_fail(random_request("StackedDrg2KiBV1_1", 5)).c1;
  EXPECT_EQ(moved.comm_r, base.comm_r);
  EXPECT_NE(moved.seed, base.seed);
  expect_c1_passes(moved);
}

TEST(RealSeal, Interactive8MiB) {
  const SealRequest request = random_request("StackedDrg8MiBV1_1", 1);
  Stopwatch watch;
  const GeneratedC1 sealed = seal_or_fail(request);
  const double seal_ms = watch.total_ms();
  const double check_ms = expect_c1_passes(sealed.c1);
  EXPECT_EQ(sealed.c1.vanilla_proofs[0][0].comm_d_proofs.base.size(), 18u);
  EXPECT_EQ(sealed.c1.vanilla_proofs[0][0].comm_r_last_proof.base.size(), 6u);
  expect_json_round_trip(sealed.c1);
  std::cout << "8 MiB real seal: " << seal_ms << " ms (" << sealed.times.to_string()
            << "); check_c1 " << check_ms << " ms\n";
  RecordProperty("seal_ms", int(seal_ms));
  RecordProperty("check_ms", int(check_ms));
}

TEST(RealSeal, RefusesLargeSectorsAndBadData) {
  for (const char* name : {"StackedDrg512MiBV1_1", "StackedDrg32GiBV1_1"}) {
    auto r = seal_real_sector(seal_request_from_seed(proof_named(name), 1000, 1, 0));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.code(), SealingError::kTooLargeToSeal);
    EXPECT_NE(r.error().message.find("virtual"), std::string::npos) << r.error().message;
  }
  SealRequest request = random_request("StackedDrg2KiBV1_1", 1);
  request.data[9][31] |= 0x80;
  auto not_fr32 = seal_real_sector(request);
  ASSERT_FALSE(not_fr32.ok());
  EXPECT_EQ(not_fr32.code(), SealingError::kBadSectorData);
  EXPECT_EQ(not_fr32.error().message,
            "sector data: node 9 is not Fr32 (its top two bits are set; data must be fr32-padded)");
  request.data.resize(63);
  EXPECT_EQ(seal_real_sector(request).error().message, "sector data: expected 64 nodes, got 63");
  EXPECT_EQ(seal_real_sector(SealRequest{}).code(), SealingError::kMissingProof);
}

}  // namespace
}  // namespace cuzk::sealing
