// GrpcServer: the gRPC endpoint of the daemon — listens on TCP ("0.0.0.0:9820", "127.0.0.1:0"
// for any free port) or a unix socket ("unix:///run/cuzk.sock", created with mode 0660 so that
// only the owner and its group, e.g. Curio's, can connect; a stale socket file is replaced).
// A TCP listener needs TLS (and then may require client certificates and a bearer token) unless
// it is on a loopback address or allow_insecure_tcp is set: access.hpp has the rules.
//
// Message size limits: requests up to max_request_bytes (default 128 MiB: a 32 GiB PoRep C1 in
// Curio's envelope is ~50 MB — ~10 MB of hashes as JSON byte arrays, ~3.6 characters a byte,
// then base64 — and a 64 GiB one a few MB more; the default leaves 2x headroom, and
// non-interactive PoRep C1s, with 12x the challenges, need the [daemon] max_message_size raised);
// responses up to 16 MiB (the largest is a 126-partition proof, 24 KB, or the metrics text).
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <string>

#include "engine/engine.hpp"
#include "server/access.hpp"
#include "server/service.hpp"

namespace cuzk::server {

inline constexpr int kDefaultMaxRequestBytes = 128 << 20;
inline constexpr int kMaxResponseBytes = 16 << 20;

class GrpcServer {
 public:
  // Throws std::runtime_error when the address cannot be bound, or `access` refuses it (a
  // message naming the key: a file that cannot be read, plaintext TCP on a public address, ...).
  GrpcServer(engine::Engine& engine, const std::string& listen,
             int max_request_bytes = kDefaultMaxRequestBytes, const AccessOptions& access = {});
  ~GrpcServer();
  GrpcServer(const GrpcServer&) = delete;
  GrpcServer& operator=(const GrpcServer&) = delete;

  // The address clients use: the unix URI, or host:port with the bound port.
  const std::string& address() const { return address_; }

  // Stops accepting calls; calls in progress get until `deadline`, then are cancelled.
  void shutdown(std::chrono::system_clock::time_point deadline);

 private:
  ProvingService service_;
  std::unique_ptr<grpc::Server> server_;
  std::string address_;
};

}  // namespace cuzk::server
