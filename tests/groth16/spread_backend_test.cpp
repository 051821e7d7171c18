// SpreadBackend and its routing policy (LeastBusy): proofs equal to one member's, starts spread
// over idle members, a member's failure reaches its caller only, foreign pending states refused.
#include "groth16/spread_backend.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <stdexcept>

#include "groth16/verifier.hpp"
#include "groth16_fixture.hpp"

namespace cuzk::groth16 {
namespace {

using testing::public_inputs;
using testing::setup_for;
using testing::synthesize;

const testing::Circuit kCubic = [](r1cs::ConstraintSystem& cs) {
  r1cs::test_circuits::cubic(cs, 3, 35);
};

std::vector<r1cs::ProvingAssignment> one_cubic() {
  std::vector<r1cs::ProvingAssignment> v;
  v.push_back(synthesize(kCubic));
  return v;
}

// A CpuBackend with a name, optionally failing every start(), optionally holding start() until
// released (to keep a member busy).
class TestMember final : public Backend {
 public:
  explicit TestMember(std::string name, bool fail = false) : name_(std::move(name)), fail_(fail) {}
  std::string name() const override { return name_; }
  std::unique_ptr<Pending> start(std::vector<r1cs::ProvingAssignment> a, const Parameters& p,
                                 std::span<const Randomness> r) override {
    if (fail_) throw DeviceError(name_ + ": out of memory");
    std::unique_lock lock(mutex_);
    ++entered_;
    cv_.notify_all();
    cv_.wait(lock, [&] { return !hold_; });
    lock.unlock();
    return inner_.start(std::move(a), p, r);
  }
  ProveOutput finish(std::unique_ptr<Pending> pending) override {
    return inner_.finish(std::move(pending));
  }
  void hold() {
    std::lock_guard lock(mutex_);
    hold_ = true;
  }
  void release() {
    std::lock_guard lock(mutex_);
    hold_ = false;
    cv_.notify_all();
  }
  void wait_entered(unsigned n) {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return entered_ >= n; });
  }

 private:
  const std::string name_;
  const bool fail_;
  CpuBackend inner_{1};
  std::mutex mutex_;
  std::condition_variable cv_;
  bool hold_ = false;
  unsigned entered_ = 0;
};

std::vector<std::unique_ptr<Backend>> members(std::vector<TestMember*>& raw, size_t n) {
  std::vector<std::unique_ptr<Backend>> v;
  for (size_t i = 0; i < n; ++i) {
    auto m = std::make_unique<TestMember>("sim:" + std::to_string(i));
    raw.push_back(m.get());
    v.push_back(std::move(m));
  }
  return v;
}

// A member that fails every start() ("bad"), then a working one ("good").
std::vector<std::unique_ptr<Backend>> bad_then_good() {
  std::vector<std::unique_ptr<Backend>> v;
  v.push_back(std::make_unique<TestMember>("bad", true));
  v.push_back(std::make_unique<TestMember>("good"));
  return v;
}

TEST(LeastBusy, IdleMembersFirstThenTheLeastUsed) {
  LeastBusy router(3);
  auto a = router.acquire();
  auto b = router.acquire();
  auto c = router.acquire();
  EXPECT_EQ(a.index(), 0u);
  EXPECT_EQ(b.index(), 1u);
  EXPECT_EQ(c.index(), 2u);
  {
    auto d = router.acquire();  // all busy once: the least used (all 1) of lowest index
    EXPECT_EQ(d.index(), 0u);
  }
  { auto moved = std::move(b); }  // member 1 freed
  EXPECT_EQ(router.acquire().index(), 1u);
  EXPECT_EQ(router.given(), (std::vector<uint64_t>{2, 2, 1}));
  EXPECT_THROW(LeastBusy(0), std::invalid_argument);
}

TEST(SpreadBackend, ProofsEqualOneMembersAndVerify) {
  const Parameters params = setup_for(kCubic, 11);
  const auto pvk = prepare_verifying_key(params.vk);
  std::mt19937_64 rng(3);
  const Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
  CpuBackend alone(1);
  const Proof expected = alone.prove(one_cubic(), params, std::span(&rs, 1)).proofs.at(0);

  std::vector<TestMember*> raw;
  SpreadBackend spread(members(raw, 2));
  EXPECT_EQ(spread.name(), "spread(sim:0,sim:1)");
  EXPECT_EQ(spread.devices(), 2u);
  for (int i = 0; i < 4; ++i) {
    const ProveOutput out = spread.prove(one_cubic(), params, std::span(&rs, 1));
    ASSERT_EQ(out.proofs.size(), 1u);
    EXPECT_EQ(encode_proof(out.proofs[0]), encode_proof(expected));
    EXPECT_TRUE(verify_proof(pvk, out.proofs[0], public_inputs(synthesize(kCubic))));
    EXPECT_EQ(out.backend, "sim:" + std::to_string(i % 2));  // one after the other: alternating
  }
  EXPECT_EQ(spread.starts(), (std::vector<uint64_t>{2, 2}));
}

