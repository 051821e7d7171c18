// cuzk-bench stress: mixed proof kinds at given rates against a daemon, for a while, with cancels.
//   stress --addr ADDR [--c1 FILE[:RATE]]... [--vanilla REQUEST.json[:RATE]]... [--duration 60s]
//          [--clients N] [--cancel-fraction F] [--priority-mix low:1,normal:2,high:1]
//          [--miner-id M] [--seed S] [--drain-timeout 10m] [--params-dir DIR] [--in-process]
// Every --c1 (PoRep C1 or Curio envelope) and --vanilla (gen-vanilla request: WinningPoSt,
// WindowPoSt, SnapDeals) is a source of jobs arriving RATE times a minute (default 6) as a Poisson
// process drawn from --seed; a WindowPoSt request gives its partitions in turn, one job each. Every
// job has a request id of its own. N client threads, each with a connection of its own, send
// SubmitProof when a job is due and then AwaitProof (asynchronously, so arrivals never wait for
// results); a --cancel-fraction of the accepted jobs get a CancelProof at a random point of their
// life (uniform between 0 and the source's mean latency so far, 5 s before any completed). After
// --duration nothing more arrives and the jobs in flight are awaited (for at most --drain-timeout,
// then abandoned: cancelled and counted as failed).
// A progress line goes to stderr every 5 s. At the end, a table per source: submitted (accepted),
// completed, failed, cancelled, refused (SubmitProof errors, by gRPC code below the table),
// invalid, client-side latency of the completed (submit to result; nearest-rank p50, p90, p99, max)
// and completed per minute. --params-dir verifies every completed proof against its .vk (a
// WindowPoSt job against its partition's public inputs). Exit 1 when a proof is invalid, a job
// failed, or a submit was refused other than RESOURCE_EXHAUSTED (a full queue: expected under
// overload). --in-process serves an engine in this process on a temporary unix socket
// (parameters from --params-dir) and stresses that.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <numeric>
#include <queue>
#include <random>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "engine/config_auto.hpp"
#include "engine/engine.hpp"
#include "engine/logging.hpp"
#include "files.hpp"
#include "job_sources.hpp"
#include "server/client.hpp"
#include "server/client_credentials.hpp"
#include "server/grpc_server.hpp"
#include "util/latency.hpp"

namespace cuzk::bench {
namespace {

using Clock = std::chrono::steady_clock;
using Stub = v1::ProvingEngine::Stub;

constexpr double kDefaultRate = 6;  // jobs per minute
constexpr std::chrono::seconds kProgressEvery{5};
constexpr std::chrono::milliseconds kFirstCancelWindow{5000};  // before any job completed
constexpr std::chrono::minutes kRpcDeadline{1};                // SubmitProof, CancelProof

// The whole of `text` as a number, if it is one.
std::optional<double> parse_number(std::string_view text) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// "FILE" or "FILE:RATE" (jobs per minute).
std::pair<std::string, double> split_rate(const std::string& arg) {
  const size_t colon = arg.rfind(':');
  const auto rate = colon == std::string::npos
                        ? std::nullopt
                        : parse_number(std::string_view(arg).substr(colon + 1));
  if (!rate) return {arg, kDefaultRate};  // no rate, or a colon in the file name
  if (!(*rate > 0)) throw std::runtime_error(arg + ": the rate must be > 0 jobs per minute");
  return {arg.substr(0, colon), *rate};
}

struct PriorityMix {
  std::vector<v1::Priority> priorities{v1::PRIORITY_UNSPECIFIED};
  std::vector<double> weights{1};
};

// "low:1,normal:2,high:1": names of priority_from_name or "default" (the kind's default), each
// with a weight (1 when left out).
PriorityMix parse_priority_mix(const std::string& text) {
  PriorityMix mix;
  if (text.empty()) return mix;
  mix = {{}, {}};
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const size_t colon = item.find(':');
    const std::string name = item.substr(0, colon);
    const auto priority = name == "default" ? std::optional(v1::PRIORITY_UNSPECIFIED)
                                            : server::priority_from_name(name);
    const auto weight = colon == std::string::npos
                            ? std::optional(1.0)
                            : parse_number(std::string_view(item).substr(colon + 1));
    if (name.empty() || !priority || !weight || !(*weight >= 0))
      throw std::runtime_error("--priority-mix: bad entry \"" + item +
                               "\" (want NAME[:WEIGHT], NAME low, normal, high, critical or "
                               "default)");
    mix.priorities.push_back(*priority);
    mix.weights.push_back(*weight);
  }
  if (std::accumulate(mix.weights.begin(), mix.weights.end(), 0.0) <= 0)
    throw std::runtime_error("--priority-mix: every weight is 0");
  return mix;
}

// A source of jobs arriving per_minute times a minute.
struct Source : JobSource {
  double per_minute = kDefaultRate;
};

// A job due to be submitted, with everything random about it drawn in advance.
struct Arrival {
  double at_s = 0;  // since the start
  size_t source = 0, request = 0;
  v1::Priority priority = v1::PRIORITY_UNSPECIFIED;
  std::optional<double> cancel_point;  // in [0, 1): where in its expected life it is cancelled
};

std::vector<Arrival> plan_arrivals(const std::vector<Source>& sources, double duration_s,
                                   const PriorityMix& mix, double cancel_fraction, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::discrete_distribution<size_t> pick_priority(mix.weights.begin(), mix.weights.end());
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<Arrival> arrivals;
  for (size_t s = 0; s < sources.size(); ++s) {
    std::exponential_distribution<double> gap(sources[s].per_minute / 60);
    size_t n = 0;
    for (double t = gap(rng); t < duration_s; t += gap(rng), ++n) {
      Arrival a{t, s, n % sources[s].requests.size(), mix.priorities[pick_priority(rng)], {}};
      if (unit(rng) < cancel_fraction) a.cancel_point = unit(rng);
      arrivals.push_back(a);
    }
  }
  std::sort(arrivals.begin(), arrivals.end(),
            [](const Arrival& a, const Arrival& b) { return a.at_s < b.at_s; });
  return arrivals;
}

// "RESOURCE_EXHAUSTED" of describe()'s "RESOURCE_EXHAUSTED: the queue is full ...".
std::string code_name(const grpc::Status& status) {
  const std::string text = server::describe(status);
  return text.substr(0, text.find(':'));
}

struct Tally {
  size_t submitted = 0, completed = 0, failed = 0, cancelled = 0, invalid = 0;
  size_t cancels_sent = 0, cancels_late = 0;  // late: the job completed all the same
  std::map<std::string, size_t> refused;      // by gRPC code
  std::vector<double> latencies_ms;           // of the completed
  double latency_sum_ms = 0;

