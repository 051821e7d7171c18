// Parameter sets kept on the devices only (SrsOptions::take_section, [srs] host_copy = false):
// every bulk section is handed over once, in file order, with its points, and released from the
// host; the load reserves only the largest section; a failed hand-over, or a parameters.json digest
// that differs (hashed beside the decode), fails the load cleanly;
// and an engine whose backend holds the sections proves valid proofs from a set without host
// points. The "device" here is a backend keeping its own copy of each section it was given.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <list>
#include <map>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "curve/encoding.hpp"
#include "engine/backend_factory.hpp"
#include "engine/engine.hpp"
#include "engine/param_digest.hpp"
#include "engine/srs_manager.hpp"
#include "engine_fixture.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/spread_backend.hpp"
#include "util/mapped_file.hpp"

namespace cuzk::engine {
namespace {

using groth16::Parameters;
using groth16::Section;
using testing::await_end;
using testing::expect_valid_bench_proof;
using testing::kSmallCircuit;
using testing::shared_param_dir;
using testing::submit_ok;
using testing::TempDir;
using testing::test_engine_options;
using testing::test_request;
using testing::TestJobs;
using testing::TestJobSpec;

const std::string kCircuit = "chain-64";

Parameters whole_file() {
  const MappedFile file(shared_param_dir() + "/" +
                        groth16::bench_circuit_params_stem(kSmallCircuit) + ".params");
  auto params = groth16::read_parameters(file.bytes(), 1);
  if (!params) throw std::runtime_error(params.error().message);
  return std::move(params).value();
}

// Copies section s of `from` into `to` (both hold it on the host).
void copy_section(const Parameters& from, Parameters& to, Section s) {
  if (s == Section::kBG2) {
    to.b_g2 = from.b_g2;
  } else {
    to.g1(s) = from.g1(s);
  }
}

// A "device": keeps the sections it is given (Backend::preload_section), by Parameters address,
// and proves with its copy through the CPU backend — so a prover that read the caller's
// (released) points would fail.
class HoldingBackend final : public testing::CpuBackedBackend {
 public:
  std::string name() const override { return "holding"; }

  bool preload_section(const Parameters& params, Section s) override {
    std::lock_guard lock(mutex_);
    Parameters& copy = held_[&params];
    copy.vk = params.vk;
    copy_section(params, copy, s);
    return true;
  }
  void evict(const Parameters& params) override {
    std::lock_guard lock(mutex_);
    held_.erase(&params);
  }
  size_t held() const {
    std::lock_guard lock(mutex_);
    return held_.size();
  }

  std::unique_ptr<groth16::Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                          const Parameters& params,
                                          std::span<const groth16::Randomness> r) override {
    EXPECT_FALSE(params.on_host());
    const Parameters* copy = nullptr;
    {
      std::lock_guard lock(mutex_);
      copy = &held_.at(&params);
    }
    return cpu_.start(std::move(assignments), *copy, r);
  }

