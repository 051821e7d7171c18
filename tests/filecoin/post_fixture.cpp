// PoSt test sectors (see post_fixture.hpp).
#include "post_fixture.hpp"

#include <random>

#include "hash/node32.hpp"
#include "hash/poseidon.hpp"

namespace cuzk::filecoin::testing {

namespace {

std::vector<ff::Fr> random_leaves(unsigned log2_nodes, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<ff::Fr> leaves(size_t(1) << log2_nodes);
  for (auto& leaf : leaves) leaf = ff::Fr::random(rng);
  return leaves;
}

}  // namespace

PostTestSector make_post_sector(uint64_t sector_id, unsigned log2_nodes, hash::TreeShape shape,
                                uint64_t seed) {
  std::vector<ff::Fr> leaves = random_leaves(log2_nodes, seed);
  hash::MerkleTree<hash::PoseidonNodeHasher> tree(leaves, shape);
  std::mt19937_64 rng(seed ^ 0x5eed);
  const ff::Fr comm_c = ff::Fr::random(rng);
  const ff::Fr pair[] = {comm_c, tree.root()};
  const ff::Fr comm_r = hash::poseidon_hash(pair, hash::poseidon_params(2));
  const ff::Fr root = tree.root();
  return PostTestSector{sector_id, shape, std::move(leaves), comm_c, root, comm_r, std::move(tree)};
}

MerkleProof PostTestSector::inclusion_proof(uint64_t leaf) const {
  const auto path = tree.path(leaf);
  MerkleProof proof;
  proof.kind = shape.top_arity   ? MerkleProofKind::kTop
               : shape.sub_arity ? MerkleProofKind::kSub
                                 : MerkleProofKind::kSingle;
  proof.root = hash::node_from_fr(comm_r_last);
  proof.leaf = hash::node_from_fr(leaves[leaf]);
  const size_t extra = (shape.sub_arity ? 1 : 0) + (shape.top_arity ? 1 : 0);
  for (size_t l = 0; l < path.size(); ++l) {
    hash::MerklePathElement<Domain> element;
    element.index = path[l].index;
    for (const ff::Fr& s : path[l].siblings) element.siblings.push_back(hash::node_from_fr(s));
    InclusionPath& part = l + extra < path.size()    ? proof.base
                          : l + extra == path.size() ? proof.sub
                                                     : proof.top;
    part.push_back(std::move(element));
  }
  return proof;
}

PostSectorWitness PostTestSector::witness(std::span<const uint64_t> challenges) const {
  PostSectorWitness w;
  w.comm_r = hash::node_from_fr(comm_r);
  w.comm_c = hash::node_from_fr(comm_c);
  w.comm_r_last = hash::node_from_fr(comm_r_last);
  for (uint64_t c : challenges) w.inclusion_proofs.push_back(inclusion_proof(c));
  return w;
}

}  // namespace cuzk::filecoin::testing
