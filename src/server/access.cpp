// Listener credentials: TLS, client certificates, bearer token, the loopback rule (see access.hpp).
#include "server/access.hpp"

#include <arpa/inet.h>
#include <grpcpp/security/auth_metadata_processor.h>
#include <netinet/in.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace cuzk::server {
namespace {

constexpr size_t kMinTokenChars = 16;
constexpr std::string_view kBearer = "Bearer ";

[[noreturn]] void fail(std::string_view what, const std::string& message) {
  throw std::runtime_error(std::string(what) + ": " + message);
}

std::string read_file(const std::string& path, std::string_view what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(what, path + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A secret readable by every user of the machine is worth a warning (not an error: the admin may
// have reasons, e.g. a throw-away test setup).
void warn_if_world_readable(const std::string& path, std::string_view what) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && (st.st_mode & S_IROTH)) {
    spdlog::warn("{}: {} is readable by every user (chmod o-r)", what, path);
  }
}

// Checks every call's "authorization" metadata before the call reaches the service.
class BearerTokenCheck final : public grpc::AuthMetadataProcessor {
 public:
  explicit BearerTokenCheck(const std::string& token) : expected_(std::string(kBearer) + token) {}

  bool IsBlocking() const override { return false; }  // a compare: runs on gRPC's own thread

  grpc::Status Process(const InputMetadata& auth_metadata, grpc::AuthContext*,
                       OutputMetadata* consumed_auth_metadata, OutputMetadata*) override {
    auto [first, last] = auth_metadata.equal_range("authorization");
    for (auto it = first; it != last; ++it) {
      const std::string_view given(it->second.data(), it->second.size());
      if (same_secret(expected_, given)) {
        consumed_auth_metadata->emplace("authorization", std::string(given));
        return grpc::Status::OK;
      }
    }
    spdlog::warn("gRPC call refused: {} bearer token", first == last ? "no" : "wrong");
    return {grpc::StatusCode::UNAUTHENTICATED,
            first == last ? "missing bearer token (metadata \"authorization: Bearer <token>\")"
                          : "wrong bearer token"};
  }

 private:
  const std::string expected_;
};

}  // namespace

bool same_secret(std::string_view expected, std::string_view given) {
  unsigned diff = expected.size() == given.size() ? 0 : 1;
  for (size_t i = 0; i < expected.size(); ++i) {
    const char g = i < given.size() ? given[i] : '\0';
    diff |= unsigned(static_cast<unsigned char>(expected[i] ^ g));
  }
  return diff == 0;
}

bool is_loopback_listen(std::string_view listen) {
  std::string host;
  if (!listen.empty() && listen.front() == '[') {
    const size_t close = listen.find(']');
    if (close == std::string_view::npos) return false;
    host = std::string(listen.substr(1, close - 1));
  } else {
    const size_t colon = listen.rfind(':');
    host = std::string(listen.substr(0, colon == std::string_view::npos ? listen.size() : colon));
  }
  if (host == "localhost") return true;
  in_addr v4{};
  if (::inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6{};
  if (::inet_pton(AF_INET6, host.c_str(), &v6) == 1) {
    if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
    return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
  }
  return false;
}

std::string read_pem_file(const std::string& path, std::string_view what) {
  std::string text = read_file(path, what);
  if (text.find("-----BEGIN") == std::string::npos) fail(what, path + ": not a PEM file");
  return text;
}

std::string read_token_file(const std::string& path, std::string_view what) {
  const std::string text = read_file(path, what);
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  const auto begin = std::find_if_not(text.begin(), text.end(), space);
  const auto end =
      std::find_if_not(text.rbegin(), std::string::const_reverse_iterator(begin), space).base();
  std::string token(begin, end);
  if (token.empty()) fail(what, path + ": empty");
  if (!std::all_of(token.begin(), token.end(), [](char c) { return c > ' ' && c < 0x7f; })) {
    fail(what, path + ": the token must be one word of printable ASCII");
  }
  if (token.size() < kMinTokenChars) {
    fail(what, path + ": the token has " + std::to_string(token.size()) +
                   " characters, fewer than " + std::to_string(kMinTokenChars) +
                   " (e.g. `openssl rand -hex 32 > " + path + "`)");
  }
  return token;
}

ListenerCredentials listener_credentials(const std::string& listen, const AccessOptions& options) {
  const bool unix_socket = listen.rfind("unix:", 0) == 0;
  if (unix_socket) {
    if (options.any_set()) {
      fail("listen " + listen,
           "tls_cert, tls_key, tls_client_ca and auth_token_file apply to TCP listeners; the "
           "unix socket is guarded by its mode 0660 (remove them, or listen on host:port)");
    }
    return {grpc::InsecureServerCredentials(), "unix socket, mode 0660"};
  }
  const bool loopback = is_loopback_listen(listen);
  if (!options.tls()) {
    if (!options.tls_client_ca.empty() || !options.auth_token_file.empty()) {
      fail("[daemon] tls_client_ca / auth_token_file", "need tls_cert and tls_key");
    }
    if (!loopback && !options.allow_insecure_tcp) {
      fail("listen " + listen,
           "plaintext gRPC on a non-loopback address would let anyone who reaches it submit "
           "proofs; set [daemon] tls_cert and tls_key (with auth_token_file or tls_client_ca), "
           "listen on 127.0.0.1, or set allow_insecure_tcp = true on a trusted network");
    }
    if (!loopback) spdlog::warn("listen {}: plaintext TCP, allowed by allow_insecure_tcp", listen);
    return {grpc::InsecureServerCredentials(), loopback ? "plaintext, loopback" : "plaintext"};
  }
  if (options.tls_cert.empty()) fail("[daemon] tls_key", "needs tls_cert");
  if (options.tls_key.empty()) fail("[daemon] tls_cert", "needs tls_key");
  const bool client_certs = !options.tls_client_ca.empty();
  grpc::SslServerCredentialsOptions ssl(
      client_certs ? GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY
                   : GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE);
  warn_if_world_readable(options.tls_key, "[daemon] tls_key");
  ssl.pem_key_cert_pairs.push_back({read_pem_file(options.tls_key, "[daemon] tls_key"),
                                    read_pem_file(options.tls_cert, "[daemon] tls_cert")});
  if (client_certs) {
    ssl.pem_root_certs = read_pem_file(options.tls_client_ca, "[daemon] tls_client_ca");
  }
  ListenerCredentials out{grpc::SslServerCredentials(ssl), "TLS"};
  if (client_certs) out.description += ", client certificates";
  if (!options.auth_token_file.empty()) {
    warn_if_world_readable(options.auth_token_file, "[daemon] auth_token_file");
    out.credentials->SetAuthMetadataProcessor(std::make_shared<BearerTokenCheck>(
        read_token_file(options.auth_token_file, "[daemon] auth_token_file")));
    out.description += ", bearer token";
  } else if (!client_certs && !loopback) {
    spdlog::warn(
        "listen {}: TLS without auth_token_file or tls_client_ca: anyone who reaches "
        "it can submit proofs",
        listen);
  }
  return out;
}

}  // namespace cuzk::server
