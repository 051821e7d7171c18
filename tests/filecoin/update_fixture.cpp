// SnapDeals test sectors (see update_fixture.hpp).
#include "update_fixture.hpp"

#include <random>
#include <type_traits>

#include "filecoin/update_challenges.hpp"
#include "hash/node32.hpp"
#include "hash/poseidon.hpp"

namespace cuzk::filecoin::testing {

namespace {

ff::Fr poseidon2(const ff::Fr& a, const ff::Fr& b) {
  const ff::Fr pair[] = {a, b};
  return hash::poseidon_hash(pair, hash::poseidon_params(2));
}

template <class Tree>
MerkleProof tree_proof(const Tree& tree, uint64_t leaf, hash::TreeShape shape) {
  const auto path = tree.path(leaf);
  MerkleProof proof;
  proof.kind = shape.top_arity   ? MerkleProofKind::kTop
               : shape.sub_arity ? MerkleProofKind::kSub
                                 : MerkleProofKind::kSingle;
  auto node = [](const auto& x) {
    if constexpr (std::is_same_v<std::decay_t<decltype(x)>, ff::Fr>)
      return hash::node_from_fr(x);
    else
      return x;
  };
  proof.root = node(tree.root());
  proof.leaf = node(tree.levels()[0][leaf]);
  const size_t extra = (shape.sub_arity ? 1 : 0) + (shape.top_arity ? 1 : 0);
  for (size_t l = 0; l < path.size(); ++l) {
    hash::MerklePathElement<Domain> element;
    element.index = path[l].index;
    for (const auto& s : path[l].siblings) element.siblings.push_back(node(s));
    InclusionPath& part = l + extra < path.size()    ? proof.base
                          : l + extra == path.size() ? proof.sub
                                                     : proof.top;
    part.push_back(std::move(element));
  }
  return proof;
}

}  // namespace

UpdateTestSector make_update_sector(unsigned log2_nodes, uint64_t seed, unsigned h) {
  const UpdateCircuitShape shape = update_circuit_shape(log2_nodes);
  if (h == 0) h = shape.hs[3];
  const size_t nodes = size_t(1) << log2_nodes;
  std::mt19937_64 rng(seed);
  std::vector<ff::Fr> r_old(nodes);
  for (auto& x : r_old) x = ff::Fr::random(rng);
  std::vector<Domain> d_new(nodes);
  for (auto& d : d_new) {
    for (auto& b : d) b = uint8_t(rng());
    d = hash::trim_to_fr32(d);
  }
  const ff::Fr comm_c = ff::Fr::random(rng);
  hash::MerkleTree<hash::PoseidonNodeHasher> tree_r_old(r_old, shape.tree_shape);
  hash::MerkleTree<hash::Sha256NodeHasher> tree_d(d_new, hash::kBinaryTreeShape);
  const ff::Fr comm_r_old = poseidon2(comm_c, tree_r_old.root());
  const ff::Fr phi = update_phi(*hash::fr_from_node(tree_d.root()), comm_r_old);
  std::vector<ff::Fr> r_new(nodes);
  for (size_t i = 0; i < nodes; ++i) {
    const ff::Fr rho = update_rho(phi, update_node_high(i, log2_nodes, h));
    r_new[i] = r_old[i] + *hash::fr_from_node(d_new[i]) * rho;
  }
  hash::MerkleTree<hash::PoseidonNodeHasher> tree_r_new(r_new, shape.tree_shape);
  const ff::Fr comm_r_new = poseidon2(comm_c, tree_r_new.root());
  const Domain comm_d_new = tree_d.root();
  return UpdateTestSector{shape,
                          h,
                          std::move(r_old),
                          std::move(r_new),
                          std::move(d_new),
                          comm_c,
                          comm_r_old,
                          comm_r_new,
                          comm_d_new,
                          std::move(tree_r_old),
                          std::move(tree_r_new),
                          std::move(tree_d)};
}

UpdatePublicValues UpdateTestSector::public_values(unsigned k) const {
  return {k, h, hash::node_from_fr(comm_r_old), comm_d_new, hash::node_from_fr(comm_r_new)};
}

UpdatePartitionWitness UpdateTestSector::partition_witness(unsigned k) const {
  UpdatePartitionWitness w;
  w.comm_c = hash::node_from_fr(comm_c);
  const unsigned apex_height = shape.log2_nodes - shape.partition_bits() - shape.apex_leaf_bits();
  const auto& apex_row = tree_d.levels()[apex_height];
  w.apex_leafs.assign(apex_row.begin() + long(k) * shape.apex_leaf_count,
                      apex_row.begin() + long(k + 1) * shape.apex_leaf_count);
  for (uint64_t c : update_challenges(shape, comm_r_new, k)) {
    w.challenge_proofs.push_back({tree_proof(tree_r_old, c, shape.tree_shape),
                                  tree_proof(tree_d, c, hash::kBinaryTreeShape),
                                  tree_proof(tree_r_new, c, shape.tree_shape)});
  }
  return w;
}

}  // namespace cuzk::filecoin::testing
