// in_phase: the CUDA backend's error policy for one named phase of a start — an error leaves with
// the phase in front of its message and its type kept (CudaError and groth16::DeviceError stay
// what they are, std::invalid_argument stays std::invalid_argument; host out-of-memory becomes a
// DeviceError, worth another try; any other runtime_error stays a runtime_error: not retried).
// A failed runtime call (an out-of-memory cudaMalloc, say) also sets the thread's last-error
// state, which a later cudaGetLastError after a kernel launch would report as that launch's
// failure: it is cleared here (a sticky error, which poisons the context, stays and resurfaces on
// the next call). And gb(): byte counts in messages; DeviceInPhase: a DeviceGuard made in phase
// "device" (the backend's entry points).
#pragma once

#include <cstdio>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>

#include "gpu/util/cuda_util.hpp"
#include "gpu/util/device_guard.hpp"

namespace cuzk::gpu {

template <class F>
decltype(auto) in_phase(const char* phase, F&& f) {
  const auto where = [phase] { return std::string("CudaBackend, phase ") + phase + ": "; };
  try {
    return f();
  } catch (const CudaError& e) {
    (void)cudaGetLastError();
    throw CudaError(e.code(), where() + e.what());
  } catch (const groth16::DeviceError& e) {
    throw groth16::DeviceError(where() + e.what());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(where() + e.what());
  } catch (const std::bad_alloc&) {
    throw groth16::DeviceError(where() + "host out of memory");
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(where() + e.what());
  }
}

inline std::string gb(size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f GB", double(bytes) / 1e9);
  return text;
}

class DeviceInPhase {
 public:
  explicit DeviceInPhase(int device) {
    in_phase("device", [&] { guard_.emplace(device); });
  }

 private:
  std::optional<DeviceGuard> guard_;
};

}  // namespace cuzk::gpu
