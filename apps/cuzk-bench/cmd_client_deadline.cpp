// cuzk-bench deadline: what deadline proofs (WinningPoSt CRITICAL, WindowPoSt HIGH) get while
// PoRep C2s keep the prover busy, against the same proofs alone, and the C2 throughput with and
// without them.
//   deadline --addr ADDR --c1 FILE --winning REQUEST.json [--window REQUEST.json] [--queue 4]
//            [--every 10s] [--duration 120s] [--phases alone,c2,mixed] [--params-dir DIR]
//            [--miner-id M] [--in-process]
// Phases, each --duration long, one after the other:
//   alone  a WinningPoSt (and a WindowPoSt partition, with --window) every --every seconds, the
//          first half a period in, each Prove on its own thread (they overlap if they must)
//   c2     --queue PoRep C2s in flight all the time (a client thread each, Prove after Prove)
//   mixed  both at once
// Each phase ends when its last proof does (nothing new starts after --duration). Per phase and
// kind: proofs, the daemon's job total (submit to verified proof) and the client's round trip,
// p50 / p99 / max, and for C2s the steady-state rate (completions between the first and the last
// one, per minute). Then the mixed phase's C2 rate as a fraction of the c2 phase's. With
// --params-dir every proof is verified against its .vk. Exit 1 when a proof failed or is invalid.
// --in-process proves in this process (the daemon's default configuration, parameters from
// --params-dir) instead of a daemon.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "job_sources.hpp"
#include "server/client.hpp"
#include "util/latency.hpp"

namespace cuzk::bench {
namespace deadline_scenario {  // named: the unity build puts the commands in one file

using Clock = std::chrono::steady_clock;

struct Sample {
  double total_ms = 0, round_trip_ms = 0;
  Clock::time_point ended;
};

struct Tally {
  std::vector<Sample> samples;  // completed (and valid when verified)
  size_t failed = 0, invalid = 0;
};

class DeadlineRun {
 public:
  DeadlineRun(server::Prover& prover, std::vector<JobSource> kinds, unsigned queue, double every_s,
              double duration_s)
      : prover_(prover),
        kinds_(std::move(kinds)),
        queue_(queue),
        every_s_(every_s),
        duration_s_(duration_s) {}

  // kinds_[0] is the C2 source, the others deadline sources. Returns the tallies by kind index.
  std::map<size_t, Tally> run_phase(bool c2s, bool deadline) {
    tallies_.clear();
    const auto end = Clock::now() + seconds(duration_s_);
    std::vector<std::thread> threads;
    if (c2s) {
      for (unsigned i = 0; i < queue_; ++i) {
        threads.emplace_back([this, end] {
          while (Clock::now() < end) prove(0);
        });
      }
    }
    if (deadline) {
      for (auto due = Clock::now() + seconds(every_s_ / 2); due < end; due += seconds(every_s_)) {
        std::this_thread::sleep_until(due);
        for (size_t k = 1; k < kinds_.size(); ++k) threads.emplace_back([this, k] { prove(k); });
      }
    }
    for (auto& t : threads) t.join();
    return tallies_;
  }

 private:
  static Clock::duration seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  }

  void prove(size_t kind) {
    v1::SubmitProofRequest request = kinds_[kind].requests.front();
    {
      std::lock_guard lock(mutex_);
      request.set_request_id("deadline-" + std::to_string(::getpid()) + "-" +
                             std::to_string(next_id_++));
    }
    v1::AwaitProofResponse result;
    const auto started = Clock::now();
    const grpc::Status status = prover_.prove(request, &result);
    const auto ended = Clock::now();
    std::string error =
        !status.ok() ? "Prove: " + server::describe(status)
        : result.status() != v1::AwaitProofResponse::COMPLETED
            ? v1::AwaitProofResponse::Status_Name(result.status()) + ": " + result.error_message()
            : "";
    const bool checked = error.empty() && kinds_[kind].verify;
    if (checked) error = kinds_[kind].verify(request, result.proof());
    std::lock_guard lock(mutex_);
    Tally& tally = tallies_[kind];
    if (!error.empty()) {
      ++(checked ? tally.invalid : tally.failed);
      std::fprintf(stderr, "deadline: %s: %s\n", kinds_[kind].label.c_str(), error.c_str());
      return;
    }
    tally.samples.push_back({double(result.total_ms()),
                             std::chrono::duration<double, std::milli>(ended - started).count(),
                             ended});
  }

