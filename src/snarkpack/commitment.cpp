// SnarkPack's commitment keys and commitments (see commitment.hpp).
#include "snarkpack/commitment.hpp"

#include <stdexcept>

#include "curve/scalar_mul.hpp"
#include "snarkpack/inner_product.hpp"
#include "util/parallel.hpp"

namespace cuzk::snarkpack {
namespace {

template <class Config>
std::vector<curve::Affine<Config>> combine(std::span<const curve::Affine<Config>> left,
                                           std::span<const curve::Affine<Config>> right,
                                           std::span<const ff::Fr> scales, bool same_scale,
                                           unsigned threads) {
  const bool has_left = !left.empty();
  if ((has_left && left.size() != right.size()) || (!same_scale && scales.size() != right.size()))
    throw std::invalid_argument("commitment key: vectors differ in length");
  std::vector<curve::Jacobian<Config>> sums(right.size());
  parallel_for(right.size(), threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      auto p = curve::mul(curve::Jacobian<Config>::from_affine(right[i]),
                          same_scale ? scales[0] : scales[i]);
      sums[i] = has_left ? p + left[i] : p;
    }
  });
  std::vector<curve::Affine<Config>> out(sums.size());
  curve::batch_normalize<Config>(sums, out);
  return out;
}

}  // namespace

GtPair commit_pair(VKeySpan v, WKeySpan w, std::span<const curve::G1Affine> a,
                   std::span<const curve::G2Affine> b, unsigned threads) {
  if (v.size() != a.size() || w.size() != b.size())
    throw std::invalid_argument("pair commitment: key and vectors differ in length");
  return {finish_pairing(miller_product(a, v.a, threads) * miller_product(w.a, b, threads)),
          finish_pairing(miller_product(a, v.b, threads) * miller_product(w.b, b, threads))};
}

GtPair commit_single(VKeySpan v, std::span<const curve::G1Affine> c, unsigned threads) {
  return {pairing_product(c, v.a, threads), pairing_product(c, v.b, threads)};
}

WKey scale_key(WKeySpan key, std::span<const ff::Fr> s, unsigned threads) {
  return {combine<curve::G1Config>({}, key.a, s, false, threads),
          combine<curve::G1Config>({}, key.b, s, false, threads)};
}

VKey compress_key(VKeySpan left, VKeySpan right, const ff::Fr& x, unsigned threads) {
  return {combine<curve::G2Config>(left.a, right.a, {&x, 1}, true, threads),
          combine<curve::G2Config>(left.b, right.b, {&x, 1}, true, threads)};
}

WKey compress_key(WKeySpan left, WKeySpan right, const ff::Fr& x, unsigned threads) {
  return {combine<curve::G1Config>(left.a, right.a, {&x, 1}, true, threads),
          combine<curve::G1Config>(left.b, right.b, {&x, 1}, true, threads)};
}

std::vector<curve::G2Affine> scale_points(std::span<const curve::G2Affine> points,
                                          std::span<const ff::Fr> s, unsigned threads) {
  return combine<curve::G2Config>({}, points, s, false, threads);
}

std::vector<curve::G1Affine> compress_points(std::span<const curve::G1Affine> left,
                                             std::span<const curve::G1Affine> right,
                                             const ff::Fr& x, unsigned threads) {
  return combine<curve::G1Config>(left, right, {&x, 1}, true, threads);
}

std::vector<curve::G2Affine> compress_points(std::span<const curve::G2Affine> left,
                                             std::span<const curve::G2Affine> right,
                                             const ff::Fr& x, unsigned threads) {
  return combine<curve::G2Config>(left, right, {&x, 1}, true, threads);
}

}  // namespace cuzk::snarkpack
