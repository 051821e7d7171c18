// cuzk-bench batch: throughput and latency of a running daemon.
//   batch --addr ADDR --c1 c1.json --count N -j J [--miner-id M] [--priority P]
// Submits the same C1 N times under distinct request ids from J concurrent clients (each a Prove
// call, as Curio does), draws a progress bar on stderr, then prints throughput (proofs/min),
// client-side latency percentiles (nearest rank) and the daemon's mean phase timings. Exit 1 when
// any proof did not complete. --in-process --params-dir DIR runs the engine in this process.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "server/client.hpp"
#include "util/latency.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::bench {
namespace {

void draw_progress(size_t done, size_t failed, size_t total, double seconds) {
  constexpr int kWidth = 40;
  const int filled = total ? int(kWidth * done / total) : kWidth;
  std::cerr << "\r[" << std::string(size_t(filled), '#')
            << std::string(size_t(kWidth - filled), '.') << "] " << done << "/" << total << " ("
            << failed << " failed) " << int(seconds) << " s" << std::flush;
}

}  // namespace

void add_client_batch_command(CLI::App& app) {
  struct Options {
    std::string addr = "unix:///run/curio/cuzk.sock";
    std::string c1, priority;
    size_t count = 10;
    unsigned jobs = 1;
    uint64_t miner_id = server::kTestMinerId;
    std::optional<uint64_t> sector_number;
    std::string params_dir;
    bool in_process = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("batch", "Throughput and latency: N proofs, J concurrent clients");
  cmd->add_option("--addr", opt->addr, "Daemon address")->capture_default_str();
  cmd->add_option("--c1", opt->c1, "C1 output: JSON or Curio envelope")->required();
  cmd->add_option("--count", opt->count, "Proofs to submit")->capture_default_str();
  cmd->add_option("-j,--concurrency", opt->jobs, "Concurrent clients")->capture_default_str();
  cmd->add_option("--miner-id", opt->miner_id, "Miner actor id")->capture_default_str();
  cmd->add_option("--sector-number", opt->sector_number, "Sector number");
  cmd->add_option("--priority", opt->priority, "low, normal, high or critical");
  cmd->add_flag("--in-process", opt->in_process, "Run the engine in this process, no daemon");
  cmd->add_option("--params-dir", opt->params_dir, "Parameters of the in-process engine");
  cmd->callback([opt] {
    auto priority = server::priority_from_name(opt->priority);
    if (!priority) throw std::runtime_error("--priority: unknown \"" + opt->priority + "\"");
    std::ifstream in(opt->c1, std::ios::binary);
    if (!in) throw std::runtime_error(opt->c1 + ": cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    auto base =
        server::make_porep_request(text.str(), {"", opt->miner_id, opt->sector_number, *priority});
    if (!base) throw std::runtime_error(opt->c1 + ": " + base.error().message);
    const std::string prefix =
        "bench-" + std::to_string(::getpid()) + "-" + std::to_string(std::time(nullptr)) + "-";

    if (opt->in_process && opt->params_dir.empty()) {
      throw std::runtime_error("--in-process needs --params-dir");
    }
    auto prover = opt->in_process ? server::in_process_prover(opt->params_dir)
                                  : server::daemon_prover(opt->addr);
    std::atomic<size_t> next{0};
    std::mutex mutex;
    std::vector<double> latencies;
    std::vector<v1::AwaitProofResponse> results;
    size_t failed = 0;
    Stopwatch wall;
    auto client = [&] {
      for (size_t i; (i = next++) < opt->count;) {
        v1::SubmitProofRequest request = *base;
        request.set_request_id(prefix + std::to_string(i));
        v1::AwaitProofResponse result;
        Stopwatch sw;
        auto status = prover->prove(request, &result);
        const double ms = sw.total_ms();
        std::lock_guard lock(mutex);
        const bool ok = status.ok() && result.status() == v1::AwaitProofResponse::COMPLETED;
        if (ok) {
          latencies.push_back(ms);
          results.push_back(std::move(result));
        } else {
          ++failed;
          std::cerr << "\nproof " << i << ": "
                    << (status.ok() ? result.error_message() : server::describe(status)) << "\n";
        }
        draw_progress(latencies.size() + failed, failed, opt->count, wall.total_ms() / 1000);
      }
    };
    std::vector<std::thread> clients;
    for (unsigned t = 0; t < std::max(1u, opt->jobs); ++t) clients.emplace_back(client);
    for (auto& t : clients) t.join();
    const double seconds = wall.total_ms() / 1000;
    std::cerr << "\n";

    double queue = 0, synthesis = 0, prove = 0;
    for (const auto& r : results) {
      queue += double(r.queue_wait_ms());
      synthesis += double(r.synthesis_ms());
      prove += double(r.gpu_compute_ms());
    }
    const double n = std::max<double>(1, double(results.size()));
    std::printf("batch: %zu completed, %zu failed in %.1f s: %.2f proofs/min (concurrency %u)\n",
                results.size(), failed, seconds, double(results.size()) / seconds * 60, opt->jobs);
    const auto latency = summarize_latencies(std::move(latencies));
    std::printf("latency ms: p50 %.0f  p90 %.0f  p99 %.0f  max %.0f\n", latency.p50, latency.p90,
                latency.p99, latency.max);
    std::printf("daemon mean ms: queue %.0f  synthesis %.0f  prove %.0f\n", queue / n,
                synthesis / n, prove / n);
    if (failed > 0) throw CLI::RuntimeError(1);
  });
}

}  // namespace cuzk::bench
