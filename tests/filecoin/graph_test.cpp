// The StackedDRG graph (spec §6). The strong check is rust-fil-proofs' parent-cache manifest
// (storage-proofs-porep/parent_cache.json): a cache file holds the 14 parents of every node as
// u32 LE, its name hashes the graph identifier and the Feistel keys (cache.rs cache_path), and
// the manifest lists the SHA-256 of each production file. Matching a digest checks the ChaCha8
// sampler, both API placements, the Feistel keys and permutation bit for bit over every node.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "filecoin/bytes.hpp"
#include "filecoin/feistel.hpp"
#include "filecoin/stacked_graph.hpp"
#include "hash/sha256.hpp"
#include "util/hex.hpp"
#include "util/parallel.hpp"

namespace cuzk::filecoin {
namespace {

struct ManifestEntry {
  uint64_t sector_size;
  const char* digest;
};

// [upstream] rust-fil-proofs storage-proofs-porep/parent_cache.json (v28), name -> entry.
const std::map<std::string, ManifestEntry>& parent_cache_manifest() {
  static const std::map<std::string, ManifestEntry> m = {
      {"v28-sdr-parent-21981246c370f9d76c7a77ab273d94bde0ceb4e938292334960bce05585dc117",
       {34359738368, "93deeac5e3052b6927467d4b2641bb782f05491de18d510147c93eeedd8672da"}},
      {"v28-sdr-parent-2aa9c77c3e58259481351cc4be2079cc71e1c9af39700866545c043bfa30fb42",
       {536870912, "3adcc092423aa76d6a7184016893406da44dd974b219a89cd3ece25e4e3018f5"}},
      {"v28-sdr-parent-3f0eef38bb48af1f48ad65e14eb85b4ebfc167cec18cd81764f6d998836c9899",
       {2048, "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d"}},
      {"v28-sdr-parent-4905486b7af19558ac3649bc6261411858b6add534438878c4ee3b29d8b9de0b",
       {68719476736, "2698b74eb2606b55b98d8b095e18b6320b47f46e00075956d48640ccd1641b03"}},
      {"v28-sdr-parent-494d91dc80f2df5272c4b9e129bc7ade9405225993af9fe34e6542a39a47554b",
       {2048, "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97"}},
      {"v28-sdr-parent-5eed212119fd91aa6220a27f31a8966444a9381842bceb3a1ea61525bd47a5b5",
       {8388608, "03cd13565ded97c240a5f52e54295ad127bd0461b57904cb3a4d79b097bbecab"}},
      {"v28-sdr-parent-7ba215a1d2345774ab90b8cb1158d296e409d6068819d7b8c7baf0b25d63dc34",
       {536870912, "b5877d1963793efebc261fd8fde4dd6bc59e6b5c7abf52617a4ee023b8dc173a"}},
      {"v28-sdr-parent-8a99e8d6b6be7ab87a56b632e6739ff201c23ea14e99737c74690f0e265574d6",
       {68719476736, "2778a732ad46a7dc18e0564dfdf59fd321dcde74ab476fd6d3c4e6735d7cd89c"}},
      {"v28-sdr-parent-dcdabb0fbe4364bf0ac28b6a18c66de246409fa1a9020a00f33fb3e3053da6dc",
       {8388608, "a76604f2f59f2744c7151653bbb1d8596b6b57d295e6fa6c1f0c41d725b502ce"}},
      {"v28-sdr-parent-e1fa5d5b811ddbd118be3412c4a8c329156b8b8acc72632bca459455b5a05a13",
       {34359738368, "3c4f9841fcc75aed8c695800e58d08480629f25af3a2aefd81904181d75cc0b6"}},
  };
  return m;
}

// cache.rs cache_path: SHA-256("poseidon_hasher" ‖ graph identifier ‖ Feistel keys u64 LE ‖
// node count u32 LE).
std::string parent_cache_name(const ProofType& proof) {
  hash::Sha256 h;
  h.update(as_bytes("poseidon_hasher"));
  h.update(as_bytes(stacked_graph_identifier(proof.sector->nodes())));
  for (uint64_t key : derive_feistel_keys(proof.porep_id())) h.update(to_le_bytes(key));
  h.update(to_le_bytes(uint32_t(proof.sector->nodes())));
  return "v28-sdr-parent-" + to_hex(h.finalize());
}

// SHA-256 of the whole parent cache file of `proof`'s graph.
std::string parent_cache_digest(const ProofType& proof) {
  const StackedGraph graph = StackedGraph::for_proof(proof);
  std::vector<uint8_t> file(graph.nodes() * kParentCount * 4);
  parallel_for(graph.nodes(), 0, [&](size_t begin, size_t end) {
    for (size_t v = begin; v < end; ++v) {
      const NodeParents parents = graph.parents(v);
      for (unsigned j = 0; j < kParentCount; ++j) {
        const auto le = to_le_bytes(parents[j]);
        std::copy(le.begin(), le.end(), file.begin() + (v * kParentCount + j) * 4);
      }
    }
  });
  return to_hex(hash::sha256(file));
}

// [upstream] parent_cache.json names: the production caches are those of the V1 and V1_1
// proofs (ids 0..9), one per (size, API version). This checks the graph identifier and the
// Feistel key derivation for every size, 32 and 64 GiB included.
TEST(StackedGraph, ParentCacheNamesOfProductionProofs) {
  std::set<std::string> seen;
  for (const auto& proof : seal_proof_types()) {
    const std::string name = parent_cache_name(proof);
    const auto it = parent_cache_manifest().find(name);
    if (proof.id < 10) {
      ASSERT_NE(it, parent_cache_manifest().end()) << proof.name << " -> " << name;
      EXPECT_EQ(it->second.sector_size, proof.sector->sector_size) << proof.name;
      seen.insert(name);
    } else {
      EXPECT_EQ(it, parent_cache_manifest().end()) << proof.name;
    }
  }
  EXPECT_EQ(seen.size(), parent_cache_manifest().size());
}

void expect_parent_cache_digest(const char* proof_name) {
  const ProofType& proof = *find_seal_proof(std::string_view(proof_name)).value();
  const auto& entry = parent_cache_manifest().at(parent_cache_name(proof));
  EXPECT_EQ(parent_cache_digest(proof), entry.digest) << proof_name;
}

// [upstream] parent_cache.json digests, 2 KiB: API 1.0.0 (predecessor last, u32 truncation)
// and API 1.1.0 (predecessor first).
TEST(StackedGraph, ParentCacheDigest2KiB) {
  expect_parent_cache_digest("StackedDrg2KiBV1");
  expect_parent_cache_digest("StackedDrg2KiBV1_1");
}

// [upstream] parent_cache.json digests, 8 MiB (2^18 nodes; a few seconds).
TEST(StackedGraph, ParentCacheDigest8MiB) {
  expect_parent_cache_digest("StackedDrg8MiBV1");
  expect_parent_cache_digest("StackedDrg8MiBV1_1");
}

// [upstream] parent_cache.json digests, 512 MiB (2^24 nodes; minutes on two cores). Run with
// --gtest_also_run_disabled_tests.
TEST(StackedGraph, DISABLED_ParentCacheDigest512MiB) {
  expect_parent_cache_digest("StackedDrg512MiBV1");
  expect_parent_cache_digest("StackedDrg512MiBV1_1");
}

// [spec §6] structural rules at every size: nodes 0 and 1 have all-zero DRG parents, the
// predecessor sits first (API >= 1.1) or last (1.0), DRG parents precede the node, expander
// parents are in range.
TEST(StackedGraph, StructuralRules) {
  for (const auto& proof : seal_proof_types()) {
    const StackedGraph graph = StackedGraph::for_proof(proof);
    EXPECT_EQ(graph.drg_parents(0), DrgParents{});
    EXPECT_EQ(graph.drg_parents(1), DrgParents{});
    const bool legacy = proof.api_version == ApiVersion::kV1_0_0;
    for (uint64_t v :
         {uint64_t(2), uint64_t(3), uint64_t(17), graph.nodes() / 2 + 5, graph.nodes() - 1}) {
      const NodeParents p = graph.parents(v);
      EXPECT_EQ(p[legacy ? kDrgDegree - 1 : 0], v - 1) << proof.name << " node " << v;
      for (unsigned j = 0; j < kDrgDegree; ++j) EXPECT_LT(p[j], v);
      for (unsigned j = kDrgDegree; j < kParentCount; ++j) EXPECT_LT(p[j], graph.nodes());
    }
    EXPECT_THROW(graph.parents(graph.nodes()), std::out_of_range);
  }
}

// [spec §6] API 1.0.0 truncates the Feistel image to u32 before dividing by 8. Images are
// below 8 * nodes, so the rules differ from 2^30 nodes (32 GiB) up: with 2^31 nodes (64 GiB)
// ~3/4 of the images are >= 2^32. Below 2^29 nodes the two rules agree.
TEST(StackedGraph, LegacyExpanderTruncationAt64GiB) {
  const auto porep_id = ProofType::make_porep_id(4);
  const StackedGraph legacy(uint64_t(1) << 31, porep_id, ApiVersion::kV1_0_0);
  const StackedGraph modern(uint64_t(1) << 31, porep_id, ApiVersion::kV1_1_0);
  const FeistelPermutation feistel(uint64_t(1) << 34, derive_feistel_keys(porep_id));
  unsigned differing = 0;
  for (uint64_t v = 1000; v < 1064; ++v) {
    const auto a = legacy.expander_parents(v), b = modern.expander_parents(v);
    for (unsigned i = 0; i < kExpanderDegree; ++i) {
      const uint64_t image = feistel.permute(8 * v + i);
      EXPECT_EQ(a[i], uint32_t(image) / 8);
      EXPECT_EQ(b[i], image / 8);
      differing += a[i] != b[i];
    }
  }
  EXPECT_GT(differing, 300u);  // of 512
  const StackedGraph legacy_small(uint64_t(1) << 24, porep_id, ApiVersion::kV1_0_0);
  const StackedGraph modern_small(uint64_t(1) << 24, porep_id, ApiVersion::kV1_1_0);
  EXPECT_EQ(legacy_small.expander_parents(12345), modern_small.expander_parents(12345));
}

// [derived] drgraph.rs takes n_buckets = ceil(log2(5v)) in f64; bit_width(5v - 1) agrees at
// every power-of-two boundary up to 5 * 2^32.
TEST(StackedGraph, BucketCountMatchesFloatLog2) {
  for (unsigned e = 1; e < 35; ++e) {
    for (int64_t d = -3; d <= 3; ++d) {
      const int64_t meta = (int64_t(1) << e) + d;
      if (meta < 10) continue;
      EXPECT_EQ(uint64_t(std::ceil(std::log2(double(meta)))),
                uint64_t(std::bit_width(uint64_t(meta - 1))))
          << meta;
    }
  }
}

// [upstream] crypto/feistel.rs tests: for power-of-four domains and others (5, 6, 8, 12, 17),
// permute with cycle walking is a bijection of [0, N).
TEST(Feistel, PermutationOfArbitraryDomains) {
  const FeistelKeys keys = {1, 2, 3, 4};
  for (uint64_t n : {4u, 16u, 64u, 256u, 5u, 6u, 8u, 12u, 17u, 1000u}) {
    const FeistelPermutation f(n, keys);
    std::vector<bool> hit(n);
    for (uint64_t i = 0; i < n; ++i) {
      const uint64_t p = f.permute(i);
      ASSERT_LT(p, n);
      EXPECT_FALSE(hit[p]) << "n=" << n;
      hit[p] = true;
    }
  }
}

// [spec §6] domain half-width: 4^h is the smallest power of four >= N, h >= 1.
TEST(Feistel, HalfWidth) {
  const FeistelKeys keys{};
  EXPECT_EQ(FeistelPermutation(1, keys).half_bits(), 1u);
  EXPECT_EQ(FeistelPermutation(4, keys).half_bits(), 1u);
  EXPECT_EQ(FeistelPermutation(5, keys).half_bits(), 2u);
  EXPECT_EQ(FeistelPermutation(uint64_t(1) << 33, keys).half_bits(), 17u);  // 32 GiB * 8
  EXPECT_EQ(FeistelPermutation(uint64_t(1) << 34, keys).half_bits(), 17u);  // 64 GiB * 8
}

}  // namespace
}  // namespace cuzk::filecoin
