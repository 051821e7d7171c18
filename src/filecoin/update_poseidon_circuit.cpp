// The EmptySectorUpdate-Poseidon circuit (see update_poseidon_circuit.hpp).
#include "filecoin/update_poseidon_circuit.hpp"

#include <string>

#include "filecoin/post_circuit.hpp"
#include "filecoin/update_gadgets.hpp"
#include "gadgets/por.hpp"

namespace cuzk::filecoin {

namespace {

using gadgets::AllocatedBit;
using gadgets::AllocatedNum;
using r1cs::ConstraintSystem;
using r1cs::Namespace;
using namespace update_gadgets;

void synthesize(ConstraintSystem& cs, const UpdateCircuitShape& shape, unsigned challenges,
                const ff::Fr& h_select_value, const ff::Fr (&commitments)[3],
                const UpdatePartitionWitness& w) {
  const unsigned cbl = shape.log2_nodes;
  const size_t levels = hash::tree_level_arities(shape.tree_shape, uint64_t(1) << cbl).size();
  if (!w.apex_leafs.empty()) fail("the Poseidon variant has no apex leaves");
  if (w.challenge_proofs.size() != challenges)
    fail(std::to_string(w.challenge_proofs.size()) + " challenge proofs, the shape needs " +
         std::to_string(challenges));
  std::vector<hash::MerklePath<ff::Fr>> paths_d(challenges), paths_r_old(challenges),
      paths_r_new(challenges);
  for (size_t c = 0; c < challenges; ++c) {
    const UpdateChallengeProof& p = w.challenge_proofs[c];
    paths_r_old[c] = checked_path(p.proof_r_old, levels, "path_r_old", c);
    paths_r_new[c] = checked_path(p.proof_r_new, levels, "path_r_new", c);
    paths_d[c] = checked_path(p.proof_d_new, levels, "path_d_new", c);
  }

  const AllocatedNum h_select =
      alloc_input(cs, h_select_value, "h_select", "h_select (public input)");
  const std::vector<AllocatedBit> h_select_bits =
      low_bits(cs, h_select, kUpdateHCount, "h_select_bit_", "h_select binary decomp");
  const AllocatedNum comm_r_old = alloc_input(cs, commitments[0], "comm_r_old", "comm_r_old_input");
  const AllocatedNum comm_d_new = alloc_input(cs, commitments[1], "comm_d_new", "comm_d_new_input");
  const AllocatedNum comm_r_new = alloc_input(cs, commitments[2], "comm_r_new", "comm_r_new_input");
  AllocatedNum phi;
  {
    Namespace ns(cs, "phi");
    phi = gen_randomness_hash(cs, comm_d_new, comm_r_old);
  }
  const UpdateChallengeProof& first = w.challenge_proofs[0];
  const AllocatedNum comm_c = alloc_num(cs, circuit_fr(w.comm_c, "comm_c"), "comm_c");
  const AllocatedNum root_r_old =
      alloc_num(cs, circuit_fr(first.proof_r_old.root, "root_r_old"), "root_r_old");
  const AllocatedNum root_r_new =
      alloc_num(cs, circuit_fr(first.proof_r_new.root, "root_r_new"), "root_r_new");
  check_comm_r(cs, comm_c, root_r_old, comm_r_old, root_r_new, comm_r_new);
  const AllocatedNum partition = alloc_num(cs, ff::Fr::zero(), "gen_challenge_bits partition zero");
  std::vector<std::vector<AllocatedBit>> generated;
  {
    Namespace ns(cs, "gen_challenge_bits");
    generated = gen_challenge_bits(cs, comm_r_new, partition, challenges, cbl);
  }
  for (size_t c = 0; c < generated.size(); ++c) {
    const std::vector<AllocatedBit>& c_bits = generated[c];
    const AllocatedNum leaf_d_new =
        synthesize_challenge_r(cs, shape, c, c_bits, h_select_bits, phi, w.challenge_proofs[c],
                               paths_r_old[c], paths_r_new[c], root_r_old, root_r_new);
    const Path path_d = alloc_path(cs, paths_d[c], "path_d_new", c);
    Namespace ns(cs, [&] { return "por tree_d_new (c_index=" + std::to_string(c) + ")"; });
    gadgets::por_no_challenge_input(cs, gadgets::TreeHasher::kPoseidon, shape.tree_shape, c_bits,
                                    leaf_d_new, path_d, comm_d_new);
  }
}

}  // namespace

unsigned update_poseidon_challenge_count(const UpdateCircuitShape& shape) {
  return shape.partitions * shape.challenges;
}

FilecoinResult<std::vector<ff::Fr>> update_poseidon_public_inputs(
    const UpdateCircuitShape& shape, const UpdatePublicValues& values) {
  UpdatePublicValues v = values;
  v.k = 0;
  auto inputs = update_public_inputs(shape, v);
  if (!inputs) return inputs;
  // k = 0, so k_and_h_select = h_select << log2(partitions).
  unsigned h_index = 0;
  while (shape.hs[h_index] != values.h) ++h_index;  // update_public_inputs checked h
  inputs.value()[0] = ff::Fr::from_u64(uint64_t(1) << h_index);
  return inputs;
}

void synthesize_update_poseidon_circuit(ConstraintSystem& cs, const UpdateCircuitShape& shape,
                                        const UpdatePublicValues& values,
                                        const UpdatePartitionWitness& witness) {
  const auto inputs = update_poseidon_public_inputs(shape, values);
  if (!inputs) fail(inputs.error().message);
  const ff::Fr commitments[3] = {(*inputs)[1], (*inputs)[2], (*inputs)[3]};
  synthesize(cs, shape, update_poseidon_challenge_count(shape), (*inputs)[0], commitments, witness);
}

void synthesize_update_poseidon_blank(ConstraintSystem& cs, const UpdateCircuitShape& shape) {
  const unsigned challenges = update_poseidon_challenge_count(shape);
  UpdatePartitionWitness w = blank_update_witness(shape);
  w.apex_leafs.clear();
  w.challenge_proofs.resize(challenges, w.challenge_proofs[0]);
  for (auto& p : w.challenge_proofs) p.proof_d_new = p.proof_r_old;
  const ff::Fr zeros[3] = {};
  synthesize(cs, shape, challenges, ff::Fr::zero(), zeros, w);
}

}  // namespace cuzk::filecoin
