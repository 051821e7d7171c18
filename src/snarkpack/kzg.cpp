// SnarkPack's opening polynomials (see kzg.hpp).
#include "snarkpack/kzg.hpp"

namespace cuzk::snarkpack {

std::vector<ff::Fr> product_polynomial(std::span<const ff::Fr> transcript, const ff::Fr& shift) {
  std::vector<ff::Fr> coefficients{ff::Fr::one()};
  coefficients.reserve(size_t(1) << transcript.size());
  ff::Fr power = shift;  // s^(2^j)
  for (size_t j = 0; j < transcript.size(); ++j) {
    if (j > 0) power = power.square();
    const ff::Fr factor = transcript[j] * power;
    const size_t n = coefficients.size();
    for (size_t i = 0; i < n; ++i) coefficients.push_back(coefficients[i] * factor);
  }
  return coefficients;
}

ff::Fr product_polynomial_at(std::span<const ff::Fr> transcript, const ff::Fr& z,
                             const ff::Fr& shift) {
  ff::Fr power = z * shift;  // (s z)^(2^j)
  ff::Fr value = ff::Fr::one();
  for (size_t j = 0; j < transcript.size(); ++j) {
    if (j > 0) power = power.square();
    value *= ff::Fr::one() + transcript[j] * power;
  }
  return value;
}

std::vector<ff::Fr> kzg_quotient(std::span<const ff::Fr> f, const ff::Fr& z) {
  if (f.size() < 2) return {};
  // Synthetic division from the top: q_{d-1} = f_d, q_{i-1} = f_i + z q_i. The constant term
  // (f_0 - f(z)) leaves no remainder by construction, so it is never read.
  std::vector<ff::Fr> q(f.size() - 1);
  ff::Fr carry = ff::Fr::zero();
  for (size_t i = f.size() - 1; i >= 1; --i) {
    carry = f[i] + z * carry;
    q[i - 1] = carry;
  }
  return q;
}

}  // namespace cuzk::snarkpack
