// SealChecker: a PoRep seal proof checked from a parameter directory as Filecoin's verify_seal
// does — the partition proofs batch-verified against the verifying key, or for a non-interactive
// PoRep their SnarkPack aggregate checked with the aggregation SRS of the key's naming (ours
// beside test parameters). The key and the SRS are read once, when it is made.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>

#include "filecoin/proof_type.hpp"
#include "filecoin/public_inputs.hpp"
#include "groth16/verifier.hpp"
#include "snarkpack/srs.hpp"

namespace cuzk::bench {

class SealChecker {
 public:
  // Throws std::runtime_error when the key (or, for NI, the SRS) cannot be found or read.
  SealChecker(const std::string& params_dir, const filecoin::ProofType& proof);

  // Empty when the proof is valid, else why not.
  std::string check(const filecoin::PorepPublicValues& values,
                    std::span<const uint8_t> proof) const;

 private:
  const filecoin::ProofType* proof_;
  groth16::VerifyingKey vk_;
  groth16::PreparedVerifyingKey pvk_;
  std::optional<snarkpack::VerifierSrs> srs_;  // non-interactive seals
};

}  // namespace cuzk::bench
