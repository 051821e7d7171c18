// The synthetic partition of gpu_partition_bench: the shape of one 32 GiB PoRep partition (spec
// §1.7) scaled to a domain of 2^log2 rows, its witness built directly as arrays — a, b, c, the
// assignment, the density bitmaps — without synthesising a circuit, and the host parts of a random
// SRS of the matching section sizes. Host code only, so backend_inputs_test.cpp checks it on
// machines without a GPU.
//
// The data only has to cost what real data costs: a and b are random and c = a * b (so H is a true
// quotient), the aux values are 30 % zeros, 25 % ones and 45 % random (Filecoin's boolean-heavy
// witness), the A aux density is 99.7 % and the B aux density 25.4 % (measured on PoRep), only
// input 0 (ONE) is in the B input density. The SRS is no trusted setup: a few thousand distinct
// random points, tiled. Everything is a deterministic function of the seed, whatever the thread
// count (each block of 2^16 elements has its own generator).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "../msm/msm_fixtures.hpp"
#include "bench_main.hpp"
#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "ff/fr.hpp"
#include "gpu/backend/witness_view.hpp"
#include "groth16/parameters.hpp"
#include "util/parallel.hpp"

namespace cuzk::gpu::bench {

// One 32 GiB PoRep partition (cuzk's PCE extraction): constraints include the input constraints.
inline constexpr unsigned kPorepLog2 = 27;
inline constexpr size_t kPorepConstraints = 130'278'869;
inline constexpr size_t kPorepInputs = 328;
inline constexpr size_t kPorepAux = 130'169'893;
inline constexpr double kPorepAAuxDensity = 0.997;
inline constexpr double kPorepBAuxDensity = 0.254;

struct PartitionShape {
  unsigned log2 = kPorepLog2;  // domain 2^log2
  size_t constraints = kPorepConstraints, inputs = kPorepInputs, aux = kPorepAux;
  double a_aux_density = kPorepAAuxDensity, b_aux_density = kPorepBAuxDensity;

  size_t domain() const { return size_t(1) << log2; }

  // The PoRep partition with constraints and aux scaled by 2^(log2 - 27) (inputs stay 328), so the
  // domain is 2^log2 with the real slack. log2 in 10 .. 28.
  static PartitionShape porep_32g(unsigned log2) {
    if (log2 < 10 || log2 > 28)
      throw std::invalid_argument("partition log2 must be in 10..28, got " + std::to_string(log2));
    const double scale = std::ldexp(1.0, int(log2) - int(kPorepLog2));
    PartitionShape s;
    s.log2 = log2;
    s.constraints = size_t(std::llround(double(kPorepConstraints) * scale));
    s.aux = size_t(std::llround(double(kPorepAux) * scale));
    return s;
  }
};

// A uniform-looking Fr below 2^254 (< r, so any such limbs are a valid Montgomery form).
inline ff::Fr random_fr(uint64_t& state) {
  ff::Fr::Repr r;
  for (auto& limb : r) limb = splitmix64_next(state);
  r[3] &= (uint64_t(1) << 62) - 1;
  return ff::Fr::from_montgomery(r);
}

// fn(i, state) for every i < n, over `threads`; state is the generator of i's block, seeded from
// (seed, stream, block; splitmix64, bench_main.hpp): the same values whatever the thread count.
template <class Fn>
void fill_blocks(size_t n, unsigned threads, uint64_t seed, uint64_t stream, Fn&& fn) {
  constexpr size_t kBlock = size_t(1) << 16;
  const size_t blocks = (n + kBlock - 1) / kBlock;
  parallel_chunks(blocks, resolve_threads(threads) * 4, threads, [&](size_t, size_t b0, size_t b1) {
    for (size_t blk = b0; blk < b1; ++blk) {
      uint64_t state = seed * 0x632BE59BD9B4E019ull + stream * 0x9E3779B97F4A7C15ull + blk;
      (void)splitmix64_next(state);
      const size_t end = std::min(n, (blk + 1) * kBlock);
      for (size_t i = blk * kBlock; i < end; ++i) fn(i, state);
    }
  });
}

// Bits i < n set with probability p, in DensityTracker's layout (bits past n are zero).
inline std::vector<uint64_t> random_density(size_t n, double p, unsigned threads, uint64_t seed,
                                            uint64_t stream) {
  std::vector<uint64_t> words((n + 63) / 64, 0);
  const double threshold = std::ldexp(p, 64);  // next() < threshold with probability p
  const uint64_t limit = p >= 1.0 ? ~uint64_t(0) : uint64_t(threshold);
  fill_blocks(words.size(), threads, seed, stream, [&](size_t w, uint64_t& state) {
    uint64_t word = 0;
    for (unsigned bit = 0; bit < 64; ++bit) {
      const uint64_t x = splitmix64_next(state);
      if (p >= 1.0 || x < limit) word |= uint64_t(1) << bit;
    }
    const size_t first = w * 64;
    if (n - first < 64) word &= (uint64_t(1) << (n - first)) - 1;
    words[w] = word;
  });
  return words;
}

struct SyntheticWitness {
  std::vector<ff::Fr> a, b, c, inputs, aux;
  std::vector<uint64_t> a_aux, b_input, b_aux;  // density words

