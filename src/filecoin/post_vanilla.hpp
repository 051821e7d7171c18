// PoSt vanilla proofs as Curio sends them in `vanilla_proofs`: one bincode-serialised
// FallbackPoStSectorProof per sector (filecoin-proofs types/mod.rs; spec §5.4):
//   sector_id u64, comm_r (32), vanilla_proof = Proof { sectors: u64 count (1) + SectorProof },
//   SectorProof = inclusion_proofs (u64 count + MerkleProof each), comm_c (32), comm_r_last (32).
// Parsing checks the bytes against the registered proof (tree variant, path levels, arities,
// challenge count: 10 for Window, 66 for Winning); post_check_vanilla checks what the reference's
// vanilla verification checks (challenged leaves, roots, paths, comm_r); post_circuit_witness
// lays the sectors out as the circuit wants them (post_util.rs single_partition_vanilla_proofs).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/c1_output.hpp"
#include "filecoin/error.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_proof_type.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

// fallback::SectorProof.
struct PostVanillaSectorProof {
  std::vector<MerkleProof> inclusion_proofs;  // one per challenge
  Domain comm_c{};
  Domain comm_r_last{};
};

// filecoin-proofs FallbackPoStSectorProof.
struct FallbackPoStSectorProof {
  uint64_t sector_id = 0;
  Domain comm_r{};
  std::vector<PostVanillaSectorProof> sectors;  // vanilla_proof.sectors: exactly 1
};

// kSchema (truncated, malformed, trailing bytes, non-canonical values) or kShape (does not fit
// `proof`) errors name the field, prefixed with `what` (e.g. "vanilla_proofs[3]").
FilecoinResult<FallbackPoStSectorProof> parse_fallback_post_sector_proof(
    std::span<const uint8_t> bytes, const PoStProofType& proof,
    const std::string& what = "vanilla_proof");

// The reference's vanilla verification of one partition's sector proofs (in order; sector i is
// the proof's sector partition · sector_count + i): each inclusion proof opens the derived
// challenge, under comm_r_last, along a valid Poseidon path; comm_r = Poseidon2(comm_c,
// comm_r_last). kInconsistent error naming the sector and challenge; kShape for too many sectors.
// threads: sectors checked at once (0 = all cores); the error is the lowest failing sector's,
// whatever the thread count (a 32 GiB WindowPoSt partition is 2349 sectors of 10 paths each).
FilecoinResult<bool> post_check_vanilla(const PoStProofType& proof, const hash::Node32& randomness,
                                        std::span<const FallbackPoStSectorProof> sectors,
                                        unsigned partition, unsigned threads = 1);

// The circuit's sectors. Window: the partition's sector proofs in order, padded to the circuit's
// sector count by repeating the last; Winning: the one sector's 66 inclusion proofs as 66
// one-challenge circuit sectors. The proofs are moved in, the padding copied on `threads`
// threads (0 = all cores). kShape error for an empty or oversized list.
FilecoinResult<std::vector<PostSectorWitness>> post_circuit_witness(
    const PoStProofType& proof, std::vector<FallbackPoStSectorProof> sectors, unsigned threads = 1);

// Serialises as the reference does (the inverse of parse; test vectors, gen-vanilla).
std::vector<uint8_t> serialize_fallback_post_sector_proof(const FallbackPoStSectorProof& proof);

}  // namespace cuzk::filecoin
