// SnapDeals vanilla proofs of a really sealed CC test sector (see update_vanilla_gen.hpp).
#include "sealing/update_vanilla_gen.hpp"

#include <string>

#include "filecoin/commitments.hpp"
#include "filecoin/update_challenges.hpp"
#include "sealing/c1_assembly.hpp"

namespace cuzk::sealing {

SealingResult<UpdateVanillaSet> generate_update_vanilla(const filecoin::UpdateProofType& proof,
                                                        uint64_t miner_id, uint64_t sector_id,
                                                        uint64_t seed, unsigned threads) {
  auto seal_proof = seal_proof_for_size(proof.sector->sector_size);
  if (!seal_proof) return seal_proof.error();
  const filecoin::PorepSectorConfig& config = *(*seal_proof)->sector;
  const filecoin::UpdateCircuitShape shape = filecoin::update_circuit_shape(*proof.sector);
  SealRequest request = seal_request_from_seed(**seal_proof, miner_id, sector_id, seed);
  request.threads = threads;  // no data: an empty (CC) sector
  auto sealed = seal_full_sector(request);
  if (!sealed) return sealed.error();
  const FullSector& old = *sealed->sector;

  UpdateVanillaSet out;
  out.proof = &proof;
  out.sector_id = sector_id;
  out.h = shape.hs[3];
  out.comm_r_old = sealed->comm_r;
  const std::vector<hash::Node32> d_new = random_sector_data(config, seed * 1000 + 77);
  const TreeD tree_d(d_new, hash::kBinaryTreeShape);
  out.comm_d_new = tree_d.root();
  const ff::Fr phi = filecoin::update_phi(*hash::fr_from_node(out.comm_d_new),
                                          *hash::fr_from_node(out.comm_r_old));
  std::vector<ff::Fr> r_new(config.nodes());
  for (uint64_t i = 0; i < r_new.size(); ++i) {
    const ff::Fr rho =
        filecoin::update_rho(phi, filecoin::update_node_high(i, shape.log2_nodes, out.h));
    r_new[i] = old.replica_node(i) + *hash::fr_from_node(d_new[i]) * rho;
  }
  const PoseidonTree tree_r_new(r_new, shape.tree_shape);
  const ff::Fr comm_c = old.comm_c();
  out.comm_r_new = hash::node_from_fr(filecoin::compute_comm_r(comm_c, tree_r_new.root()));

  const unsigned apex_height = shape.log2_nodes - shape.partition_bits() - shape.apex_leaf_bits();
  const auto& apex_row = tree_d.levels()[apex_height];
  for (unsigned k = 0; k < shape.partitions; ++k) {
    filecoin::UpdatePartitionWitness w;
    w.comm_c = hash::node_from_fr(comm_c);
    w.apex_leafs.assign(apex_row.begin() + long(k) * shape.apex_leaf_count,
                        apex_row.begin() + long(k + 1) * shape.apex_leaf_count);
    for (uint64_t c : filecoin::update_challenges(shape, *hash::fr_from_node(out.comm_r_new), k)) {
      filecoin::MerkleProof d;
      d.kind = filecoin::MerkleProofKind::kSingle;
      d.leaf = d_new[c];
      d.root = out.comm_d_new;
      d.base = tree_d.path(c);
      w.challenge_proofs.push_back(
          {poseidon_merkle_proof(config, old.replica_node(c), old.comm_r_last(),
                                 old.tree_r_path(c)),
           std::move(d),
           poseidon_merkle_proof(config, r_new[c], tree_r_new.root(), tree_r_new.path(c))});
    }
    out.partitions.push_back(std::move(w));
  }
  return out;
}

}  // namespace cuzk::sealing
