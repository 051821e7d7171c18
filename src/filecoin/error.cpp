// Names of the Filecoin floor's error codes (logs, gRPC status details).
#include "filecoin/error.hpp"

namespace cuzk::filecoin {

const char* to_string(FilecoinError e) {
  switch (e) {
    case FilecoinError::kUnknownProof:
      return "unknown proof";
    case FilecoinError::kSyntax:
      return "syntax error";
    case FilecoinError::kSchema:
      return "schema error";
    case FilecoinError::kShape:
      return "shape error";
    case FilecoinError::kInconsistent:
      return "inconsistent";
  }
  return "unknown error";
}

}  // namespace cuzk::filecoin
