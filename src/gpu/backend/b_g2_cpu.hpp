// The B query in G2 on CPU threads, while the GPU does the G1 work of the same proofs: the one MSM
// the GPU backend leaves to the host. The same computation as CpuBackend's finish(): msm_density
// over the input half and the aux half of b_g2, with canonical scalars.
//
// launch_b_g2 runs it on its own thread and returns a shared_future; each launch first waits for
// the previous one, so the G2 MSMs of a batch use all the cores one circuit after the other
// instead of fighting over them. The task makes no CUDA calls.
#pragma once

#include <cstdint>
#include <future>
#include <memory>
#include <span>
#include <vector>

#include "curve/g2.hpp"
#include "ff/fr.hpp"
#include "gpu/backend/witness_view.hpp"

namespace cuzk::gpu {

// What the G2 MSM of one circuit reads (owned: the witness may be freed once this is built).
struct BG2Input {
  std::vector<ff::Fr::Repr> inputs, aux;  // canonical scalars
  std::vector<uint64_t> b_input, b_aux;   // density words
  size_t b_input_count = 0;               // set bits of b_input: bases of the input half

  // Canonical copies of w's inputs and aux and its B densities, over `threads` (0 = all cores).
  static std::shared_ptr<BG2Input> from(const WitnessView& w, unsigned threads);
};

struct BG2Result {
  curve::G2 acc;
  double ms = 0;  // the MSM's own duration (not the wait for the previous one)
};

// sum over the B inputs and B aux of scalar * b_g2[rank] (b_g2: the input half, then the aux half).
curve::G2 msm_b_g2(std::span<const curve::G2Affine> b_g2, const BG2Input& in, unsigned threads);

// msm_b_g2 on a new thread once `previous` (if valid) is ready. `b_g2` must stay alive until the
// returned future is ready; `in` is released as soon as the MSM is done.
std::shared_future<BG2Result> launch_b_g2(std::span<const curve::G2Affine> b_g2,
                                          std::shared_ptr<const BG2Input> in, unsigned threads,
                                          std::shared_future<BG2Result> previous);

}  // namespace cuzk::gpu
