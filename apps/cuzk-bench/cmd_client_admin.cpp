// cuzk-bench status / preload / evict / metrics / cancel: the daemon's administrative RPCs.
//   status  [--addr ADDR] [--json]     queues, parameter sets, counters, memory
//   preload --circuit porep-32g        load a circuit's parameters now
//   evict   --circuit porep-32g        drop them (refused while a proof uses them)
//   metrics                            the Prometheus text
//   cancel  --job-id ID                cancel a queued or running job (job id or request_id)
#include <google/protobuf/util/json_util.h>

#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "server/client.hpp"

namespace cuzk::bench {
namespace {

std::shared_ptr<std::string> add_addr(CLI::App* cmd) {
  auto addr = std::make_shared<std::string>("unix:///run/curio/cuzk.sock");
  cmd->add_option("--addr", *addr, "Daemon address: unix:///path or host:port")
      ->capture_default_str();
  return addr;
}

void check(const grpc::Status& status, const char* rpc) {
  if (!status.ok()) throw std::runtime_error(std::string(rpc) + ": " + server::describe(status));
}

void print_status(const v1::GetStatusResponse& s) {
  std::printf("uptime %lu s, proofs completed %lu, failed %lu, memory %.2f / %.2f GiB\n",
              static_cast<unsigned long>(s.uptime_seconds()),
              static_cast<unsigned long>(s.total_proofs_completed()),
              static_cast<unsigned long>(s.total_proofs_failed()),
              double(s.pinned_memory_bytes()) / double(1 << 30),
              double(s.pinned_memory_limit_bytes()) / double(1 << 30));
  for (const auto& q : s.queues()) {
    std::printf("queue %-22s pending %u, in progress %u\n", q.proof_kind().c_str(), q.pending(),
                q.in_progress());
  }
  for (const auto& srs : s.loaded_srs()) {
    std::printf("srs   %-22s %-4s %.2f GiB, %u user(s)\n", srs.circuit_id().c_str(),
                v1::SRSStatus::Tier_Name(srs.tier()).c_str(),
                double(srs.size_bytes()) / double(1 << 30), srs.ref_count());
  }
  for (const auto& g : s.gpus()) {
    std::printf("gpu   %u %s, job %s\n", g.ordinal(), g.name().c_str(), g.current_job_id().c_str());
  }
}

}  // namespace

void add_client_admin_commands(CLI::App& app) {
  {
    auto* cmd = app.add_subcommand("status", "Daemon status (GetStatus)");
    auto addr = add_addr(cmd);
    auto json = std::make_shared<bool>(false);
    cmd->add_flag("--json", *json, "Print the response as JSON");
    cmd->callback([addr, json] {
      grpc::ClientContext ctx;
      v1::GetStatusResponse response;
      check(server::connect(*addr)->GetStatus(&ctx, v1::GetStatusRequest(), &response),
            "GetStatus");
      if (*json) {
        std::string text;
        google::protobuf::util::JsonPrintOptions options;
        options.add_whitespace = true;
        options.always_print_primitive_fields = true;
        (void)google::protobuf::util::MessageToJsonString(response, &text, options);
        std::cout << text;
      } else {
        print_status(response);
      }
    });
  }
  {
    auto* cmd = app.add_subcommand("preload", "Load a circuit's parameters (PreloadSRS)");
    auto addr = add_addr(cmd);
    auto circuit = std::make_shared<std::string>();
    cmd->add_option("--circuit", *circuit, "Circuit id, e.g. porep-32g")->required();
    cmd->callback([addr, circuit] {
      grpc::ClientContext ctx;
      v1::PreloadSrsRequest request;
      request.set_circuit_id(*circuit);
      v1::PreloadSrsResponse response;
      check(server::connect(*addr)->PreloadSRS(&ctx, request, &response), "PreloadSRS");
      std::printf("%s: %s\n", circuit->c_str(),
                  response.already_loaded()
                      ? "already loaded"
                      : ("loaded in " + std::to_string(response.load_time_ms()) + " ms").c_str());
    });
  }
  {
    auto* cmd = app.add_subcommand("evict", "Drop a circuit's parameters (EvictSRS)");
    auto addr = add_addr(cmd);
    auto circuit = std::make_shared<std::string>();
    cmd->add_option("--circuit", *circuit, "Circuit id, e.g. porep-32g")->required();
    cmd->callback([addr, circuit] {
      grpc::ClientContext ctx;
      v1::EvictSrsRequest request;
      request.set_circuit_id(*circuit);
      v1::EvictSrsResponse response;
      check(server::connect(*addr)->EvictSRS(&ctx, request, &response), "EvictSRS");
      std::printf("%s: %s, %lu bytes freed\n", circuit->c_str(),
                  response.was_loaded() ? "evicted" : "was not loaded",
                  static_cast<unsigned long>(response.freed_bytes()));
    });
  }
  {
    auto* cmd = app.add_subcommand("cancel", "Cancel a queued or running job (CancelProof)");
    auto addr = add_addr(cmd);
    auto job_id = std::make_shared<std::string>();
    cmd->add_option("--job-id", *job_id, "The job id SubmitProof answered, or the request_id")
        ->required();
    cmd->callback([addr, job_id] {
      grpc::ClientContext ctx;
      v1::CancelProofRequest request;
      request.set_job_id(*job_id);
      v1::CancelProofResponse response;
      check(server::connect(*addr)->CancelProof(&ctx, request, &response), "CancelProof");
      std::printf("%s: cancelled (%s)\n", job_id->c_str(),
                  response.was_running() ? "was running" : "was queued or had ended");
    });
  }
  {
    auto* cmd = app.add_subcommand("metrics", "Prometheus metrics (GetMetrics)");
    auto addr = add_addr(cmd);
    cmd->callback([addr] {
      grpc::ClientContext ctx;
      v1::GetMetricsResponse response;
      check(server::connect(*addr)->GetMetrics(&ctx, v1::GetMetricsRequest(), &response),
            "GetMetrics");
      std::cout << response.prometheus_text();
    });
  }
}

}  // namespace cuzk::bench
