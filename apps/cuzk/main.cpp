// cuzk: the persistent Groth16 proving daemon. Parse the command line and the config file, build
// the engine and the servers, wait for SIGTERM / SIGINT, then drain: stop accepting, give
// in-flight proofs [daemon] shutdown_grace to finish, cancel the rest, exit 0.
//
//   cuzk --config /etc/cuzk/cuzk.toml [--listen ADDR] [--status-listen ADDR]
//        [--param-cache DIR] [--log-level LEVEL] [--print-config]
// --print-config prints the effective configuration (every key, its value and where it came
// from: default, file, command line, or an auto rule) and exits.
#include <malloc.h>
#include <pthread.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <csignal>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/config.hpp"
#include "engine/config_auto.hpp"
#include "engine/daemon_engine.hpp"
#include "engine/logging.hpp"
#include "server/grpc_server.hpp"
#include "server/http_status.hpp"

namespace {

struct Overrides {
  std::string config, listen, status_listen, param_cache, log_level;
  bool print_config = false;
};

// The command line's overrides, recorded as such for --print-config.
void apply_overrides(const Overrides& o, cuzk::engine::Config& config) {
  auto set = [&](const std::string& value, std::string& field, const char* key) {
    if (value.empty()) return;
    field = value;
    config.origins[key] = {cuzk::engine::Origin::kCommandLine, ""};
  };
  set(o.listen, config.daemon.listen, "daemon.listen");
  set(o.status_listen, config.daemon.status_listen, "daemon.status_listen");
  set(o.param_cache, config.srs.param_cache, "srs.param_cache");
  set(o.log_level, config.logging.level, "logging.level");
}

// The values the host decides, on one line (`cuzk --print-config` shows every key and why).
void log_choices(const cuzk::engine::Config& c, const cuzk::engine::HostFacts& host) {
  spdlog::info(
      "config: {} cores, {:.1f} GiB, {} usable GPU(s): host_copy {}, cpu_fallback {}, "
      "precompiled {}, synthesis threads {}, lookahead {}, memory budget {:.1f} GiB",
      host.cores, double(host.memory_bytes) / double(1ull << 30), host.gpus.size(),
      *c.srs.host_copy, *c.gpus.cpu_fallback, *c.synthesis.precompiled, c.synthesis.threads,
      *c.pipeline.synthesis_lookahead, double(*c.memory.total_budget) / double(1ull << 30));
}

// [srs] preload: the parameter sets loaded one after the other once the daemon serves (a proof
// that needs one meanwhile waits for it, as on first use), each beside its precompiled circuit's
// cache file when synthesis is precompiled (the engine's preload companion, which PreloadSRS
// calls get too). A set that cannot be loaded is logged; the daemon goes on serving the others.
void preload_sets(cuzk::engine::Engine& engine, const std::vector<std::string>& circuits) {
  for (const auto& circuit : circuits) {
    spdlog::info("preload {}: loading", circuit);
    auto loaded = engine.preload_srs(circuit);
    if (!loaded && loaded.code() == cuzk::engine::SrsError::kStopped) return;
    if (!loaded) {
      spdlog::error("preload {}: {}", circuit, loaded.error().message);
    } else {
      spdlog::info("preload {}: {} ({:.0f} ms)", circuit,
                   loaded->already_loaded ? "already loaded" : "loaded", loaded->load_ms);
    }
  }
}

// SIGINT and SIGTERM are blocked in every thread and taken synchronously by sigwait in main.
sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

// glibc raises its mmap threshold (up to 32 MiB) each time a large block is freed; after that, a
// proof's multi-megabyte vectors come from per-thread heap arenas and stay in the process after
// the proof (measured: +25-30 MB of RSS per proof with two proofs at a time, growing without
// bound). A fixed threshold keeps every block above it in its own mapping, returned on free.
constexpr int kMmapThresholdBytes = 4 << 20;

int run(const Overrides& o) {
  mallopt(M_MMAP_THRESHOLD, kMmapThresholdBytes);
  cuzk::engine::Config config;
  if (!o.config.empty()) {
    auto loaded = cuzk::engine::load_config(o.config);
    if (!loaded) {
      std::cerr << loaded.error().message << "\n";
      return 2;
    }
    config = std::move(loaded).value();
  }
  apply_overrides(o, config);
  const cuzk::engine::HostFacts host = cuzk::engine::probe_host(config);
  config = cuzk::engine::resolve_auto(config, host);
  if (o.print_config) {
    std::cout << cuzk::engine::render_effective_config(config, host);
    return 0;
  }
  if (auto error = cuzk::engine::setup_logging(config.logging.level, config.logging.format)) {
    std::cerr << "error: " << *error << "\n";
    return 2;
  }
  for (const auto& w : config.warnings) spdlog::warn("config: {}", w);
  log_choices(config, host);

  const sigset_t signals = stop_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // before any thread starts

  cuzk::engine::DaemonEngine daemon(config);
  cuzk::engine::Engine& engine = daemon.engine();
  std::optional<cuzk::server::GrpcServer> grpc;
  std::optional<cuzk::server::HttpStatusServer> http;
  try {
    const auto& d = config.daemon;
    grpc.emplace(engine, d.listen, int(d.max_message_size),
                 cuzk::server::AccessOptions{d.tls_cert, d.tls_key, d.tls_client_ca,
                                             d.auth_token_file, d.allow_insecure_tcp});
    if (!config.daemon.status_listen.empty()) http.emplace(engine, config.daemon.status_listen);
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
  spdlog::info("cuzk ready");
  std::thread preloader(preload_sets, std::ref(engine), config.srs.preload);

  int signal = 0;
  sigwait(&signals, &signal);
  spdlog::info("received {}: stopping (grace {} ms)", signal == SIGINT ? "SIGINT" : "SIGTERM",
               config.daemon.shutdown_grace.count());
  // The gRPC server stops accepting at once; calls waiting on proofs return when the engine has
  // finished or cancelled them.
  const auto grace = config.daemon.shutdown_grace;
  std::thread stop_grpc(
      [&] { grpc->shutdown(std::chrono::system_clock::now() + grace + std::chrono::seconds(5)); });
  engine.shutdown(grace);
  preloader.join();  // a load in progress ends with the engine
  stop_grpc.join();
  if (http) http->stop();
  spdlog::info("cuzk stopped");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"cuzk: persistent Groth16 proving daemon for Filecoin (gRPC cuzk.v1.ProvingEngine)"};
  Overrides o;
  app.add_option("--config", o.config, "TOML config file (see cuzk.example.toml)")
      ->check(CLI::ExistingFile);
  app.add_option("--listen", o.listen,
                 "gRPC address: host:port or unix:///path (overrides [daemon] listen)");
  app.add_option("--status-listen", o.status_listen,
                 "HTTP /metrics and /status address host:port (overrides [daemon] status_listen)");
  app.add_option("--param-cache", o.param_cache,
                 "Groth16 parameter directory (overrides [srs] param_cache)");
  app.add_option("--log-level", o.log_level,
                 "trace, debug, info, warn, error (overrides [logging] level)");
  app.add_flag("--print-config", o.print_config,
               "print the effective configuration (each value's origin: default, file, command "
               "line or auto) and exit");
  CLI11_PARSE(app, argc, argv);
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
