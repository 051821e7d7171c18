// The daemon's TOML configuration (toml++): one struct per section, defaults for every key, and
// the mapping to EngineOptions. Keys are those of the Rust cuzk daemon where they exist, so its
// config files load unchanged:
//   [daemon]    listen, status_listen; ours: shutdown_grace, max_message_size, tls_cert, tls_key,
//               tls_client_ca, auth_token_file, allow_insecure_tcp
//   [srs]       param_cache, preload; ours: parameters_json, host_copy
//   [memory]    total_budget ("auto" or "256GiB"), safety_margin, eviction_min_idle
//               (pinned_budget, working_memory_budget: accepted, ignored)
//   [gpus]      devices, gpu_threads, gpu_workers_per_device; ours: cpu_fallback
//   [scheduler] max_batch_size, max_batch_wait_ms, sort_by_type; ours: max_pending
//   [synthesis] threads; ours: precompiled, precompiled_cache, witness_threads (partition_workers:
//               accepted, ignored)
//   [pipeline]  enabled, synthesis_lookahead, max_parallel_synthesis; ours: prover_retries
//               (synthesis_concurrency, slot_size, max_gpu_queue_depth: accepted, ignored)
//   [logging]   level, format ("text" | "json")
// Keys whose best value depends on the host take "auto" (their default): host_copy, cpu_fallback,
// precompiled, the thread counts, synthesis_lookahead, total_budget, devices. They stay unset
// (nullopt / 0 / empty) here and are filled in from the host by resolve_auto
// (engine/config_auto.hpp, which also maps a Config to EngineOptions), which also says why;
// `origins` records which keys the file (or the command line) set.
// Every problem — a syntax error, an unknown section or key, a value of the wrong type or out of
// range — is reported as "FILE:LINE:COLUMN: [section] key: what is wrong", all of them at once.
// Accepted-but-ignored keys produce warnings in the same form.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine_options.hpp"
#include "util/result.hpp"

namespace cuzk::engine {

// Where a configuration value came from, for `cuzk --print-config`.
enum class Origin { kDefault, kAuto, kFile, kCommandLine };
struct ValueOrigin {
  Origin origin = Origin::kDefault;
  std::string why;  // kAuto: the rule that chose the value
};

struct Config {
  struct Daemon {
    std::string listen = "unix:///run/curio/cuzk.sock";
    std::string status_listen;  // empty: no HTTP status endpoint
    std::chrono::milliseconds shutdown_grace{std::chrono::seconds(30)};
    uint64_t max_message_size = uint64_t(128) << 20;  // largest gRPC request accepted
    // Access to a TCP listener (server/access.hpp): TLS from PEM files (tls_client_ca: clients
    // must present a certificate it signed), a bearer token read from a file (needs TLS), and
    // the switch that lets plaintext TCP listen on a non-loopback address. Paths; empty: unset.
    std::string tls_cert, tls_key, tls_client_ca, auth_token_file;
    bool allow_insecure_tcp = false;
  } daemon;
  struct Srs {
    std::string param_cache = "/data/zk/params";
    std::string parameters_json;       // SrsOptions::parameters_json (empty: no digest check)
    std::optional<bool> host_copy;     // BackendOptions::host_copy; nullopt: auto
    std::vector<std::string> preload;  // circuit ids loaded when the daemon starts, in order
  } srs;
  struct Memory {
    std::optional<uint64_t> total_budget;  // nullopt: "auto" = MemTotal - safety_margin
    uint64_t safety_margin = uint64_t(5) << 30;
    std::chrono::milliseconds eviction_min_idle{std::chrono::minutes(5)};
  } memory;
  struct Gpus {
    std::vector<uint32_t> devices;  // empty: every usable device
    uint32_t gpu_threads = 0;       // 0: auto (all cores)
    uint32_t gpu_workers_per_device = 2;
    std::optional<bool> cpu_fallback;  // BackendOptions::cpu_fallback; nullopt: auto
  } gpus;
  struct Scheduler {
    uint32_t max_batch_size = 1;
    uint32_t max_batch_wait_ms = 10000;
    bool sort_by_type = true;
    uint32_t max_pending = 1024;  // jobs queued, not yet admitted; beyond: RESOURCE_EXHAUSTED
  } scheduler;
  struct Synthesis {
    uint32_t threads = 0;  // concurrent partition syntheses (0: auto)
    // PoRep, SnapDeals and PoSt partitions as witness + precompiled matrices
    // (engine/precompiled_synthesis.hpp), the matrices cached in precompiled_cache (empty: the
    // [srs] param_cache directory).
    std::optional<bool> precompiled;  // nullopt: auto
    std::string precompiled_cache;
    // Threads of the one pool that makes every precompiled PoRep and SnapDeals partition's
    // witness, each partition's blocks in parallel and the oldest partition's first (0: auto,
    // all cores).
    uint32_t witness_threads = 0;
  } synthesis;
  struct Pipeline {
    bool enabled = true;
    std::optional<uint32_t> synthesis_lookahead;  // nullopt: auto; 0 is taken as 1
    uint32_t max_parallel_synthesis = 0;          // 0: no cap beyond [synthesis] threads
    uint32_t prover_retries = 2;                  // PipelineOptions::prover_retries
  } pipeline;
  struct Logging {
    std::string level = "info";  // trace, debug, info, warn, error, critical, off
    std::string format = "text";
  } logging;

  std::vector<std::string> warnings;  // ignored keys, "FILE:LINE:COLUMN: ..."
  // "section.key" of every value not left at its default (file, command line, auto).
  std::map<std::string, ValueOrigin> origins;
};

enum class ConfigError { kIo, kInvalid };

// `source_name` prefixes every message (the file path).
Result<Config, ConfigError> parse_config(std::string_view text, std::string_view source_name);
Result<Config, ConfigError> load_config(const std::string& path);

// Where [synthesis] precompiled keeps its cache files.
std::string precompiled_cache_dir(const Config& config);

}  // namespace cuzk::engine
