// SnarkPack's Fiat–Shamir challenges, the recipes shared by the prover and the verifier (bellperson
// aggregate/prove.rs and verify.rs, version V2): which transcript tag hashes which values, in
// which order.
#pragma once

#include <span>

#include "ff/fr.hpp"
#include "snarkpack/proof.hpp"

namespace cuzk::snarkpack {

// "hcom": the commitments to A, B and C.
ff::Fr hcom_challenge(const GtPair& com_ab, const GtPair& com_c);
// "random-r": the proofs' random linear combination, bound to the caller's transcript input.
ff::Fr combination_challenge(const ff::Fr& hcom, std::span<const uint8_t> transcript_include);
// "gipa-0" before the first round: the statement (hcom, ip_ab, agg_c, r).
ff::Fr gipa_start_challenge(const ff::Fr& hcom, const curve::Gt& ip_ab,
                            const curve::G1Affine& agg_c, const ff::Fr& r);
// "gipa-<round>": the inverse challenge x^-1 of a round from the previous one and the round's
// values (proof.z_ab[round], z_c, comms_ab, comms_c).
ff::Fr gipa_round_challenge(unsigned round, const ff::Fr& previous, const GipaProof& proof);
// "gipa-extra-link": binds the last round and the final values to the KZG part.
ff::Fr extra_link_challenge(const ff::Fr& last_challenge, const GipaProof& proof);
// "random-z": the point at which the final keys are opened.
ff::Fr kzg_challenge(const ff::Fr& extra, const GipaProof& proof);

}  // namespace cuzk::snarkpack
