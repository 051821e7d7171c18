// Groth16 parameter generation ("setup") for test circuits: the same computation as bellperson's
// generate_parameters, from random toxic waste, producing parameters in the layout of Filecoin's
// ceremony files (parameters.hpp). Never used for production circuits: Filecoin's keys come from
// a multi-party ceremony.
//
// With l_i(X) the Lagrange basis of the domain (size m), u/v/w_k(tau) = sum over the A/B/C column
// of variable k of coeff * l_row(tau) (KeypairAssembly's columns), Z(tau) = tau^m - 1:
//   ic_k  = (beta u_k + alpha v_k + w_k) / gamma * G1     (inputs)
//   l_k   = (beta u_k + alpha v_k + w_k) / delta * G1     (aux; an unconstrained aux is an error)
//   a     = u_k * G1 for inputs and for aux in the A density
//   b_g1  = v_k * G1, b_g2 = v_k * G2 for inputs / aux in the B densities
//   h_i   = tau^i Z(tau) / delta * G1 for i = 0 .. m-2
// The Lagrange values are iNTT(1, tau, ..., tau^(m-1)).
// The cost is the fixed-base multiplications (every point is k * G): a FixedBaseMultiplier does
// them, on CPU threads by default; the GPU one (gpu/params/fixed_base.hpp) plugs in through the
// same seam.
#pragma once

#include <functional>
#include <random>
#include <span>
#include <string>
#include <string_view>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "groth16/fixed_base_table.hpp"
#include "groth16/parameters.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "r1cs/precompiled_circuit.hpp"

namespace cuzk::groth16 {

// The setup's secrets. Test parameters only (Filecoin's come from its ceremony): tests draw them
// from a seeded generator to make parameters reproducibly, cuzk-bench setup from the OS.
struct ToxicWaste {
  ff::Fr alpha, beta, gamma, delta, tau;
  template <std::uniform_random_bit_generator Rng>
  static ToxicWaste random(Rng& rng) {
    const auto nonzero = [&rng] {
      for (;;) {
        ff::Fr x = ff::Fr::random(rng);
        if (!x.is_zero()) return x;
      }
    };
    return {nonzero(), nonzero(), nonzero(), nonzero(), nonzero()};
  }
};

// progress(stage, done, total) is called as sections complete (for long setups).
using SetupProgress = std::function<void(std::string_view stage, size_t done, size_t total)>;

// out[i] = scalars[i] * G for the generator G of G1 (g1) or G2 (g2), affine, the identity for a
// zero scalar; the spans have equal sizes. Every implementation returns exactly
// FixedBaseTable::mul_batch's points (affine coordinates are unique, so any exact method does).
class FixedBaseMultiplier {
 public:
  virtual ~FixedBaseMultiplier() = default;
  virtual void g1(std::span<const ff::Fr> scalars, std::span<curve::G1Affine> out) = 0;
  virtual void g2(std::span<const ff::Fr> scalars, std::span<curve::G2Affine> out) = 0;
};

// The CPU one: FixedBaseTable over `threads` threads (0 = all cores).
class CpuFixedBaseMultiplier final : public FixedBaseMultiplier {
 public:
  explicit CpuFixedBaseMultiplier(unsigned threads = 0);
  void g1(std::span<const ff::Fr> scalars, std::span<curve::G1Affine> out) override;
  void g2(std::span<const ff::Fr> scalars, std::span<curve::G2Affine> out) override;

 private:
  unsigned threads_;
  FixedBaseTable<curve::G1Config> g1_;
  FixedBaseTable<curve::G2Config> g2_;
};

// `cs` must be finalized. Throws std::invalid_argument for an unconstrained aux variable (its L
// point would be the identity) or a zero gamma/delta. The points come from `multiplier`, or from
// a CpuFixedBaseMultiplier over `threads` when it is null.
Parameters generate_parameters(const r1cs::KeypairAssembly& cs, const ToxicWaste& tw,
                               unsigned threads = 0, const SetupProgress& progress = {},
                               FixedBaseMultiplier* multiplier = nullptr);

// The same from a precompiled circuit's matrices (r1cs/precompiled_circuit.hpp: 8 bytes per entry
// instead of KeypairAssembly's recorded and transposed 32-byte coefficients — what makes a 32 GiB
// PoRep circuit's setup fit in host memory). Equal parameters for the same circuit and toxic
// waste.
Parameters generate_parameters(const r1cs::PrecompiledCircuit& circuit, const ToxicWaste& tw,
                               unsigned threads = 0, const SetupProgress& progress = {},
                               FixedBaseMultiplier* multiplier = nullptr);

// Receives a parameter set as setup makes it, in the .params file's order: the verifying key,
// then h, l, a, b_g1, then b_g2, each once. A receiver that writes (ParamsFileWriter) or uploads
// each section and lets it go keeps setup's memory at one section instead of the whole set
// (~48 GiB decoded at 32 GiB).
class ParametersSink {
 public:
  virtual ~ParametersSink() = default;
  virtual void vk(const VerifyingKey& vk) = 0;
  virtual void g1_section(Section s, std::vector<G1Affine> points) = 0;
  virtual void b_g2(std::vector<G2Affine> points) = 0;
};

// generate_parameters, handed to `sink` piece by piece (the same points).
void generate_parameters_into(const r1cs::PrecompiledCircuit& circuit, const ToxicWaste& tw,
                              ParametersSink& sink, unsigned threads = 0,
                              const SetupProgress& progress = {},
                              FixedBaseMultiplier* multiplier = nullptr);

// generate_parameters_into a .params file and its .vk (streamed); returns the verifying key.
VerifyingKey write_parameters_files(const r1cs::PrecompiledCircuit& circuit, const ToxicWaste& tw,
                                    const std::string& params_path, const std::string& vk_path,
                                    unsigned threads = 0, const SetupProgress& progress = {},
                                    FixedBaseMultiplier* multiplier = nullptr);

}  // namespace cuzk::groth16
