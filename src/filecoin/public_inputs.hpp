// Groth16 public inputs of one StackedDRG PoRep partition, as the verifier builds them
// (StackedCompound::generate_public_inputs; spec §9.5), in order:
//   replica_id, comm_d, comm_r, then for each challenge c of partition k (challenges.hpp):
//   c, its 6 DRG parents, its 8 expander parents, c, c, c
// (tree-D index, parent column indices, the UInt64 challenge, tree-R and tree-C indices).
// 3 + 18·n values: 327 for 32 / 64 GiB, 39 for the small sizes; the verifying key's IC has one
// more point, for the constant ONE.
#pragma once

#include <vector>

#include "ff/fr.hpp"
#include "filecoin/error.hpp"
#include "filecoin/proof_type.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

struct PorepPublicValues {
  hash::Node32 replica_id{};
  hash::Node32 comm_d{};
  hash::Node32 comm_r{};
  hash::Node32 seed{};  // unused by NI proofs
};

inline constexpr unsigned kPublicInputsPerChallenge = 1 + kParentCount + 3;

// kSchema error when replica_id, comm_d or comm_r is not a canonical field element.
FilecoinResult<std::vector<ff::Fr>> porep_public_inputs(const ProofType& proof,
                                                        const PorepPublicValues& values,
                                                        unsigned partition);

}  // namespace cuzk::filecoin
