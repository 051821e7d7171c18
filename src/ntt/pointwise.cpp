// Element-wise operations (see pointwise.hpp): each is one parallel sweep over the span.
#include "ntt/pointwise.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "ntt/transform.hpp"
#include "util/parallel.hpp"

namespace cuzk::ntt {
namespace {

// Below this many elements per thread, starting a thread costs more than it saves.
constexpr size_t kMinPointwiseElementsPerThread = size_t(1) << 14;

template <class Fn>
void sweep(size_t n, unsigned threads, Fn&& fn) {
  parallel_for(n, threads_for(n, kMinPointwiseElementsPerThread, threads), fn);
}

void check_same_length(size_t a, size_t b, const char* op, const char* what) {
  if (a != b) {
    throw std::invalid_argument(std::string(op) + ": " + what + " has " + std::to_string(b) +
                                " elements, a has " + std::to_string(a));
  }
}

}  // namespace

void scale(std::span<Fr> a, const Fr& c, unsigned threads) {
  sweep(a.size(), threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) a[i] *= c;
  });
}

void mul_assign(std::span<Fr> a, std::span<const Fr> b, unsigned threads) {
  check_same_length(a.size(), b.size(), "mul_assign", "b");
  sweep(a.size(), threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) a[i] *= b[i];
  });
}

void sub_assign(std::span<Fr> a, std::span<const Fr> b, unsigned threads) {
  check_same_length(a.size(), b.size(), "sub_assign", "b");
  sweep(a.size(), threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) a[i] -= b[i];
  });
}

void divide_by_z_on_coset(const Domain& domain, std::span<Fr> a, unsigned threads) {
  check_domain_size(domain, a.size(), "divide_by_z_on_coset input");
  scale(a, domain.vanishing_on_coset().inverse(), threads);
}

}  // namespace cuzk::ntt
