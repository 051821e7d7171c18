// SrsManager: the Groth16 parameter sets (SRS) of the circuits, loaded on demand from the
// parameter cache directory (filecoin/porep_parameters.hpp) and kept resident while they are worth
// their memory.
//
// Tiers (as reported by GetStatus):
//   hot   decoded in memory (groth16::Parameters + prepared verifying key), ready to prove with;
//         its size is reserved in the shared MemoryBudget (with SrsOptions::take_section the bulk
//         sections live on the GPUs instead, and nothing is reserved once loaded);
//   warm  the file is still mapped (page cache) after a budget eviction: reloading skips the disk;
//   cold  on disk only (never loaded, or explicitly evicted).
// acquire() returns an SrsLease, an RAII reference count: an entry with a lease is never evicted.
// Concurrent acquires of one circuit share one load. When a load does not fit the budget, idle
// hot entries (no lease, unused for at least eviction_min_idle) are evicted least recently used
// first; if it still does not fit, the load waits for memory to be released (other jobs'
// partitions finishing) and fails only if the set is larger than the whole budget.
// Loads log their progress section by section and report their time.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/memory_budget.hpp"
#include "engine/param_digest.hpp"
#include "groth16/parameters.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/proving_assignment.hpp"
#include "util/result.hpp"

namespace cuzk::engine {

struct LoadedSrs {
  std::string circuit_id;
  std::string path;
  bool test_parameters = false;
  groth16::Parameters params;
  groth16::PreparedVerifyingKey pvk;
  // Upper bounds from the file: inputs = |ic|, aux = |l|, constraints = domain size (|h| + 1).
  r1cs::CircuitSizes bounds;
  uint64_t bytes = 0;        // the decoded parameters' host memory, as reserved in the budget
  bool device_only = false;  // bulk sections released to the GPUs (SrsOptions::take_section)
};

enum class SrsTier { kHot = 0, kWarm = 1, kCold = 2 };  // the wire values of SRSStatus.Tier
const char* to_string(SrsTier tier);                    // "hot", "warm", "cold"

enum class SrsError { kNotFound, kBadFile, kTooLarge, kInUse, kStopped };

class SrsManager;

class SrsLease {
 public:
  SrsLease() = default;
  SrsLease(SrsLease&& o) noexcept;
  SrsLease& operator=(SrsLease&& o) noexcept;
  SrsLease(const SrsLease&) = delete;
  SrsLease& operator=(const SrsLease&) = delete;
  ~SrsLease() { reset(); }

  explicit operator bool() const { return srs_ != nullptr; }
  const LoadedSrs& operator*() const { return *srs_; }
  const LoadedSrs* operator->() const { return srs_.get(); }
  void reset();

