// Client side of the daemon's access rules (access.hpp): the channel credentials cuzk-bench (or
// any C++ client) uses to reach a TCP listener with TLS, a client certificate and a bearer token.
// With nothing set: plaintext, as for the unix socket.
#pragma once

#include <grpcpp/security/credentials.h>

#include <memory>
#include <string>

namespace cuzk::server {

struct ClientAccess {
  std::string tls_ca;    // PEM CA that signed the daemon's certificate: connect with TLS
  std::string tls_cert;  // PEM client certificate and key, for a daemon with tls_client_ca
  std::string tls_key;
  std::string token_file;  // sent on every call as "authorization: Bearer <token>" (needs TLS)

  bool tls() const { return !tls_ca.empty() || !tls_cert.empty() || !tls_key.empty(); }
};

// Plaintext credentials when nothing is set; otherwise TLS (system roots when tls_ca is empty),
// with the token as call credentials. The daemon's certificate must name the host of the address
// dialled (e.g. IP:127.0.0.1 or DNS:prover1). Throws std::runtime_error, naming the option, for a
// file that cannot be read, half a key pair, or a token without TLS.
std::shared_ptr<grpc::ChannelCredentials> channel_credentials(const ClientAccess& access);

// The process-wide options (cuzk-bench binds --tls-ca, --tls-cert, --tls-key and --token-file to
// them), read by connect().
ClientAccess& client_access();

}  // namespace cuzk::server
