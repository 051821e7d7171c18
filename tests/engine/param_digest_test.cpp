// Filecoin parameter digests (engine/param_digest.hpp): BLAKE2b-512 prefixes against RFC 7693's
// "abc" vector and CPython's hashlib (computed once, below), parameters.json parsing and its
// errors, and the digest check's three outcomes.
#include "engine/param_digest.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <numeric>
#include <vector>

#include "engine/engine.hpp"
#include "engine_fixture.hpp"

namespace cuzk::engine {
namespace {

std::span<const uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

TEST(ParamDigest, FirstSixteenBytesOfBlake2b512) {
  // RFC 7693 appendix A: BLAKE2b-512("abc") = ba80a53f981c4d0d6a2797b69f12f6e9...
  EXPECT_EQ(filecoin_digest(bytes_of("abc")), "ba80a53f981c4d0d6a2797b69f12f6e9");
  // python3 -c "import hashlib; print(hashlib.blake2b(b'').hexdigest()[:32])"
  EXPECT_EQ(filecoin_digest({}), "786a02f742015903c6c6fd852552d272");
  // hashlib.blake2b(bytes(range(256)) * 1000): many blocks, the last one partial.
  std::vector<uint8_t> long_input;
  for (int k = 0; k < 1000; ++k) {
    for (int b = 0; b < 256; ++b) long_input.push_back(uint8_t(b));
  }
  EXPECT_EQ(filecoin_digest(long_input), "4cd02c933730d72a97ba20952fd9fff3");
}

class ManifestTest : public ::testing::Test {
 protected:
  std::string write(const std::string& text) {
    const auto path = (dir_.path() / "parameters.json").string();
    std::ofstream(path) << text;
    return path;
  }
  testing::TempDir dir_{"manifest"};
};

TEST_F(ManifestTest, ReadsEntriesAndChecksDigests) {
  const auto path = write(R"({
    "v28-a.params": {"cid": "QmA", "digest": "ba80a53f981c4d0d6a2797b69f12f6e9", "sector_size": 2048},
    "v28-a.vk": {"cid": "QmB", "digest": "786a02f742015903c6c6fd852552d272", "sector_size": 2048}
  })");
  const auto m = read_parameter_manifest(path);
  ASSERT_TRUE(m.ok()) << m.error().message;
  ASSERT_EQ(m->size(), 2u);
  EXPECT_EQ(m->at("v28-a.params").cid, "QmA");
  EXPECT_EQ(m->at("v28-a.params").sector_size, 2048u);

  bool listed = false;
  EXPECT_EQ(check_digest(*m, "v28-a.params", bytes_of("abc"), &listed), "");
  EXPECT_TRUE(listed);
  const std::string mismatch = check_digest(*m, "v28-a.params", bytes_of("abd"), &listed);
  EXPECT_NE(mismatch.find("differs from parameters.json's ba80a53f981c4d0d6a2797b69f12f6e9"),
            std::string::npos)
      << mismatch;
  EXPECT_EQ(check_digest(*m, "other.params", bytes_of("abc"), &listed), "not listed");
  EXPECT_FALSE(listed);
}

TEST_F(ManifestTest, BadManifestsAreRefusedWithTheReason) {
  struct Case {
    std::string text, expected;
  };
  for (const Case& c : std::vector<Case>{
           {"{not json", "not JSON"},
           {"[1, 2]", "not a JSON object of files"},
           {R"({"a.params": {"cid": "Qm"}})", "a.params: no \"digest\" string"},
           {R"({"a.params": {"digest": "ba80a53f"}})", "is not 32 lowercase hex characters"},
           {R"({"a.params": {"digest": "BA80A53F981C4D0D6A2797B69F12F6E9"}})",
            "is not 32 lowercase hex characters"},
       }) {
    const auto m = read_parameter_manifest(write(c.text));
    ASSERT_FALSE(m.ok()) << c.text;
    EXPECT_EQ(m.code(), ManifestError::kInvalid);
    EXPECT_NE(m.error().message.find(c.expected), std::string::npos) << m.error().message;
  }
  const auto missing = read_parameter_manifest((dir_.path() / "absent.json").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.code(), ManifestError::kUnreadable);

  // The daemon does not start on a manifest it cannot use ([srs] parameters_json).
  testing::TestJobs jobs;
  auto options = testing::test_engine_options(testing::shared_param_dir());
  options.srs.parameters_json = write("{not json");
  try {
    Engine engine(options, jobs.factory());
    FAIL() << "expected the engine to refuse the manifest";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("parameters.json: not JSON"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace cuzk::engine
