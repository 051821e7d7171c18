// Vanilla proof extraction and C1 assembly of c1_assembly.hpp.
#include "sealing/c1_assembly.hpp"

#include "filecoin/challenges.hpp"
#include "filecoin/commitments.hpp"
#include "hash/merkle_node.hpp"
#include "sealing/label_parents.hpp"
#include "util/parallel.hpp"

namespace cuzk::sealing {

using filecoin::kDrgDegree;
using filecoin::kParentCount;
using filecoin::MerkleProof;
using filecoin::MerkleProofKind;

namespace {

filecoin::ColumnProof column_proof(const SealedSector& sector, uint64_t node) {
  filecoin::ColumnProof proof;
  proof.column.index = uint32_t(node);
  for (unsigned layer = 1; layer <= sector.config().layers; ++layer) {
    proof.column.rows.push_back(sector.label(layer, node));
  }
  proof.inclusion_proof =
      poseidon_merkle_proof(sector.config().tree_shape, sector.tree_c_leaf(node), sector.comm_c(),
                            sector.tree_c_path(node));
  return proof;
}

}  // namespace

MerkleProof poseidon_merkle_proof(hash::TreeShape shape, const ff::Fr& leaf, const ff::Fr& root,
                                  const hash::MerklePath<ff::Fr>& path) {
  MerkleProof proof;
  proof.kind = shape.top_arity   ? MerkleProofKind::kTop
               : shape.sub_arity ? MerkleProofKind::kSub
                                 : MerkleProofKind::kSingle;
  proof.leaf = hash::node_from_fr(leaf);
  proof.root = hash::node_from_fr(root);
  const size_t base_levels = path.size() - (shape.sub_arity ? 1 : 0) - (shape.top_arity ? 1 : 0);
  for (size_t l = 0; l < path.size(); ++l) {
    hash::MerklePathElement<hash::Node32> element;
    element.index = path[l].index;
    for (const ff::Fr& sibling : path[l].siblings) {
      element.siblings.push_back(hash::node_from_fr(sibling));
    }
    auto& part = l < base_levels ? proof.base : l == base_levels ? proof.sub : proof.top;
    part.push_back(std::move(element));
  }
  return proof;
}

filecoin::VanillaSealProof vanilla_seal_proof(const SealedSector& sector,
                                              const filecoin::StackedGraph& graph,
                                              uint64_t challenge) {
  filecoin::VanillaSealProof p;
  p.comm_d_proofs.kind = MerkleProofKind::kSingle;
  p.comm_d_proofs.leaf = sector.data_node(challenge);
  p.comm_d_proofs.root = sector.comm_d();
  p.comm_d_proofs.base = sector.tree_d_path(challenge);

  p.comm_r_last_proof =
      poseidon_merkle_proof(sector.config().tree_shape, sector.replica_node(challenge),
                            sector.comm_r_last(), sector.tree_r_path(challenge));

  const filecoin::NodeParents parents = graph.parents(challenge);
  auto& columns = p.replica_column_proofs;
  columns.c_x = column_proof(sector, challenge);
  for (unsigned j = 0; j < kParentCount; ++j) {
    (j < kDrgDegree ? columns.drg_parents : columns.exp_parents)
        .push_back(column_proof(sector, parents[j]));
  }
  auto label_at = [&sector](unsigned layer, uint64_t node) { return sector.label(layer, node); };
  for (unsigned layer = 1; layer <= sector.config().layers; ++layer) {
    const auto slots = label_parent_slots_of(parents, layer, label_at);
    p.labeling_proofs.push_back({{slots.begin(), slots.end()}, layer, challenge});
  }
  p.encoding_proof = p.labeling_proofs.back();
  return p;
}

filecoin::SealCommitPhase1Output assemble_c1(const filecoin::ProofType& proof,
                                             const SealedSector& sector,
                                             const filecoin::StackedGraph& graph,
                                             const C1Identity& identity, unsigned threads) {
  filecoin::SealCommitPhase1Output c1;
  c1.registered_proof = &proof;
  c1.comm_d = sector.comm_d();
  c1.comm_r = hash::node_from_fr(filecoin::compute_comm_r(sector.comm_c(), sector.comm_r_last()));
  c1.replica_id = identity.replica_id;
  c1.seed = identity.seed;
  c1.ticket = identity.ticket;

  const filecoin::ChallengeSeed in{identity.replica_id, identity.seed, c1.comm_r};
  const unsigned per_partition = proof.challenges_per_partition();
  std::vector<uint64_t> challenges;  // [partition * per_partition + i]
  for (unsigned k = 0; k < proof.partitions(); ++k) {
    const auto partition = filecoin::porep_partition_challenges(proof, in, k);
    challenges.insert(challenges.end(), partition.begin(), partition.end());
  }
  std::vector<filecoin::VanillaSealProof> proofs(challenges.size());
  parallel_chunks(challenges.size(), challenges.size(), threads,
                  [&](size_t, size_t begin, size_t end) {
                    for (size_t i = begin; i < end; ++i) {
                      proofs[i] = vanilla_seal_proof(sector, graph, challenges[i]);
                    }
                  });
  c1.vanilla_proofs.resize(proof.partitions());
  for (size_t i = 0; i < proofs.size(); ++i) {
    c1.vanilla_proofs[i / per_partition].push_back(std::move(proofs[i]));
  }
  return c1;
}

}  // namespace cuzk::sealing
