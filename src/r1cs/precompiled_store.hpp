// PrecompiledStore: a process's precompiled circuits (precompiled_circuit.hpp) by circuit id,
// each recorded or loaded once and shared by every later synthesis of that shape.
//
// get(id, synthesize) returns the circuit for `id`: from memory; else from the cache file
// <cache_dir>/<id>.pce (precompiled_file.hpp) when it loads cleanly; else by running
// `synthesize` (any valid instance of the circuit) through PrecompiledCircuit::record (straight
// into the indexed matrices, indexed_recording_cs.hpp), after which the file is (re)written. A
// file that fails to load (damaged, truncated, another version) is never used: the circuit is
// recorded again and the reason is returned in Lookup::note for the log. Callers of the same id
// wait for the one recording in progress; different ids proceed in parallel.
//
// The file name holds the circuit id only; the digest inside identifies the matrices. A file
// from an older build whose circuit differs in its coefficients but not its sizes loads fine, so
// a circuit from disk is marked unverified: its first user checks a·b = c on a real witness
// (assign_precompiled's `check`) and calls mark_verified(), or discard() on failure.
//
// Memory: a held circuit's matrices are large (8.9 GB at 32 GiB) and live as long as the store.
// set_memory_hold() lets the owner count them — the daemon charges them to the engine's memory
// budget — by taking a handle for each circuit's memory_bytes() when it is loaded or recorded and
// dropping it when the circuit is discarded.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "r1cs/constraint_system.hpp"
#include "r1cs/precompiled_circuit.hpp"

namespace cuzk::r1cs {

class PrecompiledStore {
 public:
  enum class Source { kMemory, kDisk, kRecorded };
  struct Lookup {
    std::shared_ptr<const PrecompiledCircuit> circuit;
    Source source = Source::kMemory;
    bool verified = false;  // recorded in this process, or checked against a witness
    double ms = 0;          // time spent loading or recording (0 from memory)
    std::string note;       // why the cache file was not used or not written; empty if it was
  };
  using Synthesize = std::function<void(ConstraintSystem&)>;
  // Takes `bytes` into account until the returned handle is dropped.
  using MemoryHold = std::function<std::shared_ptr<void>(uint64_t bytes)>;

  // Empty cache_dir: memory only. The directory is created on first write.
  explicit PrecompiledStore(std::string cache_dir) : cache_dir_(std::move(cache_dir)) {}

  Lookup get(const std::string& circuit_id, const Synthesize& synthesize);
  // get() without recording: from memory or the cache file; a null circuit when neither has it
  // (a refused file says why in note). The daemon's [srs] preload loads the file this way.
  Lookup load_cached(const std::string& circuit_id);
  void mark_verified(const std::string& circuit_id);
  // Whether circuit_id's circuit is held and known good (recorded here, or checked on a witness):
  // its next synthesis will be deferred. Never waits for a recording in progress.
  bool is_verified(const std::string& circuit_id);
  // Forgets `circuit` (if it is still the one held for the id) and deletes its cache file, so
  // that the next get() records the circuit anew and rewrites the file.
  void discard(const std::string& circuit_id, const PrecompiledCircuit* circuit);

  // From now on every circuit loaded or recorded takes a handle from `hold` (see the top).
  void set_memory_hold(MemoryHold hold);

  const std::string& cache_dir() const { return cache_dir_; }
  // The cache file of circuit_id (empty without a cache directory).
  std::string path(const std::string& circuit_id) const;

 private:
  struct Entry {
    std::mutex mutex;  // held while loading / recording
    std::shared_ptr<const PrecompiledCircuit> circuit;
    std::atomic<bool> verified{false};  // written under `mutex`, read without it
    std::shared_ptr<void> held;         // the memory hold's handle for `circuit`
  };
  // Loads circuit_id's cache file into e (under e's mutex): false when there is none or it is
  // refused (out.note says why).
  bool load_file(Entry& e, const std::string& circuit_id, Lookup& out);
  // Under e's mutex: the circuit held, else the cache file's; false when neither.
  bool find(Entry& e, const std::string& circuit_id, Lookup& out);
  // Sets e's circuit (under e's mutex) and takes its memory handle.
  void hold(Entry& e, std::shared_ptr<const PrecompiledCircuit> circuit);
  std::shared_ptr<Entry> entry(const std::string& circuit_id);

  std::string cache_dir_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Entry>> entries_;
  MemoryHold memory_hold_;  // under mutex_
};

const char* source_name(PrecompiledStore::Source source);

}  // namespace cuzk::r1cs
