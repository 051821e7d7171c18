// BLAKE2b against RFC 7693 and CPython's hashlib.blake2b (the reference C implementation),
// including the keyed 32-byte form the synthetic-PoRep PRF keys use and block-boundary inputs.
#include "filecoin/blake2b.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "util/hex.hpp"

namespace cuzk::filecoin {
namespace {

std::vector<uint8_t> counting_bytes(size_t n) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint8_t(i);
  return v;
}

std::string digest_hex(size_t digest_bytes, std::span<const uint8_t> key,
                       std::span<const uint8_t> data) {
  std::vector<uint8_t> out(digest_bytes);
  Blake2b(digest_bytes, key).update(data).finalize(out);
  return to_hex(out);
}

// [RFC 7693 Appendix A] BLAKE2b-512("abc").
TEST(Blake2b, Rfc7693Abc) {
  const uint8_t abc[] = {'a', 'b', 'c'};
  EXPECT_EQ(to_hex(blake2b_512(abc)),
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
            "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923");
}

// [derived] hashlib.blake2b(b"").hexdigest(): the empty message still compresses one block.
TEST(Blake2b, EmptyInput) {
  EXPECT_EQ(to_hex(blake2b_512({})),
            "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
            "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce");
}

// [derived] hashlib.blake2b(bytes(range(128))): exactly one full block, which must be the last.
TEST(Blake2b, ExactlyOneBlock) {
  const auto data = counting_bytes(128);
  EXPECT_EQ(to_hex(blake2b_512(data)),
            "2319e3789c47e2daa5fe807f61bec2a1a6537fa03f19ff32e87eecbfd64b7e0e"
            "8ccff439ac333b040f19b0c4ddd11a61e24ac1fe0f10a039806c5dcc0da3d115");
}

// [derived] hashlib.blake2b(bytes(range(256)) + bytes(range(44))): three blocks, fed in uneven
// pieces to exercise the buffering.
TEST(Blake2b, MultiBlockStreamed) {
  std::vector<uint8_t> data = counting_bytes(256);
  data.resize(300);
  for (size_t i = 256; i < 300; ++i) data[i] = uint8_t(i - 256);
  const char* expected =
      "d9cf5983dc6b34c0fa1f0226926855ad3eccd2bcdcd8f8053b9a80664d33b5af"
      "cc32fd21c70ea14f4ef50ca97c3203c4d1803159f0e01bb6cb1d1c83db52b63c";
  EXPECT_EQ(to_hex(blake2b_512(data)), expected);
  Blake2b h;
  std::span<const uint8_t> all(data);
  h.update(all.subspan(0, 1)).update(all.subspan(1, 127)).update(all.subspan(128, 129));
  h.update(all.subspan(257));
  std::array<uint8_t, 64> out;
  h.finalize(out);
  EXPECT_EQ(to_hex(out), expected);
}

// [derived] hashlib.blake2b(b"filecoin", digest_size=32,
// key=b"filecoin.io|PoRep|1|Synthetic|1|Generation"): the keyed form of the synthetic PRF.
TEST(Blake2b, KeyedTruncatedLikeSyntheticPrf) {
  const std::string key = "filecoin.io|PoRep|1|Synthetic|1|Generation";
  const std::string msg = "filecoin";
  EXPECT_EQ(digest_hex(32, {reinterpret_cast<const uint8_t*>(key.data()), key.size()},
                       {reinterpret_cast<const uint8_t*>(msg.data()), msg.size()}),
            "b949686ac9217bef2178e93ca815dc11e1499e706ff3416c5632ca38c7de7fb3");
}

// [derived] hashlib.blake2b(bytes(range(129)), key=bytes(range(64)), digest_size=20): maximal
// key, input one byte past a block.
TEST(Blake2b, MaximalKeyOddDigest) {
  const auto key = counting_bytes(64);
  const auto data = counting_bytes(129);
  EXPECT_EQ(digest_hex(20, key, data), "f46289ed3ea8e885a92eb9f66895019f02c1e8aa");
}

TEST(Blake2b, RejectsBadParameters) {
  EXPECT_THROW(Blake2b(0), std::invalid_argument);
  EXPECT_THROW(Blake2b(65), std::invalid_argument);
  const auto key = counting_bytes(65);
  EXPECT_THROW(Blake2b(64, key), std::invalid_argument);
}

}  // namespace
}  // namespace cuzk::filecoin
