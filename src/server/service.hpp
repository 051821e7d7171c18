// ProvingService: the cuzk.v1.ProvingEngine gRPC service on top of engine::Engine (synchronous
// gRPC API: each call runs on one of gRPC's threads). It validates and converts (convert.hpp),
// calls the engine, and converts back. AwaitProof and Prove wait in slices so that a client that
// hangs up or passes its deadline frees its thread promptly; the job itself goes on (a retry with
// the same request_id picks it up again).
#pragma once

#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine.hpp"

namespace cuzk::server {

class ProvingService final : public v1::ProvingEngine::Service {
 public:
  explicit ProvingService(engine::Engine& engine) : engine_(engine) {}

  grpc::Status SubmitProof(grpc::ServerContext* context, const v1::SubmitProofRequest* request,
                           v1::SubmitProofResponse* response) override;
  grpc::Status AwaitProof(grpc::ServerContext* context, const v1::AwaitProofRequest* request,
                          v1::AwaitProofResponse* response) override;
  grpc::Status Prove(grpc::ServerContext* context, const v1::ProveRequest* request,
                     v1::ProveResponse* response) override;
  grpc::Status CancelProof(grpc::ServerContext* context, const v1::CancelProofRequest* request,
                           v1::CancelProofResponse* response) override;
  grpc::Status GetStatus(grpc::ServerContext* context, const v1::GetStatusRequest* request,
                         v1::GetStatusResponse* response) override;
  grpc::Status GetMetrics(grpc::ServerContext* context, const v1::GetMetricsRequest* request,
                          v1::GetMetricsResponse* response) override;
  grpc::Status PreloadSRS(grpc::ServerContext* context, const v1::PreloadSrsRequest* request,
                          v1::PreloadSrsResponse* response) override;
  grpc::Status EvictSRS(grpc::ServerContext* context, const v1::EvictSrsRequest* request,
                        v1::EvictSrsResponse* response) override;

 private:
  grpc::Status submit(v1::SubmitProofRequest request, v1::SubmitProofResponse* response);
  // timeout_ms 0: until the job ends (or the client gives up).
  grpc::Status await(grpc::ServerContext* context, const std::string& job_id, uint64_t timeout_ms,
                     v1::AwaitProofResponse* response);

  engine::Engine& engine_;
};

}  // namespace cuzk::server
