// GET /metrics and GET /status over HTTP (see http_status.hpp).
#include "server/http_status.hpp"

#include <httplib.h>
#include <spdlog/spdlog.h>

#include <stdexcept>

#include "server/status_json.hpp"

namespace cuzk::server {

HttpStatusServer::HttpStatusServer(engine::Engine& engine, const std::string& listen)
    : server_(std::make_unique<httplib::Server>()) {
  const auto colon = listen.rfind(':');
  if (colon == std::string::npos) {
    throw std::runtime_error("status_listen: expected host:port, got \"" + listen + "\"");
  }
  const std::string host = listen.substr(0, colon);
  int port = 0;
  try {
    port = std::stoi(listen.substr(colon + 1));
  } catch (const std::exception&) {
    throw std::runtime_error("status_listen: bad port in \"" + listen + "\"");
  }
  server_->Get("/metrics", [&engine](const httplib::Request&, httplib::Response& res) {
    res.set_content(engine.metrics_text(), "text/plain; version=0.0.4; charset=utf-8");
  });
  server_->Get("/status", [&engine](const httplib::Request&, httplib::Response& res) {
    res.set_content(status_json(engine.status()), "application/json");
  });
  port_ =
      port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
  if (port_ <= 0) throw std::runtime_error("status_listen: cannot bind " + listen);
  thread_ = std::thread([this] { server_->listen_after_bind(); });
  spdlog::info("HTTP status on {}:{} (GET /metrics, GET /status)", host, port_);
}

HttpStatusServer::~HttpStatusServer() {
  stop();
}

void HttpStatusServer::stop() {
  if (!thread_.joinable()) return;
  server_->stop();
  thread_.join();
}

}  // namespace cuzk::server
