// ChaCha20-backed SeededStream of seeded_stream.hpp.
#include "sealing/seeded_stream.hpp"

#include <array>

#include "filecoin/bytes.hpp"
#include "hash/sha256.hpp"

namespace cuzk::sealing {

namespace {
constexpr std::array<uint8_t, 12> kNonce{};
}

SeededStream::SeededStream(std::string_view purpose, uint64_t seed) {
  hash::Sha256 hasher;
  hasher.update(filecoin::as_bytes("cuzk-sealing|"));
  hasher.update(filecoin::as_bytes(purpose));
  hasher.update(filecoin::to_le_bytes(seed));
  key_ = hasher.finalize();
}

void SeededStream::fill(std::span<uint8_t> out) {
  filecoin::chacha20_keystream(key_, kNonce, offset_, out);
  offset_ += out.size();
}

hash::Node32 SeededStream::next_fr32() {
  hash::Node32 node;
  fill(node);
  return hash::trim_to_fr32(node);
}

hash::Node32 SeededStream::fr32_at(uint64_t index) const {
  hash::Node32 node;
  filecoin::chacha20_keystream(key_, kNonce, index * sizeof(node), node);
  return hash::trim_to_fr32(node);
}

std::vector<hash::Node32> SeededStream::next_fr32_nodes(uint64_t count) {
  std::vector<hash::Node32> nodes(count);
  fill({reinterpret_cast<uint8_t*>(nodes.data()), nodes.size() * sizeof(hash::Node32)});
  for (auto& node : nodes) node = hash::trim_to_fr32(node);
  return nodes;
}

}  // namespace cuzk::sealing
