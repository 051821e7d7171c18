// SnarkPack's prover (bellperson aggregate/prove.rs, aggregate_proofs, version V2): n Groth16
// proofs (n a power of two >= 2) into one AggregateProof whose bytes equal bellperson's for the
// same proofs, SRS and transcript input.
//
// 1. Commit to A, B (pair commitment) and C (single); hcom and r from the transcript
//    ("hcom", then "random-r" over hcom and `transcript_include`, e.g. the hash of the sectors'
//    comm_r for Filecoin's NI-PoRep).
// 2. ip_ab = prod e(A_i, B_i^(r^i)) and agg_c = sum C_i r^i, the two sides of the aggregated
//    Groth16 equation.
// 3. GIPA over (A, B^r, C, r) with the keys (v, w^(r^-i)): log2(n) rounds of cross commitments
//    and products, each halving the vectors with a challenge ("gipa-i").
// 4. KZG openings of the final keys at z ("random-z" after "gipa-extra-link").
//
// Deterministic: no randomness beyond the proofs themselves. Pairings and multi-exponentiations
// run on `threads` threads (0 = all cores).
#pragma once

#include <span>

#include "groth16/proof.hpp"
#include "snarkpack/error.hpp"
#include "snarkpack/proof.hpp"
#include "snarkpack/srs.hpp"

namespace cuzk::snarkpack {

// kMismatch when the proof count is not a power of two >= 2 or not the SRS's n.
SnarkpackResult<AggregateProof> aggregate_proofs(const ProverSrs& srs,
                                                 std::span<const uint8_t> transcript_include,
                                                 std::span<const groth16::Proof> proofs,
                                                 unsigned threads = 0);

}  // namespace cuzk::snarkpack
