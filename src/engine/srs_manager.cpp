// Parameter sets by circuit id: load, tiers, leases, LRU eviction (see srs_manager.hpp).
#include "engine/srs_manager.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include "filecoin/porep_parameters.hpp"
#include "util/mapped_file.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::engine {

struct SrsManager::Entry {
  std::string circuit_id;
  bool loading = false;
  std::shared_ptr<const LoadedSrs> hot;
  MemoryBudget::Reservation reservation;  // hot bytes
  std::shared_ptr<MappedFile> mapping;    // kept while hot or warm
  bool test_parameters = false;
  uint64_t size_bytes = 0;
  uint32_t refs = 0;
  Clock::time_point last_used = Clock::now();
  double last_load_ms = 0;
};

namespace {

constexpr uint64_t kProgressLogBytes = uint64_t(256) << 20;  // log per section above this size

Error<SrsError> srs_error(SrsError code, std::string message) {
  return {code, std::move(message)};
}

double gib(uint64_t bytes) {
  return double(bytes) / double(uint64_t(1) << 30);
}

// parameters.json's digest of a file, hashed on its own thread beside the decode (one core's
// BLAKE2b pass: ~60 s for a 32 GiB PoRep set, which decoding no longer waits for), the pages it
// has read dropped behind it. Destroying it unwaited stops the hash within a chunk.
class BackgroundDigest {
 public:
  BackgroundDigest(const ParameterManifest& manifest, std::string file_name, const MappedFile& file)
      : thread_([this, &manifest, name = std::move(file_name), &file] {
          Stopwatch sw;
          mismatch_ = check_digest(manifest, name, file.bytes(), nullptr,
                                   [&](size_t offset, size_t length) {
                                     file.drop_pages(offset, length);
                                     return !stop_.load(std::memory_order_relaxed);
                                   });
          ms_ = sw.total_ms();
        }) {}
  ~BackgroundDigest() { stop_.store(true, std::memory_order_relaxed); }
  BackgroundDigest(const BackgroundDigest&) = delete;
  BackgroundDigest& operator=(const BackgroundDigest&) = delete;

  // Waits for the hash: empty when the file matches, else the mismatch.
  const std::string& wait() {
    if (thread_.joinable()) thread_.join();
    return mismatch_;
  }
  double ms() const { return ms_; }  // after wait()

 private:
  std::atomic<bool> stop_{false};
  std::string mismatch_;
  double ms_ = 0;
  std::jthread thread_;  // last: started once the members it writes exist, joined first
};

}  // namespace

const char* to_string(SrsTier tier) {
  switch (tier) {
    case SrsTier::kHot:
      return "hot";
    case SrsTier::kWarm:
      return "warm";
    case SrsTier::kCold:
      return "cold";
  }
  return "?";
}

SrsLease::SrsLease(SrsLease&& o) noexcept
    : manager_(std::exchange(o.manager_, nullptr)), srs_(std::move(o.srs_)) {}

SrsLease& SrsLease::operator=(SrsLease&& o) noexcept {
  if (this != &o) {
    reset();
    manager_ = std::exchange(o.manager_, nullptr);
    srs_ = std::move(o.srs_);
  }
  return *this;
}

void SrsLease::reset() {
  if (manager_ && srs_) manager_->release(srs_->circuit_id);
  manager_ = nullptr;
  srs_.reset();
}

SrsManager::SrsManager(SrsOptions options, MemoryBudget& budget)
    : options_(std::move(options)), budget_(budget) {
  if (!options_.parameters_json.empty()) {
    auto manifest = read_parameter_manifest(options_.parameters_json);
    if (!manifest) throw std::runtime_error(manifest.error().message);
    manifest_ = std::move(manifest).value();
    spdlog::info("srs: parameter files are checked against the {} digests of {}", manifest_->size(),
                 options_.parameters_json);
  }
}

SrsManager::~SrsManager() = default;

void SrsManager::stop() {
  std::lock_guard lock(mutex_);
  stopped_ = true;
}

