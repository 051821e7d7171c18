// Witness values of the Filecoin circuits from the vanilla proofs' 32-byte values: a Domain as a
// canonical Fr, and a Merkle proof (base, sub and top paths) as the single leaf-first path of
// field elements the PoR gadget takes. Shared by the PoRep and PoSt circuits.
#pragma once
#include "ff/fr.hpp"
#include "filecoin/c1_output.hpp"
#include "hash/merkle_tree.hpp"

namespace cuzk::filecoin {

// A Merkle proof's paths (base, then sub, then top) as one path of field elements, leaf level
// first. Throws std::invalid_argument naming `what` for a non-canonical sibling.
hash::MerklePath<ff::Fr> merkle_proof_path_fr(const MerkleProof& proof, const char* what);

// A 32-byte value as a witness Fr; throws std::invalid_argument naming `what` when it is not
// canonical.
ff::Fr circuit_fr(const Domain& value, const char* what);

}  // namespace cuzk::filecoin
