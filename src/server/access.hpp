// Who may talk to the daemon's gRPC listener ([daemon] keys in cuzk.example.toml):
//   unix socket  the default: created with mode 0660, so the daemon's user and group may connect;
//                TLS and token keys do not apply to it (refused, rather than silently ignored).
//   TCP + TLS    tls_cert + tls_key (PEM); tls_client_ca: clients must present a certificate
//                signed by it (mutual TLS); auth_token_file: every call must carry the metadata
//                "authorization: Bearer <token>", compared in constant time, else UNAUTHENTICATED
//                (the token needs TLS: gRPC sends call credentials only over a secure channel,
//                and a token in plaintext could be read on the way).
//   plain TCP    only on a loopback address (127.0.0.0/8, ::1, localhost), unless
//                allow_insecure_tcp = true: anyone who reaches it could submit proofs.
#pragma once

#include <grpcpp/security/server_credentials.h>

#include <memory>
#include <string>
#include <string_view>

namespace cuzk::server {

struct AccessOptions {
  std::string tls_cert;         // PEM certificate chain; with tls_key: the listener speaks TLS
  std::string tls_key;          // PEM private key of the certificate
  std::string tls_client_ca;    // PEM CA bundle: require client certificates it signed
  std::string auth_token_file;  // the bearer token (surrounding whitespace trimmed)
  bool allow_insecure_tcp = false;

  bool tls() const { return !tls_cert.empty() || !tls_key.empty(); }
  bool any_set() const { return tls() || !tls_client_ca.empty() || !auth_token_file.empty(); }
};

struct ListenerCredentials {
  std::shared_ptr<grpc::ServerCredentials> credentials;
  std::string description;  // for the start-up log line: "TLS, client certificates, bearer token"
};

// The credentials of a listener on `listen` ("unix:///path" or "host:port"), with the files read.
// Throws std::runtime_error, naming the key, for a combination the rules above refuse, a file that
// cannot be read or a token that is unusable.
ListenerCredentials listener_credentials(const std::string& listen, const AccessOptions& options);

// Whether a TCP listen address names only loopback interfaces ("127.0.0.1:9820", "[::1]:0",
// "localhost:9820"). "0.0.0.0", "[::]", an empty host or any name but localhost: false.
bool is_loopback_listen(std::string_view listen);

// Equality whose running time does not depend on where the two differ (only on expected's size).
bool same_secret(std::string_view expected, std::string_view given);

// The text of a PEM file. Throws std::runtime_error (prefixed with `what`, e.g. "[daemon]
// tls_cert") when it cannot be read or holds no "-----BEGIN" block.
std::string read_pem_file(const std::string& path, std::string_view what);

// The token in `path`: its text with surrounding whitespace trimmed. Throws std::runtime_error
// (prefixed with `what`) when it cannot be read, is empty, shorter than 16 characters, or holds
// characters a header value cannot carry.
std::string read_token_file(const std::string& path, std::string_view what);

}  // namespace cuzk::server
