// Config file parsing: defaults, every section, the Rust daemon's example keys, and errors that
// name FILE:LINE:COLUMN, the section and the key; size and duration values.
#include "engine/config.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "engine/config_auto.hpp"
#include "engine/config_values.hpp"

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;

TEST(ConfigValues, Sizes) {
  EXPECT_EQ(parse_byte_size("256GiB"), uint64_t(256) << 30);
  EXPECT_EQ(parse_byte_size("5 GiB"), uint64_t(5) << 30);
  EXPECT_EQ(parse_byte_size("512MiB"), uint64_t(512) << 20);
  EXPECT_EQ(parse_byte_size("1.5KiB"), 1536u);
  EXPECT_EQ(parse_byte_size("10GB"), 10000000000u);
  EXPECT_EQ(parse_byte_size("123"), 123u);
  EXPECT_EQ(parse_byte_size("lots"), std::nullopt);
  EXPECT_EQ(parse_byte_size("12XB"), std::nullopt);
  EXPECT_EQ(parse_byte_size(""), std::nullopt);
}

TEST(ConfigValues, Durations) {
  EXPECT_EQ(parse_duration("5m"), 300000ms);
  EXPECT_EQ(parse_duration("300s"), 300000ms);
  EXPECT_EQ(parse_duration("1h30m"), 5400000ms);
  EXPECT_EQ(parse_duration("250ms"), 250ms);
  EXPECT_EQ(parse_duration("42"), 42000ms);
  EXPECT_EQ(parse_duration("5x"), std::nullopt);
  EXPECT_EQ(parse_duration("m"), std::nullopt);
  EXPECT_EQ(parse_duration("5 5"), std::nullopt);
}

// Found by fuzz_config: a duration beyond int64 milliseconds was converted anyway (undefined
// behaviour). Durations are bounded by kMaxDuration (100 years).
TEST(ConfigValues, DurationsAreBounded) {
  EXPECT_EQ(parse_duration("111111111111111512"), std::nullopt);  // the fuzzer's input
  EXPECT_EQ(parse_duration("876000h"), kMaxDuration);
  EXPECT_EQ(parse_duration("876000h1ms"), std::nullopt);
  EXPECT_EQ(parse_duration(std::string(400, '9') + "h"), std::nullopt);
  auto c = parse_config("[daemon]\nshutdown_grace = 9223372036854775807\n", "d.toml");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().message,
            "d.toml:2:18: [daemon] shutdown_grace: expected a duration like \"5m\", \"300s\" or "
            "seconds, at most 100 years");
  c = parse_config("[memory]\neviction_min_idle = \"876000h\"\n", "d.toml");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->memory.eviction_min_idle, kMaxDuration);
}

// Found by fuzz_config with toml++ compiled in (header-only): toml++ 3.3.0 reaches
// __builtin_unreachable on some non-ASCII characters where whitespace may stand (upstream issue
// marzer/tomlplusplus#295). The Debian library the daemon links reports them as an error.
TEST(Config, NonAsciiWhereWhitespaceMayStandIsAnError) {
  auto c = parse_config("\xce\xa1sch/", "u.toml");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().message.rfind("u.toml:1:1: ", 0), 0u) << c.error().message;
}

TEST(Config, EmptyFileGivesDefaults) {
  auto c = parse_config("", "empty.toml");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->daemon.listen, "unix:///run/curio/cuzk.sock");
  EXPECT_EQ(c->scheduler.max_batch_size, 1u);
  EXPECT_EQ(c->scheduler.max_batch_wait_ms, 10000u);
  EXPECT_TRUE(c->scheduler.sort_by_type);
  EXPECT_FALSE(c->memory.total_budget.has_value());
  EXPECT_EQ(c->gpus.gpu_workers_per_device, 2u);
  EXPECT_EQ(c->logging.format, "text");
}

