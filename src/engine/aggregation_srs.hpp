// AggregationSrs: the SnarkPack SRS of a parameter directory, loaded on first use and kept, and
// its keys specialised per proof count — what NI-PoRep jobs aggregate their partition proofs with
// (filecoin/ni_seal.hpp).
//
// Two files may be there (filecoin::aggregation_srs_path): Filecoin's for Filecoin's parameters,
// our test one for test parameters; a job asks for the one of its parameters' naming. Each is read
// once (its first 2 x 128 powers of each kind: every NI sector size's aggregate fits) and kept
// (~100 KB); the specialised keys are cached per (file, proof count). Filecoin's file is checked
// first against its digest in rust-fil-proofs' srs-inner-product.json (BLAKE2b over the ~300 MB,
// under a second): a damaged power would only show as aggregates the chain rejects. Thread-safe.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "snarkpack/srs.hpp"
#include "util/result.hpp"

namespace cuzk::engine {

// The "digest" of v28-fil-inner-product-v1.srs in srs-inner-product.json.
inline constexpr const char* kFilecoinSrsDigest = "ae20310138f5ba81451d723f858e3797";

class AggregationSrs {
 public:
  struct Keys {
    snarkpack::ProverSrs prover;
    snarkpack::VerifierSrs verifier;
  };
  using KeysResult = Result<std::shared_ptr<const Keys>, snarkpack::SnarkpackError>;

  explicit AggregationSrs(std::string dir);

  const std::string& dir() const { return dir_; }
  // Whether either file is in the directory (a submit-time check for NI jobs).
  bool any_file() const;
  // The keys for n proofs from the file of that naming; an error naming the file when it is
  // missing, damaged or too small.
  KeysResult keys(bool test_parameters, size_t n);

 private:
  std::string dir_;
  std::mutex mutex_;
  std::map<bool, std::shared_ptr<const snarkpack::GenericSrs>> files_;  // by test_parameters
  std::map<std::pair<bool, size_t>, std::shared_ptr<const Keys>> keys_;
};

}  // namespace cuzk::engine
