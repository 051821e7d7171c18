// B in G2 on the CPU (b_g2_cpu.hpp).
#include "gpu/backend/b_g2_cpu.hpp"

#include <utility>

#include "groth16/proof_assembly.hpp"
#include "msm/msm.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::gpu {

std::shared_ptr<BG2Input> BG2Input::from(const WitnessView& w, unsigned threads) {
  auto in = std::make_shared<BG2Input>();
  in->inputs = groth16::to_canonical_scalars(w.inputs, threads);
  in->aux = groth16::to_canonical_scalars(w.aux, threads);
  in->b_input.assign(w.b_input.words.begin(), w.b_input.words.begin() + w.b_input.word_count());
  in->b_aux.assign(w.b_aux.words.begin(), w.b_aux.words.begin() + w.b_aux.word_count());
  in->b_input_count = w.b_input.popcount();
  return in;
}

curve::G2 msm_b_g2(std::span<const curve::G2Affine> b_g2, const BG2Input& in, unsigned threads) {
  msm::MsmOptions opt;
  opt.threads = threads;
  return msm::msm_density<curve::G2Config>(b_g2.first(in.b_input_count), in.b_input, in.inputs,
                                           opt) +
         msm::msm_density<curve::G2Config>(b_g2.subspan(in.b_input_count), in.b_aux, in.aux, opt);
}

std::shared_future<BG2Result> launch_b_g2(std::span<const curve::G2Affine> b_g2,
                                          std::shared_ptr<const BG2Input> in, unsigned threads,
                                          std::shared_future<BG2Result> previous) {
  return std::async(std::launch::async,
                    [b_g2, in = std::move(in), threads, previous = std::move(previous)]() mutable {
                      if (previous.valid()) previous.wait();  // its result or error is its own
                      previous = {};
                      Stopwatch sw;
                      BG2Result r{msm_b_g2(b_g2, *in, threads), 0};
                      r.ms = sw.lap_ms();
                      in.reset();  // the canonical scalars (gigabytes for a partition) go now
                      return r;
                    })
      .share();
}

}  // namespace cuzk::gpu