// The keys of the Rust daemon's cuzk.example.toml (values changed), plus ours.
TEST(Config, EverySection) {
  const char* text = R"(
[daemon]
listen = "unix:///run/cuzk.sock"
status_listen = "127.0.0.1:9821"
shutdown_grace = "90s"
max_message_size = "256MiB"

[srs]
param_cache = "/data/zk/params"
host_copy = false

[memory]
total_budget = "256GiB"
safety_margin = "10GiB"
eviction_min_idle = "10m"

[gpus]
devices = [0, 1]
gpu_threads = 32
gpu_workers_per_device = 3

[scheduler]
max_batch_size = 2
max_batch_wait_ms = 30000
sort_by_type = false

[synthesis]
threads = 12

[pipeline]
enabled = true
synthesis_lookahead = 4
max_parallel_synthesis = 8

[logging]
level = "debug"
format = "json"
)";
  auto c = parse_config(text, "full.toml");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->daemon.listen, "unix:///run/cuzk.sock");
  EXPECT_EQ(c->daemon.status_listen, "127.0.0.1:9821");
  EXPECT_EQ(c->daemon.shutdown_grace, 90s);
  EXPECT_EQ(c->daemon.max_message_size, uint64_t(256) << 20);
  EXPECT_EQ(c->memory.total_budget, uint64_t(256) << 30);
  EXPECT_EQ(c->memory.safety_margin, uint64_t(10) << 30);
  EXPECT_EQ(c->memory.eviction_min_idle, 10min);
  EXPECT_EQ(c->gpus.devices, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(c->gpus.gpu_threads, 32u);
  EXPECT_EQ(c->scheduler.max_batch_size, 2u);
  EXPECT_FALSE(c->scheduler.sort_by_type);
  EXPECT_EQ(c->logging.level, "debug");
  EXPECT_TRUE(c->warnings.empty());

  const EngineOptions o = engine_options(*c);
  EXPECT_EQ(o.memory_budget_bytes, uint64_t(256) << 30);
  EXPECT_EQ(o.pipeline.synthesis_workers, 8u);          // min(threads 12, max_parallel_synthesis 8)
  EXPECT_EQ(o.pipeline.prover_workers_per_device, 3u);  // x the backend's devices
  EXPECT_EQ(o.pipeline.synthesis_lookahead, 4u);
  EXPECT_EQ(o.pipeline.max_batch_size, 2u);
  EXPECT_EQ(o.scheduler.max_batch_wait, 30000ms);
  EXPECT_EQ(o.srs.eviction_min_idle, 10min);
  EXPECT_EQ(o.backend.threads, 32u);
  EXPECT_FALSE(o.backend.host_copy);
}

TEST(Config, WitnessThreadsAreSetOrAllCores) {
  auto set = parse_config("[synthesis]\nthreads = 2\nwitness_threads = 8\n", "w.toml");
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_EQ(set->synthesis.witness_threads, 8u);
  EXPECT_EQ(resolve_auto(*set, probe_host(*set)).synthesis.witness_threads, 8u);

  // One pool for all partitions synthesised at once: every core, whatever [synthesis] threads.
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  auto shared = parse_config("[synthesis]\nthreads = 2\n", "w.toml");
  ASSERT_TRUE(shared.ok());
  EXPECT_EQ(resolve_auto(*shared, probe_host(*shared)).synthesis.witness_threads, cores);

  auto bad = parse_config("[synthesis]\nwitness_threads = -1\n", "w.toml");
  EXPECT_FALSE(bad.ok());
}

TEST(Config, AutoBudgetIsMemTotalMinusMargin) {
  auto c = parse_config("[memory]\ntotal_budget = \"auto\"\nsafety_margin = \"1GiB\"\n", "a");
  ASSERT_TRUE(c.ok()) << c.error().message;
  auto total = system_memory_bytes();
  ASSERT_TRUE(total.has_value());
  const uint64_t mib = uint64_t(1) << 20;  // the budget is whole MiB
  EXPECT_EQ(engine_options(*c).memory_budget_bytes,
            std::max(uint64_t(1) << 30, (*total - (uint64_t(1) << 30)) / mib * mib));
}

TEST(Config, UnknownKeyNamesFileLineAndKey) {
  auto c = parse_config("[daemon]\nlisten = \"0.0.0.0:9820\"\nlisen = \"x\"\n", "cuzk.toml");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message.find("cuzk.toml:3:1: [daemon] lisen: unknown key"), std::string::npos)
      << c.error().message;
}

TEST(Config, UnknownSection) {
  auto c = parse_config("\n[deamon]\nlisten = \"x\"\n", "cuzk.toml");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message.find("cuzk.toml:2:"), std::string::npos) << c.error().message;
  EXPECT_NE(c.error().message.find("unknown section [deamon]"), std::string::npos);
}

