// compute_h_gpu (ntt_h_polynomial.hpp): argument checks against the CPU Domain, then GpuNtt.
#include <stdexcept>
#include <string>

#include "gpu/ntt/ntt_h_polynomial.hpp"
#include "gpu/ntt/ntt_tables.hpp"

namespace cuzk::gpu {
namespace {

void check_log_size(const GpuNtt& ntt, unsigned log_n) {
  if (log_n < 1 || log_n > ntt.max_log_n()) {
    throw std::invalid_argument("compute_h_gpu: domain of 2^" + std::to_string(log_n) +
                                " points is outside 2^1 .. 2^" + std::to_string(ntt.max_log_n()));
  }
}

void check_domain(const GpuNtt& ntt, const ntt::Domain& domain) {
  check_log_size(ntt, domain.log_size());
  if (domain.omega() != ntt_detail::root_of_unity(domain.log_size())) {
    throw std::invalid_argument("compute_h_gpu: the domain's omega is not the GPU's root of unity");
  }
}

void check_buffer(const DeviceBuffer<FrStorage>& x, size_t n, const char* name) {
  if (x.size() < n) {
    throw std::invalid_argument(std::string("compute_h_gpu: buffer ") + name + " holds " +
                                std::to_string(x.size()) + " elements, the domain needs " +
                                std::to_string(n));
  }
}

}  // namespace

void compute_h_gpu(GpuNtt& ntt, unsigned log_n, DeviceBuffer<FrStorage>& a,
                   DeviceBuffer<FrStorage>& b, DeviceBuffer<FrStorage>& c, cudaStream_t stream) {
  check_log_size(ntt, log_n);
  const size_t n = size_t(1) << log_n;
  check_buffer(a, n, "a");
  check_buffer(b, n, "b");
  check_buffer(c, n, "c");
  ntt.compute_h(a.data(), b.data(), c.data(), log_n, stream);
}

void compute_h_gpu(GpuNtt& ntt, const ntt::Domain& domain, DeviceBuffer<FrStorage>& a,
                   DeviceBuffer<FrStorage>& b, DeviceBuffer<FrStorage>& c, cudaStream_t stream) {
  check_domain(ntt, domain);
  compute_h_gpu(ntt, domain.log_size(), a, b, c, stream);
}

void compute_h_gpu(GpuNtt& ntt, const ntt::Domain& domain, std::span<ff::Fr> a,
                   std::span<const ff::Fr> b, std::span<const ff::Fr> c) {
  check_domain(ntt, domain);
  if (a.size() != domain.size() || b.size() != domain.size() || c.size() != domain.size()) {
    throw std::invalid_argument("compute_h_gpu: a, b and c must hold domain.size() = " +
                                std::to_string(domain.size()) + " elements");
  }
  ntt.compute_h(a, b, c);
}

}  // namespace cuzk::gpu