  server::Prover& prover_;
  const std::vector<JobSource> kinds_;
  const unsigned queue_;
  const double every_s_, duration_s_;
  std::mutex mutex_;
  uint64_t next_id_ = 0;
  std::map<size_t, Tally> tallies_;
};

// C2 completions per minute between the first and the last completion (0 for fewer than two).
double steady_rate(const Tally& t) {
  if (t.samples.size() < 2) return 0;
  auto first = t.samples.front().ended, last = first;
  for (const auto& s : t.samples) {
    first = std::min(first, s.ended);
    last = std::max(last, s.ended);
  }
  const double minutes = std::chrono::duration<double>(last - first).count() / 60;
  return minutes > 0 ? double(t.samples.size() - 1) / minutes : 0;
}

void print_row(const std::string& phase, const std::string& label, const Tally& t) {
  std::vector<double> totals, trips;
  for (const auto& s : t.samples) {
    totals.push_back(s.total_ms);
    trips.push_back(s.round_trip_ms);
  }
  const auto a = summarize_latencies(totals), b = summarize_latencies(trips);
  std::printf("%-6s %-44s %6zu %6zu %8.0f %8.0f %8.0f %8.0f %8.0f %8.0f\n", phase.c_str(),
              label.c_str(), t.samples.size(), t.failed + t.invalid, a.p50, a.p99, a.max, b.p50,
              b.p99, b.max);
}

}  // namespace deadline_scenario

void add_client_deadline_command(CLI::App& app) {
  struct Options {
    std::string addr = "unix:///run/curio/cuzk.sock";
    std::string c1, winning, window, params_dir, phases = "alone,c2,mixed";
    unsigned queue = 4;
    double every_s = 10, duration_s = 120;
    uint64_t miner_id = server::kTestMinerId;
    bool in_process = false;
  };
  auto opt = std::make_shared<Options>();
  const CLI::AsNumberWithUnit time_units(
      std::map<std::string, double>{{"s", 1}, {"m", 60}, {"h", 3600}});
  auto* cmd = app.add_subcommand(
      "deadline", "Deadline proofs' latency while C2s keep the prover busy, and the C2 rate");
  cmd->add_option("--addr", opt->addr, "Daemon address")->capture_default_str();
  cmd->add_option("--c1", opt->c1, "PoRep C1 or Curio envelope of the C2s")->required();
  cmd->add_option("--winning", opt->winning, "gen-vanilla WinningPoSt request.json")->required();
  cmd->add_option("--window", opt->window, "gen-vanilla WindowPoSt request.json (partition 0)");
  cmd->add_option("--queue", opt->queue, "C2s in flight all the time")
      ->check(CLI::Range(1u, 64u))
      ->capture_default_str();
  cmd->add_option("--every", opt->every_s, "A deadline proof (of each kind) this often")
      ->transform(time_units)
      ->capture_default_str();
  cmd->add_option("--duration", opt->duration_s, "Length of each phase")
      ->transform(time_units)
      ->capture_default_str();
  cmd->add_option("--phases", opt->phases, "Any of alone, c2, mixed, comma-separated")
      ->capture_default_str();
  cmd->add_option("--miner-id", opt->miner_id, "PoRep: miner actor id");
  cmd->add_option("--params-dir", opt->params_dir, "Verify every proof with the .vk found here");
  cmd->add_flag("--in-process", opt->in_process,
                "Prove in this process (parameters from --params-dir), no daemon");
  cmd->callback([opt] {
    if (opt->in_process && opt->params_dir.empty())
      throw std::runtime_error("--in-process needs --params-dir");
    std::vector<JobSource> kinds = {porep_job_source(opt->c1, opt->miner_id, opt->params_dir),
                                    vanilla_job_source(opt->winning, opt->params_dir)};
    if (!opt->window.empty()) kinds.push_back(vanilla_job_source(opt->window, opt->params_dir));
    std::vector<std::string> labels;
    for (const auto& k : kinds) labels.push_back(k.label);
    auto prover = opt->in_process ? server::in_process_prover(opt->params_dir)
                                  : server::daemon_prover(opt->addr);
    deadline_scenario::DeadlineRun run(*prover, std::move(kinds), opt->queue, opt->every_s,
                                       opt->duration_s);

    std::printf("%-6s %-44s %6s %6s %8s %8s %8s %8s %8s %8s\n", "phase", "kind", "proofs", "bad",
                "total50", "total99", "totalmax", "trip50", "trip99", "tripmax");
    std::map<std::string, double> c2_rate;
    bool ok = true;
    std::stringstream phases(opt->phases);
    for (std::string phase; std::getline(phases, phase, ',');) {
      if (phase != "alone" && phase != "c2" && phase != "mixed")
        throw std::runtime_error("--phases: unknown phase \"" + phase + "\"");
      std::fprintf(stderr, "deadline: phase %s, %.0f s\n", phase.c_str(), opt->duration_s);
      const auto tallies = run.run_phase(phase != "alone", phase != "c2");
      for (const auto& [kind, tally] : tallies) {
        deadline_scenario::print_row(phase, labels[kind], tally);
        ok = ok && tally.failed == 0 && tally.invalid == 0;
        if (kind == 0) c2_rate[phase] = deadline_scenario::steady_rate(tally);
      }
      std::fflush(stdout);
    }
    for (const auto& [phase, rate] : c2_rate) {
      std::printf("C2s per minute (%s): %.2f\n", phase.c_str(), rate);
    }
    if (c2_rate.count("c2") && c2_rate.count("mixed") && c2_rate["c2"] > 0) {
      std::printf("C2 rate with deadline proofs: %.1f %% of without\n",
                  100 * c2_rate["mixed"] / c2_rate["c2"]);
    }
    if (!ok) throw CLI::RuntimeError(1);
  });
}

}  // namespace cuzk::bench
