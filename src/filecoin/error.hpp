// Error codes of the Filecoin floor. Every function that reads outside input (proof names, C1
// files, Curio envelopes) returns FilecoinResult<T>; the message names the offending field by its
// path in the input (see c1_json.hpp for the path convention) and says what was expected.
#pragma once

#include <string>

#include "util/result.hpp"

namespace cuzk::filecoin {

enum class FilecoinError {
  kUnknownProof,  // no registered proof / circuit with that id, name or size
  kSyntax,        // not JSON, or not base64
  kSchema,        // valid JSON of the wrong form: missing field, wrong type, bad length
  kShape,         // well-formed, but counts or tree shape do not fit the registered proof
  kInconsistent,  // a recomputed hash, index or commitment does not match
};

const char* to_string(FilecoinError e);

template <class T>
using FilecoinResult = Result<T, FilecoinError>;

inline Error<FilecoinError> filecoin_error(FilecoinError code, std::string message) {
  return Error<FilecoinError>{code, std::move(message)};
}

}  // namespace cuzk::filecoin
