// Channel set-up and the PoRep request builder (see client.hpp).
#include "server/client.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "engine/daemon_engine.hpp"
#include "filecoin/c1_json.hpp"
#include "server/client_credentials.hpp"
#include "server/convert.hpp"

namespace cuzk::server {

std::unique_ptr<v1::ProvingEngine::Stub> connect(const std::string& address, bool own_connection) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(256 << 20);
  args.SetMaxSendMessageSize(256 << 20);
  if (own_connection) args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  return v1::ProvingEngine::NewStub(
      grpc::CreateCustomChannel(address, channel_credentials(client_access()), args));
}

filecoin::FilecoinResult<v1::SubmitProofRequest> make_porep_request(
    std::string_view text, const PorepRequestOptions& options) {
  filecoin::CurioC1Envelope envelope;
  std::string envelope_json;
  if (text.find("\"Phase1Out\"") != std::string_view::npos) {
    auto parsed = filecoin::parse_curio_envelope(text);
    if (!parsed) return parsed.error();
    envelope = std::move(parsed).value();
    envelope_json = std::string(text);
  } else {
    envelope.phase1_out.assign(text.begin(), text.end());
    envelope.sector_num = options.sector_number.value_or(kTestSectorNumber);
  }
  const auto& bytes = envelope.phase1_out;
  auto c1 = filecoin::parse_c1_json({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
  if (!c1) return c1.error();
  const auto* proof = c1->registered_proof;
  if (envelope_json.empty()) {
    envelope.sector_size = proof->sector->sector_size;
    envelope_json = filecoin::to_json(envelope);
  }
  v1::SubmitProofRequest request;
  const uint64_t sector = options.sector_number.value_or(envelope.sector_num);
  request.set_request_id(!options.request_id.empty() ? options.request_id
                                                     : "porep-" + std::to_string(options.miner_id) +
                                                           "-" + std::to_string(sector));
  request.set_proof_kind(v1::POREP_SEAL_COMMIT);
  request.set_sector_size(proof->sector->sector_size);
  request.set_registered_proof(proof->id);
  request.set_priority(options.priority);
  request.set_vanilla_proof(std::move(envelope_json));
  request.set_sector_number(sector);
  request.set_miner_id(options.miner_id);
  return request;
}

namespace {

class DaemonProver final : public Prover {
 public:
  explicit DaemonProver(const std::string& address) : stub_(connect(address)) {}
  grpc::Status prove(const v1::SubmitProofRequest& request,
                     v1::AwaitProofResponse* result) override {
    grpc::ClientContext ctx;
    v1::ProveRequest prove;
    *prove.mutable_submit() = request;
    v1::ProveResponse response;
    auto status = stub_->Prove(&ctx, prove, &response);
    if (status.ok()) *result = std::move(*response.mutable_result());
    return status;
  }

 private:
  std::unique_ptr<v1::ProvingEngine::Stub> stub_;
};

class InProcessProver final : public Prover {
 public:
  explicit InProcessProver(const engine::Config& config) : daemon_(config) {}
  grpc::Status prove(const v1::SubmitProofRequest& request,
                     v1::AwaitProofResponse* result) override {
    v1::SubmitProofRequest copy = request;
    auto converted = to_engine_request(copy);
    if (!converted) return to_grpc_status(converted.error());
    auto submitted = daemon_.engine().submit(std::move(converted).value());
    if (!submitted) return to_grpc_status(submitted.error());
    auto outcome = daemon_.engine().await(submitted->job_id, std::nullopt);
    if (!outcome) return {grpc::StatusCode::INTERNAL, "the job vanished"};
    fill_await_response(submitted->job_id, *outcome, result);
    return grpc::Status::OK;
  }

 private:
  engine::DaemonEngine daemon_;
};

}  // namespace

std::unique_ptr<Prover> daemon_prover(const std::string& address) {
  return std::make_unique<DaemonProver>(address);
}

std::unique_ptr<Prover> in_process_prover(const engine::Config& config) {
  return std::make_unique<InProcessProver>(config);
}

std::unique_ptr<Prover> in_process_prover(const std::string& param_cache) {
  engine::Config config;
  config.srs.param_cache = param_cache;
  return in_process_prover(config);
}

std::optional<v1::Priority> priority_from_name(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  if (lower.empty()) return v1::PRIORITY_UNSPECIFIED;
  if (lower == "low") return v1::LOW;
  if (lower == "normal") return v1::NORMAL;
  if (lower == "high") return v1::HIGH;
  if (lower == "critical") return v1::CRITICAL;
  return std::nullopt;
}

std::string format_timings(const v1::AwaitProofResponse& r) {
  return fmt::format("queue {} ms, srs {} ms, synthesis {} ms, prove {} ms, total {} ms",
                     r.queue_wait_ms(), r.srs_load_ms(), r.synthesis_ms(), r.gpu_compute_ms(),
                     r.total_ms());
}

std::string describe(const grpc::Status& status) {
  static constexpr const char* kNames[] = {"OK",
                                           "CANCELLED",
                                           "UNKNOWN",
                                           "INVALID_ARGUMENT",
                                           "DEADLINE_EXCEEDED",
                                           "NOT_FOUND",
                                           "ALREADY_EXISTS",
                                           "PERMISSION_DENIED",
                                           "RESOURCE_EXHAUSTED",
                                           "FAILED_PRECONDITION",
                                           "ABORTED",
                                           "OUT_OF_RANGE",
                                           "UNIMPLEMENTED",
                                           "INTERNAL",
                                           "UNAVAILABLE",
                                           "DATA_LOSS",
                                           "UNAUTHENTICATED"};
  const int code = int(status.error_code());
  const char* name = code >= 0 && code < int(std::size(kNames)) ? kNames[code] : "?";
  return std::string(name) + ": " + status.error_message();
}

}  // namespace cuzk::server
