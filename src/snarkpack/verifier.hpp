// SnarkPack's verifier (bellperson aggregate/verify.rs, verify_aggregate_proof, version V2).
//
// From the proof and the transcript input alone it re-derives every challenge and checks GIPA's
// final values against the commitments folded with them: the TIPP equations e(a, b) = Z,
// e(a, v1) e(w1, b) = T, e(a, v2) e(w2, b) = U, and the MIPP ones c^final_r = Z_c, e(c, v1) = T_c,
// e(c, v2) = U_c (`verify_gipa`: no key needed, which is what lets published proofs be checked
// without the ceremony files). With the verifier SRS it then checks the KZG openings of the final
// keys, and with the Groth16 verifying key the aggregated Groth16 equation
//   e(alpha^(sum r^i), beta) e(IC(sum r^i inputs_i), gamma) e(agg_c, delta) = ip_ab.
//
// Each equation is checked on its own (no random batching, so no randomness is needed); the first
// one that fails is named in the result.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "ff/fr.hpp"
#include "groth16/parameters.hpp"
#include "snarkpack/error.hpp"
#include "snarkpack/proof.hpp"
#include "snarkpack/srs.hpp"

namespace cuzk::snarkpack {

struct AggregateCheck {
  bool valid = false;
  std::string failed;  // the first equation that does not hold; empty when valid
};

AggregateCheck verify_gipa(const AggregateProof& proof,
                           std::span<const uint8_t> transcript_include);

// public_inputs: one vector per aggregated proof (without the constant one), nproofs of them.
// kMismatch when their count or sizes do not fit the proof, the key or the SRS.
SnarkpackResult<AggregateCheck> verify_aggregate_proof(
    const VerifierSrs& srs, const groth16::VerifyingKey& vk,
    std::span<const std::vector<ff::Fr>> public_inputs, const AggregateProof& proof,
    std::span<const uint8_t> transcript_include, unsigned threads = 0);

}  // namespace cuzk::snarkpack
