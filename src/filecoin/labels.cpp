// Labels and column hashes of labels.hpp.
#include "filecoin/labels.hpp"

#include <stdexcept>

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
  for (int i = 0; i < 4; ++i) header[i] = uint8_t(layer >> (24 - 8 * i));
  for (int i = 0; i < 8; ++i) header[4 + i] = uint8_t(node >> (56 - 8 * i));
  hash::Sha256 hasher;
  hasher.update(replica_id).update(header);
  for (const auto& parent : parent_slots) hasher.update(parent);
  return hash::trim_to_fr32(hasher.finalize());
}

ff::Fr column_hash(std::span<const ff::Fr> rows) { return hash::poseidon_node(rows); }

}  // namespace cuzk::filecoin