  WitnessView view() const {
    return {a,
            b,
            c,
            inputs,
            aux,
            DensityView{a_aux, aux.size()},
            DensityView{b_input, inputs.size()},
            DensityView{b_aux, aux.size()}};
  }
};

// Value classes of the aux generator (per 100): zeros, then ones, the rest random.
inline constexpr unsigned kZeroPercent = 30, kOnePercent = 25;

inline SyntheticWitness make_witness(const PartitionShape& shape, uint64_t seed,
                                     unsigned threads = 0) {
  SyntheticWitness w;
  const size_t nc = shape.constraints;
  w.a.resize(nc);
  w.b.resize(nc);
  w.c.resize(nc);
  fill_blocks(nc, threads, seed, 1, [&](size_t i, uint64_t& st) {
    w.a[i] = random_fr(st);
    w.b[i] = random_fr(st);
    w.c[i] = w.a[i] * w.b[i];
  });
  w.inputs.resize(shape.inputs);
  fill_blocks(shape.inputs, 1, seed, 2, [&](size_t i, uint64_t& st) {
    w.inputs[i] = i == 0 ? ff::Fr::one() : random_fr(st);
  });
  w.aux.resize(shape.aux);
  fill_blocks(shape.aux, threads, seed, 3, [&](size_t i, uint64_t& st) {
    const uint64_t kind = splitmix64_next(st) % 100;
    w.aux[i] = kind < kZeroPercent                 ? ff::Fr::zero()
               : kind < kZeroPercent + kOnePercent ? ff::Fr::one()
                                                   : random_fr(st);
  });
  w.a_aux = random_density(shape.aux, shape.a_aux_density, threads, seed, 4);
  w.b_aux = random_density(shape.aux, shape.b_aux_density, threads, seed, 5);
  w.b_input.assign((shape.inputs + 63) / 64, 0);
  if (shape.inputs > 0) w.b_input[0] = 1;  // ONE
  return w;
}

// The section sizes the witness needs (SrsShape of witness_view.hpp).
inline SrsShape srs_shape_for(const SyntheticWitness& w, const PartitionShape& shape) {
  const WitnessView v = w.view();
  const size_t b = v.b_input.popcount() + v.b_aux.popcount();
  return {shape.inputs, shape.domain() - 1, shape.aux, shape.inputs + v.a_aux.popcount(), b, b};
}

// The host parts of the random SRS: a verifying key (for the assembly), B in G2 (b_count points,
// tiled from g2_distinct random points; b_count = 0 when the device tiles it), and the distinct
// G1 and G2 points the device sections are tiled from.
struct SyntheticSrsHost {
  groth16::VerifyingKey vk;
  std::vector<curve::G2Affine> b_g2;
  std::vector<curve::G1Affine> g1_distinct;
  std::vector<curve::G2Affine> g2_distinct;
};

// out[i] = distinct[(i + offset) % distinct.size()] for i < n.
template <class Point>
void tile_points(std::vector<Point>& out, size_t n, const std::vector<Point>& distinct,
                 size_t offset, unsigned threads) {
  out.resize(n);
  parallel_for(n, threads, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) out[i] = distinct[(i + offset) % distinct.size()];
  });
}

inline SyntheticSrsHost make_srs_host(size_t inputs, size_t b_count, uint64_t seed,
                                      unsigned threads = 0, size_t g1_distinct = size_t(1) << 16,
                                      size_t g2_distinct = size_t(1) << 13) {
  SyntheticSrsHost srs;
  srs.g1_distinct = msm::testing::random_points<curve::G1Config>(g1_distinct, seed);
  srs.g2_distinct = msm::testing::random_points<curve::G2Config>(g2_distinct, seed + 1);
  const auto& g1 = srs.g1_distinct;
  const auto& g2 = srs.g2_distinct;
  srs.vk.alpha_g1 = g1[0];
  srs.vk.beta_g1 = g1[1];
  srs.vk.delta_g1 = g1[2];
  srs.vk.beta_g2 = g2[0];
  srs.vk.gamma_g2 = g2[1];
  srs.vk.delta_g2 = g2[2];
  srs.vk.ic.resize(inputs);
  for (size_t i = 0; i < inputs; ++i) srs.vk.ic[i] = g1[(3 + i) % g1.size()];
  tile_points(srs.b_g2, b_count, g2, 3, threads);
  return srs;
}

// Host parameters of `shape`'s section sizes tiled from the distinct points (for a proof whose SRS
// is streamed from the host): h, l, a, b_g1 in G1 and b_g2 in G2, vk from `srs`.
inline groth16::Parameters tiled_host_parameters(const SyntheticSrsHost& srs, size_t h, size_t l,
                                                 size_t a, size_t b_g1, size_t b_g2,
                                                 unsigned threads = 0) {
  groth16::Parameters p;
  p.vk = srs.vk;
  tile_points(p.h, h, srs.g1_distinct, 0, threads);
  tile_points(p.l, l, srs.g1_distinct, 1000, threads);
  tile_points(p.a, a, srs.g1_distinct, 2000, threads);
  tile_points(p.b_g1, b_g1, srs.g1_distinct, 3000, threads);
  tile_points(p.b_g2, b_g2, srs.g2_distinct, 3, threads);
  return p;
}

}  // namespace cuzk::gpu::bench
