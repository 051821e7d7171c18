// The EmptySectorUpdate partition circuit (see update_circuit.hpp).
#include "filecoin/update_circuit.hpp"

#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

#include "filecoin/post_circuit.hpp"
#include "gadgets/insertion.hpp"
#include "gadgets/lc_builder.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/num.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon.hpp"
#include "gadgets/sha256_fr.hpp"
#include "hash/node32.hpp"
#include "hash/poseidon_hash_type.hpp"
#include "hash/poseidon_params.hpp"

namespace cuzk::filecoin {

namespace {

using gadgets::AllocatedBit;
using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Namespace;
using Path = std::vector<std::vector<AllocatedNum>>;

unsigned log2_exact(uint64_t x) {
  return unsigned(std::countr_zero(x));
}

[[noreturn]] void fail(const std::string& what) {
  throw std::invalid_argument("update circuit: " + what);
}

// A private number in its own namespace (a string or a name factory, built only when names are
// wanted).
template <class Name>
AllocatedNum alloc_num(ConstraintSystem& cs, const ff::Fr& value, Name&& name) {
  Namespace ns(cs, std::forward<Name>(name));
  return AllocatedNum::alloc(cs, value);
}

AllocatedNum alloc_input(ConstraintSystem& cs, const ff::Fr& value, const char* name,
                         const char* input_name) {
  AllocatedNum num = alloc_num(cs, value, name);
  Namespace ns(cs, input_name);
  num.inputize(cs);
  return num;
}

AllocatedNum gen_randomness_hash(ConstraintSystem& cs, const AllocatedNum& a,
                                 const AllocatedNum& b) {
  const AllocatedNum pair[] = {a, b};
  return gadgets::poseidon_hash_circuit(cs, pair, hash::poseidon_params(2),
                                        hash::kPoseidonGenRandomness);
}

AllocatedNum poseidon_hash2(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  const AllocatedNum pair[] = {a, b};
  return gadgets::poseidon_hash_circuit(cs, pair, hash::poseidon_params(2));
}

// sum 2^i bits[i] as an LC.
LinearCombination packing_lc(std::span<const AllocatedBit> bits) {
  LinearCombination lc;
  lc.reserve(bits.size());
  for (size_t i = 0; i < bits.size(); ++i) lc.add(bits[i].variable(), gadgets::pow2(i));
  return lc;
}

// gadgets.rs allocated_num_to_allocated_bits: 255 bits and (sum 2^i b_i) * 1 = num.
std::vector<AllocatedBit> num_to_bits(ConstraintSystem& cs, const AllocatedNum& num) {
  std::vector<AllocatedBit> bits = gadgets::field_into_allocated_bits_le(cs, num.value());
  cs.enforce(packing_lc(bits), ConstraintSystem::one(), num.variable(), "binary decomp");
  return bits;
}

// Siblings of `levels` path levels of `proof` (base, sub, top), each allocated.
Path alloc_path(ConstraintSystem& cs, const hash::MerklePath<ff::Fr>& path, size_t levels,
                const char* what, size_t c_index) {
  Path out;
  out.reserve(levels);
  for (size_t row = 0; row < levels; ++row) {
    std::vector<AllocatedNum> siblings;
    siblings.reserve(path[row].siblings.size());
    for (size_t s = 0; s < path[row].siblings.size(); ++s) {
      siblings.push_back(alloc_num(cs, path[row].siblings[s], [&] {
        return std::string(what) + " sibling (c_index=" + std::to_string(c_index) +
               ", tree_row=" + std::to_string(row) + ", sibling_index=" + std::to_string(s) + ")";
      }));
    }
    out.push_back(std::move(siblings));
  }
  return out;
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

// gen_challenge_bits: bits_per_challenge random bits for each of `challenges` challenges.
std::vector<std::vector<AllocatedBit>> gen_challenge_bits(ConstraintSystem& cs,
                                                          const AllocatedNum& comm_r_new,
                                                          const AllocatedNum& partition,
                                                          unsigned challenges,
                                                          unsigned bits_per_challenge) {
  const unsigned per_digest = unsigned(gadgets::kFrCapacity) / bits_per_challenge;
  const uint64_t digests = (challenges + per_digest - 1) / per_digest;
  std::vector<std::vector<AllocatedBit>> generated;
  generated.reserve(challenges);
  for (uint64_t j = 0; j < digests; ++j) {
    const ff::Fr dpp = ff::Fr::from_u64(digests);
    const ff::Fr fj = ff::Fr::from_u64(j);
    const AllocatedNum index = alloc_num(cs, partition.value() * dpp + fj,
                                         [&] { return "digest_index_" + std::to_string(j); });
    LinearCombination lhs;
    lhs.add(partition.variable(), dpp);
    lhs.add(ConstraintSystem::one(), fj);  // kept even when j = 0, as the reference does
    cs.enforce(lhs, ConstraintSystem::one(), index.variable(), [&] {
      return "digest_index_" + std::to_string(j) + " == k * digests_per_partition + " +
             std::to_string(j);
    });
    AllocatedNum digest;
    {
      Namespace ns(cs, [&] { return "digest_" + std::to_string(j); });
      digest = gen_randomness_hash(cs, comm_r_new, index);
    }
    std::vector<AllocatedBit> bits;
    {
      Namespace ns(cs, [&] { return "digest_" + std::to_string(j) + "_bits"; });
      bits = num_to_bits(cs, digest);
    }
    const unsigned take = j + 1 == digests ? challenges - unsigned(generated.size()) : per_digest;
    for (unsigned i = 0; i < take; ++i) {
      generated.emplace_back(bits.begin() + long(i * bits_per_challenge),
                             bits.begin() + long((i + 1) * bits_per_challenge));
    }
  }
  return generated;
}

// get_challenge_high_bits: the h top bits of the challenge, h chosen by the one-hot h_select.
AllocatedNum challenge_high_bits(ConstraintSystem& cs, std::span<const AllocatedBit> c_bits,
                                 std::span<const AllocatedBit> h_select_bits, const UpdateHs& hs) {
  const std::vector<Boolean> bits(c_bits.begin(), c_bits.end());
  std::vector<AllocatedNum> high_or_zero;
  high_or_zero.reserve(hs.size());
  ff::Fr sum = ff::Fr::zero();
  for (size_t k = 0; k < hs.size(); ++k) {
    const unsigned h = hs[k];
    const auto suffix = [&] {
      return " (h=" + std::to_string(h) + ", k=" + std::to_string(k) + ")";
    };
    AllocatedNum high;
    {
      Namespace ns(cs, [&] { return "c_high" + suffix(); });
      high = gadgets::pack_bits(cs, std::span(bits).subspan(bits.size() - h));
    }
    const ff::Fr value = h_select_bits[k].value() ? high.value() : ff::Fr::zero();
    sum += value;
    high_or_zero.push_back(alloc_num(cs, value, [&] { return "c_high_or_zero" + suffix(); }));
    cs.enforce(high.variable(), h_select_bits[k].variable(), high_or_zero.back().variable(),
               [&] { return "c_high_or_zero == c_high * h_select_bit" + suffix(); });
  }
  const AllocatedNum selected = alloc_num(cs, sum, "c_high_selected");
  LinearCombination lhs;
  for (const auto& x : high_or_zero) lhs.add(x.variable(), ff::Fr::one());
  cs.enforce(lhs, ConstraintSystem::one(), selected.variable(),
             "c_high_selected == dot(c_highs, h_select_bits)");
  return selected;
}

// label_r_new = label_r_old + label_d_new * rho.
AllocatedNum label_r_new(ConstraintSystem& cs, const AllocatedNum& r_old, const AllocatedNum& d_new,
                         const AllocatedNum& rho) {
  AllocatedNum d_rho;
  {
    Namespace ns(cs, "label_d_new * rho");
    d_rho = d_new.mul(cs, rho);
  }
  const AllocatedNum r_new = alloc_num(cs, r_old.value() + d_rho.value(), "label_r_new");
  LinearCombination lhs(r_old.variable());
  lhs.add(d_rho.variable(), ff::Fr::one());
  cs.enforce(lhs, ConstraintSystem::one(), r_new.variable(),
             "label_r_new == label_r_old + label_d_new * rho");
  return r_new;
}

hash::MerklePath<ff::Fr> checked_path(const MerkleProof& proof, size_t levels, const char* what,
                                      size_t c_index) {
  hash::MerklePath<ff::Fr> path = merkle_proof_path_fr(proof, what);
  if (path.size() != levels)
    fail(std::string(what) + " of challenge " + std::to_string(c_index) + " has " +
         std::to_string(path.size()) + " levels, the shape needs " + std::to_string(levels));
  return path;
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
  std::vector<AllocatedBit> kh_bits;
  {
    const ff::Fr::Repr repr = k_and_h_select_value.to_canonical();
    for (unsigned i = 0; i < pbl + kUpdateHCount; ++i) {
      Namespace ns(cs, [&] { return "k_and_h_select_bit_" + std::to_string(i); });
      kh_bits.push_back(AllocatedBit::alloc(cs, ((repr[i / 64] >> (i % 64)) & 1) != 0));
    }
    cs.enforce(packing_lc(kh_bits), ConstraintSystem::one(), k_and_h_select.variable(),
               "k_and_h_select binary decomp");
  }
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

  // comm_r_old / comm_r_new = H(comm_c || root_r).
  const std::pair<const AllocatedNum*, const AllocatedNum*> comm_checks[] = {
      {&root_r_old, &comm_r_old}, {&root_r_new, &comm_r_new}};
  const char* names[] = {"comm_r_old", "comm_r_new"};
  for (int i = 0; i < 2; ++i) {
    AllocatedNum calc;
    {
      Namespace ns(cs, [&] { return std::string(names[i]) + "_calc"; });
      calc = poseidon_hash2(cs, comm_c, *comm_checks[i].first);
    }
    cs.enforce(calc.variable(), ConstraintSystem::one(), comm_checks[i].second->variable(),
               [&] { return "enforce " + std::string(names[i]) + "_calc == " + names[i]; });
  }

  {
    Namespace ns(cs, "apex_gadget");
    apex_por(cs, apex_leafs, partition_bits, partition_path, comm_d_new);
  }

  std::vector<std::vector<AllocatedBit>> generated;
  {
    Namespace ns(cs, "gen_challenge_bits");
    generated = gen_challenge_bits(cs, comm_r_new, partition, shape.challenges, cbl - pbl);
  }

  for (size_t c = 0; c < generated.size(); ++c) {
    const auto tag = [&] { return " (c_index=" + std::to_string(c) + ")"; };
    std::vector<AllocatedBit> c_bits = std::move(generated[c]);
    c_bits.insert(c_bits.end(), partition_bits.begin(), partition_bits.end());

    AllocatedNum c_high, rho;
    {
      Namespace ns(cs, [&] { return "get_challenge_high_bits" + tag(); });
      c_high = challenge_high_bits(cs, c_bits, h_select_bits, shape.hs);
    }
    {
      Namespace ns(cs, [&] { return "rho" + tag(); });
      rho = gen_randomness_hash(cs, phi, c_high);
    }
    const UpdateChallengeProof& proof = w.challenge_proofs[c];
    const AllocatedNum leaf_r_old = alloc_num(cs, circuit_fr(proof.proof_r_old.leaf, "leaf_r_old"),
                                              [&] { return "leaf_r_old" + tag(); });
    const AllocatedNum leaf_d_new = alloc_num(cs, circuit_fr(proof.proof_d_new.leaf, "leaf_d_new"),
                                              [&] { return "leaf_d_new" + tag(); });
    AllocatedNum leaf_r_new;
    {
      Namespace ns(cs, [&] { return "leaf_r_new" + tag(); });
      leaf_r_new = label_r_new(cs, leaf_r_old, leaf_d_new, rho);
    }
    if (leaf_r_new.value() != circuit_fr(proof.proof_r_new.leaf, "leaf_r_new"))
      fail("challenge " + std::to_string(c) + ": leaf_r_new is not leaf_r_old + leaf_d_new * rho");

    const Path path_r_old = alloc_path(cs, paths_r_old[c], r_levels, "path_r_old", c);
    {
      Namespace ns(cs, [&] { return "por tree_r_old" + tag(); });
      gadgets::por_no_challenge_input(cs, gadgets::TreeHasher::kPoseidon, shape.tree_shape, c_bits,
                                      leaf_r_old, path_r_old, root_r_old);
    }
    const Path path_r_new = alloc_path(cs, paths_r_new[c], r_levels, "path_r_new", c);
    {
      Namespace ns(cs, [&] { return "por tree_r_new" + tag(); });
      gadgets::por_no_challenge_input(cs, gadgets::TreeHasher::kPoseidon, shape.tree_shape, c_bits,
                                      leaf_r_new, path_r_new, root_r_new);
    }

    const unsigned to_apex = cbl - pbl - abl;
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
  if (!inputs) fail(inputs.error().message);
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

}  // namespace cuzk::filecoin
