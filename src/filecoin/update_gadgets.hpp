// The building blocks the two EmptySectorUpdate circuits share (storage-proofs-update
// gadgets.rs and the common part of circuit.rs / poseidon/circuit.rs), with the reference's
// allocation order and namespaces:
//   gen_challenge_bits   per digest j: digest index = k · digests + j (1), H_gen(comm_r_new,
//                        index) (311), its 255 bits (256): 568 per digest;
//   challenge_high_bits  c_high selected by the one-hot h_select: 6 x (pack 1 + select 1) + 1;
//   label_r_new          leaf_r_old + leaf_d_new · rho (2);
//   synthesize_challenge_r  per challenge: c_high, rho = H_gen(phi, c_high), leaf_r_old,
//                        leaf_d_new, leaf_r_new, the TreeROld and TreeRNew inclusions.
// H_gen is the legacy Poseidon circuit, arity 2, Custom(1) tag (311 constraints).
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/update_circuit.hpp"
#include "gadgets/boolean.hpp"
#include "gadgets/num.hpp"
#include "hash/merkle_tree.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::filecoin::update_gadgets {

using gadgets::AllocatedBit;
using gadgets::AllocatedNum;
using Path = std::vector<std::vector<AllocatedNum>>;

[[noreturn]] void fail(const std::string& what);  // std::invalid_argument "update circuit: ..."

// A private number in its own namespace (a string or a name factory).
template <class Name>
AllocatedNum alloc_num(r1cs::ConstraintSystem& cs, const ff::Fr& value, Name&& name) {
  r1cs::Namespace ns(cs, std::forward<Name>(name));
  return AllocatedNum::alloc(cs, value);
}
// Allocated in `name`, inputized in `input_name`.
AllocatedNum alloc_input(r1cs::ConstraintSystem& cs, const ff::Fr& value, const char* name,
                         const char* input_name);
// The low `count` bits of an allocated number as "<prefix>i" bits, and one constraint
// (sum 2^i b_i) * 1 = num named `constraint`.
std::vector<AllocatedBit> low_bits(r1cs::ConstraintSystem& cs, const AllocatedNum& num,
                                   unsigned count, const std::string& prefix,
                                   const char* constraint);

AllocatedNum gen_randomness_hash(r1cs::ConstraintSystem& cs, const AllocatedNum& a,
                                 const AllocatedNum& b);
// comm_r_{old,new} = Poseidon2(comm_c, root) checked against the public values.
void check_comm_r(r1cs::ConstraintSystem& cs, const AllocatedNum& comm_c,
                  const AllocatedNum& root_r_old, const AllocatedNum& comm_r_old,
                  const AllocatedNum& root_r_new, const AllocatedNum& comm_r_new);

std::vector<std::vector<AllocatedBit>> gen_challenge_bits(r1cs::ConstraintSystem& cs,
                                                          const AllocatedNum& comm_r_new,
                                                          const AllocatedNum& partition,
                                                          unsigned challenges,
                                                          unsigned bits_per_challenge);

// The siblings of every level of `path`, allocated as "<what> sibling (c_index=.., tree_row=..,
// sibling_index=..)".
Path alloc_path(r1cs::ConstraintSystem& cs, const hash::MerklePath<ff::Fr>& path, const char* what,
                size_t c_index);
// `proof`'s path as Fr, or a failure unless it has `levels` levels.
hash::MerklePath<ff::Fr> checked_path(const MerkleProof& proof, size_t levels, const char* what,
                                      size_t c_index);

// Everything of challenge c up to and including the TreeRNew inclusion; returns leaf_d_new.
AllocatedNum synthesize_challenge_r(r1cs::ConstraintSystem& cs, const UpdateCircuitShape& shape,
                                    size_t c, std::span<const AllocatedBit> c_bits,
                                    std::span<const AllocatedBit> h_select_bits,
                                    const AllocatedNum& phi, const UpdateChallengeProof& proof,
                                    const hash::MerklePath<ff::Fr>& path_r_old,
                                    const hash::MerklePath<ff::Fr>& path_r_new,
                                    const AllocatedNum& root_r_old, const AllocatedNum& root_r_new);

}  // namespace cuzk::filecoin::update_gadgets