 private:
  friend class SrsManager;
  SrsLease(SrsManager* manager, std::shared_ptr<const LoadedSrs> srs)
      : manager_(manager), srs_(std::move(srs)) {}
  SrsManager* manager_ = nullptr;
  std::shared_ptr<const LoadedSrs> srs_;
};

using RawSectionHook = std::function<groth16::ParamsResult<bool>(
    groth16::Parameters&, groth16::Section, std::span<const uint8_t> section_bytes)>;

struct SrsOptions {
  std::string param_cache;
  // Filecoin's parameters.json: a .params file it lists is checked against its digest
  // (param_digest.hpp), hashed on its own thread while the set is decoded; the set is used only
  // once it matches (a mismatch fails the load and frees what was placed). Empty: no check.
  std::string parameters_json;
  std::chrono::milliseconds eviction_min_idle{std::chrono::minutes(5)};
  unsigned load_threads = 0;  // decoding threads (0 = all cores)
  // Called (with the manager's lock held) before a set's parameters are dropped: the backend
  // releases any device copy (backend_factory.hpp).
  std::function<void(const groth16::Parameters&)> on_unload;
  // Parameters kept on the devices only ([srs] host_copy = false): called after each bulk section
  // is decoded; the backend copies it to its devices and releases it from the Parameters
  // (backend_factory.hpp). Such a load reserves only its largest section in the budget while it
  // runs and nothing after: the hot set holds its verifying key alone in host memory.
  std::function<void(groth16::Parameters&, groth16::Section)> take_section;
  // With take_section, optional: called for each bulk section before anything is decoded, with
  // the section's bytes in the file (groth16::params_section_bytes: uncompressed points, not yet
  // checked). True: the devices decoded, checked and hold them, and the hook set
  // params.released for the section (nothing is decoded on the host); false: decode on the host
  // and call take_section as without this hook; an error (the first bad point, as the host
  // decoder names it) fails the load. Exceptions as take_section's.
  RawSectionHook take_raw_section;
  // With take_section, optional: called once per load before any section, with the bytes the
  // set's points take on a device, its domain and its variables; a reason to leave the set in
  // its file (groth16::Parameters::in_file: no section decoded or handed over; the devices
  // stream it at every proof), or nullopt to go on as above (Backend::leaves_in_file).
  std::function<std::optional<std::string>(uint64_t device_bytes, size_t domain, size_t variables)>
      leaves_in_file;
  // Tests: called on the loading thread before a set is read from disk.
  std::function<void(const std::string& circuit_id)> before_load;
};

struct SrsEntryStatus {
  std::string circuit_id;
  SrsTier tier = SrsTier::kCold;
  uint64_t size_bytes = 0;
  uint32_t ref_count = 0;
  double last_load_ms = 0;
  double idle_seconds = 0;
  bool test_parameters = false;
};

class SrsManager {
 public:
  SrsManager(SrsOptions options, MemoryBudget& budget);
  ~SrsManager();
  SrsManager(const SrsManager&) = delete;
  SrsManager& operator=(const SrsManager&) = delete;

  // Blocks until the circuit's parameters are hot. `load_ms` receives this call's wait (0 when
  // they were hot already).
  Result<SrsLease, SrsError> acquire(const std::string& circuit_id, double* load_ms = nullptr);
  // A lease at once when the set is hot (loaded, not reloading); nullopt otherwise (never loads).
  std::optional<SrsLease> acquire_if_hot(const std::string& circuit_id);

  struct PreloadResult {
    bool already_loaded = false;
    double load_ms = 0;
    uint64_t domain = 0;  // the set's proving domain: points of H + 1 (a power of two)
  };
  Result<PreloadResult, SrsError> preload(const std::string& circuit_id);

  struct EvictResult {
    bool was_loaded = false;
    uint64_t freed_bytes = 0;
  };
  // To cold. kInUse while a lease is held.
  Result<EvictResult, SrsError> evict(const std::string& circuit_id);

  // Evicts idle hot entries, least recently used first, until `bytes` are available in the
  // budget or no candidate is left. Returns the bytes freed.
  uint64_t evict_idle_for(uint64_t bytes);

  std::vector<SrsEntryStatus> status() const;
  uint64_t hot_bytes() const;

  // The budget held by hot sets: `leased` by sets in use (only their jobs' ends free it), `idle`
  // by sets without a lease (evict_idle_for frees it now or once idle for eviction_min_idle).
  struct BudgetUse {
    uint64_t leased = 0;
    uint64_t idle = 0;
  };
  BudgetUse budget_use() const;

  // Makes waiting loads give up (kStopped); used at shutdown.
  void stop();

 private:
  friend class SrsLease;
  struct Entry;
  using Clock = std::chrono::steady_clock;

  void release(const std::string& circuit_id);
  Result<std::shared_ptr<LoadedSrs>, SrsError> load(Entry& entry);
  Result<MemoryBudget::Reservation, SrsError> reserve_for_load(const std::string& circuit_id,
                                                               uint64_t bytes);

  SrsOptions options_;
  std::optional<ParameterManifest> manifest_;  // read from options_.parameters_json
  MemoryBudget& budget_;
  mutable std::mutex mutex_;
  std::condition_variable load_done_;
  std::map<std::string, std::unique_ptr<Entry>> entries_;
  bool stopped_ = false;
};

}  // namespace cuzk::engine
