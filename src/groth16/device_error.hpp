// DeviceError: what a prover backend throws when its device failed — a CUDA error, device or
// pinned host memory exhausted, the parameters evicted under a start — as opposed to the caller's
// mistake (std::invalid_argument: the assignments do not fit the parameters) or a bug (anything
// else). Only a DeviceError is worth another try: the engine's pipeline proves the partition
// again (on another device where there are several) and SpreadBackend counts it against the
// member's health; any other exception fails the partition at once.
#pragma once

#include <stdexcept>

namespace cuzk::groth16 {

class DeviceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace cuzk::groth16
