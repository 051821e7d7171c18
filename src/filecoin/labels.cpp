// Labels and column hashes of labels.hpp.
#include "filecoin/labels.hpp"

#include <algorithm>
#include <stdexcept>

#include "filecoin/bytes.hpp"
#include "hash/merkle_node.hpp"
#include "hash/sha256.hpp"

namespace cuzk::filecoin {

LabelParentSlots label_parent_slots(std::span<const hash::Node32> values) {
  if (values.size() != kDrgDegree && values.size() != kParentCount) {
    throw std::invalid_argument("label parents: expected 6 or 14 values");
  }
  LabelParentSlots slots;
  for (size_t j = 0; j < slots.size(); ++j) slots[j] = values[j % values.size()];
  return slots;
}

hash::Node32 porep_label(const hash::Node32& replica_id, uint32_t layer, uint64_t node,
                         std::span<const hash::Node32> parent_slots) {
  std::array<uint8_t, 32> header{};  // layer BE, node BE, 20 zero bytes
  const auto layer_be = to_be_bytes(layer);
  const auto node_be = to_be_bytes(node);
  std::copy(layer_be.begin(), layer_be.end(), header.begin());
  std::copy(node_be.begin(), node_be.end(), header.begin() + 4);
  hash::Sha256 hasher;
  hasher.update(replica_id).update(header);
  for (const auto& parent : parent_slots) hasher.update(parent);
  return hash::trim_to_fr32(hasher.finalize());
}

ff::Fr column_hash(std::span<const ff::Fr> rows) {
  return hash::poseidon_node(rows);
}

}  // namespace cuzk::filecoin
