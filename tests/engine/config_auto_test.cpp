// The configuration's auto rules: a table of hosts (cores, memory, usable GPUs) to the effective
// values, values the file gives kept over the rules, and the printed effective configuration
// loading back to the same values with each origin named.
#include "engine/config_auto.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace cuzk::engine {
namespace {

constexpr uint64_t kGiB = uint64_t(1) << 30;

struct AutoCase {
  const char* host;
  HostFacts facts;
  bool cpu_fallback, host_copy, precompiled;
  uint32_t synthesis_threads, lookahead;
  uint64_t budget_gib;
};

TEST(ConfigAuto, RulesForEachHost) {
  const AutoCase cases[] = {
      {"CI: 2 cores, 24 GiB, no GPU", {2, 24 * kGiB, {}}, false, true, false, 2, 1, 19},
      {"one H200 host", {16, 128 * kGiB, {0}}, false, false, true, 2, 2, 123},
      {"four GPUs", {64, 512 * kGiB, {0, 1, 2, 3}}, false, false, true, 8, 8, 507},
      {"one core, one GPU", {1, 8 * kGiB, {0}}, false, false, true, 1, 2, 3},
      {"memory unknown", {4, 0, {}}, false, true, false, 4, 1, 11},
  };
  for (const auto& t : cases) {
    SCOPED_TRACE(t.host);
    const Config c = resolve_auto(Config{}, t.facts);
    EXPECT_EQ(c.gpus.cpu_fallback, t.cpu_fallback);
    EXPECT_EQ(c.srs.host_copy, t.host_copy);
    EXPECT_EQ(c.synthesis.precompiled, t.precompiled);
    EXPECT_EQ(c.synthesis.threads, t.synthesis_threads);
    EXPECT_EQ(c.pipeline.synthesis_lookahead, t.lookahead);
    EXPECT_EQ(c.memory.total_budget, t.budget_gib * kGiB);
    EXPECT_EQ(c.synthesis.witness_threads, t.facts.cores);
    EXPECT_EQ(c.gpus.gpu_threads, t.facts.cores);
    EXPECT_EQ(c.gpus.devices, t.facts.gpus);
    for (const char* key :
         {"srs.host_copy", "gpus.cpu_fallback", "synthesis.precompiled", "synthesis.threads",
          "pipeline.synthesis_lookahead", "memory.total_budget"}) {
      ASSERT_TRUE(c.origins.count(key)) << key;
      EXPECT_EQ(c.origins.at(key).origin, Origin::kAuto) << key;
      EXPECT_FALSE(c.origins.at(key).why.empty()) << key;
    }
  }
}

TEST(ConfigAuto, FileValuesWinOverTheRules) {
  const HostFacts h100{16, 128 * kGiB, {0}};
  // A CPU fallback asked for keeps the parameters in host memory.
  auto fallback = parse_config("[gpus]\ncpu_fallback = true\n", "f.toml");
  ASSERT_TRUE(fallback.ok()) << fallback.error().message;
  Config c = resolve_auto(*fallback, h100);
  EXPECT_EQ(c.gpus.cpu_fallback, true);
  EXPECT_EQ(c.srs.host_copy, true);
  EXPECT_EQ(c.origins.at("gpus.cpu_fallback").origin, Origin::kFile);
  EXPECT_EQ(c.origins.at("srs.host_copy").origin, Origin::kAuto);

  auto set = parse_config(
      "[srs]\nhost_copy = true\n[synthesis]\nprecompiled = false\nthreads = 6\n"
      "[pipeline]\nsynthesis_lookahead = 3\n[memory]\ntotal_budget = \"40GiB\"\n",
      "f.toml");
  ASSERT_TRUE(set.ok()) << set.error().message;
  c = resolve_auto(*set, h100);
  EXPECT_EQ(c.srs.host_copy, true);
  EXPECT_EQ(c.synthesis.precompiled, false);
  EXPECT_EQ(c.synthesis.threads, 6u);
  EXPECT_EQ(c.pipeline.synthesis_lookahead, 3u);
  EXPECT_EQ(c.memory.total_budget, 40 * kGiB);
  for (const char* key : {"srs.host_copy", "synthesis.precompiled", "synthesis.threads",
                          "pipeline.synthesis_lookahead", "memory.total_budget"}) {
    EXPECT_EQ(c.origins.at(key).origin, Origin::kFile) << key;
  }
  // Explicit precompiled on the CPU backend: still 2 partitions at once, the pool does the rest.
  auto cpu = parse_config("[synthesis]\nprecompiled = true\n", "f.toml");
  ASSERT_TRUE(cpu.ok());
  EXPECT_EQ(resolve_auto(*cpu, HostFacts{8, 32 * kGiB, {}}).synthesis.threads, 2u);
}

TEST(ConfigAuto, AutoIsAcceptedAndBadValuesNamed) {
  auto c = parse_config(
      "[srs]\nhost_copy = \"auto\"\n[gpus]\ncpu_fallback = \"auto\"\ngpu_threads = \"auto\"\n"
      "[synthesis]\nprecompiled = \"auto\"\nthreads = \"auto\"\nwitness_threads = \"auto\"\n"
      "[pipeline]\nsynthesis_lookahead = \"auto\"\n",
      "a.toml");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_FALSE(c->srs.host_copy.has_value());
  EXPECT_FALSE(c->synthesis.precompiled.has_value());
  EXPECT_FALSE(c->pipeline.synthesis_lookahead.has_value());
  const Config r = resolve_auto(*c, HostFacts{16, 128 * kGiB, {0}});
  EXPECT_EQ(r.origins.at("srs.host_copy").origin, Origin::kAuto);
  EXPECT_EQ(r.srs.host_copy, false);

  auto bad =
      parse_config("[srs]\nhost_copy = \"maybe\"\n[synthesis]\nthreads = \"many\"\n", "b.toml");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(
      bad.error().message.find("b.toml:2:13: [srs] host_copy: expected true, false or \"auto\""),
      std::string::npos)
      << bad.error().message;
  EXPECT_NE(
      bad.error().message.find("b.toml:4:11: [synthesis] threads: expected an integer or \"auto\""),
      std::string::npos)
      << bad.error().message;
}

// The printed configuration's lines without their origin comments.
std::string values_only(const std::string& rendered) {
  std::istringstream in(rendered);
  std::string line, out;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t comment = line.find(" #");
    out += line.substr(0, line.find_last_not_of(' ', comment) + 1) + "\n";
  }
  return out;
}

