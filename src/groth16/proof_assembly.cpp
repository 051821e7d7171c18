// Proof assembly and shape checks shared by the backends (see proof_assembly.hpp).
#include "groth16/proof_assembly.hpp"

#include <stdexcept>
#include <string>

#include "curve/scalar_mul.hpp"
#include "util/parallel.hpp"

namespace cuzk::groth16 {

using curve::G1;
using curve::G2;

Proof assemble_proof(const VerifyingKey& vk, const MsmAccumulators& acc, const Randomness& rs) {
  const G1 delta1 = G1::from_affine(vk.delta_g1);
  G1 a = acc.a + vk.alpha_g1;
  a += curve::mul(delta1, rs.r);
  G2 b = acc.b2 + vk.beta_g2;
  b += curve::mul(G2::from_affine(vk.delta_g2), rs.s);
  G1 b1 = acc.b1 + vk.beta_g1;
  b1 += curve::mul(delta1, rs.s);
  G1 c = curve::mul(a, rs.s) + curve::mul(b1, rs.r);
  c = c - curve::mul(delta1, rs.r * rs.s);
  c += acc.h;
  c += acc.l;
  return Proof{a.to_affine(), b.to_affine(), c.to_affine()};
}

namespace {

void expect_size(const char* what, size_t have, size_t want) {
  if (have != want) {
    throw std::invalid_argument(std::string("parameters do not fit the circuit: ") + what +
                                " has " + std::to_string(have) + " points, the circuit needs " +
                                std::to_string(want));
  }
}

}  // namespace

size_t check_assignments_fit(std::span<const r1cs::ProvingAssignment> assignments,
                             const Parameters& params, size_t randomness_count) {
  if (assignments.empty()) throw std::invalid_argument("no circuits to prove");
  if (randomness_count != assignments.size()) {
    throw std::invalid_argument(
        "need one (r, s) per circuit: " + std::to_string(assignments.size()) + " circuits, " +
        std::to_string(randomness_count) + " pairs");
  }
  const auto& first = assignments[0];
  for (size_t i = 0; i < assignments.size(); ++i) {
    const auto& w = assignments[i];
    if (!w.finalized()) {
      throw std::invalid_argument("circuit " + std::to_string(i) + " is not finalized");
    }
    if (w.num_inputs() != first.num_inputs() || w.num_aux() != first.num_aux() ||
        w.num_constraints() != first.num_constraints() || !(w.densities() == first.densities())) {
      throw std::invalid_argument("circuit " + std::to_string(i) +
                                  " does not have the shape of circuit 0");
    }
  }
  if (params.vk.delta_g1.is_identity() || params.vk.delta_g2.is_identity()) {
    throw std::invalid_argument("parameters have delta at infinity (refusing to prove)");
  }
  size_t m = 1;
  while (m < first.num_constraints()) m <<= 1;
  expect_size("vk.ic", params.vk.ic.size(), first.num_inputs());
  expect_size("h", params.count(Section::kH), m - 1);
  expect_size("l", params.count(Section::kL), first.num_aux());
  expect_size("a", params.count(Section::kA),
              first.num_inputs() + first.a_aux_density().popcount());
  expect_size("b_g1", params.count(Section::kBG1),
              first.b_input_density().popcount() + first.b_aux_density().popcount());
  expect_size("b_g2", params.count(Section::kBG2), params.count(Section::kBG1));
  return m;
}

std::vector<ff::Fr::Repr> to_canonical_scalars(std::span<const ff::Fr> values, unsigned threads) {
  std::vector<ff::Fr::Repr> out(values.size());
  parallel_for(values.size(), threads, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) out[i] = values[i].to_canonical();
  });
  return out;
}

}  // namespace cuzk::groth16
