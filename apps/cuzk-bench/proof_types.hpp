// Command-line lookup of registered seal proofs and circuits for cuzk-bench.
#pragma once

#include <stdexcept>
#include <string>

#include "filecoin/proof_type.hpp"

namespace cuzk::bench {

// A registered seal proof by serde name ("StackedDrg2KiBV1_1") or numeric id ("5"); throws
// std::runtime_error listing the valid names otherwise.
const filecoin::ProofType& find_proof_type(const std::string& name_or_id);

// A PoRep circuit by id ("porep-32g"); throws std::runtime_error listing the ids otherwise.
const filecoin::PorepSectorConfig& find_circuit(const std::string& circuit_id);

}  // namespace cuzk::bench
