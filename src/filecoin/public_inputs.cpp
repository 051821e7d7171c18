// PoRep public inputs of public_inputs.hpp.
#include "filecoin/public_inputs.hpp"

#include <string>

#include "filecoin/challenges.hpp"
#include "filecoin/stacked_graph.hpp"

namespace cuzk::filecoin {

FilecoinResult<std::vector<ff::Fr>> porep_public_inputs(const ProofType& proof,
                                                        const PorepPublicValues& values,
                                                        unsigned partition) {
  if (partition >= proof.partitions()) {
    return filecoin_error(FilecoinError::kShape, "partition " + std::to_string(partition) +
                                                     " >= " + std::to_string(proof.partitions()) +
                                                     " partitions of " + std::string(proof.name));
  }
  std::vector<ff::Fr> inputs;
  const std::pair<const char*, const hash::Node32*> commitments[] = {
      {"replica_id", &values.replica_id}, {"comm_d", &values.comm_d}, {"comm_r", &values.comm_r}};
  for (const auto& [name, bytes] : commitments) {
    auto x = hash::fr_from_node(*bytes);
    if (!x)
      return filecoin_error(FilecoinError::kSchema,
                            std::string(name) + ": not a canonical field element");
    inputs.push_back(*x);
  }
  const auto challenges = porep_partition_challenges(
      proof, ChallengeSeed{values.replica_id, values.seed, values.comm_r}, partition);
  const StackedGraph graph = StackedGraph::for_proof(proof);
  inputs.reserve(inputs.size() + challenges.size() * kPublicInputsPerChallenge);
  for (uint64_t c : challenges) {
    const ff::Fr challenge = ff::Fr::from_u64(c);
    inputs.push_back(challenge);
    for (uint32_t parent : graph.parents(c)) inputs.push_back(ff::Fr::from_u64(parent));
    inputs.insert(inputs.end(), 3, challenge);
  }
  return inputs;
}

}  // namespace cuzk::filecoin
