// Names of the sealing floor's error codes.
#include "sealing/sealing_error.hpp"

namespace cuzk::sealing {

const char* to_string(SealingError e) {
  switch (e) {
    case SealingError::kMissingProof:
      return "missing proof";
    case SealingError::kTooLargeToSeal:
      return "too large to seal";
    case SealingError::kNotVirtualizable:
      return "not virtualizable";
    case SealingError::kBadSectorData:
      return "bad sector data";
    case SealingError::kBadParameter:
      return "bad parameter";
  }
  return "unknown error";
}

}  // namespace cuzk::sealing
