// AggregationSrs: the SRS file of a parameter directory by naming (ours beside test parameters,
// Filecoin's beside Filecoin's), keys specialised per count and kept, Filecoin's file refused
// unless it has its published digest, and errors that name the file.
#include "engine/aggregation_srs.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "filecoin/ni_seal.hpp"

namespace cuzk::engine {
namespace {

std::string fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("cuzk-aggregation-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

void write_srs(const std::string& path, size_t proofs) {
  std::mt19937_64 rng(proofs);
  const auto bytes = snarkpack::encode_srs(snarkpack::make_test_srs(proofs, rng));
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

TEST(AggregationSrs, TestFileGivesKeysPerCountAndKeepsThem) {
  const std::string dir = fresh_dir("test");
  AggregationSrs store(dir);
  EXPECT_FALSE(store.any_file());
  auto missing = store.keys(true, 16);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("cuzk-test-inner-product.srs"), std::string::npos)
      << missing.error().message;

  write_srs(filecoin::aggregation_srs_path(dir, true), 16);
  AggregationSrs fresh(dir);
  EXPECT_TRUE(fresh.any_file());
  auto k16 = fresh.keys(true, 16);
  ASSERT_TRUE(k16) << k16.error().message;
  EXPECT_EQ((*k16)->prover.n, 16u);
  EXPECT_EQ((*k16)->verifier.n, 16u);
  EXPECT_EQ(fresh.keys(true, 16).value(), k16.value());  // kept, not made again
  auto k4 = fresh.keys(true, 4);
  ASSERT_TRUE(k4);
  EXPECT_EQ((*k4)->prover.wkey.size(), 4u);
  auto too_many = fresh.keys(true, 32);
  ASSERT_FALSE(too_many);
  EXPECT_NE(too_many.error().message.find("16 proofs, 32 asked"), std::string::npos)
      << too_many.error().message;
  // Filecoin's parameters never get the test SRS.
  EXPECT_FALSE(fresh.keys(false, 16));
}

TEST(AggregationSrs, FilecoinsFileNeedsItsDigest) {
  const std::string dir = fresh_dir("filecoin");
  write_srs(filecoin::aggregation_srs_path(dir, false), 4);  // a test SRS under Filecoin's name
  AggregationSrs store(dir);
  EXPECT_TRUE(store.any_file());
  auto keys = store.keys(false, 4);
  ASSERT_FALSE(keys);
  EXPECT_NE(keys.error().message.find("differs from srs-inner-product.json's " +
                                      std::string(kFilecoinSrsDigest)),
            std::string::npos)
      << keys.error().message;
}

}  // namespace
}  // namespace cuzk::engine
