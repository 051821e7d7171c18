// Parameter file lookup (filecoin/porep_parameters.hpp): the names tried and their order, a pair
// never mixed across namings, and the errors that name what was looked for.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "filecoin/porep_parameters.hpp"

namespace cuzk::filecoin {
namespace {

namespace fs = std::filesystem;

class ParameterLookup : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("cuzk-parameter-lookup-" +
            std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  void touch(const std::string& name) { std::ofstream(dir_ / name) << "x"; }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(ParameterLookup, AKnownCircuitTriesFilecoinsNameThenTheTestName) {
  const auto names = parameter_file_names("porep-2k", ParameterFile::kParams);
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0].name, *circuit_parameter_file_name("porep-2k", ParameterFile::kParams));
  EXPECT_FALSE(names[0].test_parameters);
  EXPECT_EQ(names[1].name, "cuzk-test-porep-2k.params");
  EXPECT_TRUE(names[1].test_parameters);
}

TEST_F(ParameterLookup, AnyOtherCircuitHasTheTestNameOnly) {
  const auto names = parameter_file_names("chain-65536", ParameterFile::kVk);
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(names[0].name, "cuzk-test-chain-65536.vk");
}

TEST_F(ParameterLookup, FilecoinsFileIsPreferredAndMissingOnesAreListed) {
  std::vector<std::string> tried;
  EXPECT_FALSE(find_parameter_file(dir_.string(), "porep-2k", ParameterFile::kParams, &tried));
  const auto names = parameter_file_names("porep-2k", ParameterFile::kParams);
  EXPECT_EQ(tried, (std::vector<std::string>{path(names[0].name), path(names[1].name)}));

  touch(names[1].name);
  auto found = find_parameter_file(dir_.string(), "porep-2k", ParameterFile::kParams);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->path, path(names[1].name));
  EXPECT_TRUE(found->test_parameters);

  touch(names[0].name);
  found = find_parameter_file(dir_.string(), "porep-2k", ParameterFile::kParams);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->path, path(names[0].name));
  EXPECT_FALSE(found->test_parameters);
}

TEST_F(ParameterLookup, APairIsNeverMixedAcrossNamings) {
  const std::string real_params = *circuit_parameter_file_name("porep-2k", ParameterFile::kParams);
  touch(real_params);              // Filecoin's .params without its .vk
  touch("cuzk-test-porep-2k.vk");  // and a test .vk without its .params
  auto files = find_circuit_parameters(dir_.string(), "porep-2k");
  ASSERT_FALSE(files.ok());
  EXPECT_NE(files.error().message.find(real_params), std::string::npos);
  EXPECT_NE(files.error().message.find("cuzk-test-porep-2k.params"), std::string::npos);

  touch("cuzk-test-porep-2k.params");  // now the test pair is whole
  files = find_circuit_parameters(dir_.string(), "porep-2k");
  ASSERT_TRUE(files.ok());
  EXPECT_EQ(files->params, path("cuzk-test-porep-2k.params"));
  EXPECT_EQ(files->vk, path("cuzk-test-porep-2k.vk"));
  EXPECT_TRUE(files->test_parameters);
}

TEST_F(ParameterLookup, AVerifyingKeyAloneIsFound) {
  auto vk = find_verifying_key(dir_.string(), "wpost-2k");
  ASSERT_FALSE(vk.ok());
  EXPECT_NE(vk.error().message.find("cuzk-test-wpost-2k.vk"), std::string::npos);
  touch("cuzk-test-wpost-2k.vk");
  vk = find_verifying_key(dir_.string(), "wpost-2k");
  ASSERT_TRUE(vk.ok());
  EXPECT_EQ(*vk, path("cuzk-test-wpost-2k.vk"));
  EXPECT_FALSE(find_verifying_key(dir_.string(), "no-such-circuit").ok());
}

}  // namespace
}  // namespace cuzk::filecoin
