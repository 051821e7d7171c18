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

bool PrecompiledStore::load_file(Entry& e, const std::string& circuit_id, Lookup& out) {
  const std::string file = path(circuit_id);
  std::error_code ec;
  if (file.empty() || !std::filesystem::exists(file, ec)) return false;
  Stopwatch sw;
  try {
    hold(e, std::make_shared<const PrecompiledCircuit>(load_precompiled(file, circuit_id)));
  } catch (const std::exception& error) {
    out.note = std::string("cache file refused: ") + error.what();
    return false;
  }
  e.verified = false;
  out.circuit = e.circuit;
  out.source = Source::kDisk;
  out.ms = sw.total_ms();
  return true;
}

bool PrecompiledStore::find(Entry& e, const std::string& circuit_id, Lookup& out) {
  if (!e.circuit) return load_file(e, circuit_id, out);
  out.circuit = e.circuit;
  out.verified = e.verified.load();
  return true;
}

PrecompiledStore::Lookup PrecompiledStore::load_cached(const std::string& circuit_id) {
  auto e = entry(circuit_id);
  std::lock_guard lock(e->mutex);
  Lookup out;
  find(*e, circuit_id, out);
  return out;
}

PrecompiledStore::Lookup PrecompiledStore::get(const std::string& circuit_id,
                                               const Synthesize& synthesize) {
  auto e = entry(circuit_id);
  std::lock_guard lock(e->mutex);
  Lookup out;
  Stopwatch sw;
  if (find(*e, circuit_id, out)) return out;
  const std::string file = path(circuit_id);
  if (!out.note.empty()) out.note += ", recording again";
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
    case PrecompiledStore::Source::kMemory:
      return "memory";
    case PrecompiledStore::Source::kDisk:
      return "cache file";
    case PrecompiledStore::Source::kRecorded:
      return "recorded";
  }
  return "?";
}

}  // namespace cuzk::r1cs
