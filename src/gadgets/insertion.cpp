// pick / select / insert (see insertion.hpp). The arity 4 and 8 insertions are insertion.rs's
// hand-derived pick networks, kept in the same order and with the same names. Naming: pK is
// output position K; a suffix such as _x01 spells the bits (b0 b1 b2) the intermediate already
// depends on, x for "not yet".
#include "gadgets/insertion.hpp"

#include <stdexcept>
#include <string>

namespace cuzk::gadgets {

namespace {

using r1cs::Namespace;

AllocatedNum named_pick(ConstraintSystem& cs, const char* name, const Boolean& condition,
                        const AllocatedNum& a, const AllocatedNum& b) {
  Namespace ns(cs, name);
  return pick(cs, condition, a, b);
}

std::vector<AllocatedNum> insert_2(ConstraintSystem& cs, const AllocatedNum& element,
                                   const Boolean& b0, const AllocatedNum& other) {
  AllocatedNum p0 = named_pick(cs, "binary insert 0", b0, other, element);
  AllocatedNum p1 = named_pick(cs, "binary insert 1", b0, element, other);
  return {p0, p1};
}

// Insert A into [b, c, d] at position (b0, b1):
//   n=0: A b c d   n=1: b A c d   n=2: b c A d   n=3: b c d A
std::vector<AllocatedNum> insert_4(ConstraintSystem& cs, const AllocatedNum& a,
                                   std::span<const Boolean> bits, std::span<const AllocatedNum> e) {
  const Boolean &b0 = bits[0], &b1 = bits[1];
  const AllocatedNum &b = e[0], &c = e[1], &d = e[2];
  const AllocatedNum p0_x0 = named_pick(cs, "p0_x0", b0, b, a);
  const AllocatedNum p0 = named_pick(cs, "p0", b1, b, p0_x0);
  const AllocatedNum p1_x0 = named_pick(cs, "p1_x0", b0, a, b);
  const AllocatedNum p1 = named_pick(cs, "p1", b1, c, p1_x0);
  const AllocatedNum p2_x1 = named_pick(cs, "p2_x1", b0, d, a);
  const AllocatedNum p2 = named_pick(cs, "p2", b1, p2_x1, c);
  const AllocatedNum p3_x1 = named_pick(cs, "p3_x1", b0, a, d);
  const AllocatedNum p3 = named_pick(cs, "p3", b1, p3_x1, d);
  return {p0, p1, p2, p3};
}

// Insert A into [b, c, d, e, f, g, h] at position n = b0 + 2 b1 + 4 b2.
std::vector<AllocatedNum> insert_8(ConstraintSystem& cs, const AllocatedNum& a,
                                   std::span<const Boolean> bits,
                                   std::span<const AllocatedNum> el) {
  const Boolean &b0 = bits[0], &b1 = bits[1], &b2 = bits[2];
  if (b0.kind() != Boolean::Kind::kIs || b1.kind() != Boolean::Kind::kIs) {
    throw std::invalid_argument("insert (arity 8): bits must be allocated and unnegated");
  }
  const AllocatedNum &b = el[0], &c = el[1], &d = el[2], &e = el[3], &f = el[4], &g = el[5],
                     &h = el[6];
  Boolean b0_nor_b1, b0_and_b1;
  {
    Namespace ns(cs, "b0 nor b1");
    b0_nor_b1 = nor_bits(cs, b0.bit(), b1.bit());
  }
  {
    Namespace ns(cs, "b0 and b1");
    b0_and_b1 = and_bits(cs, b0.bit(), b1.bit());
  }
  const AllocatedNum p0_xx0 = named_pick(cs, "p0_xx0", b0_nor_b1, a, b);
  const AllocatedNum p0 = named_pick(cs, "p0", b2, b, p0_xx0);
  const AllocatedNum p1_x00 = named_pick(cs, "p1_x00", b0, a, b);
  const AllocatedNum p1_xx0 = named_pick(cs, "p1_xx0", b1, c, p1_x00);
  const AllocatedNum p1 = named_pick(cs, "p1", b2, c, p1_xx0);
  const AllocatedNum p2_x10 = named_pick(cs, "p2_x10", b0, d, a);
  const AllocatedNum p2_xx0 = named_pick(cs, "p2_xx0", b1, p2_x10, c);
  const AllocatedNum p2 = named_pick(cs, "p2", b2, d, p2_xx0);
  const AllocatedNum p3_xx0 = named_pick(cs, "p3_xx0", b0_and_b1, a, d);
  const AllocatedNum p3 = named_pick(cs, "p3", b2, e, p3_xx0);
  const AllocatedNum p4_xx1 = named_pick(cs, "p4_xx1", b0_nor_b1, a, f);
  const AllocatedNum p4 = named_pick(cs, "p4", b2, p4_xx1, e);
  const AllocatedNum p5_x01 = named_pick(cs, "p5_x01", b0, a, f);
  const AllocatedNum p5_xx1 = named_pick(cs, "p5_xx1", b1, g, p5_x01);
  const AllocatedNum p5 = named_pick(cs, "p5", b2, p5_xx1, f);
  const AllocatedNum p6_x11 = named_pick(cs, "p6_x11", b0, h, a);
  const AllocatedNum p6_xx1 = named_pick(cs, "p6_xx1", b1, p6_x11, g);
  const AllocatedNum p6 = named_pick(cs, "p6", b2, p6_xx1, g);
  const AllocatedNum p7_xx1 = named_pick(cs, "p7_xx1", b0_and_b1, a, h);
  const AllocatedNum p7 = named_pick(cs, "p7", b2, p7_xx1, h);
  return {p0, p1, p2, p3, p4, p5, p6, p7};
}

}  // namespace

AllocatedNum pick(ConstraintSystem& cs, const Boolean& condition, const AllocatedNum& a,
                  const AllocatedNum& b) {
  AllocatedNum c;
  {
    Namespace ns(cs, "pick result");
    c = AllocatedNum::alloc(cs, condition.value() ? a.value() : b.value());
  }
  if (!cs.wants_constraints()) {
    cs.skip_constraints(1);
  } else {
    cs.enforce(LinearCombination(b.variable()) - a.variable(), condition.lc(),
               LinearCombination(b.variable()) - c.variable(), "pick");
  }
  return c;
}

AllocatedNum select(ConstraintSystem& cs, std::span<const AllocatedNum> from,
                    std::span<const Boolean> path_bits) {
  if (path_bits.size() >= 63 || from.size() != (size_t(1) << path_bits.size())) {
    throw std::invalid_argument("select: " + std::to_string(from.size()) + " inputs for " +
                                std::to_string(path_bits.size()) + " bits");
  }
  std::vector<AllocatedNum> state(from.begin(), from.end());
  size_t half = from.size() / 2;
  // Most significant bit first: it halves the candidates.
  for (size_t i = 0; i < path_bits.size(); ++i, half /= 2) {
    const Boolean& bit = path_bits[path_bits.size() - 1 - i];
    std::vector<AllocatedNum> next;
    next.reserve(half);
    for (size_t j = 0; j < half; ++j) {
      Namespace ns(cs, [&] { return "pick " + std::to_string(i) + ", " + std::to_string(j); });
      next.push_back(pick(cs, bit, state[half + j], state[j]));
    }
    state = std::move(next);
  }
  return state.front();
}

std::vector<AllocatedNum> insert(ConstraintSystem& cs, const AllocatedNum& element,
                                 std::span<const Boolean> bits,
                                 std::span<const AllocatedNum> elements) {
  const size_t size = elements.size() + 1;
  if (bits.size() >= 63 || size != (size_t(1) << bits.size())) {
    throw std::invalid_argument("insert: " + std::to_string(elements.size()) +
                                " elements and the new one are not 2^" +
                                std::to_string(bits.size()));
  }
  if (size == 2) return insert_2(cs, element, bits[0], elements[0]);
  if (size == 4) return insert_4(cs, element, bits, elements);
  if (size == 8) return insert_8(cs, element, bits, elements);
  // General case: position pos of the result is column pos of the table of all possible
  // results (index -> elements with `element` at index), chosen by one select.
  std::vector<AllocatedNum> result;
  result.reserve(size);
  std::vector<AllocatedNum> choices(size);
  for (size_t pos = 0; pos < size; ++pos) {
    for (size_t index = 0; index < size; ++index) {
      choices[index] = pos < index ? elements[pos] : pos == index ? element : elements[pos - 1];
    }
    Namespace ns(cs, [&] { return "choice at " + std::to_string(pos); });
    result.push_back(select(cs, choices, bits));
  }
  return result;
}

}  // namespace cuzk::gadgets
