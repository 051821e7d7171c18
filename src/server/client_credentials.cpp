// Channel credentials from --tls-ca / --tls-cert / --tls-key / --token-file (see
// client_credentials.hpp).
#include "server/client_credentials.hpp"

#include <stdexcept>

#include "server/access.hpp"

namespace cuzk::server {
namespace {

// Adds the bearer token to every call's metadata.
class BearerToken final : public grpc::MetadataCredentialsPlugin {
 public:
  explicit BearerToken(std::string token) : header_("Bearer " + std::move(token)) {}
  bool IsBlocking() const override { return false; }
  grpc::Status GetMetadata(grpc::string_ref, grpc::string_ref, const grpc::AuthContext&,
                           std::multimap<std::string, std::string>* metadata) override {
    metadata->emplace("authorization", header_);
    return grpc::Status::OK;
  }

 private:
  const std::string header_;
};

}  // namespace

std::shared_ptr<grpc::ChannelCredentials> channel_credentials(const ClientAccess& access) {
  if (!access.tls()) {
    if (!access.token_file.empty()) {
      throw std::runtime_error(
          "--token-file: needs --tls-ca (a bearer token is sent only over "
          "TLS)");
    }
    return grpc::InsecureChannelCredentials();
  }
  if (access.tls_cert.empty() != access.tls_key.empty()) {
    throw std::runtime_error(
        "--tls-cert and --tls-key: give both (the client certificate and "
        "its key) or neither");
  }
  grpc::SslCredentialsOptions ssl;
  if (!access.tls_ca.empty()) ssl.pem_root_certs = read_pem_file(access.tls_ca, "--tls-ca");
  if (!access.tls_cert.empty()) {
    ssl.pem_cert_chain = read_pem_file(access.tls_cert, "--tls-cert");
    ssl.pem_private_key = read_pem_file(access.tls_key, "--tls-key");
  }
  auto credentials = grpc::SslCredentials(ssl);
  if (access.token_file.empty()) return credentials;
  return grpc::CompositeChannelCredentials(
      credentials, grpc::MetadataCredentialsFromPlugin(std::make_unique<BearerToken>(
                       read_token_file(access.token_file, "--token-file"))));
}

ClientAccess& client_access() {
  static ClientAccess access;
  return access;
}

}  // namespace cuzk::server