Result<SrsLease, SrsError> SrsManager::acquire(const std::string& circuit_id, double* load_ms) {
  Stopwatch sw;
  std::unique_lock lock(mutex_);
  auto& slot = entries_[circuit_id];
  if (!slot) {
    slot = std::make_unique<Entry>();
    slot->circuit_id = circuit_id;
  }
  Entry& entry = *slot;
  load_done_.wait(lock, [&] { return !entry.loading; });
  if (!entry.hot) {
    entry.loading = true;
    lock.unlock();
    if (options_.before_load) options_.before_load(circuit_id);
    auto loaded = load(entry);
    lock.lock();
    entry.loading = false;
    load_done_.notify_all();
    if (!loaded) return loaded.error();
    entry.hot = std::move(loaded).value();
  }
  ++entry.refs;
  entry.last_used = Clock::now();
  if (load_ms) *load_ms = sw.total_ms();
  return SrsLease(this, entry.hot);
}

std::optional<SrsLease> SrsManager::acquire_if_hot(const std::string& circuit_id) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(circuit_id);
  if (it == entries_.end() || !it->second->hot || it->second->loading) return std::nullopt;
  Entry& entry = *it->second;
  ++entry.refs;
  entry.last_used = Clock::now();
  return SrsLease(this, entry.hot);
}

void SrsManager::release(const std::string& circuit_id) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(circuit_id);
  if (it == entries_.end() || it->second->refs == 0) return;
  --it->second->refs;
  it->second->last_used = Clock::now();
}

Result<SrsManager::PreloadResult, SrsError> SrsManager::preload(const std::string& circuit_id) {
  bool was_hot = false;
  {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(circuit_id);
    was_hot = it != entries_.end() && it->second->hot && !it->second->loading;
  }
  double ms = 0;
  auto lease = acquire(circuit_id, &ms);
  if (!lease) return lease.error();
  return PreloadResult{was_hot, was_hot ? 0.0 : ms, (*lease)->bounds.num_constraints};
}

Result<SrsManager::EvictResult, SrsError> SrsManager::evict(const std::string& circuit_id) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(circuit_id);
  if (it == entries_.end()) return EvictResult{};
  Entry& e = *it->second;
  if (e.refs > 0 || e.loading) {
    return srs_error(SrsError::kInUse, circuit_id + ": in use by " + std::to_string(e.refs) +
                                           " proof(s)" + (e.loading ? ", loading" : ""));
  }
  EvictResult result{e.hot != nullptr, e.hot ? e.reservation.bytes() : 0};
  if (e.hot && options_.on_unload) options_.on_unload(e.hot->params);
  e.hot.reset();
  e.reservation.release();
  e.mapping.reset();
  if (result.was_loaded) {
    spdlog::info("srs {}: evicted on request, {:.2f} GiB freed", circuit_id,
                 gib(result.freed_bytes));
  }
  return result;
}

uint64_t SrsManager::evict_idle_for(uint64_t bytes) {
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  std::vector<Entry*> candidates;
  for (auto& [id, e] : entries_) {
    // (a set kept on the devices only holds no host budget: evicting it would free nothing)
    if (e->hot && e->refs == 0 && !e->loading && e->reservation.bytes() > 0 &&
        now - e->last_used >= options_.eviction_min_idle) {
      candidates.push_back(e.get());
    }
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const Entry* a, const Entry* b) { return a->last_used < b->last_used; });
  uint64_t freed = 0;
  for (Entry* e : candidates) {
    if (budget_.available() >= bytes) break;
    const uint64_t size = e->reservation.bytes();
    if (options_.on_unload) options_.on_unload(e->hot->params);
    e->hot.reset();
    e->reservation.release();  // keeps the mapping: warm
    freed += size;
    spdlog::info("srs {}: evicted (idle, least recently used) to make room, {:.2f} GiB freed",
                 e->circuit_id, gib(size));
  }
  return freed;
}

std::vector<SrsEntryStatus> SrsManager::status() const {
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  std::vector<SrsEntryStatus> out;
  for (const auto& [id, e] : entries_) {
    SrsEntryStatus s;
    s.circuit_id = id;
    s.tier = e->hot ? SrsTier::kHot : e->mapping ? SrsTier::kWarm : SrsTier::kCold;
    s.size_bytes = e->size_bytes;
    s.ref_count = e->refs;
    s.last_load_ms = e->last_load_ms;
    s.idle_seconds = e->refs > 0 ? 0 : std::chrono::duration<double>(now - e->last_used).count();
    s.test_parameters = e->test_parameters;
    out.push_back(std::move(s));
  }
  return out;
}

uint64_t SrsManager::hot_bytes() const {
  const BudgetUse use = budget_use();
  return use.leased + use.idle;
}

