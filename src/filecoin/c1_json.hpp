// Reading and writing the C1 JSON (serde form of SealCommitPhase1Output; spec §11) and Curio's
// base64 envelope.
//
// Reading checks the form only: JSON syntax, every required field present once (unknown
// fields are skipped, as serde does), types, 32-element byte arrays, integer ranges, the Merkle
// variant names, a known registered_proof whose size matches the vanilla_proofs shape key.
// Counts, tree shapes and hashes are check_c1's job (c1_check.hpp). Errors name the field by its
// FieldPath (field_path.hpp), e.g.
//   "vanilla_proofs[2][17].comm_d_proofs.path[3].hashes[0]: expected 32 bytes, got 31".
// Writing produces serde_json::to_vec's compact output, byte for byte.
#pragma once

#include <string>
#include <string_view>

#include "filecoin/c1_output.hpp"
#include "filecoin/error.hpp"

namespace cuzk::filecoin {

FilecoinResult<SealCommitPhase1Output> parse_c1_json(std::string_view json);
std::string to_json(const SealCommitPhase1Output& c1);

// The envelope alone (Phase1Out decoded from base64, not parsed).
FilecoinResult<CurioC1Envelope> parse_curio_envelope(std::string_view json);
std::string to_json(const CurioC1Envelope& envelope);

// Envelope, then the C1 inside it; SectorSize must match the registered proof's sector size.
FilecoinResult<SealCommitPhase1Output> parse_curio_c1(std::string_view json);

}  // namespace cuzk::filecoin