TEST(Config, DevicesAreAListOrAuto) {
  auto listed = parse_config("[gpus]\ndevices = [1, 3]\n", "g.toml");
  ASSERT_TRUE(listed.ok()) << listed.error().message;
  EXPECT_EQ(listed->gpus.devices, (std::vector<uint32_t>{1, 3}));
  // "auto" and [] both mean every usable device (config_auto.cpp fills the list in).
  for (const char* text : {"[gpus]\ndevices = \"auto\"\n", "[gpus]\ndevices = []\n"}) {
    auto every = parse_config(text, "g.toml");
    ASSERT_TRUE(every.ok()) << every.error().message;
    EXPECT_TRUE(every->gpus.devices.empty()) << text;
  }
  auto bad = parse_config("[gpus]\ndevices = \"all\"\n", "g.toml");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("[gpus] devices: expected an array of integers or \"auto\""),
            std::string::npos)
      << bad.error().message;
}

TEST(Config, BadValuesAreAllReported) {
  const char* text =
      "[memory]\n"
      "total_budget = \"lots\"\n"
      "[scheduler]\n"
      "max_batch_size = 0\n"
      "sort_by_type = \"yes\"\n"
      "[logging]\n"
      "level = \"loud\"\n";
  auto c = parse_config(text, "bad.toml");
  ASSERT_FALSE(c.ok());
  const std::string& m = c.error().message;
  EXPECT_NE(m.find("bad.toml:2:16: [memory] total_budget: expected a size like \"256GiB\" or "
                   "\"auto\""),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("bad.toml:4:18: [scheduler] max_batch_size: 0 is out of range [1, 1024]"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("bad.toml:5:16: [scheduler] sort_by_type: expected true or false"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("bad.toml:7:9: [logging] level: \"loud\" is not one of"), std::string::npos)
      << m;
}

TEST(Config, SyntaxErrorHasPosition) {
  auto c = parse_config("[daemon]\nlisten = \n", "broken.toml");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().message.rfind("broken.toml:2:", 0), 0u) << c.error().message;
}

TEST(Config, DeprecatedRustKeysWarnNotFail) {
  auto c =
      parse_config("[srs]\npreload = [\"porep-32g\"]\n[pipeline]\nslot_size = 3\n", "old.toml");
  ASSERT_TRUE(c.ok()) << c.error().message;
  ASSERT_EQ(c->warnings.size(), 1u);
  EXPECT_NE(c->warnings[0].find("old.toml:4:1: [pipeline] slot_size: accepted for compatibility"),
            std::string::npos)
      << c->warnings[0];
  // preload is the Rust daemon's key and ours: the sets loaded at start.
  EXPECT_EQ(c->srs.preload, std::vector<std::string>{"porep-32g"});
  auto bad = parse_config("[srs]\npreload = [\"porep-32g\", 3, \"\"]\n", "p.toml");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("p.toml:2:25: [srs] preload: expected non-empty strings"),
            std::string::npos)
      << bad.error().message;
}

TEST(Config, MissingFile) {
  auto c = load_config("/nonexistent/cuzk.toml");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.code(), ConfigError::kIo);
}

TEST(Config, PipelineDisabledRunsOnePartitionAtATime) {
  auto c = parse_config("[pipeline]\nenabled = false\n[synthesis]\nthreads = 8\n", "p.toml");
  ASSERT_TRUE(c.ok());
  const auto o = engine_options(*c);
  EXPECT_EQ(o.pipeline.synthesis_workers, 1u);
  EXPECT_EQ(o.pipeline.prover_workers_per_device, 1u);
}

