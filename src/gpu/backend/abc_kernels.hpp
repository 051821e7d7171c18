// The a, b, c evaluations of a precompiled circuit on the device: per constraint row r,
// a[r] = <A_r, z>, b[r] = <B_r, z>, c[r] = <C_r, z> over the assignment z = [inputs | aux] — the
// same sparse products as r1cs::assign_precompiled on the CPU (precompiled_circuit.hpp), so only
// the witness crosses PCIe (device_circuit.hpp keeps the matrices resident). Host entry point of
// abc_kernels.cu; pointers are device pointers.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "gpu/arith/field_storage.hpp"

namespace cuzk::gpu {

// One matrix in the layout of r1cs::IndexedCsr: row r's entries are [row_ptr[r], row_ptr[r+1]),
// each a column of z and an index into the coefficient table (0 = one, 1 = minus one).
struct DeviceCsrView {
  const uint64_t* row_ptr = nullptr;
  const uint32_t* cols = nullptr;
  const uint32_t* coeff_index = nullptr;
};

struct AbcMatrices {
  DeviceCsrView a, b, c;
  const FrStorage* coeffs = nullptr;  // the table, Montgomery form
  size_t rows = 0;                    // enforced constraints and input rows
};

// a, b, c[r] for r < rows and 0 for rows <= r < m (the NTT domain's padding); enqueued on `stream`.
void evaluate_abc(const AbcMatrices& matrices, const FrStorage* z, FrStorage* a, FrStorage* b,
                  FrStorage* c, size_t m, cudaStream_t stream);

}  // namespace cuzk::gpu
