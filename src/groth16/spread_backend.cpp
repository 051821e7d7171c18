// Several backends behind one (see spread_backend.hpp).
#include "groth16/spread_backend.hpp"

#include <stdexcept>
#include <utility>

namespace cuzk::groth16 {

LeastBusy::LeastBusy(size_t n) : active_(n, 0), given_(n, 0) {
  if (n == 0) throw std::invalid_argument("LeastBusy: no members");
}

LeastBusy::Slot LeastBusy::acquire() {
  std::lock_guard lock(mutex_);
  size_t best = 0;
  for (size_t i = 1; i < active_.size(); ++i) {
    if (active_[i] < active_[best] || (active_[i] == active_[best] && given_[i] < given_[best]))
      best = i;
  }
  ++active_[best];
  ++given_[best];
  return Slot(this, best);
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

size_t count_members(const std::vector<std::unique_ptr<Backend>>& members) {
  for (const auto& m : members) {
    if (!m) throw std::invalid_argument("SpreadBackend: a member is null");
  }
  if (members.empty()) throw std::invalid_argument("SpreadBackend: no members");
  return members.size();
}

struct SpreadPending final : Pending {
  size_t member = 0;
  std::unique_ptr<Pending> inner;
};

}  // namespace

SpreadBackend::SpreadBackend(std::vector<std::unique_ptr<Backend>> members)
    : members_(std::move(members)), router_(count_members(members_)) {}

std::string SpreadBackend::name() const {
  std::string s = "spread(";
  for (size_t i = 0; i < members_.size(); ++i) {
    if (i > 0) s += ',';
    s += members_[i]->name();
  }
  s += ')';
  return s;
}

size_t SpreadBackend::devices() const {
  size_t n = 0;
  for (const auto& m : members_) n += m->devices();
  return n;
}

std::unique_ptr<Pending> SpreadBackend::start(std::vector<r1cs::ProvingAssignment> assignments,
                                              const Parameters& params,
                                              std::span<const Randomness> randomness) {
  const LeastBusy::Slot slot = router_.acquire();
  auto pending = std::make_unique<SpreadPending>();
  pending->member = slot.index();
  pending->inner = members_[slot.index()]->start(std::move(assignments), params, randomness);
  return pending;
}

ProveOutput SpreadBackend::finish(std::unique_ptr<Pending> pending_base) {
  auto* pending = dynamic_cast<SpreadPending*>(pending_base.get());
  if (pending == nullptr)
    throw std::invalid_argument("SpreadBackend::finish: pending state of another backend");
  Backend& member = *members_[pending->member];
  ProveOutput out = member.finish(std::move(pending->inner));
  if (out.backend.empty()) out.backend = member.name();
  return out;
}

}  // namespace cuzk::groth16
