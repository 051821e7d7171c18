// PrecompiledStore: memory, then cache file, then recording (see precompiled_store.hpp).
#include "r1cs/precompiled_store.hpp"

#include <filesystem>
#include <system_error>

#include "r1cs/precompiled_file.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::r1cs {

std::string PrecompiledStore::path(const std::string& circuit_id) const {
  if (cache_dir_.empty()) return {};
  return (std::filesystem::path(cache_dir_) / (circuit_id + ".pce")).string();
}

std::shared_ptr<PrecompiledStore::Entry> PrecompiledStore::entry(const std::string& circuit_id) {
  std::lock_guard lock(mutex_);
  auto& e = entries_[circuit_id];
  if (!e) e = std::make_shared<Entry>();
  return e;
}

void PrecompiledStore::set_memory_hold(MemoryHold hold) {
  std::lock_guard lock(mutex_);
  memory_hold_ = std::move(hold);
}

void PrecompiledStore::hold(Entry& e, std::shared_ptr<const PrecompiledCircuit> circuit) {
  MemoryHold memory_hold;
  {
    std::lock_guard lock(mutex_);
    memory_hold = memory_hold_;
  }
  e.held = memory_hold ? memory_hold(circuit->memory_bytes()) : nullptr;
  e.circuit = std::move(circuit);
}

PrecompiledStore::Lookup PrecompiledStore::get(const std::string& circuit_id,
                                               const Synthesize& synthesize) {
  auto e = entry(circuit_id);
  std::lock_guard lock(e->mutex);
  Lookup out;
  if (e->circuit) {
    out.circuit = e->circuit;
    out.verified = e->verified.load();
    return out;
  }
  Stopwatch sw;
  const std::string file = path(circuit_id);
  if (!file.empty()) {
    std::error_code ec;
    if (std::filesystem::exists(file, ec)) {
      try {
        hold(*e, std::make_shared<const PrecompiledCircuit>(load_precompiled(file, circuit_id)));
        e->verified = false;
        out.circuit = e->circuit;
        out.source = Source::kDisk;
        out.ms = sw.total_ms();
        return out;
      } catch (const std::exception& error) {
        out.note = std::string("cache file refused, recording again: ") + error.what();
      }
    }
  }
  hold(*e, std::make_shared<const PrecompiledCircuit>(PrecompiledCircuit::record(synthesize)));
  e->verified = true;
  out.circuit = e->circuit;
  out.source = Source::kRecorded;
  out.verified = true;
  if (!file.empty()) {
    try {
      std::error_code ec;
      std::filesystem::create_directories(cache_dir_, ec);
      save_precompiled(file, circuit_id, *e->circuit);
    } catch (const std::exception& error) {
      if (!out.note.empty()) out.note += "; ";
      out.note += std::string("cache file not written: ") + error.what();
    }
  }
  out.ms = sw.total_ms();
  return out;
}

void PrecompiledStore::mark_verified(const std::string& circuit_id) {
  auto e = entry(circuit_id);
  std::lock_guard lock(e->mutex);
  e->verified = true;
}

bool PrecompiledStore::is_verified(const std::string& circuit_id) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(circuit_id);
  return it != entries_.end() && it->second->verified.load();
}

void PrecompiledStore::discard(const std::string& circuit_id, const PrecompiledCircuit* circuit) {
  auto e = entry(circuit_id);
  std::lock_guard lock(e->mutex);
  if (e->circuit.get() == circuit) {
    e->circuit.reset();
    e->held.reset();
    e->verified = false;
    if (const std::string file = path(circuit_id); !file.empty()) {
      std::error_code ec;
      std::filesystem::remove(file, ec);
    }
  }
}

const char* source_name(PrecompiledStore::Source source) {
  switch (source) {
    case PrecompiledStore::Source::kMemory: return "memory";
    case PrecompiledStore::Source::kDisk: return "cache file";
    case PrecompiledStore::Source::kRecorded: return "recorded";
  }
  return "?";
}

}  // namespace cuzk::r1cs
