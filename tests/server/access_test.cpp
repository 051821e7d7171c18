// Access to the gRPC listener (server/access.hpp, server/client_credentials.hpp): TLS with a
// bearer token and with client certificates on 127.0.0.1, checked with GetStatus from clients
// with and without each credential; the loopback rule for plaintext TCP; refused combinations.
// The certificates are made per test process by certs/make_test_certs.sh (openssl CLI; the tests
// skip without it).
#include "server/access.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>

#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine_fixture.hpp"
#include "server/client_credentials.hpp"
#include "server/grpc_server.hpp"

namespace cuzk::server {
namespace {

using engine::testing::shared_param_dir;
using engine::testing::TempDir;
using engine::testing::test_engine_options;
using engine::testing::TestJobs;

constexpr const char* kToken = "0123456789abcdef-the-right-token";

// The test PKI and token files, made once per process; empty when openssl is missing.
const std::string& pki_dir() {
  static TempDir dir("pki");
  static const std::string path = [] {
    const std::string script = std::string(CUZK_TESTS_DIR) + "/server/certs/make_test_certs.sh";
    if (std::system((script + " " + dir.str() + " >/dev/null 2>&1").c_str()) != 0) {
      return std::string();
    }
    std::ofstream(dir.str() + "/token") << kToken << "\n";
    std::ofstream(dir.str() + "/wrong-token") << "0123456789abcdef-a-wrong-token!!\n";
    return dir.str();
  }();
  return path;
}

std::string pki(const std::string& name) {
  return pki_dir() + "/" + name;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// GetStatus through a channel with these credentials (a 10 s deadline: a refused handshake fails
// fast, but must not hang the test).
grpc::Status get_status(const std::string& address, const ClientAccess& access) {
  auto stub = v1::ProvingEngine::NewStub(grpc::CreateChannel(address, channel_credentials(access)));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  v1::GetStatusResponse response;
  return stub->GetStatus(&context, v1::GetStatusRequest(), &response);
}

class AccessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (pki_dir().empty()) GTEST_SKIP() << "openssl could not make the test certificates";
    engine_ =
        std::make_unique<engine::Engine>(test_engine_options(shared_param_dir()), jobs_.factory());
  }
  // A server on 127.0.0.1 with TLS and whatever else `access` adds.
  std::unique_ptr<GrpcServer> tls_server(AccessOptions access) {
    access.tls_cert = pki("server.pem");
    access.tls_key = pki("server.key");
    return std::make_unique<GrpcServer>(*engine_, "127.0.0.1:0", kDefaultMaxRequestBytes, access);
  }
  std::string start_error(const std::string& listen, const AccessOptions& access) {
    try {
      GrpcServer server(*engine_, listen, kDefaultMaxRequestBytes, access);
    } catch (const std::exception& e) {
      return e.what();
    }
    return "";
  }

