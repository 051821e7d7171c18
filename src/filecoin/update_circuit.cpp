// The EmptySectorUpdate partition circuit (see update_circuit.hpp).
#include "filecoin/update_circuit.hpp"

#include <bit>
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

// apex_por: the apex tree over `apex_leafs` (SHA-256 hash2), its root proven under comm_d_new
// along the partition path with the partition bits.
void apex_por(ConstraintSystem& cs, std::vector<AllocatedNum> row,
              std::span<const AllocatedBit> partition_bits, const Path& partition_path,
              const AllocatedNum& comm_d_new) {
  for (size_t tree_row = 0; row.size() > 1; ++tree_row) {
    std::vector<AllocatedNum> next;
    next.reserve(row.size() / 2);
    for (size_t i = 0; i < row.size() / 2; ++i) {
      Namespace ns(cs, [&] {
        return "apex_tree generation hash (tree_row=" + std::to_string(tree_row) +
               ", siblings=" + std::to_string(i) + ")";
      });
      next.push_back(gadgets::sha256_hash2(cs, row[2 * i], row[2 * i + 1]));
    }
    row = std::move(next);
  }
  Namespace ns(cs, "partition-tree por");
  gadgets::por_no_challenge_input(cs, gadgets::TreeHasher::kSha256, hash::kBinaryTreeShape,
                                  partition_bits, row[0], partition_path, comm_d_new);
}