  size_t refused_total() const {
    size_t n = 0;
    for (const auto& [code, count] : refused) n += count;
    return n;
  }
  void add(const Tally& o) {
    submitted += o.submitted, completed += o.completed, failed += o.failed;
    cancelled += o.cancelled, invalid += o.invalid;
    cancels_sent += o.cancels_sent, cancels_late += o.cancels_late;
    for (const auto& [code, count] : o.refused) refused[code] += count;
    latencies_ms.insert(latencies_ms.end(), o.latencies_ms.begin(), o.latencies_ms.end());
  }
};

// An accepted job and its outstanding AwaitProof.
struct Job {
  size_t source = 0, request = 0;
  Clock::time_point submitted;
  grpc::ClientContext context;
  v1::AwaitProofRequest await;
  v1::AwaitProofResponse result;
  bool ended = false, cancel_sent = false;  // under StressRun::mutex_
};

struct Event {  // submit arrivals_[arrival], or cancel `cancel`
  Clock::time_point due;
  size_t arrival = 0;
  std::shared_ptr<Job> cancel;
  bool operator>(const Event& o) const { return due > o.due; }
};

class StressRun {
 public:
  StressRun(std::vector<Source> sources, std::vector<Arrival> arrivals, double duration_s)
      : sources_(std::move(sources)),
        arrivals_(std::move(arrivals)),
        tallies_(sources_.size()),
        duration_s_(duration_s) {}

  // Runs every arrival through `clients` connections to `address` and awaits the accepted jobs
  // (those still running `drain_timeout` after the last arrival are cancelled, and count as
  // failed).
  void run(const std::string& address, unsigned clients, std::chrono::seconds drain_timeout) {
    prefix_ =
        "stress-" + std::to_string(::getpid()) + "-" + std::to_string(std::time(nullptr)) + "-";
    start_ = Clock::now();
    for (size_t i = 0; i < arrivals_.size(); ++i)
      events_.push({start_ + seconds(arrivals_[i].at_s), i, nullptr});
    unsubmitted_ = arrivals_.size();
    std::vector<std::unique_ptr<Stub>> stubs;
    std::vector<std::thread> threads;
    for (unsigned c = 0; c < clients; ++c)
      stubs.push_back(server::connect(address, /*own_connection=*/true));
    for (auto& stub : stubs) threads.emplace_back([this, &stub] { client(*stub); });

    const auto give_up = start_ + seconds(duration_s_) + drain_timeout;
    std::vector<std::shared_ptr<Job>> abandoned;
    {
      std::unique_lock lock(mutex_);
      for (auto next = start_ + kProgressEvery; clients_done_ < clients || in_flight_ > 0;) {
        cv_.wait_until(lock, abandoned.empty() ? std::min(next, give_up) : next);
        if (Clock::now() >= next) {
          print_progress();
          next += kProgressEvery;
        }
        if (Clock::now() >= give_up && abandoned.empty() && in_flight_ > 0) {
          for (auto& job : jobs_)
            if (!job->ended) abandoned.push_back(job);
          std::fprintf(stderr, "stress: --drain-timeout passed: abandoning %zu jobs\n",
                       abandoned.size());
          lock.unlock();
          for (auto& job : abandoned) {
            cancel_job(*stubs.front(), *job);
            job->context.TryCancel();
          }
          lock.lock();
        }
      }
    }
    end_ = std::max(last_end_, start_ + seconds(duration_s_));
    for (auto& t : threads) t.join();
  }

