// The EmptySectorUpdate-Poseidon circuit: storage-proofs-update tests/circuit_poseidon.rs counts
// (1 KiB, 8 KiB, 32 GiB) and a genuine 1 KiB witness (Poseidon TreeD) satisfied with the
// verifier's public inputs.
#include "filecoin/update_poseidon_circuit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "filecoin/update_challenges.hpp"
#include "hash/merkle_node.hpp"
#include "hash/poseidon.hpp"
#include "r1cs/counting_cs.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::filecoin {
namespace {

size_t count_poseidon_blank(const UpdateCircuitShape& shape) {
  r1cs::CountingCS cs;
  synthesize_update_poseidon_blank(cs, shape);
  EXPECT_EQ(cs.num_inputs(), 5u);
  return cs.num_constraints();
}

TEST(UpdatePoseidonCircuit, ReferenceCounts) {
  EXPECT_EQ(count_poseidon_blank(update_circuit_shape(5)), 32'164u);
  EXPECT_EQ(count_poseidon_blank(update_circuit_shape(8)), 47'974u);
  const UpdateCircuitShape s32 = update_circuit_shape(30);
  EXPECT_EQ(update_poseidon_challenge_count(s32), 1376u);
  EXPECT_EQ(count_poseidon_blank(s32), 22'305'906u);
}

MerkleProof proof_of(const hash::MerkleTree<hash::PoseidonNodeHasher>& tree, uint64_t leaf,
                     hash::TreeShape shape) {
  const auto path = tree.path(leaf);
  MerkleProof proof;
  proof.kind = shape.sub_arity ? MerkleProofKind::kSub : MerkleProofKind::kSingle;
  proof.root = hash::node_from_fr(tree.root());
  proof.leaf = hash::node_from_fr(tree.levels()[0][leaf]);
  for (size_t l = 0; l < path.size(); ++l) {
    hash::MerklePathElement<Domain> e;
    e.index = path[l].index;
    for (const ff::Fr& s : path[l].siblings) e.siblings.push_back(hash::node_from_fr(s));
    (l + 1 < path.size() || !shape.sub_arity ? proof.base : proof.sub).push_back(e);
  }
  return proof;
}

TEST(UpdatePoseidonCircuit, GenuineWitnessIsSatisfied) {
  const UpdateCircuitShape shape = update_circuit_shape(5);  // 1 KiB, 8-4-0, 10 challenges
  const size_t nodes = 32;
  std::mt19937_64 rng(77);
  std::vector<ff::Fr> r_old(nodes), d_new(nodes), r_new(nodes);
  for (auto& x : r_old) x = ff::Fr::random(rng);
  for (auto& x : d_new) x = ff::Fr::random(rng);
  const ff::Fr comm_c = ff::Fr::random(rng);
  auto h2 = [](const ff::Fr& a, const ff::Fr& b) {
    const ff::Fr pair[] = {a, b};
    return hash::poseidon_hash(pair, hash::poseidon_params(2));
  };
  const hash::MerkleTree<hash::PoseidonNodeHasher> tree_old(r_old, shape.tree_shape);
  const hash::MerkleTree<hash::PoseidonNodeHasher> tree_d(d_new, shape.tree_shape);
  const ff::Fr comm_r_old = h2(comm_c, tree_old.root());
  const ff::Fr phi = update_phi(tree_d.root(), comm_r_old);
  const unsigned h = shape.hs[3];
  for (size_t i = 0; i < nodes; ++i)
    r_new[i] = r_old[i] + d_new[i] * update_rho(phi, update_node_high(i, 5, h));
  const hash::MerkleTree<hash::PoseidonNodeHasher> tree_new(r_new, shape.tree_shape);
  const ff::Fr comm_r_new = h2(comm_c, tree_new.root());

  UpdatePartitionWitness w;
  w.comm_c = hash::node_from_fr(comm_c);
  for (uint64_t c : update_poseidon_challenges(shape, comm_r_new))
    w.challenge_proofs.push_back({proof_of(tree_old, c, shape.tree_shape),
                                  proof_of(tree_d, c, shape.tree_shape),
                                  proof_of(tree_new, c, shape.tree_shape)});
  const UpdatePublicValues values{0, h, hash::node_from_fr(comm_r_old),
                                  hash::node_from_fr(tree_d.root()),
                                  hash::node_from_fr(comm_r_new)};
  r1cs::ProvingAssignment cs;
  synthesize_update_poseidon_circuit(cs, shape, values, w);
  size_t bad = 0;
  for (size_t i = 0; i < cs.num_constraints(); ++i)
    if (cs.a()[i] * cs.b()[i] != cs.c()[i]) ++bad;
  EXPECT_EQ(bad, 0u);
  const auto inputs = update_poseidon_public_inputs(shape, values);
  ASSERT_TRUE(inputs.ok());
  EXPECT_EQ((*inputs)[0], ff::Fr::one());  // hs = [1]*6: h = 1 is found at index 0
  ASSERT_EQ(cs.num_inputs(), 5u);
  EXPECT_TRUE(std::equal(inputs->begin(), inputs->end(), cs.inputs().begin() + 1));

  // A witness for the SHA-256 variant (apex leaves) is refused.
  w.apex_leafs.resize(8);
  r1cs::CountingCS counting;
  EXPECT_THROW(synthesize_update_poseidon_circuit(counting, shape, values, w),
               std::invalid_argument);
}

TEST(UpdatePoseidonCircuit, PublicInputs) {
  const UpdateCircuitShape s32 = update_circuit_shape(30);
  UpdatePublicValues v{5, 10, {}, {}, {}};
  const auto inputs = update_poseidon_public_inputs(s32, v);  // k ignored
  ASSERT_TRUE(inputs.ok());
  EXPECT_EQ((*inputs)[0], ff::Fr::from_u64(8));
  v.h = 3;
  EXPECT_EQ(update_poseidon_public_inputs(s32, v).code(), FilecoinError::kShape);
}

}  // namespace
}  // namespace cuzk::filecoin
