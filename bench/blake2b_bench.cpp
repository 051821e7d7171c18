// BLAKE2b: filecoin::Blake2b against OpenSSL 3's EVP digest and MAC, on the shapes cuzk hashes.
//
//  * blake2b_512_16B/<impl>: one unkeyed 64-byte digest of 16 bytes, the Feistel round function
//    of the expander graph (millions of calls per sector, so the per-call cost is what counts);
//    openssl_ctx reuses one EVP_MD_CTX and a fetched EVP_MD (the cheapest way to call OpenSSL),
//    openssl_oneshot calls EVP_Digest with EVP_blake2b512() each time;
//  * blake2b_256_keyed_64B/<impl>: the keyed 32-byte digest of the synthetic-PoRep PRF keys
//    (OpenSSL: the BLAKE2BMAC MAC with its "size" parameter);
//  * blake2b_512_bulk/<impl>/<MiB>: one digest of a large buffer, the parameters.json check of
//    multi-GB parameter files (bytes_per_second = hashing throughput).
// Run with --benchmark_repetitions=5 --benchmark_report_aggregates_only=true; read the medians.
#include <benchmark/benchmark.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <array>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "filecoin/blake2b.hpp"

namespace {

using cuzk::filecoin::Blake2b;

struct MdCtxFree {
  void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};
struct MdFree {
  void operator()(EVP_MD* m) const { EVP_MD_free(m); }
};
struct MacFree {
  void operator()(EVP_MAC* m) const { EVP_MAC_free(m); }
};
struct MacCtxFree {
  void operator()(EVP_MAC_CTX* c) const { EVP_MAC_CTX_free(c); }
};

void check(int ok) {
  if (ok != 1) throw std::runtime_error("openssl call failed");
}

std::array<uint8_t, 16> feistel_input(uint64_t i) {
  std::array<uint8_t, 16> in{};
  for (int b = 0; b < 8; ++b) in[b] = uint8_t(i >> (8 * b));
  return in;
}

void BM_blake2b_512_16B_ours(benchmark::State& state) {
  uint64_t i = 0, sink = 0;
  for (auto _ : state) {
    const auto out = cuzk::filecoin::blake2b_512(feistel_input(i++));
    sink ^= out[0];
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_blake2b_512_16B_ours);

void BM_blake2b_512_16B_openssl_ctx(benchmark::State& state) {
  std::unique_ptr<EVP_MD, MdFree> md(EVP_MD_fetch(nullptr, "BLAKE2B-512", nullptr));
  std::unique_ptr<EVP_MD_CTX, MdCtxFree> ctx(EVP_MD_CTX_new());
  uint64_t i = 0, sink = 0;
  std::array<uint8_t, 64> out;
  for (auto _ : state) {
    const auto in = feistel_input(i++);
    check(EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr));
    check(EVP_DigestUpdate(ctx.get(), in.data(), in.size()));
    check(EVP_DigestFinal_ex(ctx.get(), out.data(), nullptr));
    sink ^= out[0];
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_blake2b_512_16B_openssl_ctx);

void BM_blake2b_512_16B_openssl_oneshot(benchmark::State& state) {
  uint64_t i = 0, sink = 0;
  std::array<uint8_t, 64> out;
  for (auto _ : state) {
    const auto in = feistel_input(i++);
    check(EVP_Digest(in.data(), in.size(), out.data(), nullptr, EVP_blake2b512(), nullptr));
    sink ^= out[0];
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_blake2b_512_16B_openssl_oneshot);

constexpr std::string_view kKey = "filecoin.io|PoRep|1|Synthetic|1|Generation";

void BM_blake2b_256_keyed_64B_ours(benchmark::State& state) {
  std::array<uint8_t, 64> in{};
  std::array<uint8_t, 32> out{};
  const auto key = std::span(reinterpret_cast<const uint8_t*>(kKey.data()), kKey.size());
  for (auto _ : state) {
    Blake2b(32, key).update(in).finalize(out);
    in[0] = out[0];
  }
  benchmark::DoNotOptimize(out);
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_blake2b_256_keyed_64B_ours);

void BM_blake2b_256_keyed_64B_openssl(benchmark::State& state) {
  std::unique_ptr<EVP_MAC, MacFree> mac(EVP_MAC_fetch(nullptr, "BLAKE2BMAC", nullptr));
  std::unique_ptr<EVP_MAC_CTX, MacCtxFree> ctx(EVP_MAC_CTX_new(mac.get()));
  size_t size = 32;
  const OSSL_PARAM params[] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size),
                               OSSL_PARAM_construct_end()};
  std::array<uint8_t, 64> in{};
  std::array<uint8_t, 32> out{};
  for (auto _ : state) {
    check(EVP_MAC_init(ctx.get(), reinterpret_cast<const uint8_t*>(kKey.data()), kKey.size(),
                       params));
    check(EVP_MAC_update(ctx.get(), in.data(), in.size()));
    size_t written = 0;
    check(EVP_MAC_final(ctx.get(), out.data(), &written, out.size()));
    in[0] = out[0];
  }
  benchmark::DoNotOptimize(out);
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_blake2b_256_keyed_64B_openssl);

std::vector<uint8_t> bulk_input(const benchmark::State& state) {
  std::vector<uint8_t> data(size_t(state.range(0)) << 20);
  for (size_t i = 0; i < data.size(); ++i) data[i] = uint8_t(i * 131);
  return data;
}

void BM_blake2b_512_bulk_ours(benchmark::State& state) {
  const auto data = bulk_input(state);
  std::array<uint8_t, 64> out;
  for (auto _ : state) {
    Blake2b().update(data).finalize(out);
    benchmark::DoNotOptimize(out);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(data.size()));
}
BENCHMARK(BM_blake2b_512_bulk_ours)->Arg(256)->Unit(benchmark::kMillisecond);

void BM_blake2b_512_bulk_openssl(benchmark::State& state) {
  const auto data = bulk_input(state);
  std::unique_ptr<EVP_MD_CTX, MdCtxFree> ctx(EVP_MD_CTX_new());
  std::array<uint8_t, 64> out;
  for (auto _ : state) {
    check(EVP_DigestInit_ex2(ctx.get(), EVP_blake2b512(), nullptr));
    check(EVP_DigestUpdate(ctx.get(), data.data(), data.size()));
    check(EVP_DigestFinal_ex(ctx.get(), out.data(), nullptr));
    benchmark::DoNotOptimize(out);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(data.size()));
}
BENCHMARK(BM_blake2b_512_bulk_openssl)->Arg(256)->Unit(benchmark::kMillisecond);

}  // namespace
BENCHMARK_MAIN();