  // Verifies every completed proof with its source's verifier.
  void verify() {
    size_t n = 0;
    for (const auto& job : jobs_) n += job->result.status() == v1::AwaitProofResponse::COMPLETED;
    std::fprintf(stderr, "stress: verifying %zu proofs\n", n);
    for (const auto& job : jobs_) {
      if (job->result.status() != v1::AwaitProofResponse::COMPLETED) continue;
      const Source& source = sources_[job->source];
      const std::string error = source.verify(source.requests[job->request], job->result.proof());
      if (error.empty()) continue;
      ++tallies_[job->source].invalid;
      std::fprintf(stderr, "stress: job %s (%s): invalid proof: %s\n", job->await.job_id().c_str(),
                   source.label.c_str(), error.c_str());
    }
  }

  // The table; true when nothing went wrong (see the header).
  bool report(bool verified, unsigned clients, double cancel_fraction) const {
    const double minutes = std::chrono::duration<double>(end_ - start_).count() / 60;
    int width = 5;
    for (const auto& s : sources_) width = std::max(width, int(s.label.size()));
    std::printf(
        "stress: %zu sources, %u clients, %.0f s of arrivals, %.1f s in all, cancel "
        "fraction %.2f\n",
        sources_.size(), clients, duration_s_, minutes * 60, cancel_fraction);
    std::printf("%-*s %9s %9s %6s %9s %7s %7s %8s %8s %8s %8s %8s\n", width, "source", "submitted",
                "completed", "failed", "cancelled", "refused", "invalid", "p50 ms", "p90 ms",
                "p99 ms", "max ms", "per min");
    Tally all;
    bool ok = true;
    auto row = [&](const std::string& label, const Tally& t) {
      const auto latency = summarize_latencies(t.latencies_ms);
      const std::string invalid = verified ? std::to_string(t.invalid) : "-";
      std::printf("%-*s %9zu %9zu %6zu %9zu %7zu %7s %8.0f %8.0f %8.0f %8.0f %8.2f\n", width,
                  label.c_str(), t.submitted, t.completed, t.failed, t.cancelled, t.refused_total(),
                  invalid.c_str(), latency.p50, latency.p90, latency.p99, latency.max,
                  double(t.completed) / minutes);
    };
    for (size_t s = 0; s < sources_.size(); ++s) {
      row(sources_[s].label, tallies_[s]);
      all.add(tallies_[s]);
    }
    if (sources_.size() > 1) row("all", all);
    for (size_t s = 0; s < sources_.size(); ++s) {
      if (tallies_[s].refused.empty()) continue;
      std::printf("refused %s:", sources_[s].label.c_str());
      for (const auto& [code, count] : tallies_[s].refused) {
        std::printf(" %s %zu", code.c_str(), count);
        ok = ok && code == "RESOURCE_EXHAUSTED";
      }
      std::printf("\n");
    }
    std::printf("cancels: %zu sent, %zu cancelled, %zu too late (completed)\n", all.cancels_sent,
                all.cancelled, all.cancels_late);
    return ok && all.failed == 0 && all.invalid == 0;
  }

 private:
  static Clock::duration seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  }

  // A client thread: takes due events until every arrival is submitted and no cancel is left.
  void client(Stub& stub) {
    std::unique_lock lock(mutex_);
    while (!events_.empty() || unsubmitted_ > 0) {
      if (events_.empty() || events_.top().due > Clock::now()) {
        if (events_.empty())
          cv_.wait(lock);
        else
          cv_.wait_until(lock, events_.top().due);
        continue;
      }
      const Event event = events_.top();
      events_.pop();
      lock.unlock();
      if (event.cancel)
        cancel_job(stub, *event.cancel);
      else
        submit(stub, event.arrival);
      lock.lock();
      if (!event.cancel) --unsubmitted_;
      cv_.notify_all();
    }
    ++clients_done_;
    cv_.notify_all();
  }

