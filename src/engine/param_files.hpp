// Where a circuit's Groth16 parameters live in the parameter cache directory.
//
// Two namings, tried in this order:
//   Filecoin's  "v28-stacked-proof-of-replication-...-<sha256>.params" / ".vk" for the circuits
//               of the registered proofs (filecoin::parameter_file_name), as `curio fetch-params`
//               downloads them;
//   ours        "cuzk-test-<circuit-id>.params" / ".vk" (filecoin::test_parameter_file_name) for
//               parameters made by our own test setup (cuzk-bench setup), e.g.
//               "cuzk-test-porep-2k.params" or the bench circuit's "cuzk-test-chain-65536.params".
//               Proofs made with them verify only against the matching test .vk, never on chain;
//               the SRS manager logs a warning when it loads one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "filecoin/proof_type.hpp"

namespace cuzk::engine {

// Filecoin's file name for a circuit id ("porep-32g", "wpost-32g", "snap-32g"), or nullopt when
// the id is not one of the registered circuits.
std::optional<std::string> filecoin_parameter_file_name(std::string_view circuit_id,
                                                        filecoin::ParameterFile kind);

struct ParameterPath {
  std::string path;
  bool test_parameters = false;  // our own setup's, not Filecoin's ceremony
};

// The first existing .params file of the two namings in `dir`; nullopt when none exists, with
// `tried` listing the paths looked at (for the error message).
std::optional<ParameterPath> find_parameter_file(const std::string& dir,
                                                 std::string_view circuit_id,
                                                 std::vector<std::string>* tried = nullptr);

}  // namespace cuzk::engine
