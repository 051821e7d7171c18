// CPU Groth16 prover (see cpu_backend.hpp).
#include "groth16/cpu_backend.hpp"

#include <algorithm>
#include <stdexcept>

#include "groth16/proof_assembly.hpp"
#include "msm/msm.hpp"
#include "ntt/domain.hpp"
#include "ntt/h_polynomial.hpp"
#include "util/parallel.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::groth16 {
namespace {

using curve::G1Affine;
using curve::G1Config;
using curve::G2Affine;
using curve::G2Config;
using ff::Fr;

// What finish() still needs of one circuit: the B-query scalars for the G2 MSM.
struct CircuitState {
  std::vector<Fr::Repr> inputs, aux;
  r1cs::DensityTracker b_input, b_aux;
  MsmAccumulators acc;
};

struct CpuPending final : Pending {
  const Parameters* params = nullptr;
  std::vector<Randomness> randomness;
  std::vector<CircuitState> circuits;
  PhaseTimings timings;
};

// The first values of a vector of m: v, then zeros; written (and page-faulted) by `threads`
// threads, not zero-filled by one first (a 2 KiB PoRep's three 2^22 vectors: ~1 s on one core).
// Small vectors stay on the calling thread.
r1cs::FrVector padded_copy(std::span<const Fr> v, size_t m, unsigned threads) {
  r1cs::FrVector out;
  out.resize(m);
  parallel_for(m, threads_for(m, size_t(1) << 16, threads), [&](size_t begin, size_t end) {
    const size_t copied_end = std::clamp(v.size(), begin, end);
    if (begin < copied_end)
      std::copy(v.begin() + begin, v.begin() + copied_end, out.begin() + begin);
    std::fill(out.begin() + copied_end, out.begin() + end, Fr::zero());
  });
  return out;
}

template <class T>
std::span<const T> slice(const std::vector<T>& v, size_t begin, size_t end) {
  return std::span<const T>(v).subspan(begin, end - begin);
}

}  // namespace

std::unique_ptr<Pending> CpuBackend::start(std::vector<r1cs::ProvingAssignment> assignments,
                                           const Parameters& params,
                                           std::span<const Randomness> randomness) {
  const size_t m = check_assignments_fit(assignments, params, randomness.size());
  if (!params.on_host()) {
    throw std::invalid_argument(
        "parameters: their points were released to a GPU (host_copy = "
        "false); the CPU backend needs them in host memory");
  }
  auto pending = std::make_unique<CpuPending>();
  pending->params = &params;
  pending->randomness.assign(randomness.begin(), randomness.end());
  auto& t = pending->timings;
  Stopwatch sw;
  auto domain = ntt::Domain::for_size(m, {}, threads_);
  if (!domain) throw std::invalid_argument("domain: " + domain.error().message);
  t.emplace_back("domain", sw.lap_ms());

  msm::MsmOptions opt;
  opt.threads = threads_;
  const size_t n_inputs = assignments[0].num_inputs();
  const size_t b_inputs = assignments[0].b_input_density().popcount();
  for (auto& w : assignments) {
    CircuitState st;
    if (w.deferred_circuit() != nullptr) {  // precompiled synthesis left a/b/c to the backend
      w.materialize(threads_);
      t.emplace_back("matvec", sw.lap_ms());
    }
    {
      r1cs::FrVector a = padded_copy(w.a(), m, threads_), b = padded_copy(w.b(), m, threads_),
                     c = padded_copy(w.c(), m, threads_);
      t.emplace_back("abc_copy", sw.lap_ms());
      ntt::compute_h_coefficients(*domain, a, b, c, threads_);
      t.emplace_back("ntt_h", sw.lap_ms());
      auto h = to_canonical_scalars(std::span<const Fr>(a).first(m - 1), threads_);
      st.acc.h = msm::msm<G1Config>(params.h, h, opt);
      t.emplace_back("msm_h", sw.lap_ms());
    }
    st.inputs = to_canonical_scalars(w.inputs(), threads_);
    st.aux = to_canonical_scalars(w.aux(), threads_);
    st.b_input = w.b_input_density();
    st.b_aux = w.b_aux_density();
    const r1cs::DensityTracker a_aux = w.a_aux_density();
    w = r1cs::ProvingAssignment();  // a/b/c are consumed: free them now
    t.emplace_back("witness", sw.lap_ms());
    st.acc.l = msm::msm<G1Config>(params.l, st.aux, opt);
    t.emplace_back("msm_l", sw.lap_ms());
    st.acc.a = msm::msm<G1Config>(slice(params.a, 0, n_inputs), st.inputs, opt) +
               msm::msm_density<G1Config>(slice(params.a, n_inputs, params.a.size()), a_aux.words(),
                                          st.aux, opt);
    t.emplace_back("msm_a", sw.lap_ms());
    st.acc.b1 = msm::msm_density<G1Config>(slice(params.b_g1, 0, b_inputs), st.b_input.words(),
                                           st.inputs, opt) +
                msm::msm_density<G1Config>(slice(params.b_g1, b_inputs, params.b_g1.size()),
                                           st.b_aux.words(), st.aux, opt);
    t.emplace_back("msm_b1", sw.lap_ms());
    pending->circuits.push_back(std::move(st));
  }
  return pending;
}

ProveOutput CpuBackend::finish(std::unique_ptr<Pending> pending_base) {
  auto* pending = dynamic_cast<CpuPending*>(pending_base.get());
  if (!pending) throw std::invalid_argument("CpuBackend::finish: pending state of another backend");
  const Parameters& params = *pending->params;
  ProveOutput out;
  out.timings = std::move(pending->timings);
  Stopwatch sw;
  msm::MsmOptions opt;
  opt.threads = threads_;
  for (size_t i = 0; i < pending->circuits.size(); ++i) {
    auto& st = pending->circuits[i];
    const size_t b_inputs = st.b_input.popcount();
    st.acc.b2 = msm::msm_density<G2Config>(std::span<const G2Affine>(params.b_g2).first(b_inputs),
                                           st.b_input.words(), st.inputs, opt) +
                msm::msm_density<G2Config>(std::span<const G2Affine>(params.b_g2).subspan(b_inputs),
                                           st.b_aux.words(), st.aux, opt);
    out.timings.emplace_back("msm_b2", sw.lap_ms());
    out.proofs.push_back(assemble_proof(params.vk, st.acc, pending->randomness[i]));
    out.timings.emplace_back("assemble", sw.lap_ms());
  }
  return out;
}

}  // namespace cuzk::groth16