TEST(SpreadBackend, ConcurrentStartsGoToIdleMembers) {
  const Parameters params = setup_for(kCubic, 12);
  const Randomness rs{ff::Fr::one(), ff::Fr::one()};
  std::vector<TestMember*> raw;
  SpreadBackend spread(members(raw, 3));
  // Member 0 busy with a held start; the next two starts must go to 1 and 2, not queue behind it.
  raw[0]->hold();
  auto held = std::async(std::launch::async, [&] {
    return spread.finish(spread.start(one_cubic(), params, std::span(&rs, 1))).backend;
  });
  raw[0]->wait_entered(1);
  EXPECT_EQ(spread.finish(spread.start(one_cubic(), params, std::span(&rs, 1))).backend, "sim:1");
  EXPECT_EQ(spread.finish(spread.start(one_cubic(), params, std::span(&rs, 1))).backend, "sim:2");
  raw[0]->release();
  EXPECT_EQ(held.get(), "sim:0");
  EXPECT_EQ(spread.starts(), (std::vector<uint64_t>{1, 1, 1}));
}

TEST(SpreadBackend, AMembersFailureReachesItsCallerOnly) {
  const Parameters params = setup_for(kCubic, 13);
  const Randomness rs{ff::Fr::one(), ff::Fr::one()};
  SpreadBackend spread(bad_then_good());
  try {
    (void)spread.start(one_cubic(), params, std::span(&rs, 1));
    FAIL() << "expected the member's error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "bad: out of memory");
  }
  // The failed start released its slot: both idle again, the less used member is next.
  EXPECT_EQ(spread.prove(one_cubic(), params, std::span(&rs, 1)).backend, "good");
  EXPECT_EQ(spread.starts(), (std::vector<uint64_t>{1, 1}));
}

TEST(SpreadBackend, AFailingMemberIsAvoidedUntilItsCooldown) {
  const Parameters params = setup_for(kCubic, 14);
  const Randomness rs{ff::Fr::one(), ff::Fr::one()};
  SpreadBackend spread(bad_then_good(), {}, HealthPolicy{2, std::chrono::hours(1)});
  EXPECT_THROW((void)spread.start(one_cubic(), params, std::span(&rs, 1)), std::runtime_error);
  EXPECT_TRUE(spread.healthy(0));  // one failure: still healthy
  EXPECT_EQ(spread.prove(one_cubic(), params, std::span(&rs, 1)).backend, "good");
  EXPECT_THROW((void)spread.start(one_cubic(), params, std::span(&rs, 1)), std::runtime_error);
  EXPECT_FALSE(spread.healthy(0));  // two in a row
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(spread.prove(one_cubic(), params, std::span(&rs, 1)).backend, "good");
  }
  EXPECT_EQ(spread.starts(), (std::vector<uint64_t>{2, 5}));

  // With no cooldown, a failed member is offered work again at once.
  std::vector<std::unique_ptr<Backend>> w;
  w.push_back(std::make_unique<TestMember>("bad", true));
  SpreadBackend retrying(std::move(w), {}, HealthPolicy{1, std::chrono::milliseconds(0)});
  EXPECT_THROW((void)retrying.start(one_cubic(), params, std::span(&rs, 1)), std::runtime_error);
  EXPECT_TRUE(retrying.healthy(0));
}

