// A real 2 KiB PoRep through the daemon's gRPC service: a sector sealed for real (src/sealing),
// test parameters from our setup, C1s in Curio's envelope; proofs submitted with different
// priorities, one cancelled, bad requests refused with INVALID_ARGUMENT while the others finish,
// and every returned proof checked with the C2 verifier against the .vk file (independently of
// the engine's own verification). Test parameters (minutes of setup on 2 cores) come from
// $CUZK_TEST_PARAMS_DIR when it holds them (the ctest fixture porep_params_2KiB makes them),
// else from a setup into a temporary directory.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "engine/engine_fixture.hpp"
#include "engine/job_factory.hpp"
#include "filecoin/c1_json.hpp"
#include "filecoin/porep_parameters.hpp"
#include "filecoin/porep_verify.hpp"
#include "r1cs/precompiled_store.hpp"
#include "sealing/real_seal.hpp"
#include "server/client.hpp"
#include "server/grpc_server.hpp"
#include "util/mapped_file.hpp"
#include "util/task_pool.hpp"

namespace cuzk::server {
namespace {

using engine::testing::TempDir;

constexpr uint64_t kMiner = 1000;
constexpr uint64_t kRegisteredProof = 5;  // StackedDrg2KiBV1_1

struct Sector {
  uint64_t number;
  filecoin::SealCommitPhase1Output c1;
  std::string envelope;
};

Sector seal(uint64_t number) {
  const auto* proof = *filecoin::find_seal_proof(kRegisteredProof);
  auto request = sealing::seal_request_from_seed(*proof, kMiner, number, number * 7);
  request.data = sealing::random_sector_data(*proof->sector, number);
  request.threads = 1;
  auto sealed = sealing::seal_real_sector(request);
  EXPECT_TRUE(sealed.ok()) << sealed.error().message;
  filecoin::CurioC1Envelope envelope;
  envelope.sector_num = number;
  const std::string c1_json = filecoin::to_json(sealed->c1);
  envelope.phase1_out.assign(c1_json.begin(), c1_json.end());
  envelope.sector_size = proof->sector->sector_size;
  return {number, sealed->c1, filecoin::to_json(envelope)};
}

class PorepEndToEnd : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const auto* sector = *filecoin::find_porep_circuit("porep-2k");
    if (const char* shared = std::getenv("CUZK_TEST_PARAMS_DIR")) {
      if (auto found = filecoin::find_porep_parameters(shared, *sector); found.ok()) {
        params_dir_ = shared;
        files_ = *found;
        return;
      }
    }
    params_ = new TempDir("porep-params");
    params_dir_ = params_->str();
    std::mt19937_64 rng(2048);
    files_ = filecoin::write_porep_test_parameters(params_dir_, *sector,
                                                   groth16::ToxicWaste::random(rng), 0);
  }
  static void TearDownTestSuite() {
    delete params_;
    params_ = nullptr;
  }

  void SetUp() override { start(nullptr); }

  // The daemon with generic synthesis, or through `precompiled` ([synthesis] precompiled).
  void start(std::shared_ptr<r1cs::PrecompiledStore> precompiled) {
    stub_.reset();
    server_.reset();
    engine_.reset();
    auto options = engine::testing::test_engine_options(params_dir_);
    options.pipeline.synthesis_workers = 2;
    options.backend.threads = 0;
    options.memory_budget_bytes = uint64_t(8) << 30;  // 2 KiB PoRep: ~1.2 GB of parameters
    engine_ = std::make_unique<engine::Engine>(
        options, engine::filecoin_job_factory(1, std::move(precompiled)));
    server_ = std::make_unique<GrpcServer>(*engine_, "unix://" + dir_.str() + "/cuzk.sock");
    stub_ = connect(server_->address());
  }

  std::string prove(const Sector& s) {
    grpc::ClientContext ctx;
    v1::ProveRequest r;
    *r.mutable_submit() = request(s, v1::NORMAL);
    v1::ProveResponse response;
    EXPECT_TRUE(stub_->Prove(&ctx, r, &response).ok());
    EXPECT_EQ(response.result().status(), v1::AwaitProofResponse::COMPLETED)
        << response.result().error_message();
    return response.result().proof();
  }