 private:
  mutable std::mutex mutex_;
  std::map<const Parameters*, Parameters> held_;
};

SrsOptions options() {
  SrsOptions o;
  o.param_cache = shared_param_dir();
  o.load_threads = 1;
  return o;
}

TEST(SrsDeviceOnly, EverySectionIsHandedOverInOrderThenReleased) {
  const Parameters expected = whole_file();
  MemoryBudget budget(uint64_t(1) << 30);
  std::vector<Section> order;
  Parameters given;  // what the hook saw of each section
  SrsOptions o = options();
  o.take_section = [&](Parameters& params, Section s) {
    order.push_back(s);
    EXPECT_FALSE(params.released[size_t(s)]);
    copy_section(params, given, s);
    params.release(s);
  };
  SrsManager srs(o, budget);
  auto lease = srs.acquire(kCircuit);
  ASSERT_TRUE(lease.ok()) << lease.error().message;
  const std::vector<Section> want(std::begin(groth16::kSections), std::end(groth16::kSections));
  EXPECT_EQ(order, want);
  given.vk = expected.vk;
  EXPECT_EQ(given, expected) << "each section handed over with all its points";

  const Parameters& held = (*lease)->params;
  EXPECT_TRUE((*lease)->device_only);
  EXPECT_FALSE(held.on_host());
  EXPECT_TRUE(held.h.empty() && held.l.empty() && held.a.empty() && held.b_g1.empty() &&
              held.b_g2.empty());
  EXPECT_EQ(held.vk, expected.vk);
  for (const Section s : groth16::kSections) EXPECT_EQ(held.count(s), expected.count(s));
  EXPECT_EQ(budget.used(), 0u) << "nothing of the set stays reserved on the host";
  EXPECT_EQ(srs.hot_bytes(), 0u);
  EXPECT_EQ(srs.status().at(0).tier, SrsTier::kHot);
}

// SrsOptions::take_raw_section: each section's file bytes go to the hook before any host decode;
// a section it takes is neither decoded on the host nor given to take_section; one it declines
// (B in G2 kept on the host) is decoded and handed over as without the hook.
TEST(SrsDeviceOnly, RawSectionsGoToTheDevicesUndecoded) {
  const Parameters expected = whole_file();
  const MappedFile file(shared_param_dir() + "/" +
                        groth16::bench_circuit_params_stem(kSmallCircuit) + ".params");
  const auto layout = *groth16::scan_params_layout(file.bytes());
  MemoryBudget budget(uint64_t(1) << 30);
  std::vector<Section> raw, decoded;
  SrsOptions o = options();
  o.take_raw_section = [&](Parameters& params, Section s,
                           std::span<const uint8_t> bytes) -> groth16::ParamsResult<bool> {
    raw.push_back(s);
    const auto want = groth16::params_section_bytes(file.bytes(), layout, s);
    EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), want.begin(), want.end()))
        << groth16::to_string(s) << ": the file's bytes of the section";
    if (s == Section::kBG2) return false;
    params.released[size_t(s)] = layout.at(s).count;
    return true;
  };
  o.take_section = [&](Parameters& params, Section s) {
    decoded.push_back(s);
    EXPECT_EQ(params.b_g2, expected.b_g2) << "decoded on the host";
    params.release(s);
  };
  SrsManager srs(o, budget);
  auto lease = srs.acquire(kCircuit);
  ASSERT_TRUE(lease.ok()) << lease.error().message;
  const std::vector<Section> all(std::begin(groth16::kSections), std::end(groth16::kSections));
  EXPECT_EQ(raw, all);
  EXPECT_EQ(decoded, std::vector<Section>{Section::kBG2});
  const Parameters& held = (*lease)->params;
  EXPECT_FALSE(held.on_host());
  for (const Section s : groth16::kSections) EXPECT_EQ(held.count(s), expected.count(s));
  EXPECT_EQ(held.vk, expected.vk);
}

// A bad point found by the devices fails the load with the loader's message, drops what the
// devices already hold, and a later acquire loads again.
TEST(SrsDeviceOnly, ABadPointFoundByTheDevicesFailsTheLoad) {
  MemoryBudget budget(uint64_t(1) << 30);
  bool bad = true;
  int unloads = 0;
  SrsOptions o = options();
  o.take_raw_section = [&](Parameters& params, Section s,
                           std::span<const uint8_t> bytes) -> groth16::ParamsResult<bool> {
    if (bad && s == Section::kL) {
      return groth16::ParamsResult<bool>(
          Error<groth16::ParamsError>{groth16::ParamsError::kBadPoint, "l[7]: off the curve"});
    }
    params.released[size_t(s)] = bytes.size() / (s == Section::kBG2 ? 192 : 96);
    return true;
  };
  o.take_section = [](Parameters& params, Section s) { params.release(s); };
  o.on_unload = [&](const Parameters&) { ++unloads; };
  SrsManager srs(o, budget);
  auto failed = srs.acquire(kCircuit);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.code(), SrsError::kBadFile);
  EXPECT_NE(failed.error().message.find("l[7]: off the curve"), std::string::npos)
      << failed.error().message;
  EXPECT_EQ(unloads, 1);
  bad = false;
  auto lease = srs.acquire(kCircuit);
  ASSERT_TRUE(lease.ok()) << lease.error().message;
}

