// Non-interactive PoRep seal proofs (FIP-0090): the SnarkPack aggregate (version V2) of a
// sector's partition proofs, as rust-fil-proofs' seal_commit_phase2 returns it and verify_seal
// checks it.
//
// - The partition proofs (13 for 2 KiB to 512 MiB, 126 for 32 / 64 GiB) are padded to a power of
//   two, at least 2, by repeating the last one (pad_proofs_to_target); the verifier pads the
//   partitions' public inputs the same way.
// - The transcript input is SHA-256 over the comm_r of each aggregated sector (NI-PoRep hashes no
//   seed: its challenges do not come from one).
// - The aggregation SRS is Filecoin's v28-fil-inner-product-v1.srs beside Filecoin's parameters,
//   our cuzk-test-inner-product.srs beside test parameters: never mixed, since an aggregate made
//   with a test SRS fails Filecoin's verification.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "filecoin/error.hpp"
#include "filecoin/proof_type.hpp"
#include "filecoin/public_inputs.hpp"
#include "groth16/parameters.hpp"
#include "groth16/proof.hpp"
#include "snarkpack/srs.hpp"

namespace cuzk::filecoin {

// Every NI sector size fits: 126 partitions -> 128 proofs, so 256 powers of each kind.
inline constexpr size_t kNiMaxAggregatedProofs = 128;

// The proof count of an NI seal's aggregate: the partitions rounded up to a power of two (>= 2).
uint32_t ni_aggregated_proofs(unsigned partitions);

// rust-fil-proofs' pad_proofs_to_target / pad_inputs_to_target: the last item repeated up to
// ni_aggregated_proofs(size) items (nothing for an empty vector).
template <class T>
std::vector<T> pad_for_aggregation(std::vector<T> items) {
  if (!items.empty()) items.resize(ni_aggregated_proofs(unsigned(items.size())), items.back());
  return items;
}

// SHA-256 over the sectors' comm_r: SnarkPack's transcript input for NI-PoRep.
std::array<uint8_t, 32> ni_transcript_include(std::span<const hash::Node32> comm_rs);

// The aggregation SRS file for parameters of that naming: `dir`/v28-fil-inner-product-v1.srs, or
// `dir`/cuzk-test-inner-product.srs for test parameters.
std::string aggregation_srs_path(const std::string& dir, bool test_parameters);

// The NI seal proof bytes of one sector from its partition proofs (in partition order).
// kShape when the count is not the proof type's partitions or the SRS is for another count.
FilecoinResult<std::vector<uint8_t>> aggregate_ni_seal(const snarkpack::ProverSrs& srs,
                                                       const ProofType& proof,
                                                       const hash::Node32& comm_r,
                                                       std::span<const groth16::Proof> partitions,
                                                       unsigned threads = 0);

// verify_seal for an NI proof: the aggregate decoded (kShape naming the field when it does not
// decode) and checked against every partition's public inputs (kInconsistent naming the failed
// equation when it does not verify). On success, the number of partitions.
FilecoinResult<unsigned> verify_ni_seal(const snarkpack::VerifierSrs& srs,
                                        const groth16::VerifyingKey& vk, const ProofType& proof,
                                        const PorepPublicValues& values,
                                        std::span<const uint8_t> proof_bytes, unsigned threads = 0);

// Also for an engine that made the inputs already: one vector per partition.
FilecoinResult<unsigned> verify_ni_seal_inputs(const snarkpack::VerifierSrs& srs,
                                               const groth16::VerifyingKey& vk,
                                               const ProofType& proof, const hash::Node32& comm_r,
                                               std::vector<std::vector<ff::Fr>> partition_inputs,
                                               std::span<const uint8_t> proof_bytes,
                                               unsigned threads = 0);

}  // namespace cuzk::filecoin
