// The Fallback PoSt circuit (see post_circuit.hpp).
#include "filecoin/post_circuit.hpp"

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "gadgets/num.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon.hpp"
#include "hash/node32.hpp"
#include "hash/poseidon_params.hpp"
#include "r1cs/witness_blocks.hpp"

namespace cuzk::filecoin {

using gadgets::AllocatedNum;
using r1cs::ConstraintSystem;
using r1cs::Namespace;

PostCircuitShape post_circuit_shape(const PostCircuitConfig& circuit) {
  return {circuit.log2_nodes, circuit.tree_shape, circuit.circuit_sectors,
          circuit.circuit_challenges};
}

void synthesize_post_sector(ConstraintSystem& cs, const PostCircuitShape& shape,
                            const PostSectorWitness& sector) {
  if (sector.inclusion_proofs.size() != shape.challenges)
    throw std::invalid_argument(
        "PoSt circuit: a sector has " + std::to_string(sector.inclusion_proofs.size()) +
        " inclusion proofs, the shape needs " + std::to_string(shape.challenges));
  const size_t levels =
      hash::tree_level_arities(shape.tree_shape, uint64_t(1) << shape.log2_nodes).size();

  AllocatedNum comm_r_last, comm_c, comm_r;
  {
    Namespace ns(cs, "comm_r_last");
    comm_r_last = AllocatedNum::alloc(cs, circuit_fr(sector.comm_r_last, "PoSt comm_r_last"));
  }
  {
    Namespace ns(cs, "comm_c");
    comm_c = AllocatedNum::alloc(cs, circuit_fr(sector.comm_c, "PoSt comm_c"));
  }
  {
    Namespace ns(cs, "comm_r");
    comm_r = AllocatedNum::alloc(cs, circuit_fr(sector.comm_r, "PoSt comm_r"));
  }
  {
    Namespace ns(cs, "comm_r_input");
    comm_r.inputize(cs);
  }
  {
    AllocatedNum hash;
    {
      Namespace ns(cs, "H_comm_c_comm_r_last");
      const AllocatedNum pair[] = {comm_c, comm_r_last};
      hash = gadgets::poseidon_hash_circuit(cs, pair, hash::poseidon_params(2));
    }
    cs.enforce(comm_r.variable(), ConstraintSystem::one(), hash.variable(),
               "enforce_comm_c_comm_r_last_hash_comm_r");
  }

  const auto root = gadgets::PorValue::allocated(comm_r_last);
  for (size_t j = 0; j < sector.inclusion_proofs.size(); ++j) {
    const MerkleProof& proof = sector.inclusion_proofs[j];
    const auto path = merkle_proof_path_fr(proof, "a PoSt tree R sibling");
    if (path.size() != levels)
      throw std::invalid_argument("PoSt circuit: an inclusion path has " +
                                  std::to_string(path.size()) + " levels, the shape needs " +
                                  std::to_string(levels));
    const auto leaf = gadgets::PorValue::value(circuit_fr(proof.leaf, "a PoSt leaf"));
    Namespace ns(cs, [&] { return "challenge_inclusion_" + std::to_string(j); });
    gadgets::por_circuit(cs, gadgets::TreeHasher::kPoseidon, shape.tree_shape, leaf, path, root,
                         true);
  }
}

void synthesize_post_circuit(ConstraintSystem& cs, const PostCircuitShape& shape,
                             std::span<const PostSectorWitness> sectors) {
  if (sectors.size() != shape.sectors)
    throw std::invalid_argument("PoSt circuit: " + std::to_string(sectors.size()) +
                                " sectors, the shape needs " + std::to_string(shape.sectors));
  Namespace outer(cs, "outer namespace");
  for (size_t i = 0; i < sectors.size(); ++i) {
    Namespace ns(cs, [&] { return "sector_" + std::to_string(i); });
    synthesize_post_sector(cs, shape, sectors[i]);
  }
}

r1cs::Witness post_circuit_witness_values(const PostCircuitShape& shape,
                                          std::span<const PostSectorWitness> sectors,
                                          const r1cs::CircuitSizes& sizes, TaskPool& pool) {
  if (sectors.size() != shape.sectors || sectors.empty())
    throw std::invalid_argument("PoSt witness: " + std::to_string(sectors.size()) +
                                " sectors, the shape needs " + std::to_string(shape.sectors));
  r1cs::Witness w = r1cs::WitnessCS().take();  // ONE: the top part
  r1cs::fill_witness_blocks(
      w, sizes, sectors.size(), pool, "PoSt witness", "sector",
      [&](size_t i, ConstraintSystem& cs) { synthesize_post_sector(cs, shape, sectors[i]); });
  return w;
}

PostSectorWitness blank_post_sector(const PostCircuitShape& shape) {
  MerkleProof proof;
  for (unsigned arity : hash::tree_level_arities(shape.tree_shape, uint64_t(1) << shape.log2_nodes))
    proof.base.push_back({std::vector<Domain>(arity - 1), 0});  // the circuit joins the parts
  PostSectorWitness sector;
  sector.inclusion_proofs.assign(shape.challenges, proof);
  return sector;
}

void synthesize_post_blank(ConstraintSystem& cs, const PostCircuitShape& shape) {
  const PostSectorWitness blank = blank_post_sector(shape);
  Namespace outer(cs, "outer namespace");
  for (unsigned i = 0; i < shape.sectors; ++i) {
    Namespace ns(cs, [&] { return "sector_" + std::to_string(i); });
    synthesize_post_sector(cs, shape, blank);
  }
}

}  // namespace cuzk::filecoin
