// Auto values, the effective configuration, and the engine options from it (see config_auto.hpp).
#include "engine/config_auto.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "engine/backend_factory.hpp"
#include "engine/config_values.hpp"
#include "engine/memory_budget.hpp"

namespace cuzk::engine {
namespace {

constexpr uint64_t kMiB = uint64_t(1) << 20, kGiB = uint64_t(1) << 30;

// Sets a value the file and the command line left to auto, and records the rule that chose it.
class AutoFill {
 public:
  explicit AutoFill(Config& c) : c_(c) {}

  template <typename T>
  void fill(std::optional<T>& value, const char* key, T chosen, std::string why) {
    if (value) return;
    value = chosen;
    note(key, std::move(why));
  }
  void fill_zero(uint32_t& value, const char* key, uint32_t chosen, std::string why) {
    if (value != 0) return;
    value = chosen;
    note(key, std::move(why));
  }
  void note(const char* key, std::string why) {
    auto& o = c_.origins[key];
    if (o.origin == Origin::kDefault || o.origin == Origin::kFile) {
      // A file's "auto" was recorded as kFile; the value is chosen here all the same.
      o = ValueOrigin{Origin::kAuto, std::move(why)};
    }
  }

 private:
  Config& c_;
};

std::string gpu_list(const std::vector<uint32_t>& gpus) {
  return fmt::format("[{}]", fmt::join(gpus, ", "));
}

std::string quoted_list(const std::vector<std::string>& values) {
  std::string out;
  for (const auto& v : values) out += fmt::format("{}\"{}\"", out.empty() ? "" : ", ", v);
  return "[" + out + "]";
}

}  // namespace

HostFacts probe_host(const Config& config) {
  HostFacts host;
  host.cores = std::max(1u, std::thread::hardware_concurrency());
  host.memory_bytes = system_memory_bytes().value_or(0);
  host.gpus = usable_cuda_devices(config.gpus.devices);
  return host;
}

Config resolve_auto(const Config& config, const HostFacts& host) {
  Config c = config;
  AutoFill a(c);
  const bool gpu = !host.gpus.empty();
  const unsigned n_gpus = unsigned(host.gpus.size());
  if (c.gpus.devices.empty() && gpu) {
    c.gpus.devices = host.gpus;
    a.note("gpus.devices", "every usable CUDA device");
  }
  a.fill(c.gpus.cpu_fallback, "gpus.cpu_fallback", false,
         gpu ? "a GPU: a CPU proof of a large partition misses its deadline"
             : "no CUDA device: the CPU backend proves");
  a.fill(c.srs.host_copy, "srs.host_copy", !(gpu && !*c.gpus.cpu_fallback),
         !gpu                   ? "no CUDA device: the CPU backend proves from host memory"
         : *c.gpus.cpu_fallback ? "the CPU fallback proves from host memory"
                                : "a GPU and no CPU fallback: parameters on the GPUs only");
  a.fill(c.synthesis.precompiled, "synthesis.precompiled", gpu,
         gpu ? "a GPU evaluates a/b/c beside the parameters" : "no CUDA device: generic synthesis");
  if (*c.synthesis.precompiled) {
    const unsigned two_per_gpu = 2 * std::max(1u, n_gpus);
    a.fill_zero(c.synthesis.threads, "synthesis.threads", std::min(host.cores, two_per_gpu),
                "precompiled: 2 partitions per GPU, their witnesses on the pool of every core");
  } else {
    a.fill_zero(c.synthesis.threads, "synthesis.threads", host.cores, "one partition per core");
  }
  a.fill_zero(c.synthesis.witness_threads, "synthesis.witness_threads", host.cores, "every core");
  a.fill_zero(c.gpus.gpu_threads, "gpus.gpu_threads", host.cores, "every core");
  const uint32_t prover_workers = n_gpus * c.gpus.gpu_workers_per_device;
  a.fill(c.pipeline.synthesis_lookahead, "pipeline.synthesis_lookahead", gpu ? prover_workers : 1u,
         gpu ? "one ready partition per prover worker (GPUs x gpu_workers_per_device)"
             : "the CPU backend");
  if (!c.memory.total_budget) {
    const uint64_t total = host.memory_bytes ? host.memory_bytes : 16 * kGiB;
    const uint64_t left = total > c.memory.safety_margin ? total - c.memory.safety_margin : 0;
    c.memory.total_budget = std::max(kGiB, left / kMiB * kMiB);  // whole MiB: prints exactly
    a.note("memory.total_budget", host.memory_bytes ? "MemTotal - safety_margin"
                                                    : "16 GiB (MemTotal unknown) - safety_margin");
  }
  return c;
}

namespace {

// The lines of one section, each "key = value" and its origin as a comment.
class Renderer {
 public:
  explicit Renderer(const Config& c) : c_(c) {}

  void section(const char* name) {
    out_ += fmt::format("{}[{}]\n", out_.empty() ? "" : "\n", name);
    section_ = name;
  }
  void line(const char* key, const std::string& value) {
    const auto it = c_.origins.find(fmt::format("{}.{}", section_, key));
    std::string origin = "default";
    if (it != c_.origins.end()) {
      switch (it->second.origin) {
        case Origin::kDefault:
          break;
        case Origin::kAuto:
          origin = "auto: " + it->second.why;
          break;
        case Origin::kFile:
          origin = "file";
          break;
        case Origin::kCommandLine:
          origin = "command line";
          break;
      }
    }
    out_ += fmt::format("{:<44} # {}\n", fmt::format("{} = {}", key, value), origin);
  }
  void text(const char* key, const std::string& v) { line(key, fmt::format("\"{}\"", v)); }
  void flag(const char* key, bool v) { line(key, v ? "true" : "false"); }
  void number(const char* key, uint64_t v) { line(key, std::to_string(v)); }
  void size(const char* key, uint64_t v) { text(key, format_byte_size(v)); }
  void duration(const char* key, std::chrono::milliseconds v) { text(key, format_duration(v)); }
  std::string take() { return std::move(out_); }

