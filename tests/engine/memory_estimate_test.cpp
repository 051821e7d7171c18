// The pipeline's memory reservation per partition: witness and a/b/c on the host, or the witness
// alone when the job leaves a/b/c to a backend that computes them on its device (deferred a/b/c,
// precompiled PoRep on the GPU). Read from the budget while the partition is held in synthesis.
#include <gtest/gtest.h>

#include "engine/engine.hpp"
#include "engine_fixture.hpp"
#include "groth16/cpu_backend.hpp"
#include "util/mapped_file.hpp"

namespace cuzk::engine {
namespace {

using testing::await_end;
using testing::Gate;
using testing::kSmallCircuit;
using testing::shared_param_dir;
using testing::submit_ok;
using testing::test_engine_options;
using testing::test_request;
using testing::TestJobs;
using testing::TestJobSpec;

// The CPU backend, claiming to evaluate deferred a/b/c on a device: for ordinary starts, and for
// deadline starts of a domain above `deadline_above` points.
class DeviceAbcBackend final : public testing::CpuBackedBackend {
 public:
  explicit DeviceAbcBackend(bool device_abc, size_t deadline_above = SIZE_MAX)
      : device_abc_(device_abc), deadline_above_(deadline_above) {}
  std::string name() const override { return "device-abc"; }
  bool evaluates_deferred_abc() const override { return device_abc_; }
  bool evaluates_deferred_abc_for_deadline(size_t domain) const override {
    return domain > deadline_above_;
  }

 private:
  bool device_abc_;
  size_t deadline_above_;
};

// Bytes reserved for the first partition of a job (its parameters' own reservation excluded).
uint64_t reserved_for_partition(bool job_defers, bool backend_evaluates,
                                std::optional<Priority> priority = std::nullopt,
                                size_t deadline_above = SIZE_MAX) {
  TestJobs jobs;
  auto gate = std::make_shared<Gate>();
  TestJobSpec spec(kSmallCircuit, 1, 1);
  spec.gated(gate, 0);
  if (job_defers) spec.deferring_abc();
  jobs.add("job", spec);
  Engine engine(test_engine_options(shared_param_dir()), jobs.factory(),
                std::make_unique<DeviceAbcBackend>(backend_evaluates, deadline_above));
  const auto id = submit_ok(engine, test_request("job", priority));
  EXPECT_TRUE(gate->wait_entered());
  const auto status = engine.status();
  gate->open();
  EXPECT_EQ(await_end(engine, id).state, JobState::kCompleted);
  EXPECT_EQ(status.srs.size(), 1u);
  return status.memory_used_bytes - status.srs.at(0).size_bytes;
}

TEST(MemoryEstimate, DeferredAbcOnTheDeviceReservesTheWitnessAlone) {
  // The estimate before any partition was seen comes from the parameter file's bounds.
  const MappedFile file(shared_param_dir() + "/" +
                        groth16::bench_circuit_params_stem(kSmallCircuit) + ".params");
  auto layout = groth16::scan_params_layout(file.bytes());
  ASSERT_TRUE(layout.ok());
  const uint64_t rows = uint64_t(layout->h.count) + 1;
  const uint64_t vars = uint64_t(layout->ic.count) + layout->l.count;
  const auto with_slack = [](uint64_t bytes) { return bytes + bytes / 8; };
  const uint64_t full = with_slack((3 * rows + 2 * vars) * 32);
  const uint64_t witness_only = with_slack(2 * vars * 32);

  EXPECT_EQ(reserved_for_partition(false, false), full);
  EXPECT_EQ(reserved_for_partition(true, false), full)
      << "a CPU backend computes a/b/c on the host";
  EXPECT_EQ(reserved_for_partition(false, true), full) << "a job that does not defer has a/b/c";
  EXPECT_EQ(reserved_for_partition(true, true), witness_only);

  // A deadline job: by what the backend's deadline start does with the domain.
  EXPECT_EQ(reserved_for_partition(true, true, Priority::kCritical), full)
      << "the deadline start takes a/b/c ready";
  EXPECT_EQ(reserved_for_partition(true, false, Priority::kHigh, 1), witness_only)
      << "a domain the deadline start evaluates on the device";
  EXPECT_EQ(reserved_for_partition(true, true, Priority::kHigh, size_t(1) << 40), full);
}

}  // namespace
}  // namespace cuzk::engine
