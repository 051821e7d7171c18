// The on-disk cache of a PrecompiledCircuit, so that a daemon restart does not record the circuit
// again. One file per circuit id, little-endian:
//
//   "CUZKPCE\0"   magic (8 bytes)
//   u32 version   kPrecompiledFileVersion
//   u32 n, n bytes   the circuit id ("porep-2k")
//   u64 num_inputs, num_aux, num_constraints, num_coeffs, nnz_a, nnz_b, nnz_c
//   32 bytes      the circuit's digest (PrecompiledCircuit::digest())
//   num_coeffs x 32 bytes   the coefficient table, canonical little-endian Fr
//   for A, B, C:  (num_constraints + num_inputs + 1) x u64 row_ptr, nnz x u32 cols,
//                 nnz x u32 coefficient indices
//
// Loading checks everything before returning: magic, version, circuit id, the exact file size
// implied by the header (a truncated or extended file is refused before anything is allocated),
// canonical coefficients, the structure (PrecompiledCircuit::from_parts) and finally that the
// digest recomputed from the contents equals the stored one. Any failure throws
// PrecompiledFileError with the path and what is wrong; nothing partial is ever returned.
// Saving writes a temporary file next to the target and renames it, so readers never see half a
// file.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "r1cs/precompiled_circuit.hpp"

namespace cuzk::r1cs {

// 2: the digest hashes the arrays in 64 MiB pieces (precompiled_circuit.cpp); a version-1 file
// is refused and the circuit recorded again.
inline constexpr uint32_t kPrecompiledFileVersion = 2;

class PrecompiledFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void save_precompiled(const std::string& path, std::string_view circuit_id,
                      const PrecompiledCircuit& circuit);

PrecompiledCircuit load_precompiled(const std::string& path, std::string_view circuit_id);

}  // namespace cuzk::r1cs
