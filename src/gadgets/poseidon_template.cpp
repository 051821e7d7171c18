// Recording and replay of the legacy Poseidon circuit (see poseidon_template.hpp).
#include "gadgets/poseidon_template.hpp"

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>

#include "gadgets/poseidon.hpp"

namespace cuzk::gadgets {

namespace {

// Keeps the allocations and constraints of one synthesis, nothing else.
class RecorderCS final : public ConstraintSystem {
 public:
  struct Constraint {
    LinearCombination a, b, c;
    size_t aux_before;  // aux allocated before this constraint
  };

  RecorderCS() : ConstraintSystem(/*wants_names=*/false) {}
  const std::vector<Constraint>& constraints() const { return constraints_; }
  size_t num_inputs() const override { return 1; }
  size_t num_aux() const override { return aux_; }
  size_t num_constraints() const override { return constraints_.size(); }

 protected:
  Variable alloc_impl(const Fr&, std::string_view) override { return Variable::aux(aux_++); }
  Variable alloc_input_impl(const Fr&, std::string_view) override {
    throw std::logic_error("poseidon template: the circuit allocated a public input");
  }
  void enforce_impl(const LinearCombination& a, const LinearCombination& b,
                    const LinearCombination& c, std::string_view) override {
    constraints_.push_back({a, b, c, aux_});
  }

 private:
  size_t aux_ = 0;
  std::vector<Constraint> constraints_;
};

bool contains(const LinearCombination& lc, Variable v) {
  for (const Term& t : lc) {
    if (t.var == v) return true;
  }
  return false;
}

}  // namespace

PoseidonTemplate::Span PoseidonTemplate::add_lc(const LinearCombination& lc) {
  Span s;
  s.begin = uint32_t(terms_.size());
  for (const Term& t : lc) {
    if (t.var.is_input() && t.var.index() != 0) {
      throw std::logic_error("poseidon template: a constraint uses a public input");
    }
    terms_.push_back({t.var.is_input() ? kOneSlot : uint32_t(t.var.index()), t.coeff});
  }
  s.end = uint32_t(terms_.size());
  return s;
}

PoseidonTemplate::PoseidonTemplate(const hash::PoseidonParams& params, hash::PoseidonHashType type)
    : arity_(params.arity) {
  RecorderCS rec;
  std::vector<AllocatedNum> preimage;
  for (unsigned i = 0; i < arity_; ++i) preimage.push_back(AllocatedNum::alloc(rec, Fr::zero()));
  poseidon_hash_circuit(rec, preimage, params, type, PoseidonSynthesis::kDirect);
  steps_.reserve(rec.constraints().size());
  for (size_t k = 0; k < rec.constraints().size(); ++k) {
    const auto& c = rec.constraints()[k];
    const Variable defined = Variable::aux(arity_ + k);
    // Each constraint must define the one variable allocated just before it.
    if (c.aux_before != arity_ + k + 1 || contains(c.a, defined) || contains(c.b, defined)) {
      throw std::logic_error("poseidon template: constraint " + std::to_string(k) +
                             " does not define its own variable");
    }
    bool found = false;
    for (const Term& t : c.c) found |= t.var == defined && t.coeff == Fr::one();
    if (!found) {
      throw std::logic_error("poseidon template: constraint " + std::to_string(k) +
                             " lacks its variable with coefficient 1 in C");
    }
    steps_.push_back({add_lc(c.a), add_lc(c.b), add_lc(c.c)});
  }
  if (rec.num_aux() != arity_ + steps_.size()) {
    throw std::logic_error("poseidon template: an allocation without its constraint");
  }
}

const PoseidonTemplate& PoseidonTemplate::get(const hash::PoseidonParams& params,
                                              hash::PoseidonHashType type) {
  using Key = std::tuple<unsigned, unsigned, unsigned, std::array<uint8_t, 32>>;
  static std::mutex mutex;
  static std::map<Key, std::unique_ptr<PoseidonTemplate>> cache;
  const Key key{params.arity, params.full_rounds, params.partial_rounds,
                hash::poseidon_domain_tag(type, params.arity).to_bytes_le()};
  std::lock_guard lock(mutex);
  auto& slot = cache[key];
  if (!slot) slot = std::make_unique<PoseidonTemplate>(params, type);
  return *slot;
}

AllocatedNum PoseidonTemplate::synthesize(ConstraintSystem& cs,
                                          std::span<const AllocatedNum> preimage) const {
  if (preimage.size() != arity_) {
    throw std::invalid_argument("poseidon template: preimage has " +
                                std::to_string(preimage.size()) + " elements, arity is " +
                                std::to_string(arity_));
  }
  const size_t slots = arity_ + steps_.size();
  std::vector<Variable> vars(slots);
  std::vector<Fr> values(slots);
  for (uint32_t i = 0; i < arity_; ++i) {
    vars[i] = preimage[i].variable();
    values[i] = preimage[i].value();
  }
  // <lc> over the slot values, leaving out slot `skip`.
  auto eval = [&](Span s, uint32_t skip) {
    Fr acc = Fr::zero();
    for (uint32_t i = s.begin; i < s.end; ++i) {
      const SlotTerm& t = terms_[i];
      if (t.slot == skip) continue;
      acc += t.slot == kOneSlot ? t.coeff : t.coeff * values[t.slot];
    }
    return acc;
  };
  LinearCombination a, b, c;  // reused: no allocation after the first big LC
  auto build = [&](Span s, LinearCombination& lc) {
    lc.clear();
    for (uint32_t i = s.begin; i < s.end; ++i) {
      const SlotTerm& t = terms_[i];
      lc.add(t.slot == kOneSlot ? ConstraintSystem::one() : vars[t.slot], t.coeff);
    }
  };
  // A witness-only system gets the same allocations and, at the end, the count of the
  // constraints, none of them built.
  const bool build_constraints = cs.wants_constraints();
  for (size_t k = 0; k < steps_.size(); ++k) {
    const Step& st = steps_[k];
    const uint32_t slot = uint32_t(arity_ + k);
    values[slot] = eval(st.a, kNoSlot) * eval(st.b, kNoSlot) - eval(st.c, slot);
    vars[slot] = cs.alloc(values[slot], [&] { return "slot " + std::to_string(slot); });
    if (!build_constraints) continue;
    build(st.a, a);
    build(st.b, b);
    build(st.c, c);
    cs.enforce(a, b, c, [&] { return "step " + std::to_string(k); });
  }
  if (!build_constraints) cs.skip_constraints(steps_.size());
  return AllocatedNum::from_variable(vars[slots - 1], values[slots - 1]);
}

}  // namespace cuzk::gadgets
