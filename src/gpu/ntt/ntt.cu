// GpuNtt (ntt.hpp): table caches, argument checks, and programs handed to the launcher.
#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

#include "gpu/ntt/elementwise.hpp"
#include "gpu/ntt/ntt.hpp"
#include "gpu/ntt/ntt_kernels.hpp"
#include "gpu/ntt/ntt_tables.hpp"

namespace cuzk::gpu {

using ntt_detail::kMaxLogN;
using ntt_detail::kScalingCount;
using ntt_detail::TableView;

namespace {

// Makes `device` current for a scope and restores the caller's device after.
class DeviceScope {
 public:
  explicit DeviceScope(int device) : target_(device) {
    CUZK_CUDA_CHECK(cudaGetDevice(&previous_));
    if (previous_ != target_) CUZK_CUDA_CHECK(cudaSetDevice(target_));
  }
  ~DeviceScope() {
    if (previous_ != target_) (void)cudaSetDevice(previous_);
  }
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

 private:
  int previous_ = 0;
  int target_;
};

DeviceBuffer<FrStorage> upload(const std::vector<FrStorage>& host) {
  DeviceBuffer<FrStorage> d(host.size());
  d.upload(host);
  return d;
}

// A whole table of 2^log_n entries from its split halves (ntt_tables.hpp), multiplied out on the
// device (fr_expand_split_table): at 2^27 building the H scalings and the top twiddles on the host
// and uploading them took ~12 s of a daemon's start (12 GiB of host products and copies).
DeviceBuffer<FrStorage> expand_on_device(const ntt_detail::SplitTable& split, unsigned log_n) {
  const DeviceBuffer<FrStorage> hi = upload(split.hi), lo = upload(split.lo);
  DeviceBuffer<FrStorage> whole(size_t(1) << log_n);
  const Stream stream;
  fr_expand_split_table(hi.data(), lo.data(), split.lo_bits, whole.data(), whole.size(),
                        stream.get());
  stream.synchronize();
  return whole;
}

const FrStorage* data_or_null(const DeviceBuffer<FrStorage>& b) {
  return b.size() == 0 ? nullptr : b.data();
}

unsigned exact_log2(size_t n, const char* what) {
  if (n == 0 || !std::has_single_bit(n)) {
    throw std::invalid_argument(std::string(what) + ": size " + std::to_string(n) +
                                " is not a power of two");
  }
  return unsigned(std::countr_zero(n));
}

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

}  // namespace

struct GpuNtt::TwiddleTables {
  DeviceBuffer<FrStorage> lo;
  DeviceBuffer<FrStorage> hi;  // empty: lo is the whole table
  unsigned lo_bits = 0;
};

struct GpuNtt::SizeTables {
  std::array<DeviceBuffer<FrStorage>, kScalingCount> hi;
  std::array<DeviceBuffer<FrStorage>, kScalingCount> lo;
  TableView view;
};

GpuNtt::GpuNtt(int device, unsigned max_log_n, GpuNttOptions options)
    : device_(device), max_log_n_(max_log_n), options_(options) {
  require(device >= 0, "GpuNtt: device must be >= 0, got " + std::to_string(device));
  require(max_log_n >= 1 && max_log_n <= kMaxLogN, "GpuNtt: max_log_n must be in 1.." +
                                                       std::to_string(kMaxLogN) + ", got " +
                                                       std::to_string(max_log_n));
  require(options.max_pass_log >= 1 && options.max_pass_log <= ntt_detail::kMaxPassLog,
          "GpuNttOptions: max_pass_log must be in 1.." + std::to_string(ntt_detail::kMaxPassLog) +
              ", got " + std::to_string(options.max_pass_log));
  require(options.full_twiddle_max_log >= 1 && options.full_twiddle_max_log <= kMaxLogN,
          "GpuNttOptions: full_twiddle_max_log must be in 1.." + std::to_string(kMaxLogN) +
              ", got " + std::to_string(options.full_twiddle_max_log));
  require(options.full_scaling_max_log <= kMaxLogN,
          "GpuNttOptions: full_scaling_max_log must be in 0.." + std::to_string(kMaxLogN) +
              ", got " + std::to_string(options.full_scaling_max_log));
  DeviceScope scope(device_);
  inner_[0] = upload(ntt_detail::inner_twiddle_table(false));
  inner_[1] = upload(ntt_detail::inner_twiddle_table(true));
}

GpuNtt::~GpuNtt() {
  try {
    DeviceScope scope(device_);  // free the tables on their device
    for (auto& t : twiddles_) t.reset();
    for (auto& s : sizes_) s.reset();
    inner_[0] = {};
    inner_[1] = {};
  } catch (...) {
    // A device that is gone has nothing left to free.
  }
}

void GpuNtt::check_size(unsigned log_n, const char* what) const {
  require(log_n <= max_log_n_, std::string(what) + ": log_n " + std::to_string(log_n) +
                                   " exceeds this GpuNtt's max_log_n " +
                                   std::to_string(max_log_n_));
}

void GpuNtt::prepare(unsigned log_n) {
  check_size(log_n, "GpuNtt::prepare");
  DeviceScope scope(device_);
  (void)tables(log_n);
}

TableView GpuNtt::tables(unsigned log_n) {
  std::lock_guard lock(mutex_);
  if (sizes_[log_n]) return sizes_[log_n]->view;

  auto size = std::make_unique<SizeTables>();
  TableView& view = size->view;
  view.max_pass_log = options_.max_pass_log;
  view.fuse_bit_reverse = options_.fuse_bit_reverse;
  view.inner[0] = inner_[0].data();
  view.inner[1] = inner_[1].data();
  for (unsigned hi : ntt_detail::twiddle_tables_needed(log_n, options_.max_pass_log)) {
    if (!twiddles_[hi]) {
      const ntt_detail::SplitTable split = ntt_detail::pass_twiddle_table(hi, /*full_max_log=*/0);
      auto t = std::make_unique<TwiddleTables>();
      if (hi <= options_.full_twiddle_max_log) {
        t->lo = expand_on_device(split, hi);
        t->lo_bits = hi;
      } else {
        t->lo = upload(split.lo);
        t->hi = upload(split.hi);
        t->lo_bits = split.lo_bits;
      }
      twiddles_[hi] = std::move(t);
    }
    const TwiddleTables& t = *twiddles_[hi];
    view.twiddles[hi] = {t.lo.data(), data_or_null(t.hi), t.lo_bits};
  }
  const ntt_detail::ScaleTables host = ntt_detail::build_scale_tables(log_n);  // all split
  for (size_t i = 0; i < kScalingCount; ++i) {
    const ntt_detail::SplitTable& split = host.table[i];
    unsigned lo_bits = split.lo_bits;
    if (host.mode[i] == ntt_detail::ScaleMode::kPowers &&
        ntt_detail::is_h_power_scaling(ntt_detail::Scaling(i)) &&
        log_n <= options_.full_scaling_max_log) {
      size->lo[i] = expand_on_device(split, log_n);
      lo_bits = log_n;
    } else {
      size->hi[i] = upload(split.hi);
      size->lo[i] = upload(split.lo);
    }
    view.scales[i] = {host.mode[i], data_or_null(size->hi[i]), data_or_null(size->lo[i]), lo_bits};
  }
  sizes_[log_n] = std::move(size);
  return view;
}

size_t GpuNtt::table_bytes() const {
  std::lock_guard lock(mutex_);
  size_t bytes = inner_[0].size_bytes() + inner_[1].size_bytes();
  for (const auto& t : twiddles_) {
    if (t) bytes += t->lo.size_bytes() + t->hi.size_bytes();
  }
  for (const auto& s : sizes_) {
    if (!s) continue;
    for (size_t i = 0; i < kScalingCount; ++i)
      bytes += s->hi[i].size_bytes() + s->lo[i].size_bytes();
  }
  return bytes;
}

void GpuNtt::run(const ntt_detail::Program& program, cudaStream_t stream) {
  ntt_detail::launch_program(program, stream, options_.steps_ahead, options_.yield_to);
}

void GpuNtt::transform(NttTransform kind, FrStorage* data, unsigned log_n, cudaStream_t stream) {
  check_size(log_n, "GpuNtt::transform");
  if (log_n == 0) return;  // one point: every transform is the identity
  require(data != nullptr, "GpuNtt::transform: data is null");
  DeviceScope scope(device_);
  run(ntt_detail::transform_program(kind, data, log_n, tables(log_n)), stream);
}

TableView GpuNtt::device_tables(unsigned log_n) {
  check_size(log_n, "GpuNtt::device_tables");
  DeviceScope scope(device_);
  return tables(log_n);
}

void GpuNtt::run_on_vector(const char* what, VectorProgram make, FrStorage* x, unsigned log_n,
                           cudaStream_t stream) {
  check_size(log_n, what);
  if (log_n == 0) return;  // one point: the identity
  require(x != nullptr, std::string(what) + ": the vector is null");
  DeviceScope scope(device_);
  run(make(x, log_n, tables(log_n)), stream);
}

void GpuNtt::coset_evaluations(FrStorage* x, unsigned log_n, cudaStream_t stream) {
  run_on_vector("GpuNtt::coset_evaluations", ntt_detail::coset_evaluations_program, x, log_n,
                stream);
}

void GpuNtt::coefficients_over_z(FrStorage* c, unsigned log_n, cudaStream_t stream) {
  run_on_vector("GpuNtt::coefficients_over_z", ntt_detail::coefficients_over_z_program, c, log_n,
                stream);
}

void GpuNtt::quotient(FrStorage* a, const FrStorage* b, const FrStorage* c, unsigned log_n,
                      cudaStream_t stream) {
  check_size(log_n, "GpuNtt::quotient");
  require(log_n >= 1, "GpuNtt::quotient: log_n must be >= 1 (a domain of one point has no H)");
  require(a != nullptr && b != nullptr && c != nullptr, "GpuNtt::quotient: a, b or c is null");
  DeviceScope scope(device_);
  run(ntt_detail::quotient_program(a, b, c, log_n, tables(log_n)), stream);
}

void GpuNtt::compute_h(FrStorage* a, FrStorage* b, FrStorage* c, unsigned log_n,
                       cudaStream_t stream) {
  check_size(log_n, "GpuNtt::compute_h");
  require(log_n >= 1, "GpuNtt::compute_h: log_n must be >= 1 (a domain of one point has no H)");
  require(a != nullptr && b != nullptr && c != nullptr, "GpuNtt::compute_h: a, b or c is null");
  DeviceScope scope(device_);
  run(ntt_detail::h_program(a, b, c, log_n, tables(log_n)), stream);
}

void GpuNtt::transform(NttTransform kind, std::span<ff::Fr> data) {
  const unsigned log_n = exact_log2(data.size(), "GpuNtt::transform data");
  check_size(log_n, "GpuNtt::transform");
  DeviceScope scope(device_);
  DeviceBuffer<FrStorage> d(data.size());
  d.upload(data);
  Stream stream;
  transform(kind, d.data(), log_n, stream.get());
  stream.synchronize();
  d.download(data);
}

void GpuNtt::compute_h(std::span<ff::Fr> a, std::span<const ff::Fr> b, std::span<const ff::Fr> c) {
  const unsigned log_n = exact_log2(a.size(), "GpuNtt::compute_h a");
  require(b.size() == a.size() && c.size() == a.size(),
          "GpuNtt::compute_h: a, b and c must have the same size (a has " +
              std::to_string(a.size()) + ", b " + std::to_string(b.size()) + ", c " +
              std::to_string(c.size()) + ")");
  check_size(log_n, "GpuNtt::compute_h");
  DeviceScope scope(device_);
  DeviceBuffer<FrStorage> da(a.size()), db(b.size()), dc(c.size());
  da.upload(a);
  db.upload(b);
  dc.upload(c);
  Stream stream;
  compute_h(da.data(), db.data(), dc.data(), log_n, stream.get());
  stream.synchronize();
  da.download(a);
}

}  // namespace cuzk::gpu