 private:
  const Config& c_;
  std::string section_;
  std::string out_;
};

}  // namespace

std::string render_effective_config(const Config& c, const HostFacts& host) {
  Renderer r(c);
  r.section("daemon");
  r.text("listen", c.daemon.listen);
  r.text("status_listen", c.daemon.status_listen);
  r.duration("shutdown_grace", c.daemon.shutdown_grace);
  r.size("max_message_size", c.daemon.max_message_size);
  r.text("tls_cert", c.daemon.tls_cert);
  r.text("tls_key", c.daemon.tls_key);
  r.text("tls_client_ca", c.daemon.tls_client_ca);
  r.text("auth_token_file", c.daemon.auth_token_file);
  r.flag("allow_insecure_tcp", c.daemon.allow_insecure_tcp);
  r.section("srs");
  r.text("param_cache", c.srs.param_cache);
  r.text("parameters_json", c.srs.parameters_json);
  r.flag("host_copy", c.srs.host_copy.value_or(true));
  r.line("preload", quoted_list(c.srs.preload));
  r.section("memory");
  r.size("total_budget", c.memory.total_budget.value_or(0));
  r.size("safety_margin", c.memory.safety_margin);
  r.duration("eviction_min_idle", c.memory.eviction_min_idle);
  r.section("gpus");
  r.line("devices", gpu_list(c.gpus.devices));
  r.number("gpu_threads", c.gpus.gpu_threads);
  r.number("gpu_workers_per_device", c.gpus.gpu_workers_per_device);
  r.flag("cpu_fallback", c.gpus.cpu_fallback.value_or(false));
  r.section("scheduler");
  r.number("max_batch_size", c.scheduler.max_batch_size);
  r.number("max_batch_wait_ms", c.scheduler.max_batch_wait_ms);
  r.flag("sort_by_type", c.scheduler.sort_by_type);
  r.number("max_pending", c.scheduler.max_pending);
  r.section("synthesis");
  r.number("threads", c.synthesis.threads);
  r.flag("precompiled", c.synthesis.precompiled.value_or(false));
  r.text("precompiled_cache", c.synthesis.precompiled_cache);
  r.number("witness_threads", c.synthesis.witness_threads);
  r.section("pipeline");
  r.flag("enabled", c.pipeline.enabled);
  r.number("synthesis_lookahead", c.pipeline.synthesis_lookahead.value_or(1));
  r.number("max_parallel_synthesis", c.pipeline.max_parallel_synthesis);
  r.number("prover_retries", c.pipeline.prover_retries);
  r.section("logging");
  r.text("level", c.logging.level);
  r.text("format", c.logging.format);
  const std::string gpus =
      host.gpus.empty() ? "no usable CUDA device" : "CUDA devices " + gpu_list(host.gpus);
  return fmt::format(
      "# cuzk effective configuration on this host: {} cores, {:.1f} GiB of memory, {}.\n"
      "# Each value says where it came from: default, file, command line, or auto and its "
      "rule.\n\n{}",
      host.cores, double(host.memory_bytes) / double(kGiB), gpus, r.take());
}

EngineOptions engine_options(const Config& config) {
  const Config c = resolve_auto(config, probe_host(config));
  EngineOptions o;
  o.scheduler.max_batch_size = c.scheduler.max_batch_size;
  o.scheduler.max_batch_wait = std::chrono::milliseconds(c.scheduler.max_batch_wait_ms);
  o.scheduler.sort_by_type = c.scheduler.sort_by_type;
  o.max_pending = c.scheduler.max_pending;

  unsigned synthesis = c.synthesis.threads;
  if (c.pipeline.max_parallel_synthesis != 0) {
    synthesis = std::min(synthesis, c.pipeline.max_parallel_synthesis);
  }
  o.pipeline.synthesis_workers = synthesis;
  o.pipeline.prover_workers_per_device = c.gpus.gpu_workers_per_device;
  o.pipeline.synthesis_lookahead = std::max(1u, *c.pipeline.synthesis_lookahead);
  o.pipeline.max_batch_size = c.scheduler.max_batch_size;
  o.pipeline.prover_retries = c.pipeline.prover_retries;
  if (!c.pipeline.enabled) {  // one partition at a time, no overlap
    o.pipeline.synthesis_workers = 1;
    o.pipeline.prover_workers_per_device = 1;
    o.pipeline.synthesis_lookahead = 1;
  }
  o.srs.param_cache = c.srs.param_cache;
  o.srs.parameters_json = c.srs.parameters_json;
  o.srs.eviction_min_idle = c.memory.eviction_min_idle;
  o.backend.devices = c.gpus.devices;
  o.backend.threads = c.gpus.gpu_threads;
  o.backend.cpu_fallback = *c.gpus.cpu_fallback;
  o.backend.host_copy = *c.srs.host_copy;
  o.memory_budget_bytes = *c.memory.total_budget;
  return o;
}

}  // namespace cuzk::engine
