// PoSt vanilla proofs: parsing, checking, circuit layout (see post_vanilla.hpp).
#include "filecoin/post_vanilla.hpp"

#include <stdexcept>
#include <string>

#include "filecoin/post_bincode.hpp"
#include "filecoin/post_challenges.hpp"
#include "hash/merkle_node.hpp"
#include "hash/merkle_tree.hpp"
#include "hash/poseidon.hpp"
#include "util/parallel.hpp"
#include "util/parallel_checks.hpp"

namespace cuzk::filecoin {

namespace {

size_t tree_levels(const PostCircuitConfig& circuit) {
  return hash::tree_level_arities(circuit.tree_shape, circuit.nodes()).size();
}

// Throws std::invalid_argument for a non-canonical value (post_check_vanilla reports it).
ff::Fr fr(const Domain& d) {
  return circuit_fr(d, "a PoSt vanilla proof value");
}

}  // namespace

FilecoinResult<FallbackPoStSectorProof> parse_fallback_post_sector_proof(
    std::span<const uint8_t> bytes, const PoStProofType& proof, const std::string& what) {
  return catch_parse_errors<FallbackPoStSectorProof>([&] {
    const PostCircuitConfig& circuit = *proof.circuit;
    const size_t levels = tree_levels(circuit);
    BincodeReader in(bytes);
    FallbackPoStSectorProof out;
    out.sector_id = in.u64(what + ".sector_id");
    out.comm_r = in.domain(what + ".comm_r");
    const std::string sectors_path = what + ".vanilla_proof.sectors";
    const uint64_t sectors = in.length(sectors_path, 8 + 64);
    if (sectors != 1)
      throw VanillaParseError(FilecoinError::kShape, sectors_path + ": " + std::to_string(sectors) +
                                                         " sector proofs, expected 1");
    PostVanillaSectorProof sector;
    const std::string p = sectors_path + "[0]";
    const uint64_t count = in.length(p + ".inclusion_proofs", 4 + 64);
    if (count != proof.challenge_count())
      throw VanillaParseError(FilecoinError::kShape,
                              p + ".inclusion_proofs: " + std::to_string(count) + " proofs, " +
                                  std::string(proof.name) + " has " +
                                  std::to_string(proof.challenge_count()) + " challenges");
    sector.inclusion_proofs.reserve(count);
    for (uint64_t j = 0; j < count; ++j)
      sector.inclusion_proofs.push_back(read_merkle_proof(
          in, p + ".inclusion_proofs[" + std::to_string(j) + "]", circuit.tree_shape, levels));
    sector.comm_c = in.domain(p + ".comm_c");
    sector.comm_r_last = in.domain(p + ".comm_r_last");
    out.sectors.push_back(std::move(sector));
    in.expect_end(what);
    return out;
  });
}

namespace {

// post_check_vanilla for sector i of the partition.
FilecoinResult<bool> check_sector(const PoStProofType& proof, const hash::Node32& randomness,
                                  const FallbackPoStSectorProof& s, size_t i, unsigned partition) {
  try {
    const std::string where = "sector " + std::to_string(s.sector_id);
    if (s.sectors.size() != 1)
      return filecoin_error(FilecoinError::kShape, where + ": expected one sector proof");
    const PostVanillaSectorProof& v = s.sectors[0];
    const auto challenges = post_sector_challenges(proof, randomness, s.sector_id,
                                                   uint64_t(partition) * proof.sector_count() + i);
    if (!challenges) return challenges.error();
    if (challenges->size() != v.inclusion_proofs.size())
      return filecoin_error(FilecoinError::kShape, where + ": " +
                                                       std::to_string(v.inclusion_proofs.size()) +
                                                       " inclusion proofs, expected " +
                                                       std::to_string(challenges->size()));
    const ff::Fr pair[] = {fr(v.comm_c), fr(v.comm_r_last)};
    if (hash::node_from_fr(hash::poseidon_hash(pair, hash::poseidon_params(2))) != s.comm_r)
      return filecoin_error(FilecoinError::kInconsistent,
                            where + ": comm_r != Poseidon2(comm_c, comm_r_last)");
    // The paths meet at least at the root: each shared node is hashed once.
    hash::MerklePathRoots<hash::PoseidonNodeHasher> roots;
    for (size_t j = 0; j < v.inclusion_proofs.size(); ++j) {
      const MerkleProof& m = v.inclusion_proofs[j];
      const std::string at = where + ", challenge " + std::to_string(j);
      if (m.leaf_index() != (*challenges)[j])
        return filecoin_error(FilecoinError::kInconsistent,
                              at + ": the proof opens leaf " + std::to_string(m.leaf_index()) +
                                  ", the challenge is " + std::to_string((*challenges)[j]));
      if (m.root != v.comm_r_last)
        return filecoin_error(FilecoinError::kInconsistent, at + ": root != comm_r_last");
      const auto path = merkle_proof_path_fr(m, "a sibling");
      if (roots.root(fr(m.leaf), path) != fr(v.comm_r_last))
        return filecoin_error(FilecoinError::kInconsistent,
                              at + ": the path does not lead to comm_r_last");
    }
  } catch (const std::invalid_argument& e) {
    return filecoin_error(FilecoinError::kSchema, e.what());
  }
  return true;
}

}  // namespace

FilecoinResult<bool> post_check_vanilla(const PoStProofType& proof, const hash::Node32& randomness,
                                        std::span<const FallbackPoStSectorProof> sectors,
                                        unsigned partition, unsigned threads) {
  if (sectors.size() > proof.sector_count())
    return filecoin_error(FilecoinError::kShape, std::to_string(sectors.size()) +
                                                     " sector proofs, a partition of " +
                                                     std::string(proof.name) + " holds " +
                                                     std::to_string(proof.sector_count()));
  return first_error_of(sectors.size(), threads, [&](size_t i) {
    return check_sector(proof, randomness, sectors[i], i, partition);
  });
}

FilecoinResult<std::vector<PostSectorWitness>> post_circuit_witness(
    const PoStProofType& proof, std::vector<FallbackPoStSectorProof> sectors, unsigned threads) {
  const unsigned circuit_sectors = proof.circuit->circuit_sectors;
  if (sectors.empty() || sectors.size() > proof.sector_count())
    return filecoin_error(FilecoinError::kShape, std::to_string(sectors.size()) +
                                                     " sector proofs for a partition of " +
                                                     std::string(proof.name) + " (1.." +
                                                     std::to_string(proof.sector_count()) + ")");
  std::vector<PostSectorWitness> out;
  out.reserve(circuit_sectors);
  for (FallbackPoStSectorProof& s : sectors) {
    if (s.sectors.size() != 1)
      return filecoin_error(FilecoinError::kShape, "sector " + std::to_string(s.sector_id) +
                                                       ": expected one sector proof");
    PostVanillaSectorProof& v = s.sectors[0];
    PostSectorWitness w{s.comm_r, v.comm_c, v.comm_r_last, {}};
    if (proof.type() == PoStType::kWinning) {
      // Unrolled: one circuit sector per inclusion proof.
      for (MerkleProof& m : v.inclusion_proofs) {
        w.inclusion_proofs.clear();
        w.inclusion_proofs.push_back(std::move(m));
        out.push_back(w);
      }
    } else {
      w.inclusion_proofs = std::move(v.inclusion_proofs);
      out.push_back(std::move(w));
    }
  }
  if (out.size() > circuit_sectors)
    return filecoin_error(FilecoinError::kShape, std::to_string(out.size()) +
                                                     " circuit sectors, the circuit holds " +
                                                     std::to_string(circuit_sectors));
  // Padding: copies of the last sector (2348 of them for a one-sector 32 GiB partition).
  const size_t filled = out.size();
  out.resize(circuit_sectors);
  parallel_for(circuit_sectors - filled, threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) out[filled + i] = out[filled - 1];
  });
  return out;
}

std::vector<uint8_t> serialize_fallback_post_sector_proof(const FallbackPoStSectorProof& proof) {
  std::vector<uint8_t> out;
  write_u64(out, proof.sector_id);
  write_domain(out, proof.comm_r);
  write_u64(out, proof.sectors.size());
  for (const PostVanillaSectorProof& s : proof.sectors) {
    write_u64(out, s.inclusion_proofs.size());
    for (const MerkleProof& m : s.inclusion_proofs) write_merkle_proof(out, m);
    write_domain(out, s.comm_c);
    write_domain(out, s.comm_r_last);
  }
  return out;
}

}  // namespace cuzk::filecoin
