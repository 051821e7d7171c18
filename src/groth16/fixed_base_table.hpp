// Fixed-base scalar multiplication: many scalars times one base point (parameter setup, where
// every query point is k_i * G for the generator G of G1 or G2).
//
// Windowed table (w = 8 bits): table[j][d-1] = d * 2^(8j) * G for 32 windows j and digits
// d = 1..255, stored affine (8,160 points: 0.8 MB for G1, 1.6 MB for G2). Then
// k * G = sum_j table[j][digit_j(k)] costs at most 32 additions and no doubling. mul() adds in
// Jacobian coordinates; mul_batch() keeps a chunk of sums affine and adds one window's entries to
// all of them with one shared inversion (msm/batch_affine.hpp: 5M+1S per addition against the
// Jacobian mixed addition's 7M+4S, and no normalization at the end). The partial sum before window
// j is below 2^(8j) * G and the entry a multiple of 2^(8j) * G, so neither a doubling nor P + (-P)
// ever occurs (the adder would handle both exactly anyway).
#pragma once

#include <span>
#include <vector>

#include "curve/point.hpp"
#include "msm/batch_affine.hpp"
#include "util/parallel.hpp"

namespace cuzk::groth16 {

template <class Config>
class FixedBaseTable {
 public:
  using Affine = curve::Affine<Config>;
  using Jacobian = curve::Jacobian<Config>;
  static constexpr unsigned kWindowBits = 8;
  static constexpr unsigned kWindows = (255 + kWindowBits - 1) / kWindowBits;
  static constexpr unsigned kDigits = (1u << kWindowBits) - 1;

  explicit FixedBaseTable(const Jacobian& base) : table_(size_t(kWindows) * kDigits) {
    std::vector<Jacobian> proj(table_.size());
    Jacobian window_base = base;
    for (unsigned j = 0; j < kWindows; ++j) {
      Jacobian acc = window_base;
      for (unsigned d = 0; d < kDigits; ++d) {
        proj[j * kDigits + d] = acc;
        acc += window_base;
      }
      window_base = acc;  // 256 * 2^(8j) G
    }
    curve::batch_normalize<Config>(proj, table_);
  }

  Jacobian mul(const ff::Fr::Repr& k) const {
    Jacobian acc = Jacobian::identity();
    for (unsigned j = 0; j < kWindows; ++j) {
      unsigned bit = j * kWindowBits;
      unsigned d = unsigned(k[bit / 64] >> (bit % 64)) & kDigits;
      if (d != 0) acc += table_[j * kDigits + d - 1];
    }
    return acc;
  }

  // The windows, table()[j * kDigits + d - 1] = d * 2^(8j) * base (for a copy on the GPU).
  std::span<const Affine> table() const { return table_; }

  // out[i] = scalars[i] * base, affine, over `threads` threads (0 = all cores).
  void mul_batch(std::span<const ff::Fr> scalars, std::span<Affine> out, unsigned threads) const {
    constexpr size_t kChunk = 1024;  // additions sharing one inversion
    const size_t chunks = (scalars.size() + kChunk - 1) / kChunk;
    parallel_chunks(scalars.size(), chunks, threads, [&](size_t, size_t b, size_t e) {
      std::vector<ff::Fr::Repr> k(e - b);
      for (size_t i = b; i < e; ++i) k[i - b] = scalars[i].to_canonical();
      std::span<Affine> sums = out.subspan(b, e - b);
      for (Affine& s : sums) s = Affine::identity();
      msm::BatchAffineAdder<Config> adder(e - b);
      for (unsigned j = 0; j < kWindows; ++j) {
        const unsigned bit = j * kWindowBits;
        for (size_t i = 0; i < k.size(); ++i) {
          const unsigned d = unsigned(k[i][bit / 64] >> (bit % 64)) & kDigits;
          if (d != 0) adder.add(sums[i], table_[j * kDigits + d - 1]);
        }
        adder.flush();
      }
    });
  }

 private:
  std::vector<Affine> table_;
};

}  // namespace cuzk::groth16