SrsManager::BudgetUse SrsManager::budget_use() const {
  std::lock_guard lock(mutex_);
  BudgetUse use;
  for (const auto& [id, e] : entries_) {
    if (!e->hot) continue;
    (e->refs > 0 ? use.leased : use.idle) += e->reservation.bytes();
  }
  return use;
}

Result<MemoryBudget::Reservation, SrsError> SrsManager::reserve_for_load(
    const std::string& circuit_id, uint64_t bytes) {
  bool logged = false;
  for (;;) {
    if (std::string why = budget_.never_fits(bytes); !why.empty()) {
      return srs_error(SrsError::kTooLarge, circuit_id + ": parameters need " +
                                                std::to_string(bytes) + " bytes, " + why);
    }
    const uint64_t generation = budget_.generation();
    if (auto r = budget_.try_reserve(bytes)) return std::move(*r);
    if (evict_idle_for(bytes) > 0) continue;
    {
      std::lock_guard lock(mutex_);
      if (stopped_) return srs_error(SrsError::kStopped, circuit_id + ": shutting down");
    }
    if (!logged) {
      spdlog::info("srs {}: waiting for {:.2f} GiB of memory budget ({:.2f} GiB free)", circuit_id,
                   gib(bytes), gib(budget_.available()));
      logged = true;
    }
    budget_.wait_for_release(generation, std::chrono::seconds(1));
  }
}

