// ServiceFixture: the in-process server tests' fixture — an Engine and its gRPC service on a unix
// socket in a temporary directory, and a client stub. A test adds its TestJobs, then start()s
// with its options (and, for the daemon's own request checks, another job factory); TearDown
// opens the gate and stops the server before the engine.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/engine.hpp"
#include "engine/engine_fixture.hpp"
#include "server/client.hpp"
#include "server/grpc_server.hpp"

namespace cuzk::server::testing {

class ServiceFixture : public ::testing::Test {
 protected:
  void start(engine::EngineOptions options, engine::JobFactory factory = {}) {
    engine_ = std::make_unique<engine::Engine>(std::move(options),
                                               factory ? std::move(factory) : jobs_.factory());
    server_ = std::make_unique<GrpcServer>(*engine_, "unix://" + dir_.str() + "/cuzk.sock");
    stub_ = connect(server_->address());
  }
  void TearDown() override {
    gate_->open();
    server_.reset();
    engine_.reset();
  }

  engine::testing::TempDir dir_{"service"};
  engine::testing::TestJobs jobs_;
  std::shared_ptr<engine::testing::Gate> gate_ = std::make_shared<engine::testing::Gate>();
  std::unique_ptr<engine::Engine> engine_;
  std::unique_ptr<GrpcServer> server_;
  std::unique_ptr<v1::ProvingEngine::Stub> stub_;
};

}  // namespace cuzk::server::testing