TEST(SrsDeviceOnly, ALoadReservesOnlyTheLargestSection) {
  const Parameters p = whole_file();
  const uint64_t g1 = sizeof(curve::G1Affine);
  const uint64_t largest = std::max({p.h.size() * g1, p.l.size() * g1, p.a.size() * g1,
                                     p.b_g1.size() * g1, p.b_g2.size() * sizeof(curve::G2Affine)});
  MemoryBudget budget(largest);
  {
    SrsManager with_host_copy(options(), budget);
    auto refused = with_host_copy.acquire(kCircuit);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.code(), SrsError::kTooLarge);
  }
  SrsOptions o = options();
  o.take_section = [](Parameters& params, Section s) { params.release(s); };
  SrsManager device_only(o, budget);
  auto lease = device_only.acquire(kCircuit);
  ASSERT_TRUE(lease.ok()) << lease.error().message;
  EXPECT_EQ(budget.used(), 0u);
}

TEST(SrsDeviceOnly, AFailedHandOverFailsTheLoadAndUndoesIt) {
  MemoryBudget budget(uint64_t(1) << 30);
  bool fail = true;
  int unloads = 0;
  SrsOptions o = options();
  o.take_section = [&](Parameters& params, Section s) {
    if (fail && s == Section::kA) throw std::runtime_error("device out of memory");
    params.release(s);
  };
  o.on_unload = [&](const Parameters&) { ++unloads; };
  SrsManager srs(o, budget);
  auto failed = srs.acquire(kCircuit);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.code(), SrsError::kTooLarge);
  EXPECT_NE(failed.error().message.find("section a could not be placed on the devices: device "
                                        "out of memory"),
            std::string::npos)
      << failed.error().message;
  EXPECT_EQ(unloads, 1) << "the sections already on the devices are dropped";
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_NE(srs.status().at(0).tier, SrsTier::kHot);

  fail = false;  // the next acquire loads again (not stuck "loading")
  auto lease = srs.acquire(kCircuit);
  ASSERT_TRUE(lease.ok()) << lease.error().message;
  EXPECT_FALSE((*lease)->params.on_host());
}

// With parameters.json ([srs] parameters_json) the digest is hashed beside the decode: a file
// whose digest differs is decoded and handed over, then the load fails naming both digests and
// what was placed is dropped; with the right digest the same file loads.
TEST(SrsDeviceOnly, ADigestMismatchFoundBesideTheDecodeUndoesTheLoad) {
  TempDir dir("srs-digest");
  const std::string name = groth16::bench_circuit_params_stem(kSmallCircuit) + ".params";
  const MappedFile file(shared_param_dir() + "/" + name);
  const std::string right = filecoin_digest(file.bytes());
  const auto manifest = [&](const std::string& digest) {
    const std::string path = (dir.path() / "parameters.json").string();
    std::ofstream(path) << "{\"" << name << "\": {\"cid\": \"Qm\", \"digest\": \"" << digest
                        << "\", \"sector_size\": 2048}}";
    return path;
  };
  MemoryBudget budget(uint64_t(1) << 30);
  int handed = 0, unloads = 0;
  SrsOptions o = options();
  o.take_section = [&](Parameters& params, Section s) {
    ++handed;
    params.release(s);
  };
  o.on_unload = [&](const Parameters&) { ++unloads; };
  o.parameters_json = manifest(std::string(32, '0'));
  {
    SrsManager srs(o, budget);
    auto failed = srs.acquire(kCircuit);
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.code(), SrsError::kBadFile);
    EXPECT_NE(failed.error().message.find("digest " + right + " differs from parameters.json's " +
                                          std::string(32, '0')),
              std::string::npos)
        << failed.error().message;
    EXPECT_EQ(handed, int(std::size(groth16::kSections))) << "decoded while the digest was hashed";
    EXPECT_EQ(unloads, 1) << "what was placed is dropped";
    EXPECT_EQ(budget.used(), 0u);
  }
  o.parameters_json = manifest(right);
  SrsManager srs(o, budget);
  auto lease = srs.acquire(kCircuit);
  ASSERT_TRUE(lease.ok()) << lease.error().message;
  EXPECT_FALSE((*lease)->params.on_host());
}