void synthesize(ConstraintSystem& cs, const UpdateCircuitShape& shape,
                const ff::Fr& k_and_h_select_value, const ff::Fr (&commitments)[3],
                const UpdatePartitionWitness& w) {
  const unsigned cbl = shape.log2_nodes;
  const unsigned pbl = shape.partition_bits();
  const unsigned abl = shape.apex_leaf_bits();
  const size_t r_levels = hash::tree_level_arities(shape.tree_shape, uint64_t(1) << cbl).size();

  if (w.apex_leafs.size() != shape.apex_leaf_count)
    fail(std::to_string(w.apex_leafs.size()) + " apex leaves, the shape needs " +
         std::to_string(shape.apex_leaf_count));
  if (w.challenge_proofs.size() != shape.challenges)
    fail(std::to_string(w.challenge_proofs.size()) + " challenge proofs, the shape needs " +
         std::to_string(shape.challenges));

  // Every challenge's paths, converted and checked up front.
  std::vector<hash::MerklePath<ff::Fr>> paths_d(shape.challenges), paths_r_old(shape.challenges),
      paths_r_new(shape.challenges);
  for (size_t c = 0; c < shape.challenges; ++c) {
    const UpdateChallengeProof& p = w.challenge_proofs[c];
    paths_d[c] = checked_path(p.proof_d_new, cbl, "path_d_new", c);
    paths_r_old[c] = checked_path(p.proof_r_old, r_levels, "path_r_old", c);
    paths_r_new[c] = checked_path(p.proof_r_new, r_levels, "path_r_new", c);
    for (const auto& level : paths_d[c])
      if (level.siblings.size() != 1) fail("a TreeD path level needs exactly one sibling");
    for (unsigned l = cbl - pbl; l < cbl; ++l)
      if (paths_d[c][l].siblings != paths_d[0][l].siblings)
        fail("challenge " + std::to_string(c) + "'s partition path differs from challenge 0's");
  }

  // Public inputs.
  const AllocatedNum k_and_h_select =
      alloc_input(cs, k_and_h_select_value, "k_and_h_select", "k_and_h_select (public input)");
  const std::vector<AllocatedBit> kh_bits =
      low_bits(cs, k_and_h_select, pbl + kUpdateHCount, "k_and_h_select_bit_",
               "k_and_h_select binary decomp");
  const std::span<const AllocatedBit> partition_bits = std::span(kh_bits).first(pbl);
  const std::span<const AllocatedBit> h_select_bits = std::span(kh_bits).subspan(pbl);
  AllocatedNum partition;
  {
    Namespace ns(cs, "pack partition bits");
    const std::vector<Boolean> bits(partition_bits.begin(), partition_bits.end());
    partition = gadgets::pack_bits(cs, bits);
  }
  const AllocatedNum comm_r_old = alloc_input(cs, commitments[0], "comm_r_old", "comm_r_old_input");
  const AllocatedNum comm_d_new = alloc_input(cs, commitments[1], "comm_d_new", "comm_d_new_input");
  const AllocatedNum comm_r_new = alloc_input(cs, commitments[2], "comm_r_new", "comm_r_new_input");

  AllocatedNum phi;
  {
    Namespace ns(cs, "phi");
    phi = gen_randomness_hash(cs, comm_d_new, comm_r_old);
  }

  // Private inputs other than the per-challenge proofs.
  const UpdateChallengeProof& first = w.challenge_proofs[0];
  const AllocatedNum comm_c = alloc_num(cs, circuit_fr(w.comm_c, "comm_c"), "comm_c");
  const AllocatedNum root_r_old =
      alloc_num(cs, circuit_fr(first.proof_r_old.root, "root_r_old"), "root_r_old");
  const AllocatedNum root_r_new =
      alloc_num(cs, circuit_fr(first.proof_r_new.root, "root_r_new"), "root_r_new");
  std::vector<AllocatedNum> apex_leafs;
  apex_leafs.reserve(w.apex_leafs.size());
  for (size_t i = 0; i < w.apex_leafs.size(); ++i)
    apex_leafs.push_back(alloc_num(cs, circuit_fr(w.apex_leafs[i], "an apex leaf"),
                                   [&] { return "apex_leaf_" + std::to_string(i); }));
  Path partition_path;
  for (unsigned i = 0; i < pbl; ++i)
    partition_path.push_back({alloc_num(cs, paths_d[0][cbl - pbl + i].siblings[0], [&] {
      return "partition_path_sibling_" + std::to_string(i);
    })});

  check_comm_r(cs, comm_c, root_r_old, comm_r_old, root_r_new, comm_r_new);
  {
    Namespace ns(cs, "apex_gadget");
    apex_por(cs, apex_leafs, partition_bits, partition_path, comm_d_new);
  }

  std::vector<std::vector<AllocatedBit>> generated;
  {
    Namespace ns(cs, "gen_challenge_bits");
    generated = gen_challenge_bits(cs, comm_r_new, partition, shape.challenges, cbl - pbl);
  }

  const unsigned to_apex = cbl - pbl - abl;
  for (size_t c = 0; c < generated.size(); ++c) {
    std::vector<AllocatedBit> c_bits = std::move(generated[c]);
    c_bits.insert(c_bits.end(), partition_bits.begin(), partition_bits.end());
    const AllocatedNum leaf_d_new =
        synthesize_challenge_r(cs, shape, c, c_bits, h_select_bits, phi, w.challenge_proofs[c],
                               paths_r_old[c], paths_r_new[c], root_r_old, root_r_new);

    const auto tag = [&] { return " (c_index=" + std::to_string(c) + ")"; };
    AllocatedNum apex_leaf;
    {
      const std::vector<Boolean> apex_bits(c_bits.begin() + to_apex,
                                           c_bits.begin() + to_apex + abl);
      Namespace ns(cs, [&] { return "select_apex_leaf" + tag(); });
      apex_leaf = gadgets::select(cs, apex_leafs, apex_bits);
    }
    Path path_to_apex;
    for (unsigned row = 0; row < to_apex; ++row) {
      path_to_apex.push_back({alloc_num(cs, paths_d[c][row].siblings[0], [&] {
        return "path_to_apex_leaf sibling (c_index=" + std::to_string(c) +
               ", tree_row=" + std::to_string(row) + ")";
      })});
    }
    Namespace ns(cs, [&] { return "por to_apex_leaf" + tag(); });
    gadgets::por_no_challenge_input(cs, gadgets::TreeHasher::kSha256, hash::kBinaryTreeShape,
                                    std::span(c_bits).first(to_apex), leaf_d_new, path_to_apex,
                                    apex_leaf);
  }
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
  const auto inputs = update_public_inputs(shape, values);
  if (!inputs) update_gadgets::fail(inputs.error().message);
  const ff::Fr commitments[3] = {(*inputs)[1], (*inputs)[2], (*inputs)[3]};
  synthesize(cs, shape, (*inputs)[0], commitments, witness);
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
