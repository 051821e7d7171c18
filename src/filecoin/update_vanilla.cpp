// SnapDeals vanilla proofs: parsing and checking (see update_vanilla.hpp).
#include "filecoin/update_vanilla.hpp"

#include <stdexcept>

#include "filecoin/post_bincode.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/update_challenges.hpp"
#include "hash/merkle_node.hpp"
#include "hash/poseidon.hpp"

namespace cuzk::filecoin {

namespace {

// The node reached after the first `levels` levels of a binary SHA-256 path.
Domain sha_path_node(const Domain& leaf, const InclusionPath& path, size_t levels) {
  const InclusionPath prefix(path.begin(), path.begin() + long(levels));
  return hash::merkle_root_from_path<hash::Sha256NodeHasher>(leaf, prefix);
}

ff::Fr poseidon2(const ff::Fr& a, const ff::Fr& b) {
  const ff::Fr pair[] = {a, b};
  return hash::poseidon_hash(pair, hash::poseidon_params(2));
}

}  // namespace

FilecoinResult<UpdatePartitionWitness> parse_update_partition_proof(std::span<const uint8_t> bytes,
                                                                    const UpdateCircuitShape& shape,
                                                                    const std::string& what) {
  return catch_parse_errors<UpdatePartitionWitness>([&] {
    const size_t r_levels =
        hash::tree_level_arities(shape.tree_shape, uint64_t(1) << shape.log2_nodes).size();
    BincodeReader in(bytes);
    UpdatePartitionWitness out;
    out.comm_c = in.domain(what + ".comm_c");
    const uint64_t apex = in.length(what + ".apex_leafs", 32);
    if (apex != shape.apex_leaf_count)
      throw VanillaParseError(FilecoinError::kShape, what + ".apex_leafs: " + std::to_string(apex) +
                                                         " leaves, the sector size has " +
                                                         std::to_string(shape.apex_leaf_count));
    for (uint64_t i = 0; i < apex; ++i)
      out.apex_leafs.push_back(in.domain(what + ".apex_leafs[" + std::to_string(i) + "]"));
    const uint64_t count = in.length(what + ".challenge_proofs", 3 * (4 + 64));
    if (count != shape.challenges)
      throw VanillaParseError(FilecoinError::kShape,
                              what + ".challenge_proofs: " + std::to_string(count) +
                                  " proofs, a partition has " + std::to_string(shape.challenges) +
                                  " challenges");
    out.challenge_proofs.reserve(count);
    for (uint64_t c = 0; c < count; ++c) {
      const std::string p = what + ".challenge_proofs[" + std::to_string(c) + "]";
      UpdateChallengeProof proof;
      proof.proof_r_old = read_merkle_proof(in, p + ".proof_r_old", shape.tree_shape, r_levels);
      proof.proof_d_new =
          read_merkle_proof(in, p + ".proof_d_new", hash::kBinaryTreeShape, shape.log2_nodes);
      proof.proof_r_new = read_merkle_proof(in, p + ".proof_r_new", shape.tree_shape, r_levels);
      out.challenge_proofs.push_back(std::move(proof));
    }
    in.expect_end(what);
    return out;
  });
}

FilecoinResult<bool> update_check_vanilla(const UpdateCircuitShape& shape,
                                          const UpdatePublicValues& values,
                                          const UpdatePartitionWitness& proof) {
  const auto inputs = update_public_inputs(shape, values);
  if (!inputs) return inputs.error();
  if (proof.challenge_proofs.size() != shape.challenges ||
      proof.apex_leafs.size() != shape.apex_leaf_count)
    return filecoin_error(
        FilecoinError::kShape,
        "the partition proof has " + std::to_string(proof.challenge_proofs.size()) +
            " challenge proofs and " + std::to_string(proof.apex_leafs.size()) + " apex leaves");
  auto inconsistent = [](const std::string& m) {
    return filecoin_error(FilecoinError::kInconsistent, m);
  };
  try {
    const ff::Fr comm_r_old = (*inputs)[1], comm_r_new = (*inputs)[3];
    const ff::Fr comm_c = circuit_fr(proof.comm_c, "comm_c");
    const unsigned cbl = shape.log2_nodes;
    const unsigned pbl = shape.partition_bits();
    const unsigned to_apex = cbl - pbl - shape.apex_leaf_bits();
    const Domain apex_root = hash::merkle_root<hash::Sha256NodeHasher>(
        std::span<const Domain>(proof.apex_leafs), hash::kBinaryTreeShape);
    const ff::Fr phi = update_phi((*inputs)[2], comm_r_old);
    const std::vector<uint64_t> challenges = update_challenges(shape, comm_r_new, values.k);
    const Domain root_r_old = proof.challenge_proofs[0].proof_r_old.root;
    const Domain root_r_new = proof.challenge_proofs[0].proof_r_new.root;
    if (poseidon2(comm_c, circuit_fr(root_r_old, "root_r_old")) != comm_r_old)
      return inconsistent("comm_r_old != Poseidon2(comm_c, root of TreeROld)");
    if (poseidon2(comm_c, circuit_fr(root_r_new, "root_r_new")) != comm_r_new)
      return inconsistent("comm_r_new != Poseidon2(comm_c, root of TreeRNew)");

    for (size_t j = 0; j < challenges.size(); ++j) {
      const uint64_t c = challenges[j];
      const UpdateChallengeProof& p = proof.challenge_proofs[j];
      const std::string at = "challenge " + std::to_string(j) + " (node " + std::to_string(c) + ")";
      const std::pair<const char*, const MerkleProof*> proofs[] = {{"proof_r_old", &p.proof_r_old},
                                                                   {"proof_d_new", &p.proof_d_new},
                                                                   {"proof_r_new", &p.proof_r_new}};
      for (const auto& [name, m] : proofs) {
        if (m->leaf_index() != c)
          return inconsistent(at + ": " + name + " opens node " + std::to_string(m->leaf_index()));
      }
      if (p.proof_r_old.root != root_r_old || p.proof_r_new.root != root_r_new)
        return inconsistent(at + ": a TreeR root differs from challenge 0's");
      if (p.proof_d_new.root != values.comm_d_new)
        return inconsistent(at + ": proof_d_new's root is not comm_d_new");
      for (const auto& [name, m] : {proofs[0], proofs[2]}) {
        const auto path = merkle_proof_path_fr(*m, "a TreeR sibling");
        if (hash::merkle_root_from_path<hash::PoseidonNodeHasher>(
                circuit_fr(m->leaf, "a leaf"), path) != circuit_fr(m->root, "a root"))
          return inconsistent(at + ": " + name + "'s path does not lead to its root");
      }
      if (sha_path_node(p.proof_d_new.leaf, p.proof_d_new.base, cbl) != values.comm_d_new)
        return inconsistent(at + ": proof_d_new's path does not lead to comm_d_new");
      const uint64_t apex_index = (c >> to_apex) & (shape.apex_leaf_count - 1);
      if (sha_path_node(p.proof_d_new.leaf, p.proof_d_new.base, to_apex) !=
          proof.apex_leafs[apex_index])
        return inconsistent(at + ": the TreeD path misses apex leaf " + std::to_string(apex_index));
      if (sha_path_node(p.proof_d_new.leaf, p.proof_d_new.base, cbl - pbl) != apex_root)
        return inconsistent(at + ": the TreeD path misses the apex tree's root");
      const ff::Fr rho = update_rho(phi, update_node_high(c, cbl, values.h));
      if (circuit_fr(p.proof_r_old.leaf, "leaf_r_old") +
              circuit_fr(p.proof_d_new.leaf, "leaf_d_new") * rho !=
          circuit_fr(p.proof_r_new.leaf, "leaf_r_new"))
        return inconsistent(at + ": leaf_r_new != leaf_r_old + leaf_d_new * rho");
    }
  } catch (const std::invalid_argument& e) {
    return filecoin_error(FilecoinError::kSchema, e.what());
  }
  return true;
}

std::vector<uint8_t> serialize_update_partition_proof(const UpdatePartitionWitness& proof) {
  std::vector<uint8_t> out;
  write_domain(out, proof.comm_c);
  write_u64(out, proof.apex_leafs.size());
  for (const Domain& leaf : proof.apex_leafs) write_domain(out, leaf);
  write_u64(out, proof.challenge_proofs.size());
  for (const UpdateChallengeProof& p : proof.challenge_proofs) {
    write_merkle_proof(out, p.proof_r_old);
    write_merkle_proof(out, p.proof_d_new);
    write_merkle_proof(out, p.proof_r_new);
  }
  return out;
}

}  // namespace cuzk::filecoin
