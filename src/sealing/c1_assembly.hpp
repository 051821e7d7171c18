// From a sealed sector to its C1 (SealCommitPhase1Output, spec §11), as rust-fil-proofs'
// seal_commit_phase1 builds it (stacked/vanilla Proof::from_parts via prove_layers):
//   comm_d_proofs      data node in tree D (Single, binary SHA-256)
//   comm_r_last_proof  replica node in tree R_last (Single / Sub / Top by the tree shape)
//   replica_column_proofs  the challenge's column, its 6 DRG and 8 expander parents' columns,
//                      each with its tree C inclusion proof
//   labeling_proofs    per layer the 37 label parent slots (label_parents.hpp)
//   encoding_proof     a copy of the last layer's labeling proof
// comm_r = Poseidon(comm_c, comm_r_last); challenges come from the proof type's derivation
// (interactive / synthetic / NI), which is why comm_r is computed before any challenge.
#pragma once

#include <cstdint>

#include "filecoin/c1_output.hpp"
#include "filecoin/stacked_graph.hpp"
#include "sealing/sealed_sector.hpp"

namespace cuzk::sealing {

// A C1 Merkle proof from a Poseidon path of a tree of `shape` (a sector's tree_shape): the base
// levels, then the sub level (Sub / Top) and the top level (Top).
filecoin::MerkleProof poseidon_merkle_proof(hash::TreeShape shape, const ff::Fr& leaf,
                                            const ff::Fr& root,
                                            const hash::MerklePath<ff::Fr>& path);

filecoin::VanillaSealProof vanilla_seal_proof(const SealedSector& sector,
                                              const filecoin::StackedGraph& graph,
                                              uint64_t challenge);

struct C1Identity {
  hash::Node32 replica_id{};
  hash::Node32 seed{};
  hash::Node32 ticket{};
};

// Every partition's proofs, on `threads` threads (0 = all).
filecoin::SealCommitPhase1Output assemble_c1(const filecoin::ProofType& proof,
                                             const SealedSector& sector,
                                             const filecoin::StackedGraph& graph,
                                             const C1Identity& identity, unsigned threads);

}  // namespace cuzk::sealing