  TestJobs jobs_;
  std::unique_ptr<engine::Engine> engine_;
};

TEST_F(AccessTest, TlsAndTokenAreBothNeeded) {
  AccessOptions access;
  access.auth_token_file = pki("token");
  auto server = tls_server(access);
  const std::string& address = server->address();

  const grpc::Status plaintext = get_status(address, {});
  EXPECT_FALSE(plaintext.ok());
  EXPECT_NE(plaintext.error_code(), grpc::StatusCode::UNAUTHENTICATED);

  ClientAccess tls_only;
  tls_only.tls_ca = pki("ca.pem");
  const grpc::Status no_token = get_status(address, tls_only);
  EXPECT_EQ(no_token.error_code(), grpc::StatusCode::UNAUTHENTICATED) << no_token.error_message();
  EXPECT_TRUE(contains(no_token.error_message(), "missing bearer token"));

  ClientAccess wrong = tls_only;
  wrong.token_file = pki("wrong-token");
  const grpc::Status wrong_token = get_status(address, wrong);
  EXPECT_EQ(wrong_token.error_code(), grpc::StatusCode::UNAUTHENTICATED)
      << wrong_token.error_message();
  EXPECT_TRUE(contains(wrong_token.error_message(), "wrong bearer token"));

  ClientAccess both = tls_only;
  both.token_file = pki("token");
  const grpc::Status ok = get_status(address, both);
  EXPECT_TRUE(ok.ok()) << ok.error_code() << ": " << ok.error_message();

  // A client that trusts another CA does not talk to this server at all.
  ClientAccess other_ca = both;
  other_ca.tls_ca = pki("other-ca.pem");
  EXPECT_FALSE(get_status(address, other_ca).ok());
}

TEST_F(AccessTest, ClientCertificatesAreRequiredWithTlsClientCa) {
  AccessOptions access;
  access.tls_client_ca = pki("ca.pem");
  auto server = tls_server(access);
  ClientAccess anonymous;
  anonymous.tls_ca = pki("ca.pem");
  EXPECT_FALSE(get_status(server->address(), anonymous).ok());

  ClientAccess with_cert = anonymous;
  with_cert.tls_cert = pki("client.pem");
  with_cert.tls_key = pki("client.key");
  const grpc::Status ok = get_status(server->address(), with_cert);
  EXPECT_TRUE(ok.ok()) << ok.error_code() << ": " << ok.error_message();

  // A CA that did not sign the client's certificate refuses it.
  access.tls_client_ca = pki("other-ca.pem");
  auto strict = tls_server(access);
  EXPECT_FALSE(get_status(strict->address(), with_cert).ok());
}

TEST_F(AccessTest, PlaintextTcpOnlyOnLoopbackUnlessAllowed) {
  const std::string refused = start_error("0.0.0.0:0", {});
  EXPECT_TRUE(contains(refused, "listen 0.0.0.0:0: plaintext gRPC on a non-loopback address"))
      << refused;
  EXPECT_TRUE(contains(refused, "allow_insecure_tcp")) << refused;

  AccessOptions allowed;
  allowed.allow_insecure_tcp = true;
  EXPECT_EQ(start_error("0.0.0.0:0", allowed), "");

  GrpcServer loopback(*engine_, "127.0.0.1:0");
  const grpc::Status ok = get_status(loopback.address(), {});
  EXPECT_TRUE(ok.ok()) << ok.error_code() << ": " << ok.error_message();
}

TEST_F(AccessTest, RefusedCombinationsAndFilesNameTheKey) {
  AccessOptions token_only;
  token_only.auth_token_file = pki("token");
  EXPECT_TRUE(contains(start_error("127.0.0.1:0", token_only), "need tls_cert and tls_key"));

  AccessOptions tls;
  tls.tls_cert = pki("server.pem");
  tls.tls_key = pki("server.key");
  const std::string on_unix = start_error("unix://" + pki_dir() + "/cuzk.sock", tls);
  EXPECT_TRUE(contains(on_unix, "apply to TCP listeners")) << on_unix;

  AccessOptions missing = tls;
  missing.tls_cert = pki("nothing.pem");
  const std::string unreadable = start_error("127.0.0.1:0", missing);
  EXPECT_TRUE(contains(unreadable, "[daemon] tls_cert: " + pki("nothing.pem") + ": cannot be read"))
      << unreadable;

  AccessOptions not_pem = tls;
  not_pem.tls_client_ca = pki("token");
  EXPECT_TRUE(contains(start_error("127.0.0.1:0", not_pem), "[daemon] tls_client_ca"));

  std::ofstream(pki("short-token")) << "short\n";
  AccessOptions short_token = tls;
  short_token.auth_token_file = pki("short-token");
  const std::string too_short = start_error("127.0.0.1:0", short_token);
  EXPECT_TRUE(contains(too_short, "fewer than 16")) << too_short;

  ClientAccess client_token_only;
  client_token_only.token_file = pki("token");
  EXPECT_THROW(channel_credentials(client_token_only), std::runtime_error);
}

TEST(Access, LoopbackAddresses) {
  for (const char* yes :
       {"127.0.0.1:9820", "127.1.2.3:0", "[::1]:9820", "localhost:9820", "[::ffff:127.0.0.1]:1"}) {
    EXPECT_TRUE(is_loopback_listen(yes)) << yes;
  }
  for (const char* no : {"0.0.0.0:9820", "[::]:9820", ":9820", "10.0.0.5:9820", "prover1:9820",
                         "128.0.0.1:1", "[::2]:1", "[::1:9820"}) {
    EXPECT_FALSE(is_loopback_listen(no)) << no;
  }
}

TEST(Access, SameSecret) {
  EXPECT_TRUE(same_secret("Bearer abc", "Bearer abc"));
  EXPECT_FALSE(same_secret("Bearer abc", "Bearer abd"));
  EXPECT_FALSE(same_secret("Bearer abc", "Bearer ab"));
  EXPECT_FALSE(same_secret("Bearer abc", "Bearer abcd"));
  EXPECT_FALSE(same_secret("Bearer abc", ""));
  EXPECT_TRUE(same_secret("", ""));
}

TEST(Access, TokenFileIsTrimmedAndChecked) {
  TempDir dir("token");
  const std::string path = dir.str() + "/t";
  std::ofstream(path) << "  \n0123456789abcdef0123\r\n\n";
  EXPECT_EQ(read_token_file(path, "key"), "0123456789abcdef0123");
  std::ofstream(path) << "0123456789 abcdef0123\n";
  EXPECT_THROW(read_token_file(path, "key"), std::runtime_error);
  std::ofstream(path) << "\n\n";
  EXPECT_THROW(read_token_file(path, "key"), std::runtime_error);
  EXPECT_THROW(read_token_file(dir.str() + "/none", "key"), std::runtime_error);
}

}  // namespace
}  // namespace cuzk::server