  v1::SubmitProofRequest request(const Sector& s, v1::Priority priority) {
    v1::SubmitProofRequest r;
    r.set_request_id("porep-" + std::to_string(kMiner) + "-" + std::to_string(s.number));
    r.set_proof_kind(v1::POREP_SEAL_COMMIT);
    r.set_sector_size(2048);
    r.set_registered_proof(kRegisteredProof);
    r.set_priority(priority);
    r.set_vanilla_proof(s.envelope);
    r.set_sector_number(s.number);
    r.set_miner_id(kMiner);
    return r;
  }

  grpc::Status submit(const v1::SubmitProofRequest& r, std::string* job_id) {
    grpc::ClientContext ctx;
    v1::SubmitProofResponse response;
    auto status = stub_->SubmitProof(&ctx, r, &response);
    *job_id = response.job_id();
    return status;
  }

  v1::AwaitProofResponse await(const std::string& job_id) {
    grpc::ClientContext ctx;
    v1::AwaitProofRequest r;
    r.set_job_id(job_id);
    v1::AwaitProofResponse response;
    EXPECT_TRUE(stub_->AwaitProof(&ctx, r, &response).ok());
    return response;
  }

  void expect_verifies(const Sector& s, const std::string& proof) {
    MappedFile vk_file(files_.vk);
    auto vk = groth16::read_verifying_key(vk_file.bytes());
    ASSERT_TRUE(vk.ok());
    const auto pvk = groth16::prepare_verifying_key(*vk);
    filecoin::PorepPublicValues values{s.c1.replica_id, s.c1.comm_d, s.c1.comm_r, s.c1.seed};
    auto ok = filecoin::verify_porep_c2(
        pvk, *s.c1.registered_proof, values,
        std::span(reinterpret_cast<const uint8_t*>(proof.data()), proof.size()));
    EXPECT_TRUE(ok.ok()) << (ok.ok() ? "" : ok.error().message);
  }

  static inline TempDir* params_ = nullptr;  // only when we made the parameters
  static inline std::string params_dir_;
  static inline filecoin::PorepParameterFiles files_;
  TempDir dir_{"porep-e2e"};
  std::unique_ptr<engine::Engine> engine_;
  std::unique_ptr<GrpcServer> server_;
  std::unique_ptr<v1::ProvingEngine::Stub> stub_;
};

// A proof in one call (Prove: submit and await together, as Curio calls it) with [synthesis]
// precompiled: it records the circuit, writes its cache file and verifies. The daemon draws fresh
// (r, s), so the proof is verified rather than compared with generic synthesis's (generic
// synthesis through the service: PrioritiesCancelAndBadRequestsTogether). One proof: a 2 KiB proof
// costs ~30 s of CI's two cores; a daemon started again on the file (loaded, checked on its first
// witness, deferred products) is tests/server/daemon_preload_e2e.sh's, and the store's record and
// load are tests/r1cs/precompiled_file_test.cpp's.
TEST_F(PorepEndToEnd, ProveInOneCallWithPrecompiledSynthesis) {
  const std::string cache = dir_.str() + "/pce";
  start(std::make_shared<r1cs::PrecompiledStore>(cache));
  const Sector s = seal(21);
  const std::string proof = prove(s);
  EXPECT_EQ(proof.size(), 192u);  // 2 KiB: one partition
  expect_verifies(s, proof);
  EXPECT_TRUE(std::filesystem::exists(cache + "/porep-2k.pce"));
}

