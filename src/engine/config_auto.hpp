// The configuration's "auto" values filled in from the host, the effective configuration as
// `cuzk --print-config` prints it (every key, its value, and where the value came from), and the
// engine's options from it. Apart from config.hpp (the file's parsing alone, which the config
// fuzzer builds by itself) because resolving asks the backend factory for the CUDA devices.
//
// The rules (HostFacts: cores, memory, the usable CUDA devices of [gpus] devices):
//   [gpus] devices            empty: every usable CUDA device
//   [gpus] cpu_fallback       false: with a GPU, a CPU proof of a large partition misses every
//                             deadline and needs a host copy of each parameter set; without
//                             one the CPU backend proves and there is nothing to fall back to
//   [srs] host_copy           false with a GPU and no CPU fallback (each section freed from the
//                             host once every GPU holds it; one a GPU cannot take stays); else true
//   [synthesis] precompiled   true with a GPU (a/b/c evaluated on the GPU beside the
//                             parameters, only the witness uploaded); false on the CPU backend
//   [synthesis] threads       precompiled: 2 per GPU (at least 2), at most the cores — the
//                             witnesses come from one pool of every core, so more partitions at
//                             once only hold more memory; otherwise one per core
//   [synthesis] witness_threads, [gpus] gpu_threads: every core
//   [pipeline] synthesis_lookahead: the prover workers (GPUs x gpu_workers_per_device) with a
//                             GPU, so each worker finds a partition ready; 1 on the CPU backend
//   [memory] total_budget     MemTotal - safety_margin (at least 1 GiB)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/config.hpp"

namespace cuzk::engine {

struct HostFacts {
  unsigned cores = 1;
  uint64_t memory_bytes = 0;   // MemTotal; 0: unknown
  std::vector<uint32_t> gpus;  // usable CUDA ordinals among [gpus] devices (all when empty)
};

// This machine: hardware threads, MemTotal, and the CUDA devices that answer (none in a build
// without the CUDA backend).
HostFacts probe_host(const Config& config);

// `config` with every auto value set from `host`, each recorded in origins as Origin::kAuto with
// its rule. Values the file or the command line gave are kept. Idempotent.
Config resolve_auto(const Config& config, const HostFacts& host);

// The resolved configuration as a TOML file that loads back to the same values: a header naming
// the host facts, then every key with a comment saying default, file, command line or
// "auto: <rule>".
std::string render_effective_config(const Config& resolved, const HostFacts& host);

// The engine's options from a configuration; "auto" values are resolved first (resolve_auto with
// probe_host).
EngineOptions engine_options(const Config& config);

}  // namespace cuzk::engine
