// The labeling function and column hash of StackedDRG (stacked/vanilla create_label,
// labeling_proof.rs, column.rs; spec §7), the values a C1 check recomputes and a sealer
// produces.
//   label(L, v) = fr_safe(SHA-256(replica_id ‖ L u32 BE ‖ v u64 BE ‖ 20 zero bytes ‖ P_0..P_36))
// where the 37 parent slots repeat the layer's parent values: in layer 1 the 6 DRG parents'
// labels of layer 1; in layer L >= 2 the 6 DRG parents' labels of layer L, then the 8 expander
// parents' labels of layer L - 1. Node 0 has no parents and hashes only the first 64 bytes.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "ff/fr.hpp"
#include "filecoin/proof_type.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

using LabelParentSlots = std::array<hash::Node32, kLabelParentSlots>;

// values: 6 (layer 1) or 14 (later layers) parent labels, DRG first; throws
// std::invalid_argument for another count. Slot j holds values[j % values.size()].
LabelParentSlots label_parent_slots(std::span<const hash::Node32> values);

// parent_slots: the 37 slots, or empty for node 0.
hash::Node32 porep_label(const hash::Node32& replica_id, uint32_t layer, uint64_t node,
                         std::span<const hash::Node32> parent_slots);

// Poseidon with arity = rows.size() (the layer count; 2 or 11) and the MerkleTree tag, over the
// node's labels in layer order.
ff::Fr column_hash(std::span<const ff::Fr> rows);

}  // namespace cuzk::filecoin