// host_copy = false through the backend's residency methods: an engine proves from a set that
// only its backend holds — each device of a SpreadBackend its own copy — and evicting the set
// frees every copy.
TEST(SrsDeviceOnly, AnEngineProvesFromParametersHeldOnlyByItsDevices) {
  std::vector<std::unique_ptr<groth16::Backend>> members;
  std::vector<HoldingBackend*> devices;
  for (int i = 0; i < 2; ++i) {
    auto d = std::make_unique<HoldingBackend>();
    devices.push_back(d.get());
    members.push_back(std::move(d));
  }
  TestJobs jobs;
  jobs.add("job", TestJobSpec(kSmallCircuit, 2, 4));
  EngineOptions o = test_engine_options(shared_param_dir());
  o.backend.host_copy = false;
  Engine engine(o, jobs.factory(), std::make_unique<groth16::SpreadBackend>(std::move(members)));
  expect_valid_bench_proof(await_end(engine, submit_ok(engine, test_request("job"))), kSmallCircuit,
                           2, 4);
  for (const HoldingBackend* d : devices) EXPECT_EQ(d->held(), 1u);
  EXPECT_EQ(engine.status().memory_used_bytes, 0u);
  ASSERT_TRUE(engine.evict_srs(kCircuit).ok());
  for (const HoldingBackend* d : devices) EXPECT_EQ(d->held(), 0u) << "every copy is freed";
}

// A set the devices would rather not hold (Backend::leaves_in_file: a second large set beside
// the first would crowd out the proofs' work) stays in its file: nothing is decoded or handed
// over, every section is released with its file bytes in Parameters::in_file, kept mapped, and
// the hook is asked with the set's device bytes, domain and variables.
TEST(SrsDeviceOnly, ASetTheDevicesWouldNotHoldStaysInItsFile) {
  const Parameters expected = whole_file();
  const MappedFile file(shared_param_dir() + "/" +
                        groth16::bench_circuit_params_stem(kSmallCircuit) + ".params");
  const auto layout = *groth16::scan_params_layout(file.bytes());
  MemoryBudget budget(uint64_t(1) << 30);
  int handed = 0;
  std::vector<uint64_t> asked;
  SrsOptions o = options();
  o.take_raw_section = [&](Parameters&, Section, std::span<const uint8_t>) {
    ++handed;
    return groth16::ParamsResult<bool>(true);
  };
  o.take_section = [&](Parameters&, Section) { ++handed; };
  o.leaves_in_file = [&](uint64_t device_bytes, size_t domain, size_t variables) {
    asked = {device_bytes, domain, variables};
    return std::optional<std::string>("no room beside the others");
  };
  SrsManager srs(o, budget);
  auto lease = srs.acquire(kCircuit);
  ASSERT_TRUE(lease.ok()) << lease.error().message;
  EXPECT_EQ(handed, 0) << "no section decoded or handed to the devices";
  uint64_t device_bytes = 0;
  for (const Section s : groth16::kSections) device_bytes += layout.file_bytes(s);
  EXPECT_EQ(asked, (std::vector<uint64_t>{device_bytes, expected.h.size() + 1,
                                          expected.l.size() + expected.vk.ic.size()}));
  const Parameters& held = (*lease)->params;
  EXPECT_TRUE((*lease)->device_only);
  ASSERT_TRUE(held.in_file.any());
  EXPECT_FALSE(held.on_host());
  EXPECT_EQ(held.vk, expected.vk);
  for (const Section s : groth16::kSections) {
    EXPECT_EQ(held.count(s), expected.count(s)) << groth16::to_string(s);
    const auto want = groth16::params_section_bytes(file.bytes(), layout, s);
    const auto got = held.in_file.bytes[size_t(s)];
    EXPECT_TRUE(std::equal(got.begin(), got.end(), want.begin(), want.end()))
        << groth16::to_string(s) << ": the file's bytes of the section";
  }
  EXPECT_EQ(budget.used(), 0u) << "nothing of the set is held on the host";
  EXPECT_EQ(srs.status().at(0).tier, SrsTier::kHot);
}

