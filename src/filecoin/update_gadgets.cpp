// Shared EmptySectorUpdate circuit pieces (see update_gadgets.hpp).
#include "filecoin/update_gadgets.hpp"

#include <stdexcept>

#include "filecoin/post_circuit.hpp"
#include "gadgets/lc_builder.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon.hpp"
#include "hash/poseidon_hash_type.hpp"
#include "hash/poseidon_params.hpp"

namespace cuzk::filecoin::update_gadgets {

namespace {

using gadgets::Boolean;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Namespace;

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

AllocatedNum poseidon_hash2(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  const AllocatedNum pair[] = {a, b};
  return gadgets::poseidon_hash_circuit(cs, pair, hash::poseidon_params(2));
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

}  // namespace

void fail(const std::string& what) {
  throw std::invalid_argument("update circuit: " + what);
}

AllocatedNum alloc_input(ConstraintSystem& cs, const ff::Fr& value, const char* name,
                         const char* input_name) {
  AllocatedNum num = alloc_num(cs, value, name);
  Namespace ns(cs, input_name);
  num.inputize(cs);
  return num;
}

std::vector<AllocatedBit> low_bits(ConstraintSystem& cs, const AllocatedNum& num, unsigned count,
                                   const std::string& prefix, const char* constraint) {
  const ff::Fr::Repr repr = num.value().to_canonical();
  std::vector<AllocatedBit> bits;
  bits.reserve(count);
  for (unsigned i = 0; i < count; ++i) {
    Namespace ns(cs, [&] { return prefix + std::to_string(i); });
    bits.push_back(AllocatedBit::alloc(cs, ((repr[i / 64] >> (i % 64)) & 1) != 0));
  }
  cs.enforce(packing_lc(bits), ConstraintSystem::one(), num.variable(), constraint);
  return bits;
}

AllocatedNum gen_randomness_hash(ConstraintSystem& cs, const AllocatedNum& a,
                                 const AllocatedNum& b) {
  const AllocatedNum pair[] = {a, b};
  return gadgets::poseidon_hash_circuit(cs, pair, hash::poseidon_params(2),
                                        hash::kPoseidonGenRandomness);
}

void check_comm_r(ConstraintSystem& cs, const AllocatedNum& comm_c, const AllocatedNum& root_r_old,
                  const AllocatedNum& comm_r_old, const AllocatedNum& root_r_new,
                  const AllocatedNum& comm_r_new) {
  const std::pair<const AllocatedNum*, const AllocatedNum*> checks[] = {{&root_r_old, &comm_r_old},
                                                                        {&root_r_new, &comm_r_new}};
  const char* names[] = {"comm_r_old", "comm_r_new"};
  for (int i = 0; i < 2; ++i) {
    AllocatedNum calc;
    {
      Namespace ns(cs, [&] { return std::string(names[i]) + "_calc"; });
      calc = poseidon_hash2(cs, comm_c, *checks[i].first);
    }
    cs.enforce(calc.variable(), ConstraintSystem::one(), checks[i].second->variable(),
               [&] { return "enforce " + std::string(names[i]) + "_calc == " + names[i]; });
  }
}

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

Path alloc_path(ConstraintSystem& cs, const hash::MerklePath<ff::Fr>& path, const char* what,
                size_t c_index) {
  Path out;
  out.reserve(path.size());
  for (size_t row = 0; row < path.size(); ++row) {
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

hash::MerklePath<ff::Fr> checked_path(const MerkleProof& proof, size_t levels, const char* what,
                                      size_t c_index) {
  hash::MerklePath<ff::Fr> path = merkle_proof_path_fr(proof, what);
  if (path.size() != levels)
    fail(std::string(what) + " of challenge " + std::to_string(c_index) + " has " +
         std::to_string(path.size()) + " levels, the shape needs " + std::to_string(levels));
  return path;
}

AllocatedNum synthesize_challenge_r(ConstraintSystem& cs, const UpdateCircuitShape& shape, size_t c,
                                    std::span<const AllocatedBit> c_bits,
                                    std::span<const AllocatedBit> h_select_bits,
                                    const AllocatedNum& phi, const UpdateChallengeProof& proof,
                                    const hash::MerklePath<ff::Fr>& path_r_old,
                                    const hash::MerklePath<ff::Fr>& path_r_new,
                                    const AllocatedNum& root_r_old,
                                    const AllocatedNum& root_r_new) {
  const auto tag = [&] { return " (c_index=" + std::to_string(c) + ")"; };
  AllocatedNum c_high, rho;
  {
    Namespace ns(cs, [&] { return "get_challenge_high_bits" + tag(); });
    c_high = challenge_high_bits(cs, c_bits, h_select_bits, shape.hs);
  }
  {
    Namespace ns(cs, [&] { return "rho" + tag(); });
    rho = gen_randomness_hash(cs, phi, c_high);
  }
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

  const Path r_old = alloc_path(cs, path_r_old, "path_r_old", c);
  {
    Namespace ns(cs, [&] { return "por tree_r_old" + tag(); });
    gadgets::por_no_challenge_input(cs, gadgets::TreeHasher::kPoseidon, shape.tree_shape, c_bits,
                                    leaf_r_old, r_old, root_r_old);
  }
  const Path r_new = alloc_path(cs, path_r_new, "path_r_new", c);
  {
    Namespace ns(cs, [&] { return "por tree_r_new" + tag(); });
    gadgets::por_no_challenge_input(cs, gadgets::TreeHasher::kPoseidon, shape.tree_shape, c_bits,
                                    leaf_r_new, r_new, root_r_new);
  }
  return leaf_d_new;
}

}  // namespace cuzk::filecoin::update_gadgets
