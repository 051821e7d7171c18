// The StackedDRG PoRep partition circuit (see stacked_circuit.hpp).
#include "filecoin/stacked_circuit.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "filecoin/circuit_values.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon.hpp"
#include "gadgets/sha256_fr.hpp"
#include "gadgets/uint32.hpp"
#include "gadgets/uint64.hpp"
#include "hash/node32.hpp"
#include "hash/poseidon_params.hpp"
#include "r1cs/witness_blocks.hpp"
#include "util/parallel.hpp"
#include "util/task_pool.hpp"

namespace cuzk::filecoin {

namespace {

using gadgets::AllocatedNum;
using gadgets::Boolean;
using gadgets::TreeHasher;
using r1cs::ConstraintSystem;
using r1cs::Namespace;
using Bits = std::vector<Boolean>;

void check_path_length(const hash::MerklePath<ff::Fr>& path, size_t expected, const char* what) {
  if (path.size() != expected)
    throw std::invalid_argument(std::string("stacked circuit: ") + what + " has " +
                                std::to_string(path.size()) + " levels, the shape needs " +
                                std::to_string(expected));
}

// The reference's "column hash": Poseidon with arity = layers over the rows.
AllocatedNum column_hash_circuit(ConstraintSystem& cs, std::span<const AllocatedNum> rows) {
  return gadgets::poseidon_hash_circuit(cs, rows, hash::poseidon_params(unsigned(rows.size())));
}

// 255 bits of a value, padded and byte-reversed into SHA-256 message order.
Bits message_bits(ConstraintSystem& cs, const AllocatedNum& value) {
  return gadgets::reverse_bit_numbering(value.to_bits_le(cs));
}

struct ShapeSizes {
  size_t tree_d_levels;
  size_t tree_cr_levels;
};

ShapeSizes shape_sizes(const StackedCircuitShape& shape) {
  const uint64_t nodes = uint64_t(1) << shape.log2_nodes;
  return {shape.log2_nodes, hash::tree_level_arities(shape.tree_shape, nodes).size()};
}

// A column of a parent node: its rows allocated (layer order) and its tree-C inclusion proven.
std::vector<AllocatedNum> parent_column(ConstraintSystem& cs, const ColumnProof& proof,
                                        const StackedCircuitShape& shape, size_t tree_levels,
                                        const AllocatedNum& comm_c, const std::string& name) {
  if (proof.column.rows.size() != shape.layers)
    throw std::invalid_argument("stacked circuit: a parent column has " +
                                std::to_string(proof.column.rows.size()) + " rows, expected " +
                                std::to_string(shape.layers));
  std::vector<AllocatedNum> rows;
  rows.reserve(shape.layers);
  {
    Namespace ns(cs, [&] { return name + "_num"; });
    for (unsigned i = 0; i < shape.layers; ++i) {
      Namespace row(cs, [&] { return "column_num_row_" + std::to_string(i); });
      rows.push_back(AllocatedNum::alloc(cs, circuit_fr(proof.column.rows[i], "a column row")));
    }
  }
  AllocatedNum hash;
  {
    Namespace ns(cs, [&] { return name + "_constraint"; });
    hash = column_hash_circuit(cs, rows);
  }
  auto path = merkle_proof_path_fr(proof.inclusion_proof, "a tree C sibling");
  check_path_length(path, tree_levels, "a parent's tree C path");
  Namespace ns(cs, [&] { return name + "_inclusion"; });
  gadgets::enforce_inclusion(cs, TreeHasher::kPoseidon, shape.tree_shape, path, comm_c, hash);
  return rows;
}

// What every challenge reuses from the top level.
struct TopNums {
  Bits replica_id_bits;
  AllocatedNum comm_d, comm_c, comm_r_last;
};

void synthesize_challenge(ConstraintSystem& cs, const StackedCircuitShape& shape,
                          const ShapeSizes& sizes, const VanillaSealProof& proof,
                          const TopNums& top) {
  const AllocatedNum &comm_d = top.comm_d, &comm_c = top.comm_c, &comm_r_last = top.comm_r_last;
  const auto& columns = proof.replica_column_proofs;
  if (columns.drg_parents.size() != kDrgDegree || columns.exp_parents.size() != kExpanderDegree)
    throw std::invalid_argument("stacked circuit: a challenge needs 6 DRG and 8 expander parents");
  if (proof.labeling_proofs.empty())
    throw std::invalid_argument("stacked circuit: a challenge has no labeling proof");

  // Data leaf and its inclusion in tree D.
  AllocatedNum data_leaf;
  {
    Namespace ns(cs, "data_leaf");
    data_leaf = AllocatedNum::alloc(cs, circuit_fr(proof.comm_d_proofs.leaf, "the data leaf"));
  }
  {
    auto path = merkle_proof_path_fr(proof.comm_d_proofs, "a tree D sibling");
    check_path_length(path, sizes.tree_d_levels, "the tree D path");
    Namespace ns(cs, "comm_d_inclusion");
    gadgets::enforce_inclusion(cs, TreeHasher::kSha256, hash::kBinaryTreeShape, path, comm_d,
                               data_leaf);
  }

  // Parent columns in tree C.
  std::vector<std::vector<AllocatedNum>> drg, exp;
  for (unsigned i = 0; i < kDrgDegree; ++i)
    drg.push_back(parent_column(cs, columns.drg_parents[i], shape, sizes.tree_cr_levels, comm_c,
                                "drg_parent_" + std::to_string(i)));
  for (unsigned i = 0; i < kExpanderDegree; ++i)
    exp.push_back(parent_column(cs, columns.exp_parents[i], shape, sizes.tree_cr_levels, comm_c,
                                "exp_parent_" + std::to_string(i)));

  // The challenge as a public input.
  gadgets::UInt64 challenge;
  {
    Namespace ns(cs, "challenge");
    challenge = gadgets::UInt64::alloc(cs, proof.labeling_proofs[0].node);
  }
  {
    Namespace ns(cs, "challenge input");
    challenge.pack_into_input(cs);
  }

  // One label per layer from freshly decomposed parent rows.
  std::vector<AllocatedNum> labels;
  labels.reserve(shape.layers);
  for (unsigned layer = 1; layer <= shape.layers; ++layer) {
    Namespace ns(cs, [&] { return "labeling_" + std::to_string(layer); });
    std::vector<Bits> parents;
    parents.reserve(kParentCount);
    for (const auto& column : drg) {
      Namespace bits(cs, [&] { return "drg_parent_" + std::to_string(parents.size()) + "_bits"; });
      parents.push_back(message_bits(cs, column[layer - 1]));
    }
    if (layer > 1) {
      for (const auto& column : exp) {
        Namespace bits(cs,
                       [&] { return "exp_parent_" + std::to_string(parents.size()) + "_bits"; });
        parents.push_back(message_bits(cs, column[layer - 2]));
      }
    }
    std::vector<const Bits*> slots;
    slots.reserve(kLabelParentSlots);
    for (unsigned j = 0; j < kLabelParentSlots; ++j) slots.push_back(&parents[j % parents.size()]);
    Namespace label(cs, "create_label");
    labels.push_back(stacked_label_circuit(cs, top.replica_id_bits, slots, layer, challenge));
  }

  // Encoding: the replica node is the last label plus the data, proven in tree R_last.
  {
    Namespace ns(cs, "encode_node");
    AllocatedNum encoded = labels.back().add(cs, data_leaf);
    auto path = merkle_proof_path_fr(proof.comm_r_last_proof, "a tree R_last sibling");
    check_path_length(path, sizes.tree_cr_levels, "the tree R_last path");
    Namespace inclusion(cs, "comm_r_last_data_inclusion");
    gadgets::enforce_inclusion(cs, TreeHasher::kPoseidon, shape.tree_shape, path, comm_r_last,
                               encoded);
  }

  // The challenged column's hash, proven in tree C.
  AllocatedNum column_hash;
  {
    Namespace ns(cs, "c_x_column_hash");
    column_hash = column_hash_circuit(cs, labels);
  }
  auto path = merkle_proof_path_fr(columns.c_x.inclusion_proof, "a tree C sibling");
  check_path_length(path, sizes.tree_cr_levels, "the c_x tree C path");
  Namespace ns(cs, "c_x_inclusion");
  gadgets::enforce_inclusion(cs, TreeHasher::kPoseidon, shape.tree_shape, path, comm_c,
                             column_hash);
}

AllocatedNum alloc_domain_input(ConstraintSystem& cs, const Domain& value, const char* name) {
  AllocatedNum num;
  {
    Namespace ns(cs, name);
    num = AllocatedNum::alloc(cs, circuit_fr(value, name));
  }
  Namespace ns(cs, [&] { return std::string(name) + "_input"; });
  num.inputize(cs);
  return num;
}

}  // namespace

AllocatedNum stacked_label_circuit(ConstraintSystem& cs, std::span<const Boolean> replica_id_bits,
                                   std::span<const Bits* const> slots, uint32_t layer,
                                   const gadgets::UInt64& node) {
  if (replica_id_bits.size() != 256 || slots.size() != kLabelParentSlots)
    throw std::invalid_argument("label circuit: needs 256 replica id bits and 37 parent slots");
  Bits message(replica_id_bits.begin(), replica_id_bits.end());
  message.reserve(512 + slots.size() * 256);
  gadgets::UInt32::constant(layer).append_bits_be(message);
  const Bits node_bits = node.bits_be();
  message.insert(message.end(), node_bits.begin(), node_bits.end());
  message.resize(message.size() + 160, Boolean::constant(false));
  for (const Bits* slot : slots) {
    if (slot->size() != 256) throw std::invalid_argument("label circuit: a slot is not 256 bits");
    message.insert(message.end(), slot->begin(), slot->end());
  }
  return gadgets::sha256_digest_num(cs, message);
}

StackedCircuitShape stacked_circuit_shape(const PorepSectorConfig& sector) {
  return {sector.layers, sector.log2_nodes, sector.tree_shape, sector.challenges_per_partition};
}

namespace {

void check_challenge_count(const StackedCircuitShape& shape,
                           std::span<const VanillaSealProof> proofs) {
  if (proofs.size() != shape.challenges)
    throw std::invalid_argument("stacked circuit: " + std::to_string(proofs.size()) +
                                " challenge proofs, the shape needs " +
                                std::to_string(shape.challenges));
}

// The top level: the three public inputs, comm_r_last, comm_c and comm_r = H(comm_c ||
// comm_r_last).
TopNums synthesize_top(ConstraintSystem& cs, const StackedTopWitness& top) {
  TopNums nums;
  AllocatedNum replica_id = alloc_domain_input(cs, top.replica_id, "replica_id");
  {
    Namespace ns(cs, "replica_id_bits");
    nums.replica_id_bits = message_bits(cs, replica_id);
  }
  nums.comm_d = alloc_domain_input(cs, top.comm_d, "comm_d");
  AllocatedNum comm_r = alloc_domain_input(cs, top.comm_r, "comm_r");
  {
    Namespace ns(cs, "comm_r_last");
    nums.comm_r_last = AllocatedNum::alloc(cs, circuit_fr(top.comm_r_last, "comm_r_last"));
  }
  {
    Namespace ns(cs, "comm_c");
    nums.comm_c = AllocatedNum::alloc(cs, circuit_fr(top.comm_c, "comm_c"));
  }
  AllocatedNum hash;
  {
    Namespace ns(cs, "H_comm_c_comm_r_last");
    const AllocatedNum pair[] = {nums.comm_c, nums.comm_r_last};
    hash = gadgets::poseidon_hash_circuit(cs, pair, hash::poseidon_params(2));
  }
  cs.enforce(r1cs::LinearCombination(comm_r.variable()),
             r1cs::LinearCombination(ConstraintSystem::one()),
             r1cs::LinearCombination(hash.variable()), "enforce comm_r = H(comm_c || comm_r_last)");
  return nums;
}

// A partition's top-level values and challenge proofs, checked.
struct PartitionWitness {
  StackedCircuitShape shape;
  StackedTopWitness top;
  std::span<const VanillaSealProof> proofs;
};

PartitionWitness partition_witness(const SealCommitPhase1Output& c1, unsigned partition) {
  if (c1.registered_proof == nullptr)
    throw std::invalid_argument("stacked circuit: the C1 has no registered proof");
  if (partition >= c1.vanilla_proofs.size())
    throw std::invalid_argument("stacked circuit: partition " + std::to_string(partition) + " of " +
                                std::to_string(c1.vanilla_proofs.size()));
  const auto& proofs = c1.vanilla_proofs[partition];
  if (proofs.empty()) throw std::invalid_argument("stacked circuit: a partition has no proofs");
  PartitionWitness p;
  p.shape = stacked_circuit_shape(*c1.registered_proof->sector);
  p.top.replica_id = c1.replica_id;
  p.top.comm_d = c1.comm_d;
  p.top.comm_r = c1.comm_r;
  p.top.comm_r_last = proofs[0].comm_r_last_proof.root;
  p.top.comm_c = proofs[0].replica_column_proofs.c_x.inclusion_proof.root;
  p.proofs = proofs;
  return p;
}

}  // namespace

void synthesize_stacked_circuit(ConstraintSystem& cs, const StackedCircuitShape& shape,
                                const StackedTopWitness& top,
                                std::span<const VanillaSealProof> proofs) {
  check_challenge_count(shape, proofs);
  const ShapeSizes sizes = shape_sizes(shape);
  const TopNums nums = synthesize_top(cs, top);
  for (size_t i = 0; i < proofs.size(); ++i) {
    Namespace ns(cs, [&] { return "challenge_" + std::to_string(i); });
    synthesize_challenge(cs, shape, sizes, proofs[i], nums);
  }
}

void synthesize_stacked_partition(ConstraintSystem& cs, const SealCommitPhase1Output& c1,
                                  unsigned partition) {
  const PartitionWitness p = partition_witness(c1, partition);
  synthesize_stacked_circuit(cs, p.shape, p.top, p.proofs);
}

void synthesize_stacked_first_challenges(ConstraintSystem& cs, const SealCommitPhase1Output& c1,
                                         unsigned partition, unsigned challenges) {
  PartitionWitness p = partition_witness(c1, partition);
  if (challenges == 0 || challenges > p.proofs.size())
    throw std::invalid_argument("stacked circuit: the first " + std::to_string(challenges) +
                                " challenges of a partition of " + std::to_string(p.proofs.size()));
  p.shape.challenges = challenges;
  synthesize_stacked_circuit(cs, p.shape, p.top, p.proofs.first(challenges));
}

r1cs::Witness stacked_partition_witness(const SealCommitPhase1Output& c1, unsigned partition,
                                        const r1cs::CircuitSizes& sizes, TaskPool& pool) {
  const PartitionWitness p = partition_witness(c1, partition);
  check_challenge_count(p.shape, p.proofs);
  const ShapeSizes levels = shape_sizes(p.shape);

  r1cs::WitnessCS top_cs;
  top_cs.reserve(sizes);
  const TopNums nums = synthesize_top(top_cs, p.top);
  r1cs::Witness w = std::move(top_cs).take();

  // Every challenge allocates the same numbers of values: the rest of the circuit, split evenly.
  r1cs::fill_witness_blocks(w, sizes, p.proofs.size(), pool, "stacked witness", "challenge",
                            [&](size_t i, ConstraintSystem& cs) {
                              synthesize_challenge(cs, p.shape, levels, p.proofs[i], nums);
                            });
  return w;
}

r1cs::Witness stacked_partition_witness(const SealCommitPhase1Output& c1, unsigned partition,
                                        const r1cs::CircuitSizes& sizes, unsigned threads) {
  // A pool for this call alone, of no more threads than the partition has challenges (a partition
  // out of range is reported by the overload).
  const size_t challenges =
      partition < c1.vanilla_proofs.size() ? c1.vanilla_proofs[partition].size() : 1;
  TaskPool pool(threads_for(challenges, 1, threads));
  return stacked_partition_witness(c1, partition, sizes, pool);
}

VanillaSealProof blank_vanilla_proof(const StackedCircuitShape& shape) {
  const std::vector<unsigned> arities =
      hash::tree_level_arities(shape.tree_shape, uint64_t(1) << shape.log2_nodes);
  // Paths are split into base / sub / top only for JSON; the circuit concatenates them.
  auto tree_proof = [&] {
    MerkleProof proof;
    for (unsigned arity : arities) proof.base.push_back({std::vector<Domain>(arity - 1), 0});
    return proof;
  };
  auto column_proof = [&] {
    ColumnProof column;
    column.column.rows.assign(shape.layers, Domain{});
    column.inclusion_proof = tree_proof();
    return column;
  };
  VanillaSealProof proof;
  for (unsigned i = 0; i < shape.log2_nodes; ++i)
    proof.comm_d_proofs.base.push_back({std::vector<Domain>(1), 0});
  proof.comm_r_last_proof = tree_proof();
  proof.replica_column_proofs.c_x = column_proof();
  proof.replica_column_proofs.drg_parents.assign(kDrgDegree, column_proof());
  proof.replica_column_proofs.exp_parents.assign(kExpanderDegree, column_proof());
  LabelingProof labeling;
  labeling.parents.assign(kLabelParentSlots, Domain{});
  for (unsigned layer = 1; layer <= shape.layers; ++layer) {
    labeling.layer_index = layer;
    proof.labeling_proofs.push_back(labeling);
  }
  proof.encoding_proof = proof.labeling_proofs.back();
  return proof;
}

void synthesize_stacked_blank(ConstraintSystem& cs, const StackedCircuitShape& shape) {
  const std::vector<VanillaSealProof> proofs(shape.challenges, blank_vanilla_proof(shape));
  synthesize_stacked_circuit(cs, shape, StackedTopWitness{}, proofs);
}

}  // namespace cuzk::filecoin