TEST(SpreadBackend, TheFallbackWorksOnlyWhileNoMemberIsHealthy) {
  const Parameters params = setup_for(kCubic, 15);
  const auto pvk = prepare_verifying_key(params.vk);
  const Randomness rs{ff::Fr::one(), ff::Fr::one()};
  {
    std::vector<std::unique_ptr<Backend>> members, fallbacks;
    members.push_back(std::make_unique<TestMember>("gpu"));
    fallbacks.push_back(std::make_unique<TestMember>("cpu"));
    SpreadBackend spread(std::move(members), std::move(fallbacks));
    EXPECT_EQ(spread.name(), "spread(gpu; fallback cpu)");
    EXPECT_EQ(spread.devices(), 1u);
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(spread.prove(one_cubic(), params, std::span(&rs, 1)).backend, "gpu");
    }
    EXPECT_EQ(spread.starts(), (std::vector<uint64_t>{3, 0}));
  }
  std::vector<std::unique_ptr<Backend>> members, fallbacks;
  members.push_back(std::make_unique<TestMember>("dead-gpu", true));
  fallbacks.push_back(std::make_unique<TestMember>("cpu"));
  SpreadBackend spread(std::move(members), std::move(fallbacks),
                       HealthPolicy{1, std::chrono::hours(1)});
  EXPECT_THROW((void)spread.start(one_cubic(), params, std::span(&rs, 1)), std::runtime_error);
  const ProveOutput out = spread.prove(one_cubic(), params, std::span(&rs, 1));
  EXPECT_EQ(out.backend, "cpu");
  EXPECT_TRUE(verify_proof(pvk, out.proofs.at(0), public_inputs(synthesize(kCubic))));
}

TEST(SpreadBackend, ACallersMistakeIsNotADeviceFailure) {
  const Parameters other = setup_for(
      [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::multiplication_chain(cs, 16); }, 16);
  const Randomness rs{ff::Fr::one(), ff::Fr::one()};
  std::vector<TestMember*> raw;
  SpreadBackend spread(members(raw, 1), {}, HealthPolicy{1, std::chrono::hours(1)});
  EXPECT_THROW((void)spread.start(one_cubic(), other, std::span(&rs, 1)), std::invalid_argument);
  EXPECT_TRUE(spread.healthy(0));
}

// A member that holds the sections it is given (or refuses them), counting what it saw.
class HoldingMember final : public Backend {
 public:
  explicit HoldingMember(bool holds) : holds_(holds) {}
  std::string name() const override { return "holding"; }
  std::unique_ptr<Pending> start(std::vector<r1cs::ProvingAssignment> a, const Parameters& p,
                                 std::span<const Randomness> r) override {
    return inner_.start(std::move(a), p, r);
  }
  ProveOutput finish(std::unique_ptr<Pending> pending) override {
    return inner_.finish(std::move(pending));
  }
  bool preload_section(const Parameters&, Section) override {
    ++sections;
    return holds_;
  }
  ParamsResult<bool> preload_raw_section(const Parameters&, Section,
                                         std::span<const uint8_t>) override {
    ++raw_sections;
    return holds_;
  }
  void evict(const Parameters&) override { ++evictions; }
  int sections = 0, raw_sections = 0, evictions = 0;

 private:
  const bool holds_;
  CpuBackend inner_{1};
};

// Residency goes to every member and fallback; a set counts as held only when all of them hold
// it (a fallback that cannot leaves it on the host).
TEST(SpreadBackend, ResidencyReachesEveryMember) {
  for (const bool fallback_holds : {true, false}) {
    std::vector<std::unique_ptr<Backend>> primary, fallbacks;
    auto a = std::make_unique<HoldingMember>(true), b = std::make_unique<HoldingMember>(true);
    auto f = std::make_unique<HoldingMember>(fallback_holds);
    HoldingMember *pa = a.get(), *pb = b.get(), *pf = f.get();
    primary.push_back(std::move(a));
    primary.push_back(std::move(b));
    fallbacks.push_back(std::move(f));
    SpreadBackend spread(std::move(primary), std::move(fallbacks));
    const Parameters params;
    EXPECT_EQ(spread.preload_section(params, Section::kH), fallback_holds);
    const auto raw = spread.preload_raw_section(params, Section::kL, {});
    ASSERT_TRUE(raw);
    EXPECT_EQ(*raw, fallback_holds);
    spread.evict(params);
    for (const HoldingMember* m : {pa, pb, pf}) {
      EXPECT_EQ(m->sections, 1);
      EXPECT_EQ(m->raw_sections, 1);
      EXPECT_EQ(m->evictions, 1);
    }
  }
}

TEST(SpreadBackend, RefusesForeignPendingAndEmptyMembers) {
  std::vector<TestMember*> raw;
  SpreadBackend spread(members(raw, 2));
  struct Other : Pending {};
  EXPECT_THROW(spread.finish(std::make_unique<Other>()), std::invalid_argument);
  EXPECT_THROW(SpreadBackend(std::vector<std::unique_ptr<Backend>>{}), std::invalid_argument);
  std::vector<std::unique_ptr<Backend>> with_null;
  with_null.push_back(nullptr);
  EXPECT_THROW(SpreadBackend(std::move(with_null)), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::groth16