Result<std::shared_ptr<LoadedSrs>, SrsError> SrsManager::load(Entry& entry) {
  const std::string& id = entry.circuit_id;
  Stopwatch sw;
  std::vector<std::string> tried;
  auto where = filecoin::find_parameter_file(options_.param_cache, id,
                                             filecoin::ParameterFile::kParams, &tried);
  if (!where) {
    std::string list;
    for (const auto& t : tried) list += (list.empty() ? "" : ", ") + t;
    return srs_error(SrsError::kNotFound,
                     "no parameters for circuit " + id + " (looked for " + list + ")");
  }
  // The mapping moves out of the entry while loading (status() reads the entry under the lock)
  // and back in at the end, unless the file turned out bad.
  std::shared_ptr<MappedFile> mapping;
  {
    std::lock_guard lock(mutex_);
    mapping = std::move(entry.mapping);
  }
  try {
    if (!mapping || mapping->path() != where->path) {
      mapping = std::make_shared<MappedFile>(where->path);
    }
  } catch (const std::exception& e) {
    return srs_error(SrsError::kBadFile, e.what());
  }
  auto file = mapping->bytes();
  auto fail = [&](const std::string& what) {
    return srs_error(SrsError::kBadFile, where->path + ": " + what);
  };
  std::optional<BackgroundDigest> digest;  // before the set is returned, it must match
  if (manifest_) {
    const std::string name = std::filesystem::path(where->path).filename().string();
    if (manifest_->count(name) != 0) {
      digest.emplace(*manifest_, name, *mapping);
    } else if (!where->test_parameters) {
      spdlog::warn("srs {}: {} is not in {}: digest not checked", id, name,
                   options_.parameters_json);
    }
  }
  auto layout = groth16::scan_params_layout(file);
  if (!layout) return fail(layout.error().message);
  const uint64_t bytes = layout->decoded_bytes();
  {
    std::lock_guard lock(mutex_);
    entry.test_parameters = where->test_parameters;
    entry.size_bytes = bytes;
  }
  if (where->test_parameters) {
    spdlog::warn(
        "srs {}: using TEST parameters {} (our own setup, not Filecoin's): proofs verify "
        "only against its .vk",
        id, where->path);
  }
  spdlog::info("srs {}: loading {} ({:.2f} GiB on disk, {:.2f} GiB in memory)", id, where->path,
               gib(file.size()), gib(bytes));
  const bool device_only = bool(options_.take_section);
  const auto& l = *layout;
  uint64_t largest = 0;  // device-only: one decoded section at a time on the host
  for (const auto s : groth16::kSections) largest = std::max(largest, l.decoded_bytes(s));
  auto reserved = reserve_for_load(id, device_only ? largest : bytes);
  if (!reserved) return reserved.error();
  MemoryBudget::Reservation reservation = std::move(reserved).value();

  auto srs = std::make_shared<LoadedSrs>();
  srs->circuit_id = id;
  srs->path = where->path;
  srs->test_parameters = where->test_parameters;
  srs->bytes = device_only ? 0 : bytes;
  srs->device_only = device_only;
  auto vk = groth16::read_verifying_key(file, true);
  if (!vk) return fail(vk.error().message);
  srs->params.vk = std::move(vk).value();
  const bool verbose = file.size() >= kProgressLogBytes;
  const uint64_t total = file.size();
  const unsigned t = options_.load_threads;
  // Device-only, a set the devices would rather not hold stays in its file (streamed to them at
  // every proof): nothing is decoded here; the device checks each point as it decodes it.
  std::optional<std::string> in_file;
  if (device_only && options_.leaves_in_file) {
    uint64_t device_bytes = 0;
    for (const auto s : groth16::kSections) device_bytes += l.file_bytes(s);
    in_file = options_.leaves_in_file(device_bytes, size_t(l.h.count) + 1,
                                      size_t(l.l.count) + l.ic.count);
  }
  if (in_file) {
    for (const auto s : groth16::kSections) {
      srs->params.released[size_t(s)] = l.at(s).count;
      srs->params.in_file.bytes[size_t(s)] = groth16::params_section_bytes(file, l, s);
    }
    srs->params.in_file.keep = mapping;
    spdlog::info("srs {}: left in its file, streamed to the devices at every proof: {}", id,
                 *in_file);
  }
  // Section by section: decoded, handed to the devices when they keep it, its file pages dropped.
  for (const auto section : in_file ? std::span<const groth16::Section>{} : groth16::kSections) {
    const char* name = groth16::to_string(section);
    const auto not_placed = [&](const std::exception& e) {
      if (options_.on_unload) options_.on_unload(srs->params);  // the sections already placed
      return srs_error(SrsError::kTooLarge, id + ": section " + name +
                                                " could not be placed on the devices: " + e.what());
    };
    bool on_devices = false;  // decoded there, from the file's bytes
    if (device_only && options_.take_raw_section) {
      try {
        auto taken = options_.take_raw_section(srs->params, section,
                                               groth16::params_section_bytes(file, l, section));
        if (!taken) {
          if (options_.on_unload) options_.on_unload(srs->params);
          return fail(taken.error().message);
        }
        on_devices = *taken;
      } catch (const std::exception& e) {
        return not_placed(e);
      }
    }
    if (!on_devices) {
      if (auto read = groth16::read_params_section(file, l, section, srs->params, t); !read) {
        if (device_only && options_.on_unload) options_.on_unload(srs->params);
        return fail(read.error().message);
      }
    }
    const uint64_t section_bytes = l.file_bytes(section);
    mapping->drop_pages(l.at(section).offset, section_bytes);
    if (device_only && !on_devices) {
      try {
        options_.take_section(srs->params, section);
      } catch (const std::exception& e) {
        return not_placed(e);
      }
    }
    if (verbose) {
      spdlog::info("srs {}: {} {}{} ({:.0f}%, {:.1f} s)", id, name,
                   on_devices ? "decoded on the devices" : "decoded",
                   device_only && !on_devices ? " and on the devices" : "",
                   100.0 * double(l.at(section).offset + section_bytes) / double(total),
                   sw.total_ms() / 1000);
    }
  }
  if (digest) {
    if (const std::string& mismatch = digest->wait(); !mismatch.empty()) {
      if (options_.on_unload) options_.on_unload(srs->params);  // the sections already placed
      return fail(mismatch);
    }
    spdlog::info("srs {}: digest matches parameters.json ({:.1f} s, beside the decode)", id,
                 digest->ms() / 1000);
  }
  if (device_only) reservation.release();
  srs->pvk = groth16::prepare_verifying_key(srs->params.vk);
  srs->bounds.num_inputs = l.ic.count;
  srs->bounds.num_aux = l.l.count;
  srs->bounds.num_constraints = size_t(l.h.count) + 1;

  const double load_ms = sw.total_ms();
  {
    std::lock_guard lock(mutex_);
    entry.reservation = std::move(reservation);
    entry.mapping = std::move(mapping);
    entry.last_load_ms = load_ms;
  }
  spdlog::info("srs {}: loaded in {:.0f} ms (domain 2^{}, {} inputs, {} aux){}", id, load_ms,
               std::bit_width(srs->bounds.num_constraints) - 1, srs->bounds.num_inputs,
               srs->bounds.num_aux,
               in_file       ? "; its points stay in the file (host_copy = false)"
               : device_only ? "; its points are on the devices only (host_copy = false)"
                             : "");
  return srs;
}

}  // namespace cuzk::engine
