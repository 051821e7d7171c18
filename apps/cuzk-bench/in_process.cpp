// The bench's in-process engine (see in_process.hpp).
#include "in_process.hpp"

#include <iostream>
#include <stdexcept>

#include "util/stopwatch.hpp"

namespace cuzk::bench {

engine::Config bench_engine_config(const std::string& config_path, const std::string& params_dir) {
  engine::Config config;
  if (!config_path.empty()) {
    auto loaded = engine::load_config(config_path);
    if (!loaded) throw std::runtime_error(loaded.error().message);
    config = std::move(loaded).value();
  }
  config.srs.param_cache = params_dir;
  return config;
}

std::string prove_in_order(server::Prover& prover,
                           const std::vector<v1::SubmitProofRequest>& requests,
                           const std::string& command) {
  std::string proof;
  for (const auto& request : requests) {
    v1::AwaitProofResponse result;
    Stopwatch sw;
    const grpc::Status status = prover.prove(request, &result);
    if (!status.ok())
      throw std::runtime_error(command + ": " + request.request_id() +
                               " refused: " + server::describe(status));
    if (result.status() != v1::AwaitProofResponse::COMPLETED)
      throw std::runtime_error(command + ": job " + result.job_id() + " " +
                               v1::AwaitProofResponse::Status_Name(result.status()) + ": " +
                               result.error_message());
    std::cerr << command << ": " << request.request_id() << ": " << result.proof().size()
              << "-byte proof in " << sw.total_ms() << " ms; " << server::format_timings(result)
              << "\n";
    proof += result.proof();
  }
  return proof;
}

}  // namespace cuzk::bench
