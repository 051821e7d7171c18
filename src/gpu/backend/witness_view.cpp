// WitnessView, DensityView and the shape checks (witness_view.hpp).
#include "gpu/backend/witness_view.hpp"

#include <bit>
#include <stdexcept>
#include <string>

#include "r1cs/precompiled_circuit.hpp"

namespace cuzk::gpu {
namespace {

// The last word's bits below `bits` (all of it when bits is a multiple of 64).
uint64_t last_word_mask(size_t bits) {
  const unsigned rem = unsigned(bits % 64);
  return rem == 0 ? ~uint64_t(0) : (uint64_t(1) << rem) - 1;
}

[[noreturn]] void fail(const std::string& message) {
  throw std::invalid_argument(message);
}

void expect_section(const char* what, size_t have, size_t want) {
  if (have != want) {
    fail(std::string("parameters do not fit the circuit: ") + what + " has " +
         std::to_string(have) + " points, the circuit needs " + std::to_string(want));
  }
}

void expect_density(const char* what, const DensityView& d, size_t variables, size_t circuit) {
  if (d.bits != variables) {
    fail("circuit " + std::to_string(circuit) + ": density " + what + " tracks " +
         std::to_string(d.bits) + " variables, the witness has " + std::to_string(variables));
  }
  if (d.words.size() < d.word_count()) {
    fail("circuit " + std::to_string(circuit) + ": density " + what + " has " +
         std::to_string(d.words.size()) + " words, " + std::to_string(d.bits) + " bits need " +
         std::to_string(d.word_count()));
  }
}

}  // namespace

size_t DensityView::popcount() const {
  const size_t n = word_count();
  size_t count = 0;
  for (size_t w = 0; w + 1 < n; ++w) count += size_t(std::popcount(words[w]));
  if (n > 0) count += size_t(std::popcount(words[n - 1] & last_word_mask(bits)));
  return count;
}

bool DensityView::same_bits(const DensityView& other) const {
  if (bits != other.bits) return false;
  const size_t n = word_count();
  for (size_t w = 0; w + 1 < n; ++w)
    if (words[w] != other.words[w]) return false;
  return n == 0 || ((words[n - 1] ^ other.words[n - 1]) & last_word_mask(bits)) == 0;
}

WitnessView WitnessView::of(const r1cs::ProvingAssignment& pa) {
  return {pa.a(),
          pa.b(),
          pa.c(),
          pa.inputs(),
          pa.aux(),
          DensityView::of(pa.a_aux_density()),
          DensityView::of(pa.b_input_density()),
          DensityView::of(pa.b_aux_density()),
          pa.deferred_circuit()};
}

size_t WitnessView::num_constraints() const {
  return circuit != nullptr ? circuit->num_constraints() + inputs.size() : a.size();
}

SrsShape SrsShape::of(const groth16::Parameters& p) {
  using groth16::Section;
  return {p.vk.ic.size(),       p.count(Section::kH),   p.count(Section::kL),
          p.count(Section::kA), p.count(Section::kBG1), p.count(Section::kBG2)};
}

size_t check_witnesses_fit(std::span<const WitnessView> witnesses, const groth16::VerifyingKey& vk,
                           const SrsShape& shape, size_t randomness_count, unsigned max_log_m) {
  if (witnesses.empty()) fail("no circuits to prove");
  if (randomness_count != witnesses.size()) {
    fail("need one (r, s) per circuit: " + std::to_string(witnesses.size()) + " circuits, " +
         std::to_string(randomness_count) + " pairs");
  }
  const WitnessView& first = witnesses[0];
  for (size_t i = 0; i < witnesses.size(); ++i) {
    const WitnessView& w = witnesses[i];
    if (w.circuit != nullptr &&
        (!w.a.empty() || !w.b.empty() || !w.c.empty() ||
         w.inputs.size() != w.circuit->num_inputs() || w.aux.size() != w.circuit->num_aux())) {
      fail("circuit " + std::to_string(i) + ": deferred a, b, c with " +
           std::to_string(w.inputs.size()) + " inputs and " + std::to_string(w.aux.size()) +
           " aux, the precompiled circuit has " + std::to_string(w.circuit->num_inputs()) +
           " and " + std::to_string(w.circuit->num_aux()));
    }
    if (w.b.size() != w.a.size() || w.c.size() != w.a.size()) {
      fail("circuit " + std::to_string(i) + ": a, b, c have " + std::to_string(w.a.size()) + ", " +
           std::to_string(w.b.size()) + ", " + std::to_string(w.c.size()) + " values");
    }
    if (w.inputs.empty()) fail("circuit " + std::to_string(i) + " has no inputs (not even ONE)");
    expect_density("a_aux", w.a_aux, w.aux.size(), i);
    expect_density("b_input", w.b_input, w.inputs.size(), i);
    expect_density("b_aux", w.b_aux, w.aux.size(), i);
    if (w.inputs.size() != first.inputs.size() || w.aux.size() != first.aux.size() ||
        w.num_constraints() != first.num_constraints() || !w.a_aux.same_bits(first.a_aux) ||
        !w.b_input.same_bits(first.b_input) || !w.b_aux.same_bits(first.b_aux)) {
      fail("circuit " + std::to_string(i) + " does not have the shape of circuit 0");
    }
  }
  if (vk.delta_g1.is_identity() || vk.delta_g2.is_identity()) {
    fail("parameters have delta at infinity (refusing to prove)");
  }
  size_t m = 1;
  while (m < first.num_constraints()) m <<= 1;
  if (m > (size_t(1) << max_log_m)) {
    fail("the domain of " + std::to_string(m) + " points exceeds the GPU's 2^" +
         std::to_string(max_log_m));
  }
  const size_t b_count = first.b_input.popcount() + first.b_aux.popcount();
  expect_section("vk.ic", shape.ic, first.inputs.size());
  expect_section("h", shape.h, m - 1);
  expect_section("l", shape.l, first.aux.size());
  expect_section("a", shape.a, first.inputs.size() + first.a_aux.popcount());
  expect_section("b_g1", shape.b_g1, b_count);
  expect_section("b_g2", shape.b_g2, b_count);
  return m;
}

}  // namespace cuzk::gpu
