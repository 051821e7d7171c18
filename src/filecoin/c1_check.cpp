// The C1 checks of c1_check.hpp. Failures are thrown as CheckFailure inside and returned as
// FilecoinResult errors at check_c1.
#include "filecoin/c1_check.hpp"

#include <algorithm>
#include <atomic>
#include <optional>
#include <string>

#include "filecoin/challenges.hpp"
#include "filecoin/commitments.hpp"
#include "filecoin/labels.hpp"
#include "filecoin/stacked_graph.hpp"
#include "hash/merkle_node.hpp"
#include "util/parallel.hpp"

namespace cuzk::filecoin {
namespace {

struct CheckFailure {
  FilecoinError code;
  std::string message;
};

[[noreturn]] void fail(FilecoinError code, const std::string& where, const std::string& what) {
  throw CheckFailure{code, where + ": " + what};
}

// Built by appending: "[" + std::to_string(i) trips GCC 12's -Wrestrict false positive.
std::string idx(size_t i) {
  std::string s = "[";
  s += std::to_string(i);
  s += ']';
  return s;
}

// `where()` names the value; it is only called on failure (hot loops convert ~10^5 values).
template <class Where>
ff::Fr to_fr(const Domain& bytes, Where&& where) {
  auto x = ff::Fr::from_bytes_le(bytes);
  if (!x) fail(FilecoinError::kSchema, where(), "not a canonical field element");
  return *x;
}

ff::Fr to_fr(const Domain& bytes, const char* where) {
  return to_fr(bytes, [&] { return std::string(where); });
}

bool is_zero(const Domain& d) {
  return std::all_of(d.begin(), d.end(), [](uint8_t b) { return b == 0; });
}

// ---- shape -------------------------------------------------------------------------------

struct TreeLayout {
  MerkleProofKind kind;
  unsigned base_levels, base_arity, sub_arity, top_arity;
};

TreeLayout poseidon_layout(const PorepSectorConfig& s) {
  const auto arities = hash::tree_level_arities(s.tree_shape, s.nodes());
  const unsigned extra = (s.tree_shape.sub_arity ? 1 : 0) + (s.tree_shape.top_arity ? 1 : 0);
  const MerkleProofKind kind = s.tree_shape.top_arity   ? MerkleProofKind::kTop
                               : s.tree_shape.sub_arity ? MerkleProofKind::kSub
                                                        : MerkleProofKind::kSingle;
  return {kind, unsigned(arities.size()) - extra, s.tree_shape.base_arity, s.tree_shape.sub_arity,
          s.tree_shape.top_arity};
}

// "1 hash", "7 hashes".
std::string count_of(size_t count, const char* singular, const char* plural) {
  std::string s = std::to_string(count);
  s += ' ';
  s += count == 1 ? singular : plural;
  return s;
}

void check_path_shape(const InclusionPath& path, unsigned levels, unsigned arity,
                      const std::string& where) {
  if (path.size() != levels) {
    fail(
        FilecoinError::kShape, where,
        "expected " + count_of(levels, "level", "levels") + ", got " + std::to_string(path.size()));
  }
  for (size_t l = 0; l < path.size(); ++l) {
    if (path[l].siblings.size() != arity - 1) {
      fail(FilecoinError::kShape, where + idx(l) + ".hashes",
           "expected " + count_of(arity - 1, "hash", "hashes") + ", got " +
               std::to_string(path[l].siblings.size()));
    }
    if (path[l].index >= arity) {
      fail(FilecoinError::kShape, where + idx(l) + ".index",
           std::to_string(path[l].index) + " is not below the arity " + std::to_string(arity));
    }
  }
}

void check_merkle_shape(const MerkleProof& proof, const TreeLayout& layout,
                        const std::string& where) {
  if (proof.kind != layout.kind) {
    fail(FilecoinError::kShape, where,
         std::string("expected a ") + to_string(layout.kind) + " proof, got " +
             to_string(proof.kind));
  }
  if (layout.kind == MerkleProofKind::kSingle) {
    return check_path_shape(proof.base, layout.base_levels, layout.base_arity, where + ".path");
  }
  check_path_shape(proof.base, layout.base_levels, layout.base_arity, where + ".base_proof");
  check_path_shape(proof.sub, 1, layout.sub_arity, where + ".sub_proof");
  if (layout.kind == MerkleProofKind::kTop) {
    check_path_shape(proof.top, 1, layout.top_arity, where + ".top_proof");
  }
}

template <class T>
void check_count(const std::vector<T>& v, size_t expected, const char* what,
                 const std::string& where) {
  if (v.size() != expected) {
    fail(FilecoinError::kShape, where,
         "expected " + std::to_string(expected) + " " + what + ", got " + std::to_string(v.size()));
  }
}

void check_column_shape(const ColumnProof& column, unsigned layers, const TreeLayout& tree,
                        const std::string& where) {
  check_count(column.column.rows, layers, "rows (one per layer)", where + ".column.rows");
  check_merkle_shape(column.inclusion_proof, tree, where + ".inclusion_proof");
}

void check_proof_shape(const VanillaSealProof& p, const PorepSectorConfig& sector,
                       const std::string& where) {
  const TreeLayout tree_d{MerkleProofKind::kSingle, sector.log2_nodes, 2, 0, 0};
  const TreeLayout tree_cr = poseidon_layout(sector);
  check_merkle_shape(p.comm_d_proofs, tree_d, where + ".comm_d_proofs");
  check_merkle_shape(p.comm_r_last_proof, tree_cr, where + ".comm_r_last_proof");
  const std::string columns = where + ".replica_column_proofs";
  const auto& rcp = p.replica_column_proofs;
  check_column_shape(rcp.c_x, sector.layers, tree_cr, columns + ".c_x");
  check_count(rcp.drg_parents, kDrgDegree, "columns", columns + ".drg_parents");
  check_count(rcp.exp_parents, kExpanderDegree, "columns", columns + ".exp_parents");
  for (size_t j = 0; j < kDrgDegree; ++j) {
    check_column_shape(rcp.drg_parents[j], sector.layers, tree_cr,
                       columns + ".drg_parents" + idx(j));
  }
  for (size_t j = 0; j < kExpanderDegree; ++j) {
    check_column_shape(rcp.exp_parents[j], sector.layers, tree_cr,
                       columns + ".exp_parents" + idx(j));
  }
  check_count(p.labeling_proofs, sector.layers, "labeling proofs (one per layer)",
              where + ".labeling_proofs");
  for (size_t l = 0; l < p.labeling_proofs.size(); ++l) {
    check_count(p.labeling_proofs[l].parents, kLabelParentSlots, "parents",
                where + ".labeling_proofs" + idx(l) + ".parents");
  }
  check_count(p.encoding_proof.parents, kLabelParentSlots, "parents",
              where + ".encoding_proof.parents");
}

// ---- per-challenge consistency ------------------------------------------------------------

struct Context {
  const SealCommitPhase1Output& c1;
  const PorepSectorConfig& sector;
  const StackedGraph& graph;
  const Domain& comm_c;
  const Domain& comm_r_last;
  bool recompute_hashes;
};

// `expected` describes the value, e.g. "challenge 57" or "parent 41 of challenge 57".
void expect_index(uint64_t got, uint64_t value, const std::string& expected,
                  const std::string& where) {
  if (got != value) {
    fail(FilecoinError::kInconsistent, where,
         "expected " + expected + ", got " + std::to_string(got));
  }
}

std::string describe(const char* role, uint64_t value) {
  std::string s = role;
  s += ' ';
  s += std::to_string(value);
  return s;
}

// Leaf index and root of a Merkle proof; with hashes, the path must lead to the root.
template <bool kPoseidon>
void check_merkle(const MerkleProof& proof, uint64_t leaf_index, const std::string& expected,
                  const Domain& root, const char* root_name, bool recompute,
                  const std::string& where) {
  if (proof.leaf_index() != leaf_index) {
    fail(FilecoinError::kInconsistent, where,
         "path proves leaf " + std::to_string(proof.leaf_index()) + ", expected " + expected);
  }
  if (proof.root != root)
    fail(FilecoinError::kInconsistent, where + ".root", std::string("does not equal ") + root_name);
  if (!recompute) return;
  bool leads_to_root;
  if constexpr (kPoseidon) {
    hash::MerklePath<ff::Fr> path;
    const InclusionPath* parts[] = {&proof.base, &proof.sub, &proof.top};
    const char* names[] = {proof.kind == MerkleProofKind::kSingle ? ".path" : ".base_proof",
                           ".sub_proof", ".top_proof"};
    for (int part = 0; part < 3; ++part) {
      for (size_t l = 0; l < parts[part]->size(); ++l) {
        const auto& level = (*parts[part])[l];
        auto& element = path.emplace_back();
        element.index = level.index;
        for (size_t h = 0; h < level.siblings.size(); ++h) {
          element.siblings.push_back(to_fr(level.siblings[h], [&] {
            return where + names[part] + idx(l) + ".hashes" + idx(h);
          }));
        }
      }
    }
    const ff::Fr leaf = to_fr(proof.leaf, [&] { return where + ".leaf"; });
    leads_to_root = hash::merkle_root_from_path<hash::PoseidonNodeHasher>(leaf, path) ==
                    to_fr(proof.root, [&] { return where + ".root"; });
  } else {
    leads_to_root =
        hash::merkle_root_from_path<hash::Sha256NodeHasher>(proof.leaf, proof.base) == proof.root;
  }
  if (!leads_to_root) fail(FilecoinError::kInconsistent, where, "path does not lead to its root");
}

// A column at node `index`: its position, inclusion in tree C, and (with hashes) its hash as
// the inclusion leaf. Returns the rows as field elements (empty without hashes).
std::vector<ff::Fr> check_column(const Context& ctx, const ColumnProof& column, uint64_t index,
                                 const std::string& expected, const std::string& where) {
  expect_index(column.column.index, index, expected, where + ".column.index");
  check_merkle<true>(column.inclusion_proof, index, expected, ctx.comm_c, "comm_c",
                     ctx.recompute_hashes, where + ".inclusion_proof");
  if (!ctx.recompute_hashes) return {};
  std::vector<ff::Fr> rows;
  for (size_t l = 0; l < column.column.rows.size(); ++l) {
    rows.push_back(to_fr(column.column.rows[l], [&] { return where + ".column.rows" + idx(l); }));
  }
  const ff::Fr leaf =
      to_fr(column.inclusion_proof.leaf, [&] { return where + ".inclusion_proof.leaf"; });
  if (column_hash(rows) != leaf) {
    fail(FilecoinError::kInconsistent, where + ".inclusion_proof.leaf",
         "does not equal the column hash of column.rows");
  }
  return rows;
}

void check_labeling(const Context& ctx, const VanillaSealProof& p, uint64_t challenge,
                    const std::string& where) {
  const unsigned layers = ctx.sector.layers;
  for (unsigned l = 0; l < layers; ++l) {
    const std::string at = where + ".labeling_proofs" + idx(l);
    expect_index(p.labeling_proofs[l].layer_index, l + 1, describe("layer", l + 1),
                 at + ".layer_index");
    expect_index(p.labeling_proofs[l].node, challenge, describe("challenge", challenge),
                 at + ".node");
  }
  expect_index(p.encoding_proof.layer_index, layers, describe("layer", layers),
               where + ".encoding_proof.layer_index");
  expect_index(p.encoding_proof.node, challenge, describe("challenge", challenge),
               where + ".encoding_proof.node");
  if (!ctx.recompute_hashes) return;

  const auto& rcp = p.replica_column_proofs;
  std::vector<Domain> values;
  for (unsigned l = 0; l < layers; ++l) {
    // Layer l + 1: DRG parents' labels of this layer, then expander parents' of the previous.
    values.clear();
    for (const auto& c : rcp.drg_parents) values.push_back(c.column.rows[l]);
    if (l > 0) {
      for (const auto& c : rcp.exp_parents) values.push_back(c.column.rows[l - 1]);
    }
    const LabelParentSlots slots = label_parent_slots(values);
    const std::string at = where + ".labeling_proofs" + idx(l);
    for (size_t j = 0; j < slots.size(); ++j) {
      if (p.labeling_proofs[l].parents[j] != slots[j]) {
        fail(FilecoinError::kInconsistent, at + ".parents" + idx(j),
             "does not equal the parent columns' label");
      }
    }
    if (porep_label(ctx.c1.replica_id, l + 1, challenge, slots) != rcp.c_x.column.rows[l]) {
      fail(FilecoinError::kInconsistent, where + ".replica_column_proofs.c_x.column.rows" + idx(l),
           "does not equal the label computed from the parent columns");
    }
  }
  if (p.encoding_proof.parents != p.labeling_proofs[layers - 1].parents) {
    fail(FilecoinError::kInconsistent, where + ".encoding_proof.parents",
         "differ from the last labeling proof's parents");
  }
  const ff::Fr key = to_fr(rcp.c_x.column.rows[layers - 1], [&] {
    return where + ".replica_column_proofs.c_x.column.rows" + idx(layers - 1);
  });
  const ff::Fr data = to_fr(p.comm_d_proofs.leaf, [&] { return where + ".comm_d_proofs.leaf"; });
  const ff::Fr replica =
      to_fr(p.comm_r_last_proof.leaf, [&] { return where + ".comm_r_last_proof.leaf"; });
  if (key + data != replica) {
    fail(FilecoinError::kInconsistent, where + ".comm_r_last_proof.leaf",
         "does not equal the last layer's label + comm_d_proofs.leaf");
  }
}

void check_proof(const Context& ctx, const VanillaSealProof& p, uint64_t challenge,
                 const std::string& where) {
  const bool hashes = ctx.recompute_hashes;
  const std::string expected = describe("challenge", challenge);
  check_merkle<false>(p.comm_d_proofs, challenge, expected, ctx.c1.comm_d, "comm_d", hashes,
                      where + ".comm_d_proofs");
  check_merkle<true>(p.comm_r_last_proof, challenge, expected, ctx.comm_r_last,
                     "comm_r_last (vanilla_proofs[0][0].comm_r_last_proof.root)", hashes,
                     where + ".comm_r_last_proof");
  const auto& rcp = p.replica_column_proofs;
  const std::string columns = where + ".replica_column_proofs";
  check_column(ctx, rcp.c_x, challenge, expected, columns + ".c_x");
  const NodeParents parents = ctx.graph.parents(challenge);
  for (size_t j = 0; j < kParentCount; ++j) {
    const bool drg = j < kDrgDegree;
    const ColumnProof& column = drg ? rcp.drg_parents[j] : rcp.exp_parents[j - kDrgDegree];
    const std::string at =
        columns + (drg ? ".drg_parents" + idx(j) : ".exp_parents" + idx(j - kDrgDegree));
    check_column(ctx, column, parents[j], describe("parent", parents[j]) + " of " + expected, at);
  }
  check_labeling(ctx, p, challenge, where);
}

void check_top_level(const SealCommitPhase1Output& c1) {
  if (is_zero(c1.comm_d)) fail(FilecoinError::kSchema, "comm_d", "all zero");
  if (is_zero(c1.comm_r)) fail(FilecoinError::kSchema, "comm_r", "all zero");
  if (is_zero(c1.seed))
    fail(FilecoinError::kSchema, "seed", "all zero (C1 must be run with the interactive seed)");
  to_fr(c1.comm_d, "comm_d");
  to_fr(c1.comm_r, "comm_r");
  to_fr(c1.replica_id, "replica_id");
}

C1Summary check(const SealCommitPhase1Output& c1, const C1CheckOptions& options) {
  if (c1.registered_proof == nullptr) fail(FilecoinError::kSchema, "registered_proof", "not set");
  const ProofType& proof = *c1.registered_proof;
  const PorepSectorConfig& sector = *proof.sector;
  check_top_level(c1);

  const unsigned partitions = proof.partitions(), n = proof.challenges_per_partition();
  check_count(c1.vanilla_proofs, partitions, "partitions", "vanilla_proofs");
  for (size_t k = 0; k < partitions; ++k) {
    const std::string at = "vanilla_proofs" + idx(k);
    check_count(c1.vanilla_proofs[k], n, "challenges", at);
    for (size_t i = 0; i < n; ++i) check_proof_shape(c1.vanilla_proofs[k][i], sector, at + idx(i));
  }

  C1Summary summary;
  const ChallengeSeed seed{c1.replica_id, c1.seed, c1.comm_r};
  for (unsigned k = 0; k < partitions; ++k) {
    summary.challenges.push_back(porep_partition_challenges(proof, seed, k));
  }

  const VanillaSealProof& first = c1.vanilla_proofs[0][0];
  const Domain& comm_c = first.replica_column_proofs.c_x.inclusion_proof.root;
  const Domain& comm_r_last = first.comm_r_last_proof.root;
  summary.comm_c =
      to_fr(comm_c, "vanilla_proofs[0][0].replica_column_proofs.c_x.inclusion_proof.root");
  summary.comm_r_last = to_fr(comm_r_last, "vanilla_proofs[0][0].comm_r_last_proof.root");
  if (hash::node_from_fr(compute_comm_r(summary.comm_c, summary.comm_r_last)) != c1.comm_r) {
    fail(FilecoinError::kInconsistent, "comm_r",
         "does not equal Poseidon(comm_c, comm_r_last) of vanilla_proofs[0][0]");
  }

  const StackedGraph graph = StackedGraph::for_proof(proof);
  const Context ctx{c1, sector, graph, comm_c, comm_r_last, options.recompute_hashes};
  const size_t total = size_t(partitions) * n;
  std::vector<std::optional<CheckFailure>> failures(total);
  std::atomic<size_t> first_failure{total};
  parallel_chunks(total, total, options.threads, [&](size_t, size_t begin, size_t end) {
    for (size_t t = begin; t < end && t < first_failure.load(); ++t) {
      const size_t k = t / n, i = t % n;
      try {
        check_proof(ctx, c1.vanilla_proofs[k][i], summary.challenges[k][i],
                    "vanilla_proofs" + idx(k) + idx(i));
      } catch (const CheckFailure& f) {
        failures[t] = f;
        size_t seen = first_failure.load();
        while (t < seen && !first_failure.compare_exchange_weak(seen, t)) {
        }
      }
    }
  });
  if (first_failure.load() < total) throw *failures[first_failure.load()];
  return summary;
}

}  // namespace

FilecoinResult<C1Summary> check_c1(const SealCommitPhase1Output& c1,
                                   const C1CheckOptions& options) {
  try {
    return check(c1, options);
  } catch (const CheckFailure& f) {
    return filecoin_error(f.code, f.message);
  } catch (const std::exception& e) {  // not expected after the shape checks; never abort
    return filecoin_error(FilecoinError::kInconsistent,
                          std::string("C1 check failed: ") + e.what());
  }
}

}  // namespace cuzk::filecoin
