// The precompiled-circuit cache file and store: a saved circuit loads back identical (matrices,
// table, densities, digest) and proves the same; a truncated, extended or damaged file, another
// circuit id or another version is refused with PrecompiledFileError — every flipped byte
// tried in a small file is caught — and the store then records the circuit again and rewrites
// the file.
#include "r1cs/precompiled_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "common/assignment_equality.hpp"
#include "r1cs/precompiled_store.hpp"
#include "r1cs/witness_cs.hpp"
#include "test_circuits.hpp"

namespace cuzk::r1cs {
namespace {

namespace fs = std::filesystem;

// A fresh directory per test, removed afterwards.
class PrecompiledFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    static std::atomic<int> counter{0};
    dir_ = fs::temp_directory_path() /
           ("cuzk-pce-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

void decomposition(ConstraintSystem& cs) {
  test_circuits::boolean_decomposition(cs, 64);
}

std::vector<char> read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void write_all(const std::string& path, const std::vector<char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), std::streamsize(bytes.size()));
}

TEST_F(PrecompiledFileTest, RoundTrip) {
  const PrecompiledCircuit pc = PrecompiledCircuit::record(decomposition);
  save_precompiled(file("d.pce"), "test-decomposition", pc);
  const PrecompiledCircuit back = load_precompiled(file("d.pce"), "test-decomposition");
  EXPECT_EQ(back.digest(), pc.digest());
  EXPECT_EQ(back.num_inputs(), pc.num_inputs());
  EXPECT_EQ(back.num_aux(), pc.num_aux());
  EXPECT_EQ(back.num_constraints(), pc.num_constraints());
  EXPECT_EQ(back.coeffs(), pc.coeffs());
  EXPECT_TRUE(back.a() == pc.a());
  EXPECT_TRUE(back.b() == pc.b());
  EXPECT_TRUE(back.c() == pc.c());
  EXPECT_TRUE(back.densities() == pc.densities());
  // And it proves the same.
  ProvingAssignment generic, pre;
  decomposition(generic);
  generic.finalize();
  WitnessCS w;
  decomposition(w);
  assign_precompiled(back, std::move(w).take(), pre, 2, true);
  pre.finalize();
  testing::expect_same_assignment(generic, pre);
  // No temporary file is left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(PrecompiledFileTest, RefusesTruncatedAndExtendedFiles) {
  save_precompiled(file("d.pce"), "d", PrecompiledCircuit::record(decomposition));
  const std::vector<char> bytes = read_all(file("d.pce"));
  for (size_t size :
       {size_t(0), size_t(5), size_t(12), size_t(40), bytes.size() / 2, bytes.size() - 1}) {
    SCOPED_TRACE(size);
    write_all(file("t.pce"), std::vector<char>(bytes.begin(), bytes.begin() + long(size)));
    EXPECT_THROW(load_precompiled(file("t.pce"), "d"), PrecompiledFileError);
  }
  std::vector<char> longer = bytes;
  longer.push_back(0);
  write_all(file("t.pce"), longer);
  try {
    load_precompiled(file("t.pce"), "d");
    ADD_FAILURE() << "an extended file loaded";
  } catch (const PrecompiledFileError& e) {
    EXPECT_NE(std::string(e.what()).find(file("t.pce")), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("truncated or damaged"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load_precompiled(file("missing.pce"), "d"), PrecompiledFileError);
}

TEST_F(PrecompiledFileTest, RefusesEveryFlippedByte) {
  const PrecompiledCircuit pc =
      PrecompiledCircuit::record([](ConstraintSystem& cs) { test_circuits::cubic(cs, 3, 35); });
  save_precompiled(file("c.pce"), "cubic", pc);
  const std::vector<char> bytes = read_all(file("c.pce"));
  ASSERT_GT(bytes.size(), 200u);
  // Every byte of the header (the first 128 covers it), every third one of the payload; the
  // low bit and the high bit in turn.
  for (size_t i = 0; i < bytes.size(); i += i < 128 ? 1 : 3) {
    const unsigned char mask = i % 2 == 0 ? 0x01 : 0x80;
    std::vector<char> damaged = bytes;
    damaged[i] = char(damaged[i] ^ mask);
    write_all(file("x.pce"), damaged);
    EXPECT_THROW(load_precompiled(file("x.pce"), "cubic"), PrecompiledFileError)
        << "byte " << i << " mask " << unsigned(mask);
  }
}

TEST_F(PrecompiledFileTest, RefusesAnotherCircuitIdOrVersion) {
  save_precompiled(file("d.pce"), "porep-2k", PrecompiledCircuit::record(decomposition));
  EXPECT_THROW(load_precompiled(file("d.pce"), "porep-8m"), PrecompiledFileError);
  std::vector<char> bytes = read_all(file("d.pce"));
  bytes[8] = char(kPrecompiledFileVersion + 1);  // the version follows the 8-byte magic
  write_all(file("d.pce"), bytes);
  try {
    load_precompiled(file("d.pce"), "porep-2k");
    ADD_FAILURE() << "another version loaded";
  } catch (const PrecompiledFileError& e) {
    EXPECT_NE(std::string(e.what()).find("version"), std::string::npos) << e.what();
  }
}

TEST_F(PrecompiledFileTest, StoreRecordsLoadsAndReplacesADamagedFile) {
  int recordings = 0;
  const PrecompiledStore::Synthesize synth = [&](ConstraintSystem& cs) {
    ++recordings;
    decomposition(cs);
  };
  const std::string dir = (dir_ / "cache").string();  // created on first write
  {
    PrecompiledStore store(dir);
    EXPECT_FALSE(store.is_verified("d"));  // nothing held yet
    auto first = store.get("d", synth);
    EXPECT_EQ(first.source, PrecompiledStore::Source::kRecorded);
    EXPECT_TRUE(first.verified);
    EXPECT_TRUE(store.is_verified("d"));  // recorded here: its next synthesis defers a/b/c
    EXPECT_TRUE(first.note.empty()) << first.note;
    auto second = store.get("d", synth);
    EXPECT_EQ(second.source, PrecompiledStore::Source::kMemory);
    EXPECT_EQ(second.circuit, first.circuit);
    EXPECT_EQ(recordings, 1);
    ASSERT_TRUE(fs::exists(store.path("d")));
  }
  const std::string path = PrecompiledStore(dir).path("d");
  {
    PrecompiledStore store(dir);  // a restarted daemon
    auto loaded = store.get("d", synth);
    EXPECT_EQ(loaded.source, PrecompiledStore::Source::kDisk);
    EXPECT_FALSE(loaded.verified);
    EXPECT_FALSE(store.is_verified("d"));  // from disk: checked on its first witness first
    EXPECT_EQ(recordings, 1);
    store.mark_verified("d");
    EXPECT_TRUE(store.get("d", synth).verified);
    EXPECT_TRUE(store.is_verified("d"));
  }
  std::vector<char> bytes = read_all(path);
  bytes[bytes.size() - 3] ^= 0x10;
  write_all(path, bytes);
  {
    PrecompiledStore store(dir);
    auto again = store.get("d", synth);
    EXPECT_EQ(again.source, PrecompiledStore::Source::kRecorded);
    EXPECT_NE(again.note.find("refused"), std::string::npos) << again.note;
    EXPECT_EQ(recordings, 2);
    EXPECT_NO_THROW(load_precompiled(path, "d"));  // rewritten
    // discard() forgets the circuit and deletes its file: the next get() records.
    store.discard("d", again.circuit.get());
    EXPECT_FALSE(store.is_verified("d"));
    EXPECT_FALSE(fs::exists(path));
    EXPECT_EQ(store.get("d", synth).source, PrecompiledStore::Source::kRecorded);
    EXPECT_EQ(recordings, 3);
  }
}

// load_cached (the daemon's [srs] preload): the cache file or memory, never a recording; a
// damaged file is refused with the reason and left for the next get() to replace.
TEST_F(PrecompiledFileTest, LoadCachedNeverRecords) {
  int recordings = 0;
  const PrecompiledStore::Synthesize synth = [&](ConstraintSystem& cs) {
    ++recordings;
    decomposition(cs);
  };
  const std::string dir = (dir_ / "cache").string();
  {
    PrecompiledStore store(dir);
    const auto none = store.load_cached("d");  // no file yet
    EXPECT_EQ(none.circuit, nullptr);
    EXPECT_TRUE(none.note.empty()) << none.note;
    store.get("d", synth);
    EXPECT_EQ(store.load_cached("d").source, PrecompiledStore::Source::kMemory);
  }
  {
    PrecompiledStore store(dir);  // a restarted daemon preloading
    const auto loaded = store.load_cached("d");
    ASSERT_NE(loaded.circuit, nullptr);
    EXPECT_EQ(loaded.source, PrecompiledStore::Source::kDisk);
    EXPECT_FALSE(loaded.verified);
    EXPECT_EQ(store.get("d", synth).source, PrecompiledStore::Source::kMemory);
  }
  EXPECT_EQ(recordings, 1);
  const std::string path = PrecompiledStore(dir).path("d");
  std::vector<char> bytes = read_all(path);
  bytes[bytes.size() / 2] ^= 0x01;
  write_all(path, bytes);
  PrecompiledStore store(dir);
  const auto refused = store.load_cached("d");
  EXPECT_EQ(refused.circuit, nullptr);
  EXPECT_NE(refused.note.find("cache file refused"), std::string::npos) << refused.note;
  EXPECT_EQ(recordings, 1);
  EXPECT_EQ(store.get("d", synth).source, PrecompiledStore::Source::kRecorded);
  EXPECT_EQ(recordings, 2);
}

// The memory hold takes one handle per circuit held — its memory_bytes(), when it is recorded or
// loaded, not again when it is served from memory — and the handle goes with the circuit.
TEST(PrecompiledStore, HoldsEachCircuitsMemoryWhileItIsHeld) {
  PrecompiledStore store("");
  auto first = store.get("before", decomposition);  // no hold yet: not counted
  std::vector<uint64_t> held;                       // bytes of each hold taken
  auto live = std::make_shared<int>(0);             // handles alive
  store.set_memory_hold([&held, live](uint64_t bytes) {
    held.push_back(bytes);
    ++*live;
    return std::shared_ptr<void>(nullptr, [live](void*) { --*live; });
  });
  auto got = store.get("d", decomposition);
  ASSERT_EQ(held.size(), 1u);
  EXPECT_EQ(held[0], got.circuit->memory_bytes());
  EXPECT_GT(held[0], 0u);
  EXPECT_EQ(*live, 1);
  EXPECT_EQ(store.get("d", decomposition).source, PrecompiledStore::Source::kMemory);
  EXPECT_EQ(store.get("before", decomposition).source, PrecompiledStore::Source::kMemory);
  EXPECT_EQ(held.size(), 1u);
  store.discard("d", got.circuit.get());
  EXPECT_EQ(*live, 0);
  store.get("d", decomposition);  // recorded again: held again
  EXPECT_EQ(held.size(), 2u);
  EXPECT_EQ(*live, 1);
}

TEST(PrecompiledStore, MemoryOnlyWithoutADirectory) {
  PrecompiledStore store("");
  EXPECT_TRUE(store.path("d").empty());
  auto got = store.get("d", decomposition);
  EXPECT_EQ(got.source, PrecompiledStore::Source::kRecorded);
  EXPECT_TRUE(got.note.empty());
}

}  // namespace
}  // namespace cuzk::r1cs
