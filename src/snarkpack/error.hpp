// Error codes of the SnarkPack floor: reading aggregate proofs and SRS files, and aggregating.
// Messages name the field or file position at fault.
#pragma once

#include <string>

#include "util/result.hpp"

namespace cuzk::snarkpack {

enum class SnarkpackError {
  kMalformed,  // bytes that are not an aggregate proof / SRS: length, point, count
  kMismatch,   // well formed, but sizes do not fit together (proofs, SRS, inputs, keys)
  kIo,         // a file could not be read
};

template <class T>
using SnarkpackResult = Result<T, SnarkpackError>;

inline Error<SnarkpackError> snarkpack_error(SnarkpackError code, std::string message) {
  return Error<SnarkpackError>{code, std::move(message)};
}

}  // namespace cuzk::snarkpack
