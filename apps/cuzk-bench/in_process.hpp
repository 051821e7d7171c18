// The engine the bench's prove commands (prove, prove-vanilla, fullsize) run inside the process:
// the daemon's configuration — a TOML file like the daemon's, or its defaults — with the
// parameters read from the command's --params-dir, and server::in_process_prover around it, so
// the request goes through the same conversion, checks, job factory and pipeline as on the daemon.
#pragma once

#include <string>
#include <vector>

#include "cuzk/v1/proving.pb.h"
#include "engine/config.hpp"
#include "server/client.hpp"

namespace cuzk::bench {

// `config_path` empty: the defaults. [srs] param_cache is set to `params_dir`. Throws
// std::runtime_error naming the file and key of a bad configuration.
engine::Config bench_engine_config(const std::string& config_path, const std::string& params_dir);

// Proves `requests` one after the other on `prover`, printing each job's timings on stderr after
// `command`; the proofs' bytes, concatenated in order. Throws std::runtime_error for a refused
// request (the engine's message, which names the field) or a job that did not complete.
std::string prove_in_order(server::Prover& prover,
                           const std::vector<v1::SubmitProofRequest>& requests,
                           const std::string& command);

}  // namespace cuzk::bench
