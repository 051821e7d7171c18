// Device field arithmetic (Fr and Fp, src/gpu/arith/mont32.hpp through elementwise.hpp) against the
// CPU field, bit for bit, on edge values and random values. Operands are uploaded as CPU elements
// and results downloaded into CPU elements with no conversion: the Montgomery representations are
// the same bytes. The split-table expansion behind the NTT's whole tables against the host's table.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "device_fixture.hpp"
#include "gpu/ntt/elementwise.hpp"
#include "gpu/ntt/ntt_tables.hpp"
#include "gpu/util/cuda_util.hpp"
#include "test_values.hpp"

namespace cuzk::gpu {
namespace {

constexpr FieldOp kOps[] = {FieldOp::kAdd,    FieldOp::kSub, FieldOp::kMul,
                            FieldOp::kSquare, FieldOp::kNeg, FieldOp::kDouble};

const char* op_name(FieldOp op) {
  switch (op) {
    case FieldOp::kAdd:
      return "add";
    case FieldOp::kSub:
      return "sub";
    case FieldOp::kMul:
      return "mul";
    case FieldOp::kSquare:
      return "square";
    case FieldOp::kNeg:
      return "neg";
    case FieldOp::kDouble:
      return "double";
  }
  return "?";
}

template <class F>
F cpu_op(FieldOp op, const F& a, const F& b) {
  switch (op) {
    case FieldOp::kAdd:
      return a + b;
    case FieldOp::kSub:
      return a - b;
    case FieldOp::kMul:
      return a * b;
    case FieldOp::kSquare:
      return a.square();
    case FieldOp::kNeg:
      return -a;
    case FieldOp::kDouble:
      return a.dbl();
  }
  return F::zero();
}

template <class Config>
class FieldDeviceTest : public testing::DeviceTest {
 protected:
  using Cpu = ff::MontField<Config>;
  using Storage = FieldStorage<Config>;

  // Runs `op` on the device over a, b and checks every result; `in_place` writes over a.
  void check(FieldOp op, const std::vector<Cpu>& a, const std::vector<Cpu>& b, bool in_place) {
    const size_t n = a.size();
    DeviceBuffer<Storage> da(n), db(n), dout(n);
    da.upload(a);
    db.upload(b);
    Storage* out = in_place ? da.data() : dout.data();
    field_op(op, da.data(), db.data(), out, n, nullptr);
    CUZK_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<Cpu> got(n);
    (in_place ? da : dout).download(got);
    size_t mismatches = 0;
    for (size_t i = 0; i < n; ++i) {
      if (got[i] == cpu_op(op, a[i], b[i])) continue;
      if (++mismatches <= 5) ADD_FAILURE() << op_name(op) << " differs from the CPU at case " << i;
    }
    EXPECT_EQ(mismatches, 0u) << op_name(op) << (in_place ? " (in place)" : "");
  }
};
using Configs = ::testing::Types<ff::FrConfig, ff::FpConfig>;
TYPED_TEST_SUITE(FieldDeviceTest, Configs);

TYPED_TEST(FieldDeviceTest, EdgeAndRandomValuesMatchCpuBitForBit) {
  std::vector<typename TestFixture::Cpu> a, b;
  testing::make_operands(20000, 17, a, b);  // every pair of edge values, then random pairs
  for (FieldOp op : kOps) this->check(op, a, b, /*in_place=*/false);
}

TYPED_TEST(FieldDeviceTest, InPlaceAndOddSizes) {
  for (size_t n : {size_t(1), size_t(255), size_t(257)}) {
    auto a = testing::random_values<typename TestFixture::Cpu>(n, 100 + n);
    auto b = testing::random_values<typename TestFixture::Cpu>(n, 200 + n);
    for (FieldOp op : kOps) this->check(op, a, b, /*in_place=*/true);
  }
}

TYPED_TEST(FieldDeviceTest, EmptyInputLaunchesNothing) {
  field_op(FieldOp::kMul, static_cast<typename TestFixture::Storage*>(nullptr), nullptr, nullptr, 0,
           nullptr);
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
}

TYPED_TEST(FieldDeviceTest, RoundTripKeepsBytes) {
  auto xs = testing::edge_values<typename TestFixture::Cpu>();
  DeviceBuffer<typename TestFixture::Storage> d(xs.size());
  d.upload(xs);
  std::vector<typename TestFixture::Storage> back(xs.size());
  d.download(back);
  for (size_t i = 0; i < xs.size(); ++i) EXPECT_EQ(back[i], to_storage(xs[i]));
}

// The NTT's whole tables (ntt.cu): c s^k multiplied out on the device from the split halves
// equals the host's power table entry for entry, for an odd split and one of 2^16 entries.
using FrExpandSplitTable = testing::DeviceTest;
TEST_F(FrExpandSplitTable, EqualsTheHostPowerTable) {
  const ff::Fr c = testing::random_values<ff::Fr>(1, 31)[0];
  const ff::Fr s = testing::random_values<ff::Fr>(1, 32)[0];
  for (unsigned log_n : {1u, 7u, 16u}) {
    const ntt_detail::SplitTable split = ntt_detail::scale_table(log_n, c, s, /*whole=*/false);
    const std::vector<FrStorage> want = ntt_detail::power_table(c, s, size_t(1) << log_n);
    DeviceBuffer<FrStorage> hi(split.hi.size()), lo(split.lo.size()), out(want.size());
    hi.upload(split.hi);
    lo.upload(split.lo);
    fr_expand_split_table(hi.data(), lo.data(), split.lo_bits, out.data(), out.size(), nullptr);
    CUZK_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<FrStorage> got(want.size());
    out.download(got);
    EXPECT_TRUE(got == want) << "2^" << log_n;
  }
}

}  // namespace
}  // namespace cuzk::gpu
