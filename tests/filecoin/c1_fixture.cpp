// C1 fixtures of c1_fixture.hpp. Both modes fill the same SectorTrees and share the proof
// extraction, which follows vanilla Proof::from_parts (labeling proofs built from the parent
// columns, the encoding proof a copy of the last one).
#include "c1_fixture.hpp"

#include <map>
#include <random>
#include <stdexcept>

#include "filecoin/challenges.hpp"
#include "filecoin/commitments.hpp"
#include "filecoin/labels.hpp"
#include "filecoin/stacked_graph.hpp"
#include "hash/merkle_node.hpp"
#include "sparse_merkle_tree.hpp"

namespace cuzk::filecoin::testing {
namespace {

using ff::Fr;
using hash::Node32;

Node32 random_fr32(std::mt19937_64& rng) {
  Node32 n;
  for (auto& b : n) b = uint8_t(rng());
  return hash::trim_to_fr32(n);
}

Fr to_fr(const Node32& n) {
  return *hash::fr_from_node(n);
}

std::vector<Fr> to_fr(const std::vector<Node32>& rows) {
  std::vector<Fr> out;
  for (const auto& r : rows) out.push_back(to_fr(r));
  return out;
}

struct SectorTrees {
  SectorTrees(const PorepSectorConfig& s)
      : sector(s),
        tree_d(hash::tree_level_arities(hash::kBinaryTreeShape, s.nodes()), Node32{}),
        tree_c(hash::tree_level_arities(s.tree_shape, s.nodes()), Fr::zero()),
        tree_r(hash::tree_level_arities(s.tree_shape, s.nodes()), Fr::zero()) {}

  void set_column(uint64_t node, std::vector<Node32> rows) {
    tree_c.set(node, column_hash(to_fr(rows)));
    columns[node] = std::move(rows);
  }

