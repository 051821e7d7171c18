// SHA-256: FIPS 180-4 / NIST example vectors through both compression implementations, SHA-NI
// against portable on random states and blocks, streaming against one-shot, and the Filecoin
// trimmed "domain" hash (spec §3.1, §3.4).
#include "hash/sha256.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "hash/hash_test_util.hpp"
#include "hash/sha256_domain.hpp"

namespace cuzk::hash {
namespace {

using testing::node_from_hex;
using testing::node_to_hex;

std::vector<Sha256Impl> available_impls() {
  std::vector<Sha256Impl> impls{Sha256Impl::kPortable};
  if (sha256_shani_supported()) impls.push_back(Sha256Impl::kShaNi);
  return impls;
}

// Independent oracle for the padding: FIPS 180-4 §5.1.1 written out, then one implementation.
std::string digest_hex_with(Sha256Impl impl, const std::string& message) {
  std::vector<uint8_t> padded(message.begin(), message.end());
  padded.push_back(0x80);
  while (padded.size() % 64 != 56) padded.push_back(0);
  const uint64_t bits = uint64_t(message.size()) * 8;
  for (int i = 7; i >= 0; --i) padded.push_back(uint8_t(bits >> (8 * i)));
  Sha256State state = kSha256InitialState;
  sha256_compress_with(impl, state, padded.data(), padded.size() / 64);
  return to_hex(sha256_state_to_digest(state));
}

struct FipsVector {
  const char* name;
  std::string message;
  const char* digest;
};

// FIPS 180-4 examples (NIST "SHA256.pdf" / "SHA2_Additional"): one block, empty, two blocks
// (448-bit), the 896-bit message, and one million 'a'.
std::vector<FipsVector> fips_vectors() {
  return {
      {"abc", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"empty", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"448-bit", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
      {"896-bit",
       "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlm"
       "nopqrsmnopqrstnopqrstu",
       "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
      {"million-a", std::string(1000000, 'a'),
       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
  };
}

TEST(Sha256, FipsVectorsOneShot) {
  for (const auto& v : fips_vectors()) {
    EXPECT_EQ(to_hex(sha256(v.message)), v.digest) << v.name;
  }
}

TEST(Sha256, FipsVectorsEachImplementation) {
  for (Sha256Impl impl : available_impls()) {
    for (const auto& v : fips_vectors()) {
      EXPECT_EQ(digest_hex_with(impl, v.message), v.digest)
          << v.name << " via " << sha256_impl_name(impl);
    }
  }
}

TEST(Sha256, ActiveImplementationMatchesCpu) {
  EXPECT_EQ(sha256_active_impl() == Sha256Impl::kShaNi, sha256_shani_supported());
  std::printf("SHA-256 implementation in use: %s\n", sha256_impl_name(sha256_active_impl()));
}

TEST(Sha256, ShaNiMatchesPortableOnRandomStatesAndBlocks) {
  if (!sha256_shani_supported()) GTEST_SKIP() << "CPU has no SHA extensions";
  std::mt19937_64 rng(2024);
  for (int trial = 0; trial < 200; ++trial) {
    Sha256State state;
    for (auto& w : state) w = uint32_t(rng());
    const size_t blocks = 1 + rng() % 5;
    std::vector<uint8_t> data(blocks * 64);
    for (auto& b : data) b = uint8_t(rng());
    Sha256State portable = state, shani = state;
    sha256_compress_with(Sha256Impl::kPortable, portable, data.data(), blocks);
    sha256_compress_with(Sha256Impl::kShaNi, shani, data.data(), blocks);
    ASSERT_EQ(portable, shani) << "trial " << trial;
  }
}

TEST(Sha256, StreamingMatchesOneShotForEverySplit) {
  std::mt19937_64 rng(7);
  std::vector<uint8_t> data(300);
  for (auto& b : data) b = uint8_t(rng());
  for (size_t len : {0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 200, 300}) {
    std::span<const uint8_t> msg(data.data(), len);
    const Sha256Digest expect = sha256(msg);
    for (size_t split = 0; split <= len; split += 7) {
      Sha256 hasher;
      hasher.update(msg.first(split)).update({}).update(msg.subspan(split));
      ASSERT_EQ(hasher.finalize(), expect) << "len " << len << " split " << split;
    }
    Sha256 bytewise;  // one byte at a time
    for (uint8_t b : msg) bytewise.update(std::span<const uint8_t>(&b, 1));
    ASSERT_EQ(bytewise.finalize(), expect) << "len " << len;
  }
}

TEST(Sha256, FinalizeResetsTheHasher) {
  Sha256 hasher;
  hasher.update(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>("abc"), 3));
  (void)hasher.finalize();
  EXPECT_EQ(to_hex(hasher.finalize()), fips_vectors()[1].digest);  // now the empty message
}

// spec §3.1: trim clears the top two bits of byte 31 (digest order), i.e. bits 254, 255 of the
// little-endian integer.
TEST(Sha256Domain, TrimClearsTopTwoBitsOfLastByte) {
  Node32 all_ones;
  all_ones.fill(0xff);
  Node32 trimmed = trim_to_fr32(all_ones);
  for (int i = 0; i < 31; ++i) EXPECT_EQ(trimmed[i], 0xff);
  EXPECT_EQ(trimmed[31], 0x3f);
  EXPECT_TRUE(is_fr32(trimmed));
  EXPECT_FALSE(is_fr32(all_ones));
  // The trimmed value is < 2^254 < p, so it always decodes.
  ff::Fr x = sha256_digest_to_fr(all_ones);
  EXPECT_EQ(node_from_fr(x), trimmed);
}

// spec §3.4 [derived]: trimmed SHA-256 of 64 zero bytes (first level of a zero tree_d).
TEST(Sha256Domain, TrimmedHashOf64ZeroBytes) {
  const Node32 zero{};
  const Node32 expect =
      node_from_hex("f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb0b");
  EXPECT_EQ(node_to_hex(sha256_domain_hash2(zero, zero)), node_to_hex(expect));
  std::array<uint8_t, 64> zeros{};
  EXPECT_EQ(sha256_domain_hash(zeros), expect);
}

TEST(Sha256Domain, Hash2EqualsHashOfConcatenation) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 50; ++trial) {
    Node32 a, b;
    for (auto& x : a) x = uint8_t(rng());
    for (auto& x : b) x = uint8_t(rng());
    std::array<uint8_t, 64> concat;
    std::copy(a.begin(), a.end(), concat.begin());
    std::copy(b.begin(), b.end(), concat.begin() + 32);
    EXPECT_EQ(sha256_domain_hash2(a, b), trim_to_fr32(sha256(concat)));
  }
}

}  // namespace
}  // namespace cuzk::hash
