// The EmptySectorUpdate partition circuit (see update_circuit.hpp).
#include "filecoin/update_circuit.hpp"

#include <bit>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>

#include "filecoin/post_circuit.hpp"
#include "filecoin/update_gadgets.hpp"
#include "gadgets/insertion.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/num.hpp"
#include "gadgets/por.hpp"
#include "gadgets/sha256_fr.hpp"
#include "hash/node32.hpp"
#include "r1cs/witness_blocks.hpp"

namespace cuzk::filecoin {

namespace {

using gadgets::AllocatedBit;
using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::ConstraintSystem;
using r1cs::Namespace;
using namespace update_gadgets;

unsigned log2_exact(uint64_t x) {
  return unsigned(std::countr_zero(x));
}

// How a run of blocks that allocate alike is synthesised: one after the other on the caller's
// system, or (witness only) as tasks of a pool (r1cs::synthesize_alike_blocks).
using RunBlocks = std::function<void(size_t blocks, const r1cs::SynthesizeBlock& block)>;

RunBlocks in_order(ConstraintSystem& cs) {
  return [&cs](size_t blocks, const r1cs::SynthesizeBlock& block) {
    for (size_t i = 0; i < blocks; ++i) block(i, cs);
  };
}

// Every challenge's paths, converted and checked before anything is allocated.
struct CheckedPaths {
  std::vector<hash::MerklePath<ff::Fr>> d, r_old, r_new;  // [challenge]
};

CheckedPaths checked_paths(const UpdateCircuitShape& shape, const UpdatePartitionWitness& w) {
  const unsigned cbl = shape.log2_nodes;
  const unsigned pbl = shape.partition_bits();
  const size_t r_levels = hash::tree_level_arities(shape.tree_shape, uint64_t(1) << cbl).size();
  if (w.apex_leafs.size() != shape.apex_leaf_count)
    fail(std::to_string(w.apex_leafs.size()) + " apex leaves, the shape needs " +
         std::to_string(shape.apex_leaf_count));
  if (w.challenge_proofs.size() != shape.challenges)
    fail(std::to_string(w.challenge_proofs.size()) + " challenge proofs, the shape needs " +
         std::to_string(shape.challenges));
  CheckedPaths paths;
  paths.d.resize(shape.challenges);
  paths.r_old.resize(shape.challenges);
  paths.r_new.resize(shape.challenges);
  for (size_t c = 0; c < shape.challenges; ++c) {
    const UpdateChallengeProof& p = w.challenge_proofs[c];
    paths.d[c] = checked_path(p.proof_d_new, cbl, "path_d_new", c);
    paths.r_old[c] = checked_path(p.proof_r_old, r_levels, "path_r_old", c);
    paths.r_new[c] = checked_path(p.proof_r_new, r_levels, "path_r_new", c);
    for (const auto& level : paths.d[c])
      if (level.siblings.size() != 1) fail("a TreeD path level needs exactly one sibling");
    for (unsigned l = cbl - pbl; l < cbl; ++l)
      if (paths.d[c][l].siblings != paths.d[0][l].siblings)
        fail("challenge " + std::to_string(c) + "'s partition path differs from challenge 0's");
  }
  return paths;
}

// apex_por: the apex tree over `apex_leafs` (SHA-256 hash2, each row's hashes a run of blocks),
// its root proven under comm_d_new along the partition path with the partition bits.
void apex_por(ConstraintSystem& cs, std::vector<AllocatedNum> row,
              std::span<const AllocatedBit> partition_bits, const Path& partition_path,
              const AllocatedNum& comm_d_new, const RunBlocks& run) {
  for (size_t tree_row = 0; row.size() > 1; ++tree_row) {
    std::vector<AllocatedNum> next(row.size() / 2);
    run(next.size(), [&](size_t i, ConstraintSystem& block) {
      Namespace ns(block, [&] {
        return "apex_tree generation hash (tree_row=" + std::to_string(tree_row) +
               ", siblings=" + std::to_string(i) + ")";
      });
      next[i] = gadgets::sha256_hash2(block, row[2 * i], row[2 * i + 1]);
    });
    row = std::move(next);
  }
  Namespace ns(cs, "partition-tree por");
  gadgets::por_no_challenge_input(cs, gadgets::TreeHasher::kSha256, hash::kBinaryTreeShape,
                                  partition_bits, row[0], partition_path, comm_d_new);
}

// What the challenge blocks read of the part before them.
struct UpdateTop {
  std::vector<AllocatedBit> h_select_bits;
  AllocatedNum phi, root_r_old, root_r_new;
  std::vector<AllocatedNum> apex_leafs;
  std::vector<std::vector<AllocatedBit>> c_bits;  // [challenge]: its bits, then the partition's
};

// Everything before the first challenge: inputs, phi, the private values, the comm_r checks, the
// apex tree (its rows through `run`) and the challenges' bits.
UpdateTop synthesize_top(ConstraintSystem& cs, const UpdateCircuitShape& shape,
                         const ff::Fr& k_and_h_select_value, const ff::Fr (&commitments)[3],
                         const UpdatePartitionWitness& w, const CheckedPaths& paths,
                         const RunBlocks& run) {
  const unsigned cbl = shape.log2_nodes;
  const unsigned pbl = shape.partition_bits();
  UpdateTop top;

  // Public inputs.
  const AllocatedNum k_and_h_select =
      alloc_input(cs, k_and_h_select_value, "k_and_h_select", "k_and_h_select (public input)");
  const std::vector<AllocatedBit> kh_bits =
      low_bits(cs, k_and_h_select, pbl + kUpdateHCount, "k_and_h_select_bit_",
               "k_and_h_select binary decomp");
  const std::span<const AllocatedBit> partition_bits = std::span(kh_bits).first(pbl);
  top.h_select_bits.assign(kh_bits.begin() + pbl, kh_bits.end());
  AllocatedNum partition;
  {
    Namespace ns(cs, "pack partition bits");
    const std::vector<Boolean> bits(partition_bits.begin(), partition_bits.end());
    partition = gadgets::pack_bits(cs, bits);
  }
  const AllocatedNum comm_r_old = alloc_input(cs, commitments[0], "comm_r_old", "comm_r_old_input");
  const AllocatedNum comm_d_new = alloc_input(cs, commitments[1], "comm_d_new", "comm_d_new_input");
  const AllocatedNum comm_r_new = alloc_input(cs, commitments[2], "comm_r_new", "comm_r_new_input");
  {
    Namespace ns(cs, "phi");
    top.phi = gen_randomness_hash(cs, comm_d_new, comm_r_old);
  }

  // Private inputs other than the per-challenge proofs.
  const UpdateChallengeProof& first = w.challenge_proofs[0];
  const AllocatedNum comm_c = alloc_num(cs, circuit_fr(w.comm_c, "comm_c"), "comm_c");
  top.root_r_old = alloc_num(cs, circuit_fr(first.proof_r_old.root, "root_r_old"), "root_r_old");
  top.root_r_new = alloc_num(cs, circuit_fr(first.proof_r_new.root, "root_r_new"), "root_r_new");
  top.apex_leafs.reserve(w.apex_leafs.size());
  for (size_t i = 0; i < w.apex_leafs.size(); ++i)
    top.apex_leafs.push_back(alloc_num(cs, circuit_fr(w.apex_leafs[i], "an apex leaf"),
                                       [&] { return "apex_leaf_" + std::to_string(i); }));
  Path partition_path;
  for (unsigned i = 0; i < pbl; ++i)
    partition_path.push_back({alloc_num(cs, paths.d[0][cbl - pbl + i].siblings[0], [&] {
      return "partition_path_sibling_" + std::to_string(i);
    })});

  check_comm_r(cs, comm_c, top.root_r_old, comm_r_old, top.root_r_new, comm_r_new);
  {
    Namespace ns(cs, "apex_gadget");
    apex_por(cs, top.apex_leafs, partition_bits, partition_path, comm_d_new, run);
  }
  {
    Namespace ns(cs, "gen_challenge_bits");
    top.c_bits = gen_challenge_bits(cs, comm_r_new, partition, shape.challenges, cbl - pbl);
  }
  for (auto& bits : top.c_bits)
    bits.insert(bits.end(), partition_bits.begin(), partition_bits.end());
  return top;
}

// Challenge c's block: the TreeR part (update_gadgets.hpp), then leaf_d_new proven in TreeD up to
// the apex leaf its bits select.
void synthesize_challenge(ConstraintSystem& cs, const UpdateCircuitShape& shape,
                          const UpdateTop& top, size_t c, const UpdateChallengeProof& proof,
                          const CheckedPaths& paths) {
  const unsigned abl = shape.apex_leaf_bits();
  const unsigned to_apex = shape.log2_nodes - shape.partition_bits() - abl;
  const std::vector<AllocatedBit>& c_bits = top.c_bits[c];
  const AllocatedNum leaf_d_new =
      synthesize_challenge_r(cs, shape, c, c_bits, top.h_select_bits, top.phi, proof,
                             paths.r_old[c], paths.r_new[c], top.root_r_old, top.root_r_new);

  const auto tag = [&] { return " (c_index=" + std::to_string(c) + ")"; };
  AllocatedNum apex_leaf;
  {
    const std::vector<Boolean> apex_bits(c_bits.begin() + to_apex, c_bits.begin() + to_apex + abl);
    Namespace ns(cs, [&] { return "select_apex_leaf" + tag(); });
    apex_leaf = gadgets::select(cs, top.apex_leafs, apex_bits);
  }
  Path path_to_apex;
  for (unsigned row = 0; row < to_apex; ++row) {
    path_to_apex.push_back({alloc_num(cs, paths.d[c][row].siblings[0], [&] {
      return "path_to_apex_leaf sibling (c_index=" + std::to_string(c) +
             ", tree_row=" + std::to_string(row) + ")";
    })});
  }
  Namespace ns(cs, [&] { return "por to_apex_leaf" + tag(); });
  gadgets::por_no_challenge_input(cs, gadgets::TreeHasher::kSha256, hash::kBinaryTreeShape,
                                  std::span(c_bits).first(to_apex), leaf_d_new, path_to_apex,
                                  apex_leaf);
}

void synthesize(ConstraintSystem& cs, const UpdateCircuitShape& shape,
                const ff::Fr& k_and_h_select_value, const ff::Fr (&commitments)[3],
                const UpdatePartitionWitness& w) {
  const CheckedPaths paths = checked_paths(shape, w);
  const UpdateTop top =
      synthesize_top(cs, shape, k_and_h_select_value, commitments, w, paths, in_order(cs));
  for (size_t c = 0; c < shape.challenges; ++c)
    synthesize_challenge(cs, shape, top, c, w.challenge_proofs[c], paths);
}

// The commitments of update_public_inputs' result (its element 0 is k_and_h_select).
struct PublicValues {
  ff::Fr k_and_h_select;
  ff::Fr commitments[3];
};

PublicValues public_values(const UpdateCircuitShape& shape, const UpdatePublicValues& values) {
  const auto inputs = update_public_inputs(shape, values);
  if (!inputs) fail(inputs.error().message);
  return {(*inputs)[0], {(*inputs)[1], (*inputs)[2], (*inputs)[3]}};
}

}  // namespace

unsigned UpdateCircuitShape::partition_bits() const {
  return log2_exact(partitions);
}
unsigned UpdateCircuitShape::apex_leaf_bits() const {
  return log2_exact(apex_leaf_count);
}

UpdateCircuitShape update_circuit_shape(unsigned log2_nodes) {
  const uint64_t nodes = uint64_t(1) << log2_nodes;
  const auto tree = update_tree_r_shape(nodes);
  if (!tree) throw std::invalid_argument(tree.error().message);
  return {log2_nodes,
          *tree,
          update_partition_count(nodes),
          update_challenge_count(nodes),
          update_apex_leaf_count(nodes),
          update_hs(nodes)};
}

FilecoinResult<std::vector<ff::Fr>> update_public_inputs(const UpdateCircuitShape& shape,
                                                         const UpdatePublicValues& values) {
  if (values.k >= shape.partitions)
    return filecoin_error(FilecoinError::kShape, "partition_index " + std::to_string(values.k) +
                                                     " >= " + std::to_string(shape.partitions) +
                                                     " partitions");
  unsigned h_index = kUpdateHCount;
  for (unsigned i = 0; i < kUpdateHCount; ++i)
    if (shape.hs[i] == values.h) {
      h_index = i;
      break;
    }
  if (h_index == kUpdateHCount)
    return filecoin_error(FilecoinError::kShape,
                          "h = " + std::to_string(values.h) + " is not allowed for this size");
  std::vector<ff::Fr> inputs;
  inputs.push_back(
      ff::Fr::from_u64(uint64_t(values.k) | (uint64_t(1) << (h_index + shape.partition_bits()))));
  const std::pair<const char*, const Domain*> commitments[] = {{"comm_r_old", &values.comm_r_old},
                                                               {"comm_d_new", &values.comm_d_new},
                                                               {"comm_r_new", &values.comm_r_new}};
  for (const auto& [name, bytes] : commitments) {
    auto x = hash::fr_from_node(*bytes);
    if (!x)
      return filecoin_error(FilecoinError::kSchema,
                            std::string(name) + ": not a canonical field element");
    inputs.push_back(*x);
  }
  return inputs;
}

void synthesize_update_circuit(ConstraintSystem& cs, const UpdateCircuitShape& shape,
                               const UpdatePublicValues& values,
                               const UpdatePartitionWitness& witness) {
  const PublicValues v = public_values(shape, values);
  synthesize(cs, shape, v.k_and_h_select, v.commitments, witness);
}

r1cs::Witness update_circuit_witness_values(const UpdateCircuitShape& shape,
                                            const UpdatePublicValues& values,
                                            const UpdatePartitionWitness& witness,
                                            const r1cs::CircuitSizes& sizes, TaskPool& pool) {
  const PublicValues v = public_values(shape, values);
  const CheckedPaths paths = checked_paths(shape, witness);
  r1cs::WitnessCS top_cs;
  top_cs.reserve(sizes);
  const UpdateTop top = synthesize_top(
      top_cs, shape, v.k_and_h_select, v.commitments, witness, paths,
      [&](size_t blocks, const r1cs::SynthesizeBlock& block) {
        r1cs::synthesize_alike_blocks(top_cs, blocks, pool, "update witness", "apex hash", block);
      });
  r1cs::Witness w = std::move(top_cs).take();
  // Every challenge allocates the same numbers of values: the rest of the circuit, split evenly.
  r1cs::fill_witness_blocks(w, sizes, shape.challenges, pool, "update witness", "challenge",
                            [&](size_t c, ConstraintSystem& cs) {
                              synthesize_challenge(cs, shape, top, c, witness.challenge_proofs[c],
                                                   paths);
                            });
  return w;
}

UpdatePartitionWitness blank_update_witness(const UpdateCircuitShape& shape) {
  UpdateChallengeProof proof;
  for (unsigned arity : hash::tree_level_arities(shape.tree_shape, uint64_t(1) << shape.log2_nodes))
    proof.proof_r_old.base.push_back({std::vector<Domain>(arity - 1), 0});
  proof.proof_r_new = proof.proof_r_old;
  for (unsigned i = 0; i < shape.log2_nodes; ++i)
    proof.proof_d_new.base.push_back({std::vector<Domain>(1), 0});
  UpdatePartitionWitness w;
  w.apex_leafs.assign(shape.apex_leaf_count, Domain{});
  w.challenge_proofs.assign(shape.challenges, proof);
  return w;
}

void synthesize_update_blank(ConstraintSystem& cs, const UpdateCircuitShape& shape) {
  const ff::Fr zeros[3] = {};
  synthesize(cs, shape, ff::Fr::zero(), zeros, blank_update_witness(shape));
}

FilecoinResult<std::vector<std::vector<ff::Fr>>> update_proof_public_inputs(
    const UpdateProofType& proof, const UpdateSectorValues& values) {
  const UpdateCircuitShape shape = update_circuit_shape(*proof.sector);
  std::vector<std::vector<ff::Fr>> inputs;
  for (unsigned k = 0; k < shape.partitions; ++k) {
    auto partition = update_public_inputs(shape, values.partition(k));
    if (!partition) return partition.error();
    inputs.push_back(std::move(partition).value());
  }
  return inputs;
}

}  // namespace cuzk::filecoin
