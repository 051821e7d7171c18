// SnarkPack's commitment keys and commitments (bellperson aggregate/commit.rs).
//
// The keys are powers of the two secrets a, b of the aggregation SRS (srs.hpp): v = (h^(a^i),
// h^(b^i)) in G2 for i < n, w = (g^(a^(n+i)), g^(b^(n+i))) in G1. A pair commitment to vectors
// A in G1 and B in G2 is T = e(A, v1) e(w1, B), U = e(A, v2) e(w2, B) (each e an inner pairing
// product); a single commitment to C in G1 is (e(C, v1), e(C, v2)). GIPA halves the keys each
// round: v_left + v_right^(x^-1), w_left + w_right^x.
#pragma once

#include <span>
#include <vector>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "curve/pairing.hpp"
#include "ff/fr.hpp"

namespace cuzk::snarkpack {

// A commitment (T, U), in blst's convention.
struct GtPair {
  curve::Gt t, u;
  friend bool operator==(const GtPair&, const GtPair&) = default;
};

template <class Affine>
struct KeySpan {
  std::span<const Affine> a, b;
  size_t size() const { return a.size(); }
  KeySpan first(size_t n) const { return {a.first(n), b.first(n)}; }
  KeySpan last(size_t n) const { return {a.last(n), b.last(n)}; }
};

template <class Affine>
struct CommitmentKey {
  std::vector<Affine> a, b;
  size_t size() const { return a.size(); }
  KeySpan<Affine> span() const { return {a, b}; }
};

using VKey = CommitmentKey<curve::G2Affine>;
using WKey = CommitmentKey<curve::G1Affine>;
using VKeySpan = KeySpan<curve::G2Affine>;
using WKeySpan = KeySpan<curve::G1Affine>;

GtPair commit_pair(VKeySpan v, WKeySpan w, std::span<const curve::G1Affine> a,
                   std::span<const curve::G2Affine> b, unsigned threads);
GtPair commit_single(VKeySpan v, std::span<const curve::G1Affine> c, unsigned threads);

// key_i^(s_i) for each i (sizes must match).
WKey scale_key(WKeySpan key, std::span<const ff::Fr> s, unsigned threads);
// left + right^x, elementwise (sizes must match).
VKey compress_key(VKeySpan left, VKeySpan right, const ff::Fr& x, unsigned threads);
WKey compress_key(WKeySpan left, WKeySpan right, const ff::Fr& x, unsigned threads);

// p_i^(s_i) for each i (sizes must match): B^(r^i) before GIPA.
std::vector<curve::G2Affine> scale_points(std::span<const curve::G2Affine> points,
                                          std::span<const ff::Fr> s, unsigned threads);

// left_i + right_i^x for points: GIPA's halving of A, B and C.
std::vector<curve::G1Affine> compress_points(std::span<const curve::G1Affine> left,
                                             std::span<const curve::G1Affine> right,
                                             const ff::Fr& x, unsigned threads);
std::vector<curve::G2Affine> compress_points(std::span<const curve::G2Affine> left,
                                             std::span<const curve::G2Affine> right,
                                             const ff::Fr& x, unsigned threads);

}  // namespace cuzk::snarkpack
