// Reading the TOML configuration (see config.hpp).
#include "engine/config.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/config_values.hpp"

namespace cuzk::engine {
namespace {

class Reader {
 public:
  explicit Reader(std::string_view file) : file_(file) {}

  // A value the file gave (for Config::origins).
  void given(std::string_view section, std::string_view key) {
    origins_[fmt::format("{}.{}", section, key)] = ValueOrigin{Origin::kFile, ""};
  }
  std::map<std::string, ValueOrigin>& origins() { return origins_; }

  std::string where(const toml::source_region& r) const {
    return fmt::format("{}:{}:{}", file_, r.begin.line, r.begin.column);
  }
  void error(const toml::node& n, std::string_view section, std::string_view key,
             const std::string& what) {
    errors_.push_back(fmt::format("{}: [{}] {}: {}", where(n.source()), section, key, what));
  }

  // Unknown keys are errors; `ignored` keys are accepted with a warning.
  void check_keys(const toml::table& t, std::string_view section,
                  std::initializer_list<std::string_view> known,
                  std::initializer_list<std::string_view> ignored, Config& config) {
    for (auto&& [key, node] : t) {
      const std::string_view name = key.str();  // clang 14 cannot capture a structured binding
      auto is = [name](std::string_view k) { return name == k; };
      if (std::any_of(known.begin(), known.end(), is)) continue;
      if (std::any_of(ignored.begin(), ignored.end(), is)) {
        config.warnings.push_back(
            fmt::format("{}: [{}] {}: accepted for compatibility with the "
                        "Rust daemon and ignored",
                        where(key.source()), section, key.str()));
        continue;
      }
      std::string list;
      for (auto k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      errors_.push_back(fmt::format("{}: [{}] {}: unknown key (known: {})", where(key.source()),
                                    section, key.str(), list));
    }
  }

  void string(const toml::table& t, std::string_view section, std::string_view key,
              std::string& out) {
    const toml::node* n = t.get(key);
    if (!n) return;
    if (auto s = n->value<std::string>(); s && n->is_string()) {
      out = *s;
      given(section, key);
    } else {
      error(*n, section, key, "expected a string");
    }
  }

  void u32(const toml::table& t, std::string_view section, std::string_view key, uint32_t& out,
           uint32_t min = 0, uint32_t max = UINT32_MAX) {
    const toml::node* n = t.get(key);
    if (!n) return;
    if (!n->is_integer()) return error(*n, section, key, "expected an integer");
    const int64_t v = n->as_integer()->get();
    if (v < int64_t(min) || v > int64_t(max)) {
      return error(*n, section, key, fmt::format("{} is out of range [{}, {}]", v, min, max));
    }
    out = uint32_t(v);
    given(section, key);
  }

  // Nothing there, or "auto" (-> nullopt): true, and nothing else to read.
  template <class T>
  bool absent_or_auto(const toml::node* n, std::string_view section, std::string_view key,
                      std::optional<T>& out) {
    if (n != nullptr && !is_auto(*n)) return false;
    if (n != nullptr) {
      out.reset();
      given(section, key);
    }
    return true;
  }

  // An integer, or "auto" (-> nullopt).
  void u32_or_auto(const toml::table& t, std::string_view section, std::string_view key,
                   std::optional<uint32_t>& out, uint32_t min, uint32_t max) {
    if (absent_or_auto(t.get(key), section, key, out)) return;
    if (!t.get(key)->is_integer()) {
      return error(*t.get(key), section, key, "expected an integer or \"auto\"");
    }
    uint32_t v = 0;
    u32(t, section, key, v, min, max);
    out = v;
  }

  // A thread count: an integer, or "auto" (-> 0, which the key's consumer takes as auto).
  void threads(const toml::table& t, std::string_view section, std::string_view key,
               uint32_t& out) {
    std::optional<uint32_t> v = out;
    u32_or_auto(t, section, key, v, 0, 4096);
    out = v.value_or(0);
  }

  void boolean(const toml::table& t, std::string_view section, std::string_view key, bool& out) {
    const toml::node* n = t.get(key);
    if (!n) return;
    if (!n->is_boolean()) return error(*n, section, key, "expected true or false");
    out = n->as_boolean()->get();
    given(section, key);
  }

  // true, false or "auto" (-> nullopt).
  void boolean_or_auto(const toml::table& t, std::string_view section, std::string_view key,
                       std::optional<bool>& out) {
    if (absent_or_auto(t.get(key), section, key, out)) return;
    if (!t.get(key)->is_boolean()) {
      return error(*t.get(key), section, key, "expected true, false or \"auto\"");
    }
    bool v = false;
    boolean(t, section, key, v);
    out = v;
  }

  // A size string ("256GiB") or an integer of bytes; "auto" when `allow_auto` (-> nullopt).
  void size(const toml::table& t, std::string_view section, std::string_view key,
            std::optional<uint64_t>& out, bool allow_auto) {
    const toml::node* n = t.get(key);
    if (!n) return;
    if (n->is_integer() && n->as_integer()->get() > 0) {
      out = uint64_t(n->as_integer()->get());
      return given(section, key);
    }
    if (n->is_string()) {
      const std::string s = n->as_string()->get();
      if (allow_auto && s == "auto") {
        out.reset();
        return given(section, key);
      }
      if (auto bytes = parse_byte_size(s)) {
        out = *bytes;
        return given(section, key);
      }
    }
    error(*n, section, key,
          fmt::format("expected a size like \"256GiB\"{}", allow_auto ? " or \"auto\"" : ""));
  }

  void duration(const toml::table& t, std::string_view section, std::string_view key,
                std::chrono::milliseconds& out) {
    const toml::node* n = t.get(key);
    if (!n) return;
    if (n->is_integer() && n->as_integer()->get() >= 0) {
      const std::chrono::seconds seconds(n->as_integer()->get());
      if (seconds <= kMaxDuration) {
        out = seconds;
        return given(section, key);
      }
    }
    if (n->is_string()) {
      if (auto d = parse_duration(n->as_string()->get())) {
        out = *d;
        return given(section, key);
      }
    }
    error(*n, section, key,
          "expected a duration like \"5m\", \"300s\" or seconds, at most 100 years");
  }

  // An array of non-negative integers, or "auto" (-> empty, which the key's consumer takes as
  // auto).
  void u32_list(const toml::table& t, std::string_view section, std::string_view key,
                std::vector<uint32_t>& out) {
    const toml::node* n = t.get(key);
    if (!n) return;
    if (is_auto(*n)) {
      out.clear();
      return;
    }
    const toml::array* a = n->as_array();
    if (!a) return error(*n, section, key, "expected an array of integers or \"auto\"");
    out.clear();
    for (const auto& e : *a) {
      if (!e.is_integer() || e.as_integer()->get() < 0 || e.as_integer()->get() > UINT32_MAX) {
        return error(e, section, key, "expected non-negative integers");
      }
      out.push_back(uint32_t(e.as_integer()->get()));
    }
    given(section, key);
  }

  // An array of non-empty strings.
  void string_list(const toml::table& t, std::string_view section, std::string_view key,
                   std::vector<std::string>& out) {
    const toml::node* n = t.get(key);
    if (!n) return;
    const toml::array* a = n->as_array();
    if (!a) return error(*n, section, key, "expected an array of strings");
    std::vector<std::string> values;
    for (const auto& e : *a) {
      if (!e.is_string() || e.as_string()->get().empty()) {
        return error(e, section, key,
                     "expected non-empty strings (circuit ids like \"porep-32g\")");
      }
      values.push_back(e.as_string()->get());
    }
    out = std::move(values);
    given(section, key);
  }

  void one_of(const toml::table& t, std::string_view section, std::string_view key,
              std::string& out, std::initializer_list<std::string_view> allowed) {
    const toml::node* n = t.get(key);
    if (!n) return;
    std::string v;
    const size_t before = errors_.size();
    string(t, section, key, v);
    if (errors_.size() != before) return;
    if (std::find(allowed.begin(), allowed.end(), v) == allowed.end()) {
      std::string list;
      for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      return error(*n, section, key, fmt::format("\"{}\" is not one of {}", v, list));
    }
    out = v;
  }

  std::vector<std::string>& errors() { return errors_; }

 private:
  static bool is_auto(const toml::node& n) {
    return n.is_string() && n.as_string()->get() == "auto";
  }

  std::string file_;
  std::vector<std::string> errors_;
  std::map<std::string, ValueOrigin> origins_;
};

const toml::table* section(const toml::table& root, std::string_view name, Reader& r) {
  const toml::node* n = root.get(name);
  if (!n) return nullptr;
  if (!n->is_table()) {
    r.errors().push_back(fmt::format("{}: [{}]: expected a table", r.where(n->source()), name));
    return nullptr;
  }
  return n->as_table();
}

// [daemon] TLS, token and insecure-TCP keys, and the combinations that make no sense: half a
// key pair, a client CA or a token without TLS (gRPC sends a bearer token only over TLS, and a
// token in plaintext would be readable on the wire). Whether the listen address needs any of
// them is decided when the server starts (--listen may override the file).
void read_access(const toml::table& t, Reader& r, Config::Daemon& d) {
  r.string(t, "daemon", "tls_cert", d.tls_cert);
  r.string(t, "daemon", "tls_key", d.tls_key);
  r.string(t, "daemon", "tls_client_ca", d.tls_client_ca);
  r.string(t, "daemon", "auth_token_file", d.auth_token_file);
  r.boolean(t, "daemon", "allow_insecure_tcp", d.allow_insecure_tcp);
  auto needs = [&](std::string_view key, const std::string& value, std::string_view what) {
    if (const toml::node* n = t.get(key); n && !value.empty()) {
      r.error(*n, "daemon", key, std::string(what));
    }
  };
  if (d.tls_key.empty()) {
    needs("tls_cert", d.tls_cert, "needs tls_key (the certificate's private key)");
  }
  if (d.tls_cert.empty()) {
    needs("tls_key", d.tls_key, "needs tls_cert (the certificate chain)");
    needs("tls_client_ca", d.tls_client_ca,
          "needs tls_cert and tls_key (client certificates are checked over TLS)");
    needs("auth_token_file", d.auth_token_file,
          "needs tls_cert and tls_key (a bearer token is sent only over TLS)");
  }
}

void read_sections(const toml::table& root, Reader& r, Config& c) {
  static constexpr std::string_view kSections[] = {"daemon",    "srs",       "memory",   "gpus",
                                                   "scheduler", "synthesis", "pipeline", "logging"};
  for (auto&& [key, node] : root) {
    if (std::find(std::begin(kSections), std::end(kSections), key.str()) == std::end(kSections)) {
      r.errors().push_back(
          fmt::format("{}: unknown section [{}] (known: daemon, srs, memory, "
                      "gpus, scheduler, synthesis, pipeline, logging)",
                      r.where(key.source()), key.str()));
    }
  }
  if (auto* t = section(root, "daemon", r)) {
    r.check_keys(*t, "daemon",
                 {"listen", "status_listen", "shutdown_grace", "max_message_size", "tls_cert",
                  "tls_key", "tls_client_ca", "auth_token_file", "allow_insecure_tcp"},
                 {}, c);
    r.string(*t, "daemon", "listen", c.daemon.listen);
    read_access(*t, r, c.daemon);
    r.string(*t, "daemon", "status_listen", c.daemon.status_listen);
    r.duration(*t, "daemon", "shutdown_grace", c.daemon.shutdown_grace);
    std::optional<uint64_t> max_message = c.daemon.max_message_size;
    r.size(*t, "daemon", "max_message_size", max_message, false);
    if (max_message && *max_message > (uint64_t(2) << 30) - 1) {
      r.error(*t->get("max_message_size"), "daemon", "max_message_size",
              "gRPC messages are limited to 2 GiB - 1");
    } else if (max_message) {
      c.daemon.max_message_size = *max_message;
    }
  }
  if (auto* t = section(root, "srs", r)) {
    r.check_keys(*t, "srs", {"param_cache", "parameters_json", "host_copy", "preload"}, {}, c);
    r.string(*t, "srs", "param_cache", c.srs.param_cache);
    r.string(*t, "srs", "parameters_json", c.srs.parameters_json);
    r.boolean_or_auto(*t, "srs", "host_copy", c.srs.host_copy);
    r.string_list(*t, "srs", "preload", c.srs.preload);
  }
  if (auto* t = section(root, "memory", r)) {
    r.check_keys(*t, "memory", {"total_budget", "safety_margin", "eviction_min_idle"},
                 {"pinned_budget", "working_memory_budget"}, c);
    r.size(*t, "memory", "total_budget", c.memory.total_budget, true);
    std::optional<uint64_t> margin = c.memory.safety_margin;
    r.size(*t, "memory", "safety_margin", margin, false);
    c.memory.safety_margin = margin.value_or(c.memory.safety_margin);
    r.duration(*t, "memory", "eviction_min_idle", c.memory.eviction_min_idle);
  }
  if (auto* t = section(root, "gpus", r)) {
    r.check_keys(*t, "gpus", {"devices", "gpu_threads", "gpu_workers_per_device", "cpu_fallback"},
                 {}, c);
    r.u32_list(*t, "gpus", "devices", c.gpus.devices);
    r.threads(*t, "gpus", "gpu_threads", c.gpus.gpu_threads);
    r.u32(*t, "gpus", "gpu_workers_per_device", c.gpus.gpu_workers_per_device, 1, 64);
    r.boolean_or_auto(*t, "gpus", "cpu_fallback", c.gpus.cpu_fallback);
  }
  if (auto* t = section(root, "scheduler", r)) {
    r.check_keys(*t, "scheduler",
                 {"max_batch_size", "max_batch_wait_ms", "sort_by_type", "max_pending"}, {}, c);
    r.u32(*t, "scheduler", "max_batch_size", c.scheduler.max_batch_size, 1, 1024);
    r.u32(*t, "scheduler", "max_batch_wait_ms", c.scheduler.max_batch_wait_ms);
    r.boolean(*t, "scheduler", "sort_by_type", c.scheduler.sort_by_type);
    r.u32(*t, "scheduler", "max_pending", c.scheduler.max_pending, 1, 1000000);
  }
  if (auto* t = section(root, "synthesis", r)) {
    r.check_keys(*t, "synthesis",
                 {"threads", "precompiled", "precompiled_cache", "witness_threads"},
                 {"partition_workers"}, c);
    r.threads(*t, "synthesis", "threads", c.synthesis.threads);
    r.boolean_or_auto(*t, "synthesis", "precompiled", c.synthesis.precompiled);
    r.string(*t, "synthesis", "precompiled_cache", c.synthesis.precompiled_cache);
    r.threads(*t, "synthesis", "witness_threads", c.synthesis.witness_threads);
  }
  if (auto* t = section(root, "pipeline", r)) {
    r.check_keys(*t, "pipeline",
                 {"enabled", "synthesis_lookahead", "max_parallel_synthesis", "prover_retries"},
                 {"synthesis_concurrency", "slot_size", "max_gpu_queue_depth"}, c);
    r.boolean(*t, "pipeline", "enabled", c.pipeline.enabled);
    r.u32_or_auto(*t, "pipeline", "synthesis_lookahead", c.pipeline.synthesis_lookahead, 0, 1024);
    r.u32(*t, "pipeline", "max_parallel_synthesis", c.pipeline.max_parallel_synthesis, 0, 4096);
    r.u32(*t, "pipeline", "prover_retries", c.pipeline.prover_retries, 0, 16);
  }
  if (auto* t = section(root, "logging", r)) {
    r.check_keys(*t, "logging", {"level", "format"}, {}, c);
    r.one_of(*t, "logging", "level", c.logging.level,
             {"trace", "debug", "info", "warn", "error", "critical", "off"});
    r.one_of(*t, "logging", "format", c.logging.format, {"text", "json"});
  }
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

}  // namespace

Result<Config, ConfigError> parse_config(std::string_view text, std::string_view source_name) {
  Reader reader(source_name);
  toml::table root;
  try {
    root = toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    return Error<ConfigError>{ConfigError::kInvalid,
                              fmt::format("{}: {}", reader.where(e.source()), e.description())};
  }
  Config config;
  read_sections(root, reader, config);
  config.origins = std::move(reader.origins());
  if (!reader.errors().empty()) {
    return Error<ConfigError>{ConfigError::kInvalid, join_lines(reader.errors())};
  }
  return config;
}

Result<Config, ConfigError> load_config(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error<ConfigError>{ConfigError::kIo, path + ": cannot be read"};
  std::ostringstream text;
  text << in.rdbuf();
  return parse_config(text.str(), path);
}

std::string precompiled_cache_dir(const Config& c) {
  return c.synthesis.precompiled_cache.empty() ? c.srs.param_cache : c.synthesis.precompiled_cache;
}

}  // namespace cuzk::engine
