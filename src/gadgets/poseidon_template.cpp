// Recording and replay of the legacy Poseidon circuit (see poseidon_template.hpp).
#include "gadgets/poseidon_template.hpp"

#include <algorithm>
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
    : params_(params), tag_(hash::poseidon_domain_tag(type, params.arity)), arity_(params.arity) {
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
  if (!cs.wants_constraints()) return witness(cs, preimage);
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
  for (size_t k = 0; k < steps_.size(); ++k) {
    const Step& st = steps_[k];
    const uint32_t slot = uint32_t(arity_ + k);
    values[slot] = eval(st.a, kNoSlot) * eval(st.b, kNoSlot) - eval(st.c, slot);
    vars[slot] = cs.alloc(values[slot], [&] { return "slot " + std::to_string(slot); });
    build(st.a, a);
    build(st.b, b);
    build(st.c, c);
    cs.enforce(a, b, c, [&] { return "step " + std::to_string(k); });
  }
  return AllocatedNum::from_variable(vars[slots - 1], values[slots - 1]);
}

// The gadget's allocations (poseidon.cpp), in its order: a first-round S-box of input x allocates
// (x + pre)^2, its square and (x + pre)·l4 + post (x is allocated already; the domain tag's S-box
// is a constant); every later S-box materialises its input v, then v^2, v^4 and v·l4 (+ post but
// in the terminal round); the output is state[1], materialised. The mixing between rounds is the
// gadget's: M, the pre-sparse matrix after the first half, a sparse matrix per partial round.
AllocatedNum PoseidonTemplate::witness(ConstraintSystem& cs,
                                       std::span<const AllocatedNum> preimage) const {
  const hash::PoseidonParams& p = params_;
  const size_t t = p.width;
  const unsigned half = p.half_full_rounds();
  std::array<Fr, hash::kPoseidonMaxWidth> state, mixed;
  state[0] = tag_;
  for (uint32_t i = 0; i < arity_; ++i) state[i + 1] = preimage[i].value();
  const auto alloc = [&cs](const Fr& v) { (void)cs.alloc(v); };
  // (x·l4 + post) after allocating x (unless given), x^2 and x^4.
  const auto s_box = [&](const Fr& x, const Fr* post, bool x_allocated) {
    if (!x_allocated) alloc(x);
    const Fr x2 = x.square();
    alloc(x2);
    const Fr x4 = x2.square();
    alloc(x4);
    Fr out = x * x4;
    if (post != nullptr) out += *post;
    alloc(out);
    return out;
  };
  const auto mix_dense = [&](const hash::FrMatrix& m) {
    for (size_t j = 0; j < t; ++j) {
      Fr acc = Fr::zero();
      for (size_t i = 0; i < t; ++i) acc += state[i] * m(i, j);
      mixed[j] = acc;
    }
    std::copy_n(mixed.begin(), t, state.begin());
  };
  const auto mix = [&](unsigned round) {
    if (round + 1 == half) return mix_dense(p.pre_sparse);
    if (round < half || round >= half + p.partial_rounds) return mix_dense(p.mds);
    const hash::PoseidonSparseMatrix& sparse = p.sparse[round - half];
    Fr first = Fr::zero();
    for (size_t i = 0; i < t; ++i) first += state[i] * sparse.column0[i];
    for (size_t j = 1; j < t; ++j) state[j] += sparse.row0_tail[j - 1] * state[0];
    state[0] = first;
  };
  const Fr* k = p.compressed_constants.data();
  unsigned round = 0;
  for (size_t i = 0; i < t; ++i) {  // the first full round: pre- and post-added constants
    const Fr x = state[i] + k[i];
    state[i] = i == 0 ? x.square().square() * x + k[t] : s_box(x, &k[t + i], true);
  }
  k += 2 * t;
  mix(round++);
  for (; round < p.full_rounds + p.partial_rounds; ++round) {
    const bool partial = round >= half && round < half + p.partial_rounds;
    const bool terminal = round + 1 == p.full_rounds + p.partial_rounds;
    for (size_t i = 0; i < (partial ? 1 : t); ++i) {
      state[i] = s_box(state[i], terminal ? nullptr : &k[i], false);
    }
    k += terminal ? 0 : partial ? 1 : t;
    mix(round);
  }
  const Variable out = cs.alloc(state[1]);
  cs.skip_constraints(steps_.size());
  return AllocatedNum::from_variable(out, state[1]);
}

}  // namespace cuzk::gadgets
