// HttpStatusServer: the daemon's plain-HTTP side door on [daemon] status_listen ("host:port";
// port 0 picks a free one), served by cpp-httplib on its own threads:
//   GET /metrics   Prometheus text exposition (the same text as the GetMetrics RPC)
//   GET /status    the engine status as JSON (status_json.hpp)
// Anything else is 404. Read-only; it never blocks the engine beyond a status snapshot.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "engine/engine.hpp"

namespace httplib {
class Server;
}

namespace cuzk::server {

class HttpStatusServer {
 public:
  // Throws std::runtime_error when the address is malformed or cannot be bound.
  HttpStatusServer(engine::Engine& engine, const std::string& listen);
  ~HttpStatusServer();
  HttpStatusServer(const HttpStatusServer&) = delete;
  HttpStatusServer& operator=(const HttpStatusServer&) = delete;

  int port() const { return port_; }
  void stop();

 private:
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
};

}  // namespace cuzk::server
