// SeededStream: the deterministic bytes of generated test sectors (data, ticket, interactive
// seed, the random labels of virtual sectors). A ChaCha20 keystream keyed by
// SHA-256("cuzk-sealing|" ‖ purpose ‖ seed u64 LE), read front to back; one purpose per kind of
// value, so adding a draw of one kind never shifts the others. Same (purpose, seed) → same bytes
// on every platform.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "filecoin/chacha.hpp"
#include "hash/node32.hpp"

namespace cuzk::sealing {

class SeededStream {
 public:
  SeededStream(std::string_view purpose, uint64_t seed);

  void fill(std::span<uint8_t> out);
  // 32 bytes with the top two bits cleared: a valid Fr, as sector nodes, labels and Lotus'
  // tickets and seeds are.
  hash::Node32 next_fr32();
  std::vector<hash::Node32> next_fr32_nodes(uint64_t count);
  // The index-th 32-byte Fr32 value of the stream (bytes [32·index, 32·index + 32)), read without
  // moving it: random access to a stream of values. index < 2^31.
  hash::Node32 fr32_at(uint64_t index) const;

 private:
  filecoin::ChaChaKey key_;
  uint64_t offset_ = 0;
};

}  // namespace cuzk::sealing