TEST_F(PorepEndToEnd, PrioritiesCancelAndBadRequestsTogether) {
  std::vector<Sector> sectors;
  for (uint64_t n : {11, 12}) sectors.push_back(seal(n));
  const v1::Priority priorities[] = {v1::LOW, v1::CRITICAL};
  std::vector<std::string> ids(sectors.size());
  for (size_t i = 0; i < sectors.size(); ++i) {
    ASSERT_TRUE(submit(request(sectors[i], priorities[i]), &ids[i]).ok());
  }
  const Sector doomed = seal(15);
  std::string doomed_id;
  ASSERT_TRUE(submit(request(doomed, v1::LOW), &doomed_id).ok());
  {
    grpc::ClientContext ctx;
    v1::CancelProofRequest cancel;
    cancel.set_job_id(doomed_id);
    v1::CancelProofResponse response;
    ASSERT_TRUE(stub_->CancelProof(&ctx, cancel, &response).ok());
  }

  // Bad requests, while the good ones are queued or running. Each is refused on its own; none
  // disturbs the queued jobs.
  struct Bad {
    const char* what;
    v1::SubmitProofRequest request;
    const char* message;
  };
  std::vector<Bad> bad;
  bad.push_back({"empty request", v1::SubmitProofRequest(), "proof_kind: unspecified"});
  bad.push_back({"unknown registered proof", request(sectors[0], v1::NORMAL), "registered_proof"});
  bad.back().request.set_registered_proof(77);
  bad.push_back({"wrong sector size", request(sectors[0], v1::NORMAL), "sector_size"});
  bad.back().request.set_sector_size(8 << 20);
  bad.push_back({"garbage vanilla proof", request(sectors[0], v1::NORMAL), "vanilla_proof"});
  bad.back().request.set_vanilla_proof("\x01\x02garbage");
  bad.push_back({"wrong miner", request(sectors[0], v1::NORMAL), "miner_id / sector_number"});
  bad.back().request.set_miner_id(1001);
  bad.back().request.set_request_id("porep-1001-11");
  bad.push_back({"tampered C1", request(sectors[0], v1::NORMAL), "vanilla_proof: Phase1Out: "});
  {
    auto c1 = sectors[0].c1;
    c1.vanilla_proofs[0][0].comm_r_last_proof.leaf[0] ^= 1;
    filecoin::CurioC1Envelope envelope;
    envelope.sector_num = sectors[0].number;
    const std::string json = filecoin::to_json(c1);
    envelope.phase1_out.assign(json.begin(), json.end());
    envelope.sector_size = 2048;
    bad.back().request.set_vanilla_proof(filecoin::to_json(envelope));
    bad.back().request.set_request_id("porep-tampered");
  }
  for (size_t i = 0; i < bad.size(); ++i) {
    const auto& b = bad[i];
    // Fresh request ids: a request id of a live job would return that job (idempotency).
    if (b.request.request_id().rfind("porep-1000-", 0) == 0) {
      bad[i].request.set_request_id("bad-" + std::to_string(i));
    }
    std::string id;
    auto status = submit(b.request, &id);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << b.what;
    EXPECT_NE(status.error_message().find(b.message), std::string::npos)
        << b.what << ": " << status.error_message();
  }

  for (size_t i = 0; i < sectors.size(); ++i) {
    auto result = await(ids[i]);
    ASSERT_EQ(result.status(), v1::AwaitProofResponse::COMPLETED) << result.error_message();
    expect_verifies(sectors[i], result.proof());
  }
  EXPECT_EQ(await(doomed_id).status(), v1::AwaitProofResponse::CANCELLED);

  grpc::ClientContext ctx;
  v1::GetStatusResponse status;
  ASSERT_TRUE(stub_->GetStatus(&ctx, v1::GetStatusRequest(), &status).ok());
  EXPECT_EQ(status.total_proofs_completed(), 2u);
  EXPECT_EQ(status.total_proofs_failed(), 0u);
  ASSERT_EQ(status.loaded_srs_size(), 1);
  EXPECT_EQ(status.loaded_srs(0).circuit_id(), "porep-2k");
  EXPECT_EQ(status.loaded_srs(0).ref_count(), 0u);
}

// The daemon's factory hands every precompiled PoRep job the one witness pool it was given (so
// that partitions of different jobs queue on one set of threads, oldest first), and generic
// synthesis none: counted by the pool's owners.
TEST(PorepJobFactory, PrecompiledJobsShareOneWitnessPool) {
  const Sector s = seal(31);
  engine::ProofRequest request;
  request.kind = engine::ProofKind::kPorepSealCommit;
  request.sector_size = 2048;
  request.registered_proof = kRegisteredProof;
  request.sector_number = s.number;
  request.miner_id = kMiner;
  request.vanilla_proof = s.envelope;

  auto pool = std::make_shared<TaskPool>(1);
  {
    auto factory = engine::filecoin_job_factory(
        1, std::make_shared<r1cs::PrecompiledStore>(std::string()), pool);
    EXPECT_EQ(pool.use_count(), 2);  // the test's and the factory's
    auto first = factory(request);
    auto second = factory(request);
    ASSERT_TRUE(first.ok()) << first.error().message;
    ASSERT_TRUE(second.ok()) << second.error().message;
    EXPECT_EQ(pool.use_count(), 4);  // and each job's: the same pool
  }
  EXPECT_EQ(pool.use_count(), 1);
  {
    auto factory = engine::filecoin_job_factory(1, nullptr, pool);
    auto job = factory(request);
    ASSERT_TRUE(job.ok()) << job.error().message;
    EXPECT_EQ(pool.use_count(), 1);  // generic synthesis: no witness tasks, no pool
  }
}

}  // namespace
}  // namespace cuzk::server
