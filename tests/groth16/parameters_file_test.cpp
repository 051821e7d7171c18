// .params / .vk files: byte-for-byte round trips, the vk prefix, memory-mapped reading, and every
// kind of corruption rejected with an error naming the section and index.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "groth16_fixture.hpp"
#include "util/mapped_file.hpp"

namespace cuzk::groth16 {
namespace {

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class ParamsFile : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    params_ = new Parameters(testing::setup_for(
        [](r1cs::ConstraintSystem& cs) { r1cs::test_circuits::many_inputs(cs, 6); }, 3));
    // One directory per process: ctest runs each test in its own process, in parallel.
    dir_ =
        new std::string(::testing::TempDir() + "/cuzk_params_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(*dir_);
    write_parameters_file(*params_, *dir_ + "/test.params");
    write_verifying_key_file(params_->vk, *dir_ + "/test.vk");
    bytes_ = new std::vector<uint8_t>(read_file(*dir_ + "/test.params"));
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(*dir_);
    delete params_;
    delete dir_;
    delete bytes_;
  }
  static Parameters* params_;
  static std::string* dir_;
  static std::vector<uint8_t>* bytes_;
};
Parameters* ParamsFile::params_ = nullptr;
std::string* ParamsFile::dir_ = nullptr;
std::vector<uint8_t>* ParamsFile::bytes_ = nullptr;

TEST_F(ParamsFile, RoundTripsByteForByte) {
  auto layout = scan_params_layout(*bytes_);
  ASSERT_TRUE(layout) << layout.error().message;
  EXPECT_EQ(layout->ic.count, params_->vk.ic.size());
  EXPECT_EQ(layout->h.count, params_->h.size());
  EXPECT_EQ(layout->b_g2.count, params_->b_g2.size());
  EXPECT_EQ(layout->total_bytes, bytes_->size());

  MappedFile mapped(*dir_ + "/test.params");
  auto read = read_parameters(mapped.bytes(), 2);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_TRUE(*read == *params_);

  write_parameters_file(*read, *dir_ + "/again.params");
  EXPECT_EQ(read_file(*dir_ + "/again.params"), *bytes_);
}

TEST_F(ParamsFile, VkFileIsThePrefixOfTheParamsFile) {
  auto vk_bytes = read_file(*dir_ + "/test.vk");
  auto layout = scan_params_layout(*bytes_);
  ASSERT_TRUE(layout);
  ASSERT_EQ(vk_bytes.size(), layout->vk_bytes);
  EXPECT_TRUE(std::equal(vk_bytes.begin(), vk_bytes.end(), bytes_->begin()));
  auto vk = read_verifying_key(vk_bytes);
  ASSERT_TRUE(vk) << vk.error().message;
  EXPECT_TRUE(*vk == params_->vk);
  EXPECT_EQ(serialize_verifying_key(*vk), vk_bytes);
}

void expect_error(std::span<const uint8_t> file, ParamsError code, const std::string& needle) {
  auto r = read_parameters(file, 1);
  ASSERT_FALSE(r) << "corrupt file was accepted; expected " << needle;
  EXPECT_EQ(r.code(), code) << r.error().message;
  EXPECT_NE(r.error().message.find(needle), std::string::npos) << r.error().message;
}

TEST_F(ParamsFile, TruncatedFileNamesTheSection) {
  auto layout = *scan_params_layout(*bytes_);
  std::vector<uint8_t> cut(bytes_->begin(), bytes_->begin() + layout.l.offset + 96 * 2 + 10);
  expect_error(cut, ParamsError::kTruncated, "l:");
  std::vector<uint8_t> tiny(bytes_->begin(), bytes_->begin() + 100);
  expect_error(tiny, ParamsError::kTruncated, "ic");
}

TEST_F(ParamsFile, BadCountAndTrailingBytes) {
  auto layout = *scan_params_layout(*bytes_);
  auto bad = *bytes_;
  bad[layout.b_g2.offset - 1] += 1;  // b_g2 count one too large
  expect_error(bad, ParamsError::kTruncated, "b_g2:");
  auto trailing = *bytes_;
  trailing.push_back(0);
  expect_error(trailing, ParamsError::kTrailingData, "after b_g2");
}

TEST_F(ParamsFile, PointOffCurveNamesSectionAndIndex) {
  auto layout = *scan_params_layout(*bytes_);
  auto bad = *bytes_;
  bad[layout.h.offset + 96 * 3 + 95] ^= 1;  // last byte of h[3].y
  expect_error(bad, ParamsError::kBadPoint, "h[3]");
  auto bad_g2 = *bytes_;
  bad_g2[layout.b_g2.offset + 192 * 1 + 191] ^= 1;
  expect_error(bad_g2, ParamsError::kBadPoint, "b_g2[1]");
}

TEST_F(ParamsFile, InfinityInABulkVectorIsRejected) {
  auto layout = *scan_params_layout(*bytes_);
  auto bad = *bytes_;
  std::fill(bad.begin() + layout.b_g1.offset, bad.begin() + layout.b_g1.offset + 96, 0);
  bad[layout.b_g1.offset] = 0x40;
  expect_error(bad, ParamsError::kInfinity, "b_g1[0]");
}

// What a decoder elsewhere (the GPU) is told about the first bad point it found: the host
// loader's own error for that point; nothing for a good point; an index past the section refused.
TEST_F(ParamsFile, SectionPointErrorIsTheLoadersError) {
  const auto layout = *scan_params_layout(*bytes_);
  auto bad = *bytes_;
  bad[layout.l.offset + 96 * 2 + 95] ^= 1;  // l[2] off the curve
  const auto loader = read_parameters(bad, 1);
  ASSERT_FALSE(loader);
  const auto l_bytes = params_section_bytes(bad, layout, Section::kL);
  EXPECT_EQ(l_bytes.size(), layout.l.count * 96u);
  EXPECT_EQ(l_bytes.data(), bad.data() + layout.l.offset);
  const auto error = section_point_error(l_bytes, Section::kL, 2);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->code, loader.error().code);
  EXPECT_EQ(error->message, loader.error().message);
  EXPECT_FALSE(section_point_error(l_bytes, Section::kL, 1).has_value()) << "l[1] is fine";
  const auto g2 = params_section_bytes(bad, layout, Section::kBG2);
  EXPECT_FALSE(section_point_error(g2, Section::kBG2, 0).has_value());
  const auto past = section_point_error(g2, Section::kBG2, layout.b_g2.count);
  ASSERT_TRUE(past.has_value());
  EXPECT_EQ(past->code, ParamsError::kTruncated);
}

TEST_F(ParamsFile, VerifyingKeyIsSubgroupChecked) {
  // A G1 point on the curve but outside the subgroup: x = 0, y = 2 (order 3).
  auto bad = *bytes_;
  std::fill(bad.begin(), bad.begin() + 96, 0);
  bad[95] = 2;
  expect_error(bad, ParamsError::kBadPoint, "vk.alpha_g1");
}

}  // namespace
}  // namespace cuzk::groth16