  void submit(Stub& stub, size_t index) {
    const Arrival& arrival = arrivals_[index];
    v1::SubmitProofRequest request = sources_[arrival.source].requests[arrival.request];
    request.set_request_id(prefix_ + std::to_string(index));
    request.set_priority(arrival.priority);
    auto job = std::make_shared<Job>();
    job->source = arrival.source;
    job->request = arrival.request;
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kRpcDeadline);
    v1::SubmitProofResponse response;
    job->submitted = Clock::now();
    const grpc::Status status = stub.SubmitProof(&context, request, &response);
    {
      std::lock_guard lock(mutex_);
      Tally& tally = tallies_[arrival.source];
      if (!status.ok()) {
        if (tally.refused[code_name(status)]++ == 0)
          std::fprintf(stderr, "stress: %s: SubmitProof refused: %s\n",
                       sources_[arrival.source].label.c_str(), server::describe(status).c_str());
        return;
      }
      ++tally.submitted;
      ++in_flight_;
      jobs_.push_back(job);
      job->await.set_job_id(response.job_id());
      if (arrival.cancel_point) {
        const auto window = tally.completed == 0
                                ? Clock::duration(kFirstCancelWindow)
                                : seconds(tally.latency_sum_ms / 1000 / double(tally.completed));
        events_.push({job->submitted + seconds(*arrival.cancel_point *
                                               std::chrono::duration<double>(window).count()),
                      0, job});
      }
    }
    stub.async()->AwaitProof(&job->context, &job->await, &job->result,
                             [this, job](grpc::Status s) { ended(*job, s); });
  }

  void cancel_job(Stub& stub, Job& job) {
    {
      std::lock_guard lock(mutex_);
      if (job.ended || job.cancel_sent) return;
      job.cancel_sent = true;
      ++tallies_[job.source].cancels_sent;
    }
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kRpcDeadline);
    v1::CancelProofRequest request;
    request.set_job_id(job.await.job_id());
    v1::CancelProofResponse response;
    const grpc::Status status = stub.CancelProof(&context, request, &response);
    if (!status.ok())
      std::fprintf(stderr, "stress: CancelProof %s: %s\n", request.job_id().c_str(),
                   server::describe(status).c_str());
  }

  // AwaitProof's callback (a gRPC thread).
  void ended(Job& job, const grpc::Status& status) {
    std::lock_guard lock(mutex_);
    job.ended = true;
    --in_flight_;
    last_end_ = Clock::now();
    Tally& tally = tallies_[job.source];
    const auto result = status.ok() ? job.result.status() : v1::AwaitProofResponse::UNKNOWN;
    if (result == v1::AwaitProofResponse::COMPLETED) {
      const double ms =
          std::chrono::duration<double, std::milli>(last_end_ - job.submitted).count();
      ++tally.completed;
      tally.latencies_ms.push_back(ms);
      tally.latency_sum_ms += ms;
      tally.cancels_late += job.cancel_sent;
    } else if (result == v1::AwaitProofResponse::CANCELLED) {
      ++tally.cancelled;
    } else {
      ++tally.failed;
      const std::string why = status.ok() ? v1::AwaitProofResponse::Status_Name(result) + ": " +
                                                job.result.error_message()
                                          : "AwaitProof " + server::describe(status);
      job.result.set_status(v1::AwaitProofResponse::FAILED);
      std::fprintf(stderr, "stress: job %s (%s): %s\n", job.await.job_id().c_str(),
                   sources_[job.source].label.c_str(), why.c_str());
    }
    cv_.notify_all();
  }

  // Under mutex_.
  void print_progress() const {
    Tally all;
    for (const auto& t : tallies_) all.add(t);
    const double s = std::chrono::duration<double>(Clock::now() - start_).count();
    std::fprintf(stderr,
                 "stress %3.0f/%.0f s: %zu submitted, %zu completed, %zu failed, %zu cancelled, "
                 "%zu refused, %zu in flight\n",
                 s, duration_s_, all.submitted, all.completed, all.failed, all.cancelled,
                 all.refused_total(), in_flight_);
  }

  const std::vector<Source> sources_;
  const std::vector<Arrival> arrivals_;
  std::string prefix_;
  Clock::time_point start_, end_, last_end_;

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> events_;
  size_t unsubmitted_ = 0, in_flight_ = 0;
  unsigned clients_done_ = 0;
  std::vector<Tally> tallies_;
  std::vector<std::shared_ptr<Job>> jobs_;  // accepted, in submit order
  double duration_s_;
};

}  // namespace

