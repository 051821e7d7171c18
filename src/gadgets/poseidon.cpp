// neptune's legacy Poseidon circuit (see poseidon.hpp). The state is a vector of Elt — an
// allocated variable or a linear combination, each with its value — and the round structure,
// namespaces and constraint shapes follow neptune's circuit.rs.
#include "gadgets/poseidon.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "gadgets/poseidon_template.hpp"

namespace cuzk::gadgets {

namespace {

using hash::PoseidonParams;
using r1cs::Namespace;

// neptune's Elt: Allocated(AllocatedNum) or Num (an LC with its value).
struct Elt {
  Num num;  // the LC (just {var: 1} when allocated) and the value
  bool allocated = false;
  Variable var;  // when allocated

  static Elt of(const AllocatedNum& n) { return {Num(n), true, n.variable()}; }
  static Elt constant(const Fr& c) {  // Num::zero() + c * ONE
    return {Num().add_bool_with_coeff(Boolean::constant(true), c), false, {}};
  }
  const Fr& value() const { return num.value(); }

  // Materialises a Num: alloc "allocate for Elt::Num", then LC * 1 = v.
  AllocatedNum ensure_allocated(ConstraintSystem& cs) const {
    if (allocated) return AllocatedNum::from_variable(var, value());
    AllocatedNum v;
    {
      Namespace ns(cs, "allocate for Elt::Num");
      v = AllocatedNum::alloc(cs, value());
    }
    cs.enforce(num.lc(Fr::one()), ConstraintSystem::one(), v.variable(),
               "enforce num allocation preserves lc");
    return v;
  }
};

// sum_i scalars[i] * elts[i], a Num (terms summed per variable as LC addition would).
Elt scalar_product(const std::vector<Elt>& elts, const Fr* scalars, size_t stride) {
  LcBuilder lc;
  Fr value = Fr::zero();
  for (size_t i = 0; i < elts.size(); ++i) {
    const Fr& s = scalars[i * stride];
    if (elts[i].allocated) {
      lc.add(elts[i].var, s);
    } else {
      lc.add(elts[i].num.lc(), s);
    }
    value += s * elts[i].value();
  }
  return {Num(lc.build(), value), false, {}};
}

// (l + pre)^2 = l2 ("squared sum").
AllocatedNum square_sum(ConstraintSystem& cs, const Fr& pre, const AllocatedNum& l) {
  AllocatedNum res;
  {
    Namespace ns(cs, "squared sum");
    res = AllocatedNum::alloc(cs, (l.value() + pre).square());
  }
  const LinearCombination sum =
      LinearCombination(l.variable()) + Term{ConstraintSystem::one(), pre};
  cs.enforce(sum, sum, res.variable(), "squared sum constraint");
  return res;
}

// (b + pre) * a + post = res, with pre / post optional (nullptr).
AllocatedNum mul_sum(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b,
                     const Fr* pre, const Fr* post) {
  Fr value = b.value();
  if (pre) value += *pre;
  value *= a.value();
  if (post) value += *post;
  AllocatedNum res;
  {
    Namespace ns(cs, "mul_sum");
    res = AllocatedNum::alloc(cs, value);
  }
  LinearCombination lhs(b.variable());
  if (pre) lhs += Term{ConstraintSystem::one(), *pre};
  LinearCombination out(res.variable());
  if (post) out += Term{ConstraintSystem::one(), -*post};
  const char* name = post
                         ? (pre ? "mul sum constraint pre-post-add" : "mul sum constraint post-add")
                         : (pre ? "mul sum constraint pre-add" : "mul sum constraint");
  cs.enforce(lhs, a.variable(), out, name);
  return res;
}

// First-round S-box of an input: (x + pre)^5 + post, 3 constraints.
Elt quintic_s_box_pre_add(ConstraintSystem& cs, const Elt& e, const Fr& pre, const Fr& post) {
  AllocatedNum l;
  {
    Namespace ns(cs, "S-box input");
    l = e.ensure_allocated(cs);
  }
  AllocatedNum l2, l4;
  {
    Namespace ns(cs, "(l+rk)^2");
    l2 = square_sum(cs, pre, l);
  }
  {
    Namespace ns(cs, "l^4");
    l4 = l2.square(cs);
  }
  Namespace ns(cs, "l4 * (l + rk)");
  return Elt::of(mul_sum(cs, l4, l, &pre, &post));
}

// Later S-boxes: materialise, then l^5 (+ post), 4 constraints (3 if already allocated).
Elt quintic_s_box(ConstraintSystem& cs, const Elt& e, const Fr* post) {
  AllocatedNum l;
  {
    Namespace ns(cs, "S-box input");
    l = e.ensure_allocated(cs);
  }
  AllocatedNum l2, l4;
  {
    Namespace ns(cs, "l^2");
    l2 = l.square(cs);
  }
  {
    Namespace ns(cs, "l^4");
    l4 = l2.square(cs);
  }
  Namespace ns(cs, "(l4 * l) + rk)");
  return Elt::of(mul_sum(cs, l4, l, nullptr, post));
}

Fr quintic(const Fr& x) {
  return x.square().square() * x;
}

class PoseidonCircuit {
 public:
  PoseidonCircuit(std::vector<Elt> elements, const PoseidonParams& params)
      : p_(params), t_(params.width), elements_(std::move(elements)) {}

