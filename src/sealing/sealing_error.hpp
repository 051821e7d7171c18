// Error codes of the sealing floor: what a caller asked for that cannot be sealed. Functions that
// take outside requests (the gen-c1 command, tests) return SealingResult<T>; the message says what
// is wrong and, where there is one, what to do instead.
#pragma once

#include <string>
#include <utility>

#include "util/result.hpp"

namespace cuzk::sealing {

enum class SealingError {
  kMissingProof,      // the request names no registered proof
  kTooLargeToSeal,    // real sealing of a sector above 8 MiB (use a virtual sector)
  kNotVirtualizable,  // virtual sector for a synthetic / non-interactive proof
  kBadSectorData,     // data of the wrong size, or a node that is not Fr32
  kBadParameter,      // a generation parameter out of range
};

const char* to_string(SealingError e);

template <class T>
using SealingResult = Result<T, SealingError>;

inline Error<SealingError> sealing_error(SealingError code, std::string message) {
  return Error<SealingError>{code, std::move(message)};
}

}  // namespace cuzk::sealing
