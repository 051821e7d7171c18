// The genuine requests of real_requests.hpp.
#include "real_requests.hpp"

#include <gtest/gtest.h>

#include <span>
#include <string>

#include "filecoin/c1_json.hpp"
#include "filecoin/post_vanilla.hpp"
#include "filecoin/update_vanilla.hpp"
#include "sealing/post_vanilla_gen.hpp"
#include "sealing/real_seal.hpp"
#include "sealing/seal_request.hpp"
#include "sealing/update_vanilla_gen.hpp"
#include "server/client.hpp"

namespace cuzk::server::testing {
namespace {

std::string bytes(std::span<const uint8_t> b) {
  return {b.begin(), b.end()};
}

}  // namespace

v1::SubmitProofRequest porep_request() {
  const auto* proof = *filecoin::find_seal_proof(5);  // StackedDrg2KiBV1_1
  auto request = sealing::seal_request_from_seed(*proof, kMiner, 7, 49);
  request.data = sealing::random_sector_data(*proof->sector, 7);
  request.threads = 1;
  auto sealed = sealing::seal_real_sector(request);
  EXPECT_TRUE(sealed.ok());
  auto made = make_porep_request(filecoin::to_json(sealed->c1),
                                 {"porep", kMiner, uint64_t(7), v1::PRIORITY_UNSPECIFIED});
  EXPECT_TRUE(made.ok());
  return *made;
}

v1::SubmitProofRequest post_request(const char* proof_name, unsigned sectors) {
  const auto* proof = *filecoin::find_post_proof(std::string_view(proof_name));
  auto set = sealing::generate_post_vanilla(*proof, kMiner, sectors, 3, 1);
  EXPECT_TRUE(set.ok());
  v1::SubmitProofRequest r;
  r.set_request_id(proof_name);
  r.set_proof_kind(proof->type() == filecoin::PoStType::kWinning ? v1::WINNING_POST
                                                                 : v1::WINDOW_POST_PARTITION);
  r.set_registered_proof(proof->id);
  r.set_sector_size(proof->sector_size());
  r.set_miner_id(kMiner);
  r.set_randomness(bytes(set->randomness));
  for (const auto& v : set->vanilla)
    r.add_vanilla_proofs(bytes(filecoin::serialize_fallback_post_sector_proof(v)));
  return r;
}

v1::SubmitProofRequest snap_request() {
  const auto* proof = *filecoin::find_update_proof(std::string_view("StackedDrg2KiBV1"));
  auto set = sealing::generate_update_vanilla(*proof, kMiner, 9, 4, 1);
  EXPECT_TRUE(set.ok());
  v1::SubmitProofRequest r;
  r.set_request_id("snap");
  r.set_proof_kind(v1::SNAP_DEALS_UPDATE);
  r.set_registered_proof(proof->id);
  r.set_sector_size(proof->sector->sector_size);
  r.set_sector_number(9);
  r.set_comm_r_old(bytes(set->comm_r_old));
  r.set_comm_d_new(bytes(set->comm_d_new));
  r.set_comm_r_new(bytes(set->comm_r_new));
  for (const auto& p : set->partitions)
    r.add_vanilla_proofs(bytes(filecoin::serialize_update_partition_proof(p)));
  return r;
}

}  // namespace cuzk::server::testing
