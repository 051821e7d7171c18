// The C1 output ("commit phase 1", rust-filecoin-proofs-api SealCommitPhase1Output) as C++
// values, field for field as serde serializes them (spec §11), and Curio's envelope around it.
//
// Every 32-byte value (commitments, replica id, seed, ticket, roots, leaves, siblings, rows,
// parents) is a hash::Node32 in its LE byte order. A Merkle proof keeps its serde variant
// (Single for 8-0-0 trees and tree D, Sub for 8-8-0, Top for 8-8-2) and its inclusion paths;
// each path is a hash::MerklePath, leaf level first, whose elements hold the arity - 1
// siblings and the running node's position among its siblings.
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/proof_type.hpp"
#include "hash/merkle_tree.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

using Domain = hash::Node32;
using InclusionPath = hash::MerklePath<Domain>;

enum class MerkleProofKind { kSingle, kSub, kTop };
const char* to_string(MerkleProofKind kind);  // the serde variant name, "Single"

struct MerkleProof {
  MerkleProofKind kind = MerkleProofKind::kSingle;
  Domain root{};
  Domain leaf{};
  InclusionPath base;  // Single: "path"; Sub / Top: "base_proof"
  InclusionPath sub;   // Sub / Top: "sub_proof"
  InclusionPath top;   // Top: "top_proof"

  // The leaf index the paths prove: mixed radix over base, sub and top levels, leaf first.
  uint64_t leaf_index() const;
};

struct Column {
  uint32_t index = 0;
  std::vector<Domain> rows;  // one label per layer, layer 1 first
};

struct ColumnProof {
  Column column;
  MerkleProof inclusion_proof;  // column hash in tree C
};

struct ReplicaColumnProof {
  ColumnProof c_x;                       // the challenged node
  std::vector<ColumnProof> drg_parents;  // 6
  std::vector<ColumnProof> exp_parents;  // 8
};

// LabelingProof and EncodingProof have the same fields; the encoding proof repeats the last
// layer's labeling proof.
struct LabelingProof {
  std::vector<Domain> parents;  // the 37 label parent slots
  uint32_t layer_index = 0;     // 1-based
  uint64_t node = 0;
};
using EncodingProof = LabelingProof;

// One challenge of one partition.
struct VanillaSealProof {
  MerkleProof comm_d_proofs;      // data node in tree D (binary SHA-256)
  MerkleProof comm_r_last_proof;  // replica node in tree R_last
  ReplicaColumnProof replica_column_proofs;
  std::vector<LabelingProof> labeling_proofs;  // one per layer
  EncodingProof encoding_proof;
};

struct SealCommitPhase1Output {
  const ProofType* registered_proof = nullptr;
  std::vector<std::vector<VanillaSealProof>> vanilla_proofs;  // [partition][challenge]
  Domain comm_r{};
  Domain comm_d{};
  Domain replica_id{};
  Domain seed{};
  Domain ticket{};
};

// Curio / Lotus: {"SectorNum": n, "Phase1Out": "<base64 of the C1 JSON>", "SectorSize": s}.
struct CurioC1Envelope {
  uint64_t sector_num = 0;
  std::vector<uint8_t> phase1_out;  // the C1 JSON text
  uint64_t sector_size = 0;
};

}  // namespace cuzk::filecoin
