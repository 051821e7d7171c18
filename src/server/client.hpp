// Client side of cuzk.v1: a channel and stub to a daemon with the same message limits Curio's Go
// client uses, and the PoRep request builder shared by cuzk-bench and the tests.
#pragma once

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/config.hpp"
#include "filecoin/error.hpp"

namespace cuzk::server {

// "unix:///run/cuzk.sock" or "host:port". Send and receive limits: 256 MiB, as Curio's client.
// `own_connection`: do not share a connection with other channels to the same address (gRPC
// shares one among channels with equal arguments), e.g. for load tools simulating many clients.
std::unique_ptr<v1::ProvingEngine::Stub> connect(const std::string& address,
                                                 bool own_connection = false);

// The test data's miner and sector: what `cuzk-bench gen-c1` and `gen-vanilla` write unless told
// otherwise, and what the client commands assume unless told, so that generated data proves
// without flags.
inline constexpr uint64_t kTestMinerId = 1000;
inline constexpr uint64_t kTestSectorNumber = 1;

struct PorepRequestOptions {
  std::string request_id;  // empty: "porep-<miner>-<sector>", as Curio names them
  uint64_t miner_id = kTestMinerId;
  // Default: the envelope's SectorNum; for a bare C1 (which does not hold it) kTestSectorNumber.
  std::optional<uint64_t> sector_number;
  v1::Priority priority = v1::PRIORITY_UNSPECIFIED;
};

// A POREP_SEAL_COMMIT request from a C1 file's text: Curio's envelope (sent as is), or the bare C1
// JSON (wrapped into an envelope, as Curio does). registered_proof and sector_size come from the
// C1. Errors are the C1 parser's.
filecoin::FilecoinResult<v1::SubmitProofRequest> make_porep_request(
    std::string_view c1_or_envelope, const PorepRequestOptions& options);

// Where cuzk-bench sends proofs: a daemon over gRPC (Prove), or an engine inside the process
// (the same conversions and engine the daemon uses, without the network). Thread-safe.
class Prover {
 public:
  virtual ~Prover() = default;
  // A non-OK status is an RPC-level refusal (e.g. INVALID_ARGUMENT); otherwise `result` says
  // how the proof ended.
  virtual grpc::Status prove(const v1::SubmitProofRequest& request,
                             v1::AwaitProofResponse* result) = 0;
};
std::unique_ptr<Prover> daemon_prover(const std::string& address);
// The engine the daemon would run with `config` (engine::DaemonEngine), inside this process.
std::unique_ptr<Prover> in_process_prover(const engine::Config& config);
// The same with the daemon's default configuration and the parameters read from `param_cache`.
std::unique_ptr<Prover> in_process_prover(const std::string& param_cache);

// "low", "normal", "high", "critical" (any case) or "" (unspecified: the kind's default).
std::optional<v1::Priority> priority_from_name(std::string_view name);

// "queue 12 ms, srs 0 ms, synthesis 830 ms, prove 16075 ms, total 16920 ms".
std::string format_timings(const v1::AwaitProofResponse& result);
// "UNAVAILABLE: failed to connect to all addresses".
std::string describe(const grpc::Status& status);

}  // namespace cuzk::server
