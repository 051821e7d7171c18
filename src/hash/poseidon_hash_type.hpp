// Poseidon domain separation (neptune hash_type.rs, spec §2.4): the value placed in state[0]
// before the permutation, chosen by the hash type. Only the types Filecoin uses are modelled.
//   MerkleTree          2^arity - 1      every tree node, comm_r, the PoRep column hash
//   ConstantLength(L)   L * 2^64         unused slots zero; here only for L <= arity
//   Custom(id)          id * 2^40        id in 1..=256; SnapDeals uses Custom(1) with arity 2
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "ff/fr.hpp"

namespace cuzk::hash {

enum class PoseidonHashKind { kMerkleTree, kConstantLength, kCustom };

struct PoseidonHashType {
  PoseidonHashKind kind = PoseidonHashKind::kMerkleTree;
  uint64_t parameter = 0;  // L for kConstantLength, id for kCustom

  static constexpr PoseidonHashType merkle_tree() { return {PoseidonHashKind::kMerkleTree, 0}; }
  static constexpr PoseidonHashType constant_length(uint64_t length) {
    return {PoseidonHashKind::kConstantLength, length};
  }
  static constexpr PoseidonHashType custom(uint64_t id) { return {PoseidonHashKind::kCustom, id}; }
};

// SnapDeals' POSEIDON_CONSTANTS_GEN_RANDOMNESS (storage-proofs-update constants.rs): arity 2,
// Custom(1), tag 2^40. Used for the phi/rho/challenge digests.
inline constexpr PoseidonHashType kPoseidonGenRandomness = PoseidonHashType::custom(1);
inline constexpr unsigned kPoseidonGenRandomnessArity = 2;

// The state[0] value for `type` with the given arity. Throws std::invalid_argument for a custom
// id outside 1..256 or an arity above 63 in MerkleTree mode.
inline ff::Fr poseidon_domain_tag(PoseidonHashType type, unsigned arity) {
  const ff::Fr two_pow_40 = ff::Fr::from_u64(uint64_t(1) << 40);
  const ff::Fr two_pow_64 = ff::Fr::from_u64(uint64_t(1) << 32).square();
  switch (type.kind) {
    case PoseidonHashKind::kMerkleTree:
      if (arity > 63) throw std::invalid_argument("poseidon MerkleTree tag: arity above 63");
      return ff::Fr::from_u64((uint64_t(1) << arity) - 1);
    case PoseidonHashKind::kConstantLength:
      return ff::Fr::from_u64(type.parameter) * two_pow_64;
    case PoseidonHashKind::kCustom:
      if (type.parameter < 1 || type.parameter > 256) {
        throw std::invalid_argument("poseidon Custom tag: id " + std::to_string(type.parameter) +
                                    " is outside 1..256");
      }
      return ff::Fr::from_u64(type.parameter) * two_pow_40;
  }
  throw std::invalid_argument("poseidon_domain_tag: unknown hash kind");
}

}  // namespace cuzk::hash
