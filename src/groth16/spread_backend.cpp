// Several backends behind one (see spread_backend.hpp).
#include "groth16/spread_backend.hpp"

#include <stdexcept>
#include <utility>

namespace cuzk::groth16 {

LeastBusy::LeastBusy(size_t n, size_t primary, HealthPolicy health)
    : primary_(primary == 0 || primary > n ? n : primary),
      health_(health),
      active_(n, 0),
      given_(n, 0),
      failures_(n, 0),
      last_failure_(n) {
  if (n == 0) throw std::invalid_argument("LeastBusy: no members");
}

bool LeastBusy::healthy_locked(size_t i, Clock::time_point now) const {
  return failures_[i] < health_.max_failures || now - last_failure_[i] >= health_.cooldown;
}

LeastBusy::Slot LeastBusy::acquire() {
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  // Candidates: healthy primaries, else healthy fallbacks, else everyone.
  std::vector<size_t> candidates;
  for (size_t i = 0; i < primary_; ++i)
    if (healthy_locked(i, now)) candidates.push_back(i);
  if (candidates.empty()) {
    for (size_t i = primary_; i < active_.size(); ++i)
      if (healthy_locked(i, now)) candidates.push_back(i);
  }
  if (candidates.empty()) {
    for (size_t i = 0; i < active_.size(); ++i) candidates.push_back(i);
  }
  size_t best = candidates.front();
  for (const size_t i : candidates) {
    if (active_[i] < active_[best] || (active_[i] == active_[best] && given_[i] < given_[best]))
      best = i;
  }
  ++active_[best];
  ++given_[best];
  return Slot(this, best);
}

void LeastBusy::report(size_t index, bool ok) {
  std::lock_guard lock(mutex_);
  if (ok) {
    failures_.at(index) = 0;
  } else {
    ++failures_.at(index);
    last_failure_[index] = Clock::now();
  }
}

bool LeastBusy::healthy(size_t index) const {
  std::lock_guard lock(mutex_);
  return healthy_locked(index, Clock::now());
}

LeastBusy::Slot::~Slot() {
  if (owner_ == nullptr) return;
  std::lock_guard lock(owner_->mutex_);
  --owner_->active_[index_];
}

std::vector<uint64_t> LeastBusy::given() const {
  std::lock_guard lock(mutex_);
  return given_;
}

namespace {

// members then fallbacks, checked.
std::vector<std::unique_ptr<Backend>> join(std::vector<std::unique_ptr<Backend>> members,
                                           std::vector<std::unique_ptr<Backend>> fallbacks) {
  if (members.empty()) throw std::invalid_argument("SpreadBackend: no members");
  for (auto& f : fallbacks) members.push_back(std::move(f));
  for (const auto& m : members) {
    if (!m) throw std::invalid_argument("SpreadBackend: a member is null");
  }
  return members;
}

struct SpreadPending final : Pending {
  size_t member = 0;
  std::unique_ptr<Pending> inner;
};

// Runs f for member `index`, reporting a DeviceError or a success to the router (any other
// exception is the caller's mistake or a bug, not the device's).
template <class F>
auto reported(LeastBusy& router, size_t index, F&& f) {
  try {
    auto result = f();
    router.report(index, true);
    return result;
  } catch (const DeviceError&) {
    router.report(index, false);
    throw;
  }
}

}  // namespace

SpreadBackend::SpreadBackend(std::vector<std::unique_ptr<Backend>> members,
                             std::vector<std::unique_ptr<Backend>> fallbacks, HealthPolicy health)
    : primary_(members.size()),
      members_(join(std::move(members), std::move(fallbacks))),
      router_(members_.size(), primary_, health) {}

std::string SpreadBackend::name() const {
  std::string s = "spread(";
  for (size_t i = 0; i < members_.size(); ++i) {
    if (i == primary_) {
      s += "; fallback ";
    } else if (i > 0) {
      s += ',';
    }
    s += members_[i]->name();
  }
  s += ')';
  return s;
}

size_t SpreadBackend::devices() const {
  size_t n = 0;
  for (size_t i = 0; i < primary_; ++i) n += members_[i]->devices();
  return n;
}

bool SpreadBackend::evaluates_deferred_abc() const {
  for (size_t i = 0; i < primary_; ++i) {
    if (!members_[i]->evaluates_deferred_abc()) return false;
  }
  return true;
}

bool SpreadBackend::evaluates_deferred_abc_for_deadline(size_t domain) const {
  for (size_t i = 0; i < primary_; ++i) {
    if (!members_[i]->evaluates_deferred_abc_for_deadline(domain)) return false;
  }
  return true;
}

void SpreadBackend::prepare_domain(size_t m) {
  for (const auto& member : members_) member->prepare_domain(m);
}

bool SpreadBackend::preload_section(const Parameters& params, Section s) {
  bool everywhere = true;
  for (const auto& member : members_) everywhere = member->preload_section(params, s) && everywhere;
  return everywhere;
}

ParamsResult<bool> SpreadBackend::preload_raw_section(const Parameters& params, Section s,
                                                      std::span<const uint8_t> bytes) {
  for (const auto& member : members_) {
    auto held = member->preload_raw_section(params, s, bytes);
    if (!held || !*held) return held;  // the host decodes it (the members that hold it keep it)
  }
  return true;
}

std::optional<std::string> SpreadBackend::leaves_in_file(uint64_t device_bytes, size_t domain,
                                                         size_t variables) {
  for (const auto& member : members_) {
    if (auto why = member->leaves_in_file(device_bytes, domain, variables)) {
      return member->name() + ": " + *why;
    }
  }
  return std::nullopt;
}

void SpreadBackend::evict(const Parameters& params) {
  for (const auto& member : members_) member->evict(params);
}

std::unique_ptr<Pending> SpreadBackend::start(std::vector<r1cs::ProvingAssignment> assignments,
                                              const Parameters& params,
                                              std::span<const Randomness> randomness) {
  return start_on_member(std::move(assignments), params, randomness, &Backend::start);
}

std::unique_ptr<Pending> SpreadBackend::start_deadline(
    std::vector<r1cs::ProvingAssignment> assignments, const Parameters& params,
    std::span<const Randomness> randomness) {
  return start_on_member(std::move(assignments), params, randomness, &Backend::start_deadline);
}

std::unique_ptr<Pending> SpreadBackend::start_on_member(
    std::vector<r1cs::ProvingAssignment> assignments, const Parameters& params,
    std::span<const Randomness> randomness, StartFn start_fn) {
  const LeastBusy::Slot slot = router_.acquire();
  auto pending = std::make_unique<SpreadPending>();
  pending->member = slot.index();
  pending->inner = reported(router_, slot.index(), [&] {
    return (members_[slot.index()].get()->*start_fn)(std::move(assignments), params, randomness);
  });
  return pending;
}

ProveOutput SpreadBackend::finish(std::unique_ptr<Pending> pending_base) {
  auto* pending = dynamic_cast<SpreadPending*>(pending_base.get());
  if (pending == nullptr)
    throw std::invalid_argument("SpreadBackend::finish: pending state of another backend");
  Backend& member = *members_[pending->member];
  ProveOutput out =
      reported(router_, pending->member, [&] { return member.finish(std::move(pending->inner)); });
  if (out.backend.empty()) out.backend = member.name();
  return out;
}

}  // namespace cuzk::groth16