  AllocatedNum hash(ConstraintSystem& cs) {
    const unsigned half = p_.half_full_rounds();
    {
      Namespace ns(cs, "first round");
      full_round(cs, true, false);
    }
    for (unsigned i = 1; i < half; ++i) {
      Namespace ns(cs, [&] { return "initial full round " + std::to_string(i); });
      full_round(cs, false, false);
    }
    for (unsigned i = 0; i < p_.partial_rounds; ++i) {
      Namespace ns(cs, [&] { return "partial round " + std::to_string(i); });
      partial_round(cs);
    }
    for (unsigned i = 0; i + 1 < half; ++i) {
      Namespace ns(cs, [&] { return "final full round " + std::to_string(i); });
      full_round(cs, false, false);
    }
    {
      Namespace ns(cs, "terminal full round");
      full_round(cs, false, true);
    }
    Namespace ns(cs, "hash result");
    return elements_[1].ensure_allocated(cs);
  }

 private:
  void full_round(ConstraintSystem& cs, bool first, bool last) {
    const Fr* pre = nullptr;
    if (first) {
      pre = &p_.compressed_constants[offset_];
      offset_ += t_;
    }
    const Fr* post = nullptr;
    if (first || !last) {
      post = &p_.compressed_constants[offset_];
      offset_ += t_;
    }
    for (size_t i = 0; i < t_; ++i) {
      if (first && i == 0) {
        // The domain tag is a constant: its S-box is computed outside the circuit.
        elements_[0] = Elt::constant(quintic(elements_[0].value() + pre[0]) + post[0]);
      } else {
        Namespace ns(cs, [&] { return "quintic s-box " + std::to_string(i); });
        elements_[i] = first ? quintic_s_box_pre_add(cs, elements_[i], pre[i], post[i])
                             : quintic_s_box(cs, elements_[i], post ? &post[i] : nullptr);
      }
    }
    product_mds();
  }

  void partial_round(ConstraintSystem& cs) {
    const Fr* key = &p_.compressed_constants[offset_++];
    {
      Namespace ns(cs, "solitary quintic s-box");
      elements_[0] = quintic_s_box(cs, elements_[0], key);
    }
    product_mds();
  }

  // Mixing of round `round_`: the pre-sparse matrix after the last first-half full round, the
  // sparse matrices in the partial rounds, M otherwise.
  void product_mds() {
    const unsigned half = p_.half_full_rounds();
    if (round_ + 1 == half) {
      product_with_matrix(p_.pre_sparse);
    } else if (round_ >= half && round_ < half + p_.partial_rounds) {
      product_with_sparse(p_.sparse[round_ - half]);
    } else {
      product_with_matrix(p_.mds);
    }
    ++round_;
  }

  // new[j] = sum_i state[i] * m[i][j] (row vector times m).
  void product_with_matrix(const hash::FrMatrix& m) {
    std::vector<Elt> result;
    result.reserve(t_);
    for (size_t j = 0; j < t_; ++j) result.push_back(scalar_product(elements_, &m(0, j), t_));
    elements_ = std::move(result);
  }

  // new[0] = sum_i state[i] * w_hat[i]; new[j] = state[j] + v_rest[j - 1] * state[0].
  void product_with_sparse(const hash::PoseidonSparseMatrix& s) {
    std::vector<Elt> result;
    result.reserve(t_);
    result.push_back(scalar_product(elements_, s.column0.data(), 1));
    const Elt& e0 = elements_[0];
    for (size_t j = 1; j < t_; ++j) {
      Elt ej = elements_[j];
      if (ej.allocated)
        throw std::logic_error("poseidon circuit: sparse mix of an allocated element");
      const Fr& v = s.row0_tail[j - 1];
      if (e0.allocated) {
        Num scaled(LinearCombination(Term{e0.var, v}), e0.value() * v);
        ej.num.add(scaled);
      } else {
        ej.num.add(Num(e0.num).scale(v));
      }
      result.push_back(std::move(ej));
    }
    elements_ = std::move(result);
  }

  const PoseidonParams& p_;
  const size_t t_;
  std::vector<Elt> elements_;
  size_t offset_ = 0;   // next compressed constant
  unsigned round_ = 0;  // rounds mixed so far
};

}  // namespace

AllocatedNum poseidon_hash_circuit(ConstraintSystem& cs, std::span<const AllocatedNum> preimage,
                                   const PoseidonParams& params, hash::PoseidonHashType type,
                                   PoseidonSynthesis synthesis) {
  if (preimage.size() != params.arity) {
    throw std::invalid_argument("poseidon_hash_circuit: preimage has " +
                                std::to_string(preimage.size()) + " elements, arity is " +
                                std::to_string(params.arity));
  }
  if (type.kind == hash::PoseidonHashKind::kConstantLength && type.parameter != params.arity) {
    throw std::invalid_argument(
        "poseidon_hash_circuit: the legacy circuit has no padding, ConstantLength must equal the "
        "arity");
  }
  if (synthesis == PoseidonSynthesis::kTemplate ||
      (synthesis == PoseidonSynthesis::kAuto && !cs.wants_names())) {
    return PoseidonTemplate::get(params, type).synthesize(cs, preimage);
  }
  std::vector<Elt> elements;
  elements.reserve(params.width);
  elements.push_back(Elt::constant(hash::poseidon_domain_tag(type, params.arity)));
  for (const AllocatedNum& x : preimage) elements.push_back(Elt::of(x));
  return PoseidonCircuit(std::move(elements), params).hash(cs);
}

size_t poseidon_circuit_constraints(const PoseidonParams& params) {
  const size_t sboxes = size_t(params.width) * params.full_rounds + params.partial_rounds;
  return 3 * (sboxes - 1) + (sboxes - params.arity);
}

}  // namespace cuzk::gadgets