// A "device" that leaves every set in its file and, at each proof, reads the points from the
// file bytes it is given (as CudaBackend streams and decodes them): the engine proves with it.
class InFileBackend final : public testing::CpuBackedBackend {
  static constexpr curve::PointCheck kCheck = curve::PointCheck::kOnCurve;

 public:
  std::string name() const override { return "in-file"; }
  std::optional<std::string> leaves_in_file(uint64_t, size_t, size_t) override { return "no room"; }
  std::unique_ptr<groth16::Pending> start(std::vector<r1cs::ProvingAssignment> assignments,
                                          const Parameters& params,
                                          std::span<const groth16::Randomness> r) override {
    EXPECT_TRUE(params.in_file.any());
    Parameters points;  // decoded from the in_file bytes, section by section
    points.vk = params.vk;
    for (const Section s : groth16::kSections) {
      const auto bytes = params.in_file.bytes[size_t(s)];
      const size_t size = s == Section::kBG2 ? 192 : 96;
      EXPECT_EQ(bytes.size(), params.count(s) * size);
      for (size_t i = 0; i < bytes.size(); i += size) {
        const auto point = bytes.subspan(i, size);
        if (s == Section::kBG2) {
          points.b_g2.push_back(*curve::decode_uncompressed<curve::G2Config>(point, kCheck));
        } else {
          points.g1(s).push_back(*curve::decode_uncompressed<curve::G1Config>(point, kCheck));
        }
      }
    }
    std::lock_guard lock(mutex_);
    decoded_.push_back(std::move(points));
    return cpu_.start(std::move(assignments), decoded_.back(), r);
  }

 private:
  std::mutex mutex_;
  std::list<Parameters> decoded_;  // alive until the backend goes
};

TEST(SrsDeviceOnly, AnEngineProvesFromASetLeftInItsFile) {
  TestJobs jobs;
  jobs.add("job", TestJobSpec(kSmallCircuit, 2, 4));
  EngineOptions o = test_engine_options(shared_param_dir());
  o.backend.host_copy = false;
  Engine engine(o, jobs.factory(), std::make_unique<InFileBackend>());
  expect_valid_bench_proof(await_end(engine, submit_ok(engine, test_request("job"))), kSmallCircuit,
                           2, 4);
  EXPECT_EQ(engine.status().memory_used_bytes, 0u);
}

TEST(SrsDeviceOnly, TheBackendFactoryRefusesWhatItCannotHonour) {
  BackendOptions o;
  o.host_copy = false;  // with the CPU fallback (the default), or without any GPU here
  try {
    (void)make_backend(o);
    ADD_FAILURE() << "host_copy = false was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("host_copy = false"), std::string::npos) << e.what();
  }
}

TEST(SrsDeviceOnly, TheCpuBackendRefusesReleasedParameters) {
  Parameters p = whole_file();
  p.release(Section::kL);
  EXPECT_FALSE(p.on_host());
  EXPECT_TRUE(p.l.empty());
  EXPECT_EQ(p.l.capacity(), 0u) << "the points' memory is given back, not only cleared";
  EXPECT_EQ(p.count(Section::kL), whole_file().l.size());
  p.release(Section::kL);  // idempotent
  EXPECT_EQ(p.count(Section::kL), whole_file().l.size());

  r1cs::ProvingAssignment w;
  groth16::synthesize_bench_circuit(w, kSmallCircuit, 1);
  w.finalize();
  std::vector<r1cs::ProvingAssignment> ws;
  ws.push_back(std::move(w));
  const groth16::Randomness r{};
  groth16::CpuBackend cpu(1);
  try {
    (void)cpu.start(std::move(ws), p, std::span(&r, 1));
    ADD_FAILURE() << "proved without the host points";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("released"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace cuzk::engine