// The printed line of `key`, its padding before the comment squeezed to one space.
std::string printed_line(const std::string& rendered, const std::string& key) {
  std::istringstream in(rendered);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key + " = ", 0) != 0) continue;
    const size_t comment = line.find(" #");
    if (comment == std::string::npos) return line;
    return line.substr(0, line.find_last_not_of(' ', comment) + 1) + line.substr(comment);
  }
  return "(no line for " + key + ")";
}

TEST(ConfigAuto, PrintedConfigLoadsBackToTheSameValues) {
  const HostFacts host{16, 128 * kGiB, {0}};
  auto file = parse_config(
      "[daemon]\nlisten = \"127.0.0.1:9820\"\nshutdown_grace = \"90s\"\n"
      "[memory]\nsafety_margin = \"1500MiB\"\n",
      "f.toml");
  ASSERT_TRUE(file.ok());
  const Config resolved = resolve_auto(*file, host);
  const std::string printed = render_effective_config(resolved, host);
  EXPECT_NE(printed.find("16 cores, 128.0 GiB of memory, CUDA devices [0]"), std::string::npos)
      << printed;
  EXPECT_EQ(printed_line(printed, "listen"), "listen = \"127.0.0.1:9820\" # file");
  EXPECT_EQ(printed_line(printed, "shutdown_grace"), "shutdown_grace = \"90s\" # file");
  EXPECT_EQ(printed_line(printed, "host_copy"),
            "host_copy = false # auto: a GPU and no CPU fallback: parameters on the GPUs only");
  EXPECT_EQ(printed_line(printed, "max_batch_size"), "max_batch_size = 1 # default");
  EXPECT_EQ(printed_line(printed, "devices"), "devices = [0] # auto: every usable CUDA device");

  auto reloaded = parse_config(printed, "printed.toml");
  ASSERT_TRUE(reloaded.ok()) << reloaded.error().message << "\n" << printed;
  EXPECT_TRUE(reloaded->warnings.empty());
  const Config again = resolve_auto(*reloaded, host);
  EXPECT_EQ(values_only(render_effective_config(again, host)), values_only(printed));
  EXPECT_EQ(again.memory.safety_margin, 1500 * (uint64_t(1) << 20));
}

}  // namespace
}  // namespace cuzk::engine
