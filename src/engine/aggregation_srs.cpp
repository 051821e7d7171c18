// The SnarkPack SRS of a parameter directory (see aggregation_srs.hpp).
#include "engine/aggregation_srs.hpp"

#include <spdlog/spdlog.h>

#include <filesystem>

#include "engine/param_digest.hpp"
#include "filecoin/ni_seal.hpp"
#include "util/mapped_file.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::engine {

namespace {

// Empty when Filecoin's SRS file has its published digest, else why not.
std::string check_filecoin_digest(const std::string& path) {
  try {
    const MappedFile file(path);
    const std::string digest = filecoin_digest(file.bytes());
    if (digest == kFilecoinSrsDigest) return {};
    return path + ": digest " + digest + " differs from srs-inner-product.json's " +
           kFilecoinSrsDigest;
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace

AggregationSrs::AggregationSrs(std::string dir) : dir_(std::move(dir)) {}

bool AggregationSrs::any_file() const {
  std::error_code ec;
  return std::filesystem::is_regular_file(filecoin::aggregation_srs_path(dir_, false), ec) ||
         std::filesystem::is_regular_file(filecoin::aggregation_srs_path(dir_, true), ec);
}

AggregationSrs::KeysResult AggregationSrs::keys(bool test_parameters, size_t n) {
  std::lock_guard lock(mutex_);
  if (auto it = keys_.find({test_parameters, n}); it != keys_.end()) return it->second;
  auto& file = files_[test_parameters];
  const std::string path = filecoin::aggregation_srs_path(dir_, test_parameters);
  if (!file) {
    Stopwatch sw;
    if (!test_parameters) {
      if (auto bad = check_filecoin_digest(path); !bad.empty())
        return snarkpack::snarkpack_error(snarkpack::SnarkpackError::kMalformed, bad);
    }
    auto srs = snarkpack::read_srs_file(path, 2 * filecoin::kNiMaxAggregatedProofs);
    if (!srs) return srs.error();
    file = std::make_shared<const snarkpack::GenericSrs>(std::move(srs).value());
    spdlog::info("aggregation SRS {} loaded in {:.0f} ms (up to {} proofs)", path, sw.total_ms(),
                 file->max_proofs());
  }
  auto prover = snarkpack::specialize_prover(*file, n);
  if (!prover)
    return snarkpack::snarkpack_error(prover.code(), path + ": " + prover.error().message);
  auto verifier = snarkpack::specialize_verifier(*file, n);
  if (!verifier) return verifier.error();
  auto keys = std::make_shared<const Keys>(Keys{std::move(prover).value(), *verifier});
  keys_[{test_parameters, n}] = keys;
  return keys;
}

}  // namespace cuzk::engine
