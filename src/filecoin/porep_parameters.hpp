// Where a circuit's Groth16 parameters live (PoRep, WindowPoSt / WinningPoSt, SnapDeals), and
// test parameters for any of them.
//
// A parameter directory may hold Filecoin's ceremony files (v28-stacked-proof-of-replication-...,
// proof_type.hpp parameter_file_name) or our own test parameters, named so they can never be
// mistaken for the real ones: cuzk-test-<circuit id>.params / .vk (e.g. cuzk-test-porep-2k.vk).
// Lookup prefers the Filecoin files. Test parameters come from a random toxic-waste setup of the
// blank circuit (StackedDRG, Fallback PoSt or EmptySectorUpdate by the id's kind;
// groth16/setup.hpp): they prove and verify exactly like the real ones but are worthless on chain.
// The PoSt / SnapDeals Filecoin names are post_parameter_file_name / update_parameter_file_name
// (SHA-256 variant).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/error.hpp"
#include "filecoin/proof_type.hpp"
#include "groth16/parameters.hpp"
#include "groth16/setup.hpp"

namespace cuzk::filecoin {

// "cuzk-test-porep-2k.params" (kMeta has no test form: .meta files are Filecoin's only).
std::string test_parameter_file_name(std::string_view circuit_id, ParameterFile file);

// The names a circuit's .params or .vk file may have in a parameter directory, in the order they
// are tried: Filecoin's (only for a circuit id find_circuit_kind knows), then our test name (for
// any id, e.g. the bench circuit's "cuzk-test-chain-65536.params").
struct ParameterFileName {
  std::string name;
  bool test_parameters = false;  // our cuzk-test-* file rather than Filecoin's
};
std::vector<ParameterFileName> parameter_file_names(std::string_view circuit_id,
                                                    ParameterFile file);

// The first of parameter_file_names that is a file in `dir`, as a full path; nullopt when none
// is, with `tried` listing the paths looked at (for the error message).
struct ParameterPath {
  std::string path;
  bool test_parameters = false;
};
std::optional<ParameterPath> find_parameter_file(const std::string& dir,
                                                 std::string_view circuit_id, ParameterFile file,
                                                 std::vector<std::string>* tried = nullptr);

struct PorepParameterFiles {
  std::string params;  // full paths
  std::string vk;
  bool test_parameters = false;  // our cuzk-test-* files rather than Filecoin's
};
// kUnknownProof naming both file names when neither pair is in `dir`.
FilecoinResult<PorepParameterFiles> find_porep_parameters(const std::string& dir,
                                                          const PorepSectorConfig& sector);

// Test parameters for the sector size's circuit from the secrets `tw`, written to `dir` under the
// test names; returns the written files. `multiplier`: generate_parameters' (null: CPU threads).
// pce_dir (optional): the circuit setup recorded is also written there as the daemon's precompiled
// cache file (<circuit id>.pce), so that a daemon caching there does not record it again.
PorepParameterFiles write_porep_test_parameters(const std::string& dir,
                                                const PorepSectorConfig& sector,
                                                const groth16::ToxicWaste& tw, unsigned threads,
                                                const groth16::SetupProgress& progress = {},
                                                groth16::FixedBaseMultiplier* multiplier = nullptr,
                                                const std::string& pce_dir = {});

// Filecoin's file name for any circuit id find_circuit_kind knows; kUnknownProof for an unknown id.
FilecoinResult<std::string> circuit_parameter_file_name(std::string_view circuit_id,
                                                        ParameterFile file);

// Any circuit id find_circuit_kind knows (porep-*, wpost-*, winning-*, snap-*): its Filecoin
// files, else its test files. kUnknownProof for an unknown id or when neither pair is in `dir`.
FilecoinResult<PorepParameterFiles> find_circuit_parameters(const std::string& dir,
                                                            std::string_view circuit_id);

// The verifying key alone (a verifier's directory may hold only the .vk files; the .params are
// tens of GB): Filecoin's, else the test one. kUnknownProof naming both when neither is in `dir`.
FilecoinResult<std::string> find_verifying_key(const std::string& dir, std::string_view circuit_id);

// Test parameters of any circuit id (blank synthesis of its kind). kUnknownProof for an
// unknown id.
FilecoinResult<PorepParameterFiles> write_circuit_test_parameters(
    const std::string& dir, std::string_view circuit_id, const groth16::ToxicWaste& tw,
    unsigned threads, const groth16::SetupProgress& progress = {},
    groth16::FixedBaseMultiplier* multiplier = nullptr, const std::string& pce_dir = {});

}  // namespace cuzk::filecoin