// The shipped example documents the defaults: it must load cleanly and change nothing.
TEST(Config, ExampleFileIsTheDefaults) {
  auto c = load_config(std::string(CUZK_TESTS_DIR) + "/../cuzk.example.toml");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_TRUE(c->warnings.empty());
  const Config defaults;
  EXPECT_EQ(c->daemon.listen, defaults.daemon.listen);
  EXPECT_EQ(c->daemon.shutdown_grace, defaults.daemon.shutdown_grace);
  EXPECT_EQ(c->daemon.max_message_size, defaults.daemon.max_message_size);
  EXPECT_EQ(c->srs.param_cache, defaults.srs.param_cache);
  EXPECT_EQ(c->srs.host_copy, defaults.srs.host_copy);
  EXPECT_EQ(c->gpus.cpu_fallback, defaults.gpus.cpu_fallback);
  EXPECT_EQ(c->gpus.gpu_threads, defaults.gpus.gpu_threads);
  EXPECT_EQ(c->synthesis.precompiled, defaults.synthesis.precompiled);
  EXPECT_EQ(c->synthesis.threads, defaults.synthesis.threads);
  EXPECT_EQ(c->synthesis.witness_threads, defaults.synthesis.witness_threads);
  EXPECT_EQ(c->memory.total_budget, defaults.memory.total_budget);
  EXPECT_EQ(c->memory.safety_margin, defaults.memory.safety_margin);
  EXPECT_EQ(c->memory.eviction_min_idle, defaults.memory.eviction_min_idle);
  EXPECT_EQ(c->gpus.gpu_workers_per_device, defaults.gpus.gpu_workers_per_device);
  EXPECT_EQ(c->scheduler.max_batch_wait_ms, defaults.scheduler.max_batch_wait_ms);
  EXPECT_EQ(c->pipeline.synthesis_lookahead, defaults.pipeline.synthesis_lookahead);
  EXPECT_EQ(c->logging.level, defaults.logging.level);
  EXPECT_EQ(c->scheduler.max_pending, defaults.scheduler.max_pending);
  EXPECT_EQ(c->daemon.allow_insecure_tcp, defaults.daemon.allow_insecure_tcp);
  EXPECT_EQ(c->daemon.auth_token_file, defaults.daemon.auth_token_file);
}

TEST(Config, AccessKeysAndQueueLimit) {
  const char* text =
      "[daemon]\n"
      "listen = \"0.0.0.0:9820\"\n"
      "tls_cert = \"/etc/cuzk/server.pem\"\n"
      "tls_key = \"/etc/cuzk/server.key\"\n"
      "tls_client_ca = \"/etc/cuzk/clients.pem\"\n"
      "auth_token_file = \"/etc/cuzk/token\"\n"
      "allow_insecure_tcp = true\n"
      "[scheduler]\n"
      "max_pending = 64\n";
  auto c = parse_config(text, "access.toml");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->daemon.tls_cert, "/etc/cuzk/server.pem");
  EXPECT_EQ(c->daemon.tls_key, "/etc/cuzk/server.key");
  EXPECT_EQ(c->daemon.tls_client_ca, "/etc/cuzk/clients.pem");
  EXPECT_EQ(c->daemon.auth_token_file, "/etc/cuzk/token");
  EXPECT_TRUE(c->daemon.allow_insecure_tcp);
  EXPECT_EQ(engine_options(*c).max_pending, 64u);
  const Config defaults;
  EXPECT_FALSE(defaults.daemon.allow_insecure_tcp);
  EXPECT_EQ(defaults.scheduler.max_pending, 1024u);
}

TEST(Config, AccessKeysWithoutTlsAreReported) {
  const char* text =
      "[daemon]\n"
      "tls_client_ca = \"/etc/cuzk/clients.pem\"\n"
      "auth_token_file = \"/etc/cuzk/token\"\n"
      "tls_key = \"/etc/cuzk/server.key\"\n"
      "allow_insecure_tcp = \"yes\"\n"
      "[scheduler]\n"
      "max_pending = 0\n";
  auto c = parse_config(text, "access.toml");
  ASSERT_FALSE(c.ok());
  const std::string& m = c.error().message;
  for (const char* expected :
       {"access.toml:2:17: [daemon] tls_client_ca: needs tls_cert and tls_key",
        "access.toml:3:19: [daemon] auth_token_file: needs tls_cert and tls_key (a bearer token "
        "is sent only over TLS)",
        "access.toml:4:11: [daemon] tls_key: needs tls_cert",
        "access.toml:5:22: [daemon] allow_insecure_tcp: expected true or false",
        "access.toml:7:15: [scheduler] max_pending: 0 is out of range [1, 1000000]"}) {
    EXPECT_NE(m.find(expected), std::string::npos) << expected << "\n" << m;
  }
  auto half = parse_config("[daemon]\ntls_cert = \"/c.pem\"\n", "half.toml");
  ASSERT_FALSE(half.ok());
  EXPECT_NE(half.error().message.find("half.toml:2:12: [daemon] tls_cert: needs tls_key"),
            std::string::npos)
      << half.error().message;
}

}  // namespace
}  // namespace cuzk::engine