  const PorepSectorConfig& sector;
  SparseMerkleTree<hash::Sha256NodeHasher> tree_d;
  SparseMerkleTree<hash::PoseidonNodeHasher> tree_c, tree_r;
  std::map<uint64_t, std::vector<Node32>> columns;  // node -> labels, layer 1 first
  std::map<uint64_t, Node32> data;                  // absent: zero
  std::map<uint64_t, Fr> replica;                   // tree R leaves that proofs open
};

// The serde parts of a Poseidon path of the sector's tree shape.
MerkleProof poseidon_proof(const PorepSectorConfig& s, const Fr& leaf, const Fr& root,
                           const hash::MerklePath<Fr>& path) {
  MerkleProof proof;
  proof.kind = s.tree_shape.top_arity   ? MerkleProofKind::kTop
               : s.tree_shape.sub_arity ? MerkleProofKind::kSub
                                        : MerkleProofKind::kSingle;
  proof.leaf = hash::node_from_fr(leaf);
  proof.root = hash::node_from_fr(root);
  const size_t extra = (s.tree_shape.sub_arity ? 1 : 0) + (s.tree_shape.top_arity ? 1 : 0);
  for (size_t l = 0; l < path.size(); ++l) {
    hash::MerklePathElement<Node32> element;
    element.index = path[l].index;
    for (const Fr& x : path[l].siblings) element.siblings.push_back(hash::node_from_fr(x));
    const size_t base_levels = path.size() - extra;
    (l < base_levels ? proof.base : l == base_levels ? proof.sub : proof.top).push_back(element);
  }
  return proof;
}

ColumnProof column_proof(SectorTrees& t, uint64_t node) {
  ColumnProof proof;
  proof.column.index = uint32_t(node);
  proof.column.rows = t.columns.at(node);
  proof.inclusion_proof = poseidon_proof(t.sector, column_hash(to_fr(proof.column.rows)),
                                         t.tree_c.root(), t.tree_c.path(node));
  return proof;
}

LabelParentSlots parent_slots(const SectorTrees& t, const NodeParents& parents, unsigned layer) {
  std::vector<Node32> values;
  for (unsigned j = 0; j < kDrgDegree; ++j) values.push_back(t.columns.at(parents[j])[layer - 1]);
  if (layer > 1) {
    for (unsigned j = kDrgDegree; j < kParentCount; ++j) {
      values.push_back(t.columns.at(parents[j])[layer - 2]);
    }
  }
  return label_parent_slots(values);
}

VanillaSealProof extract_proof(SectorTrees& t, const StackedGraph& graph, uint64_t c) {
  VanillaSealProof p;
  auto data_it = t.data.find(c);
  p.comm_d_proofs.kind = MerkleProofKind::kSingle;
  p.comm_d_proofs.leaf = data_it == t.data.end() ? Node32{} : data_it->second;
  p.comm_d_proofs.root = t.tree_d.root();
  p.comm_d_proofs.base = t.tree_d.path(c);

  p.comm_r_last_proof =
      poseidon_proof(t.sector, t.replica.at(c), t.tree_r.root(), t.tree_r.path(c));

  const NodeParents parents = graph.parents(c);
  auto& rcp = p.replica_column_proofs;
  rcp.c_x = column_proof(t, c);
  for (unsigned j = 0; j < kParentCount; ++j) {
    (j < kDrgDegree ? rcp.drg_parents : rcp.exp_parents).push_back(column_proof(t, parents[j]));
  }
  for (unsigned layer = 1; layer <= t.sector.layers; ++layer) {
    const LabelParentSlots slots = parent_slots(t, parents, layer);
    p.labeling_proofs.push_back({std::vector<Node32>(slots.begin(), slots.end()), layer, c});
  }
  p.encoding_proof = p.labeling_proofs.back();
  return p;
}

// Finishes the C1 once the trees hold everything: comm_r, challenges, proofs.
SealCommitPhase1Output assemble(const ProofType& proof, SectorTrees& t, const StackedGraph& graph,
                                const Node32& replica_id, const Node32& seed,
                                const Node32& ticket) {
  SealCommitPhase1Output c1;
  c1.registered_proof = &proof;
  c1.comm_d = t.tree_d.root();
  c1.comm_r = hash::node_from_fr(compute_comm_r(t.tree_c.root(), t.tree_r.root()));
  c1.replica_id = replica_id;
  c1.seed = seed;
  c1.ticket = ticket;
  const ChallengeSeed in{replica_id, seed, c1.comm_r};
  for (unsigned k = 0; k < proof.partitions(); ++k) {
    auto& partition = c1.vanilla_proofs.emplace_back();
    for (uint64_t c : porep_partition_challenges(proof, in, k)) {
      partition.push_back(extract_proof(t, graph, c));
    }
  }
  return c1;
}

}  // namespace

SealCommitPhase1Output make_full_c1(const ProofType& proof, const C1FixtureOptions& options) {
  const PorepSectorConfig& s = *proof.sector;
  if (s.nodes() > 64) throw std::invalid_argument("make_full_c1: 2 KiB sectors only");
  std::mt19937_64 rng(options.rng_seed);
  SectorTrees t(s);
  for (uint64_t v = 0; v < s.nodes(); ++v) {
    t.data[v] = random_fr32(rng);
    t.tree_d.set(v, t.data[v]);
  }
  const Node32 prover_id = random_fr32(rng), ticket = random_fr32(rng), seed = random_fr32(rng);
  const Node32 replica_id =
      generate_replica_id(prover_id, rng(), ticket, t.tree_d.root(), proof.porep_id());

  // Labels of every node, layer by layer: create_label (layer 1) / create_label_exp.
  const StackedGraph graph = StackedGraph::for_proof(proof);
  std::vector<std::vector<Node32>> labels(s.layers, std::vector<Node32>(s.nodes()));
  for (unsigned layer = 1; layer <= s.layers; ++layer) {
    for (uint64_t v = 0; v < s.nodes(); ++v) {
      if (v == 0) {
        labels[layer - 1][v] = porep_label(replica_id, layer, 0, {});
        continue;
      }
      const NodeParents parents = graph.parents(v);
      std::vector<Node32> values;
      for (unsigned j = 0; j < kDrgDegree; ++j) values.push_back(labels[layer - 1][parents[j]]);
      if (layer > 1) {
        for (unsigned j = kDrgDegree; j < kParentCount; ++j)
          values.push_back(labels[layer - 2][parents[j]]);
      }
      labels[layer - 1][v] = porep_label(replica_id, layer, v, label_parent_slots(values));
    }
  }
  std::vector<Fr> replica(s.nodes());
  for (uint64_t v = 0; v < s.nodes(); ++v)
    replica[v] = to_fr(labels[s.layers - 1][v]) + to_fr(t.data[v]);

  if (options.wrong_label || options.wrong_encoding) {
    if (proof.challenge_mode() != ChallengeMode::kInteractive) {
      throw std::invalid_argument("make_full_c1: tampering needs an interactive proof");
    }
    const uint64_t c0 =
        interactive_challenges(s.nodes(), replica_id, seed, proof.challenges_per_partition(), 0)[0];
    if (options.wrong_label) labels[s.layers - 1][c0] = random_fr32(rng);
    replica[c0] = to_fr(labels[s.layers - 1][c0]) + to_fr(t.data[c0]);
    if (options.wrong_encoding) replica[c0] += Fr::one();
  }
  for (uint64_t v = 0; v < s.nodes(); ++v) {
    std::vector<Node32> rows;
    for (unsigned layer = 0; layer < s.layers; ++layer) rows.push_back(labels[layer][v]);
    t.set_column(v, std::move(rows));
    t.tree_r.set(v, replica[v]);
    t.replica[v] = replica[v];
  }
  return assemble(proof, t, graph, replica_id, seed, ticket);
}

SealCommitPhase1Output make_virtual_c1(const ProofType& proof, uint64_t rng_seed) {
  if (proof.challenge_mode() != ChallengeMode::kInteractive) {
    throw std::invalid_argument("make_virtual_c1: interactive proofs only");
  }
  const PorepSectorConfig& s = *proof.sector;
  std::mt19937_64 rng(rng_seed);
  SectorTrees t(s);  // all data zero: tree D is all defaults
  const Node32 prover_id = random_fr32(rng), ticket = random_fr32(rng), seed = random_fr32(rng);
  const Node32 replica_id =
      generate_replica_id(prover_id, rng(), ticket, t.tree_d.root(), proof.porep_id());
  const StackedGraph graph = StackedGraph::for_proof(proof);

  std::map<uint64_t, NodeParents> challenged;
  for (unsigned k = 0; k < proof.partitions(); ++k) {
    for (uint64_t c :
         interactive_challenges(s.nodes(), replica_id, seed, proof.challenges_per_partition(), k)) {
      challenged[c] = graph.parents(c);
    }
  }
  for (const auto& [c, parents] : challenged) {
    for (uint32_t p : parents) {
      if (challenged.count(p))
        throw std::logic_error("virtual C1: a challenge is another's parent");
      if (!t.columns.count(p)) {
        std::vector<Node32> rows;
        for (unsigned layer = 0; layer < s.layers; ++layer) rows.push_back(random_fr32(rng));
        t.set_column(p, std::move(rows));
      }
    }
  }
  for (const auto& [c, parents] : challenged) {
    t.columns[c].clear();
    for (unsigned layer = 1; layer <= s.layers; ++layer) {
      t.columns[c].push_back(porep_label(replica_id, layer, c, parent_slots(t, parents, layer)));
    }
    t.set_column(c, t.columns[c]);
    t.replica[c] = to_fr(t.columns[c].back());  // data is zero
    t.tree_r.set(c, t.replica[c]);
  }
  return assemble(proof, t, graph, replica_id, seed, ticket);
}

}  // namespace cuzk::filecoin::testing
