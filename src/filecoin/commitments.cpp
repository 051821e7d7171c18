// Replica id, comm_r and the zero-sector comm_d of commitments.hpp.
#include "filecoin/commitments.hpp"

#include <array>

#include "filecoin/bytes.hpp"
#include "hash/merkle_node.hpp"
#include "hash/sha256.hpp"
#include "hash/sha256_domain.hpp"

namespace cuzk::filecoin {

hash::Node32 generate_replica_id(const hash::Node32& prover_id, uint64_t sector_id,
                                 const hash::Node32& ticket, const hash::Node32& comm_d,
                                 const hash::Node32& porep_id) {
  hash::Sha256 hasher;
  hasher.update(prover_id)
      .update(to_be_bytes(sector_id))
      .update(ticket)
      .update(comm_d)
      .update(porep_id);
  return hash::trim_to_fr32(hasher.finalize());
}

ff::Fr compute_comm_r(const ff::Fr& comm_c, const ff::Fr& comm_r_last) {
  const std::array<ff::Fr, 2> children = {comm_c, comm_r_last};
  return hash::poseidon_node(children);
}

hash::Node32 zero_sector_comm_d(unsigned log2_nodes) {
  hash::Node32 node{};
  for (unsigned level = 0; level < log2_nodes; ++level) {
    node = hash::sha256_domain_hash2(node, node);
  }
  return node;
}

}  // namespace cuzk::filecoin
