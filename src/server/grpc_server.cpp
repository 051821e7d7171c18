// The daemon's gRPC endpoint (see grpc_server.hpp).
#include "server/grpc_server.hpp"

#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace cuzk::server {
namespace {

constexpr std::string_view kUnixPrefix = "unix://";

std::optional<std::string> unix_path(const std::string& listen) {
  if (listen.rfind(kUnixPrefix, 0) != 0) return std::nullopt;
  return listen.substr(kUnixPrefix.size());
}

}  // namespace

GrpcServer::GrpcServer(engine::Engine& engine, const std::string& listen, int max_request_bytes,
                       const AccessOptions& access)
    : service_(engine) {
  const ListenerCredentials credentials = listener_credentials(listen, access);
  const auto path = unix_path(listen);
  if (path) {
    if (path->empty()) throw std::runtime_error("listen: empty unix socket path in " + listen);
    struct stat st {};
    if (::lstat(path->c_str(), &st) == 0) {
      if (!S_ISSOCK(st.st_mode)) {
        throw std::runtime_error("listen: " + *path + " exists and is not a socket");
      }
      ::unlink(path->c_str());  // stale socket of an earlier run
    }
  }
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort(listen, credentials.credentials, path ? nullptr : &port);
  builder.SetMaxReceiveMessageSize(max_request_bytes);
  builder.SetMaxSendMessageSize(kMaxResponseBytes);
  builder.RegisterService(&service_);
  // The socket is created with mode 0660 from the start (umask), not only after the chmod below.
  const mode_t old_mask = path ? ::umask(0117) : 0;
  server_ = builder.BuildAndStart();
  if (path) ::umask(old_mask);
  if (!server_) {
    throw std::runtime_error("listen: cannot serve gRPC on " + listen +
                             (access.tls() ? " (with TLS: are tls_cert and tls_key a matching "
                                             "PEM certificate chain and key?)"
                                           : ""));
  }
  if (path) {
    if (::chmod(path->c_str(), 0660) != 0) {
      spdlog::warn("chmod 0660 {} failed: {}", *path, std::strerror(errno));
    }
    address_ = listen;
  } else {
    if (port == 0) throw std::runtime_error("listen: cannot bind " + listen);
    address_ = listen.substr(0, listen.rfind(':') + 1) + std::to_string(port);
  }
  spdlog::info("gRPC cuzk.v1.ProvingEngine listening on {} ({}; requests up to {} MiB)", address_,
               credentials.description, max_request_bytes >> 20);
}

GrpcServer::~GrpcServer() {
  shutdown(std::chrono::system_clock::now());
}

void GrpcServer::shutdown(std::chrono::system_clock::time_point deadline) {
  if (!server_) return;
  server_->Shutdown(deadline);
  server_->Wait();
  server_.reset();
  if (auto path = unix_path(address_)) ::unlink(path->c_str());
}

}  // namespace cuzk::server
