// Every kind of malformed request, table-driven, through the daemon's gRPC service with its own
// job factory: each is refused at submit time with the expected code and a message that starts
// with (or names) the field at fault; the table is sent 20 times over and the heap in use grows by
// less than 4 MiB (a message in flight may hold ~1 MiB; leaking the 1 MiB request, or the 100 KB
// envelope twice, every round would exceed it); afterwards nothing is queued or running and the
// service still answers.
// The valid requests the cases start from are genuine: a really sealed 2 KiB PoRep C1 in Curio's
// envelope, WindowPoSt / WinningPoSt vanilla proofs of real 2 KiB sectors, a SnapDeals update.
#include <gtest/gtest.h>
#include <malloc.h>

#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "engine/engine_fixture.hpp"
#include "engine/job_factory.hpp"
#include "real_requests.hpp"
#include "server/client.hpp"
#include "server/grpc_server.hpp"

namespace cuzk::server {
namespace {

using engine::testing::shared_param_dir;
using engine::testing::TempDir;
using engine::testing::test_engine_options;

using testing::kMiner;
using testing::porep_request;
using testing::post_request;
using testing::snap_request;

struct BadCase {
  std::string name;
  v1::SubmitProofRequest request;
  grpc::StatusCode code;
  std::string message;  // the refusal message starts with it
};

using Edit = std::function<void(v1::SubmitProofRequest&)>;

BadCase bad(std::string name, const v1::SubmitProofRequest& valid, const Edit& edit,
            std::string message, grpc::StatusCode code = grpc::StatusCode::INVALID_ARGUMENT) {
  v1::SubmitProofRequest r = valid;
  r.set_request_id("bad-" + name);
  edit(r);
  return {std::move(name), std::move(r), code, std::move(message)};
}

std::vector<BadCase> bad_requests() {
  const auto porep = porep_request();
  const auto window = post_request("StackedDrgWindow2KiBV1_2", 2);
  const auto winning = post_request("StackedDrgWinning2KiBV1", 3);
  const auto snap = snap_request();
  const std::string envelope = porep.vanilla_proof();
  std::vector<BadCase> cases;
  auto add = [&](BadCase c) { cases.push_back(std::move(c)); };
  add(bad(
      "empty request", v1::SubmitProofRequest(), [](auto&) {}, "proof_kind: "));
  add(bad(
      "unknown proof kind", porep, [](auto& r) { r.set_proof_kind(v1::ProofKind(99)); },
      "proof_kind: unknown value 99"));
  add(bad(
      "unknown priority", porep, [](auto& r) { r.set_priority(v1::Priority(17)); },
      "priority: unknown value 17"));
  // PoRep
  add(bad(
      "porep registered proof out of range", porep, [](auto& r) { r.set_registered_proof(999); },
      "registered_proof: "));
  add(bad(
      "porep sector size mismatch", porep, [](auto& r) { r.set_sector_size(uint64_t(32) << 30); },
      "sector_size: 34359738368"));
  add(bad(
      "porep non-interactive without an aggregation SRS", porep,
      [](auto& r) { r.set_registered_proof(15); },
      "registered_proof: 15 (StackedDrg2KiBV1_2_Feat_NonInteractivePoRep) is a "
      "non-interactive PoRep, whose proof is the SnarkPack aggregate",
      grpc::StatusCode::UNIMPLEMENTED));
  add(bad(
      "porep no vanilla proof", porep, [](auto& r) { r.clear_vanilla_proof(); },
      "vanilla_proof: empty"));
  add(bad(
      "porep garbage", porep, [](auto& r) { r.set_vanilla_proof("\x01\x02 garbage"); },
      "vanilla_proof: "));
  add(bad(
      "porep truncated envelope", porep,
      [&](auto& r) { r.set_vanilla_proof(envelope.substr(0, envelope.size() / 2)); },
      "vanilla_proof: "));
  add(bad(
      "porep oversized envelope", porep,
      [&](auto& r) { r.set_vanilla_proof(envelope + std::string(1 << 20, ' ') + "{}"); },
      "vanilla_proof: "));
  add(bad(
      "porep wrong sector number", porep, [](auto& r) { r.set_sector_number(8); },
      "vanilla_proof: SectorNum 7 differs from sector_number 8"));
  add(bad(
      "porep wrong miner", porep, [](auto& r) { r.set_miner_id(kMiner + 1); },
      "miner_id / sector_number: 1001 / 7"));
  // WindowPoSt / WinningPoSt
  add(bad(
      "window randomness short", window, [](auto& r) { r.set_randomness(std::string(31, 1)); },
      "randomness: 31 bytes, must be exactly 32"));
  add(bad(
      "window randomness not canonical", window,
      [](auto& r) { r.set_randomness(std::string(32, '\xff')); },
      "randomness: not a canonical field element"));
  add(bad(
      "window registered proof out of range", window, [](auto& r) { r.set_registered_proof(15); },
      "registered_proof: "));
  add(bad(
      "window with a winning proof type", window, [](auto& r) { r.set_registered_proof(0); },
      "registered_proof: 0 (StackedDrgWinning2KiBV1) is a WinningPoSt proof"));
  add(bad(
      "window sector size mismatch", window, [](auto& r) { r.set_sector_size(8 << 20); },
      "sector_size: 8388608"));
  add(bad(
      "window no vanilla proofs", window, [](auto& r) { r.clear_vanilla_proofs(); },
      "vanilla_proofs: 0 sector proofs"));
  add(bad(
      "window too many sectors", window, [](auto& r) { r.add_vanilla_proofs(r.vanilla_proofs(0)); },
      "vanilla_proofs: 3 sector proofs"));
  add(bad(
      "window garbage vanilla", window, [](auto& r) { r.set_vanilla_proofs(0, "garbage"); },
      "vanilla_proofs[0]"));
  add(bad(
      "window truncated vanilla", window,
      [](auto& r) { r.set_vanilla_proofs(1, r.vanilla_proofs(1).substr(0, 100)); },
      "vanilla_proofs[1]"));
  add(bad(
      "window trailing bytes", window,
      [](auto& r) { r.set_vanilla_proofs(1, r.vanilla_proofs(1) + "x"); }, "vanilla_proofs[1]"));
  add(bad(
      "window tampered leaf", window,
      [](auto& r) {
        std::string v = r.vanilla_proofs(0);
        v[v.size() - 100] ^= 1;
        r.set_vanilla_proofs(0, v);
      },
      "vanilla_proofs"));
  add(bad(
      "window other randomness", window, [](auto& r) { r.set_randomness(std::string(32, '\x01')); },
      "vanilla_proofs: "));
  add(bad(
      "winning partition index", winning, [](auto& r) { r.set_partition_index(1); },
      "partition_index: 1, a WinningPoSt has only partition 0"));
  add(bad(
      "winning two sectors", winning, [](auto& r) { r.add_vanilla_proofs(r.vanilla_proofs(0)); },
      "vanilla_proofs: 2 sector proofs"));
  // SnapDeals
  add(bad(
      "snap registered proof out of range", snap, [](auto& r) { r.set_registered_proof(7); },
      "registered_proof: "));
  add(bad(
      "snap sector size mismatch", snap, [](auto& r) { r.set_sector_size(4096); },
      "sector_size: 4096"));
  add(bad(
      "snap comm_r_new long", snap, [](auto& r) { r.set_comm_r_new(r.comm_r_new() + "x"); },
      "comm_r_new: 33 bytes, must be exactly 32"));
  add(bad(
      "snap comm_d_new missing", snap, [](auto& r) { r.clear_comm_d_new(); },
      "comm_d_new: 0 bytes, must be exactly 32"));
  add(bad(
      "snap wrong comm_d_new", snap,
      [](auto& r) {
        std::string c = r.comm_d_new();
        c[0] ^= 1;
        r.set_comm_d_new(c);
      },
      "vanilla_proofs[0]: "));
  add(bad(
      "snap two partitions", snap, [](auto& r) { r.add_vanilla_proofs(r.vanilla_proofs(0)); },
      "vanilla_proofs: 2 partition proofs"));
  add(bad(
      "snap garbage partition", snap, [](auto& r) { r.set_vanilla_proofs(0, "garbage"); },
      "vanilla_proofs[0]"));
  return cases;
}

// Bytes the allocator has handed out and not got back (every arena, and mmapped chunks): what a
// leak raises. RSS is not used: glibc keeps freed memory in per-thread arenas (gRPC's threads),
// so it grows with the number of threads that ever held a large message, leak or not.
uint64_t heap_in_use() {
  const struct mallinfo2 m = ::mallinfo2();
  return uint64_t(m.uordblks) + uint64_t(m.hblkhd);
}

TEST(BadRequests, EachIsRefusedWithItsFieldAndTheServiceStaysHealthy) {
  TempDir dir("bad-requests");
  engine::Engine engine(test_engine_options(shared_param_dir()), engine::filecoin_job_factory(1));
  GrpcServer server(engine, "unix://" + dir.str() + "/cuzk.sock");
  auto stub = connect(server.address());
  const auto cases = bad_requests();
  auto send_all = [&](bool check) {
    for (const auto& c : cases) {
      grpc::ClientContext ctx;
      v1::SubmitProofResponse response;
      const auto status = stub->SubmitProof(&ctx, c.request, &response);
      if (!check) continue;
      EXPECT_EQ(status.error_code(), c.code) << c.name << ": " << status.error_message();
      EXPECT_EQ(status.error_message().rfind(c.message, 0), 0u)
          << c.name << ": \"" << status.error_message() << "\" should start with \"" << c.message
          << "\"";
    }
  };
  send_all(true);
  for (int round = 0; round < 5; ++round) send_all(false);  // warm-up: gRPC's buffers and pools
  const uint64_t before = heap_in_use();
  for (int round = 0; round < 20; ++round) send_all(false);
  const uint64_t after = heap_in_use();
  std::cout << cases.size() << " bad requests x 20 (one of them a 1 MiB message): heap in use "
            << before / 1024 << " -> " << after / 1024 << " KiB\n";
  EXPECT_LE(after, before + (4 << 20)) << "the heap grew over 20 rounds of bad requests";

  grpc::ClientContext ctx;
  v1::GetStatusResponse status;
  ASSERT_TRUE(stub->GetStatus(&ctx, v1::GetStatusRequest(), &status).ok());
  for (const auto& q : status.queues()) EXPECT_EQ(q.pending() + q.in_progress(), 0u);
  EXPECT_EQ(status.total_proofs_completed() + status.total_proofs_failed(), 0u);
}

}  // namespace
}  // namespace cuzk::server