void add_client_stress_command(CLI::App& app) {
  struct Options {
    std::string addr = "unix:///run/curio/cuzk.sock";
    std::vector<std::string> c1, vanilla;
    double duration_s = 60, drain_timeout_s = 600, cancel_fraction = 0;
    unsigned clients = 4;
    std::string priority_mix, params_dir;
    uint64_t miner_id = server::kTestMinerId, seed = 1;
    bool in_process = false;
  };
  auto opt = std::make_shared<Options>();
  const CLI::AsNumberWithUnit time_units(
      std::map<std::string, double>{{"s", 1}, {"m", 60}, {"h", 3600}});
  auto* cmd = app.add_subcommand("stress", "Mixed proof kinds at given rates, with cancels");
  cmd->add_option("--addr", opt->addr, "Daemon address")->capture_default_str();
  cmd->add_option("--c1", opt->c1, "PoRep C1 or Curio envelope, RATE jobs/min (default 6)")
      ->type_name("FILE[:RATE]");
  cmd->add_option("--vanilla", opt->vanilla, "gen-vanilla request.json, RATE jobs/min (default 6)")
      ->type_name("FILE[:RATE]");
  cmd->add_option("--duration", opt->duration_s, "How long jobs arrive: 90s, 2m, ...")
      ->transform(time_units)
      ->type_name("TIME")
      ->capture_default_str();
  cmd->add_option("--drain-timeout", opt->drain_timeout_s,
                  "After --duration, how long to wait for jobs in flight")
      ->transform(time_units)
      ->type_name("TIME")
      ->capture_default_str();
  cmd->add_option("--clients", opt->clients, "Concurrent gRPC connections")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  cmd->add_option("--cancel-fraction", opt->cancel_fraction,
                  "Fraction of accepted jobs cancelled at a random point")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--priority-mix", opt->priority_mix,
                  "Weighted priorities, e.g. low:1,normal:2,high:1 (default: the kind's)");
  cmd->add_option("--miner-id", opt->miner_id, "PoRep: miner actor id");
  cmd->add_option("--seed", opt->seed, "Seed of arrivals, priorities and cancels")
      ->capture_default_str();
  cmd->add_option("--params-dir", opt->params_dir, "Verify every proof with the .vk found here");
  cmd->add_flag("--in-process", opt->in_process,
                "Serve an engine in this process (parameters from --params-dir), no daemon");
  cmd->callback([opt] {
    const PriorityMix mix = parse_priority_mix(opt->priority_mix);
    std::vector<Source> sources;
    for (const auto& arg : opt->c1) {
      auto [path, rate] = split_rate(arg);
      sources.push_back({porep_job_source(path, opt->miner_id, opt->params_dir), rate});
    }
    for (const auto& arg : opt->vanilla) {
      auto [path, rate] = split_rate(arg);
      sources.push_back({vanilla_job_source(path, opt->params_dir), rate});
    }
    if (sources.empty()) throw std::runtime_error("stress: give --c1 and/or --vanilla sources");
    if (opt->in_process && opt->params_dir.empty())
      throw std::runtime_error("--in-process needs --params-dir");
    auto arrivals = plan_arrivals(sources, opt->duration_s, mix, opt->cancel_fraction, opt->seed);
    std::fprintf(stderr, "stress: %zu jobs due in %.0f s from %zu sources\n", arrivals.size(),
                 opt->duration_s, sources.size());

    std::unique_ptr<engine::Engine> engine;
    std::unique_ptr<server::GrpcServer> server;
    std::string address = opt->addr;
    if (opt->in_process) {
      engine::setup_logging("warn", "text");  // not a line per job amid the progress
      engine::Config config;
      config.srs.param_cache = opt->params_dir;
      engine = std::make_unique<engine::Engine>(engine::engine_options(config));
      const auto socket = std::filesystem::temp_directory_path() /
                          ("cuzk-stress-" + std::to_string(::getpid()) + ".sock");
      server = std::make_unique<server::GrpcServer>(*engine, "unix://" + socket.string());
      address = server->address();
    }
    StressRun run(std::move(sources), std::move(arrivals), opt->duration_s);
    run.run(address, opt->clients, std::chrono::seconds(int64_t(std::ceil(opt->drain_timeout_s))));
    if (!opt->params_dir.empty()) run.verify();
    if (!run.report(!opt->params_dir.empty(), opt->clients, opt->cancel_fraction))
      throw CLI::RuntimeError(1);
  });
}

}  // namespace cuzk::bench
