// Which precompiled circuits' matrices a device frees to make room for another's: a device may
// be asked for the matrices of several circuits (a 32 GiB PoRep partition's 8.5 GiB, a 32 GiB
// WindowPoSt's 11.6 GiB) beside both parameter sets, more than it holds. Rather than fail the
// proof that needs the new matrices (the pipeline would retry it with a/b/c made on the CPU),
// the device frees the least recently used others; the circuit they belong to uploads them
// again on its next proof (~1.3 s for PoRep's). Plain C++: the policy, tested on the host.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace cuzk::gpu {

template <class Key>
struct ResidentCircuit {
  Key key;
  size_t bytes = 0;
  uint64_t last_use = 0;  // larger: used more recently
};

// The keys to free, least recently used first, so that `need` bytes fit once they are freed
// (free_bytes + their bytes >= need): none when they fit already, std::nullopt when freeing
// every resident circuit would not be enough (then nothing should be freed).
template <class Key>
std::optional<std::vector<Key>> circuits_to_evict(std::vector<ResidentCircuit<Key>> resident,
                                                  size_t need, size_t free_bytes) {
  std::vector<Key> out;
  std::sort(resident.begin(), resident.end(),
            [](const auto& x, const auto& y) { return x.last_use < y.last_use; });
  for (const auto& r : resident) {
    if (free_bytes >= need) break;
    out.push_back(r.key);
    free_bytes += r.bytes;
  }
  if (free_bytes < need) return std::nullopt;
  return out;
}

}  // namespace cuzk::gpu
