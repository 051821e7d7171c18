// Native Poseidon hashing, bit-exact with neptune (spec §2): the permutation in its reference
// form (§2.5) and its optimized "OptimizedStatic" form (§2.6, the default), and the hash
// built on it: state = [domain tag, preimage..., zero padding], permute, output state[1].
//
// Both permutations work in place on a caller-owned state of exactly params.width elements and
// allocate nothing. Usage:
//   const auto& p8 = poseidon_params(8);
//   Fr node = poseidon_hash(children, p8);                         // MerkleTree tag
//   Fr rho  = poseidon_hash(pair, poseidon_params(2), kPoseidonGenRandomness);
#pragma once

#include <span>

#include "ff/fr.hpp"
#include "hash/poseidon_hash_type.hpp"
#include "hash/poseidon_params.hpp"

namespace cuzk::hash {

enum class PoseidonPermutation { kOptimized, kReference };

// Spec §2.5: per round add RC_r, S-box (all elements in full rounds, element 0 in partial
// rounds), multiply by M. Throws std::invalid_argument if state.size() != params.width.
void poseidon_permute_reference(std::span<ff::Fr> state, const PoseidonParams& params);
// Spec §2.6: compressed constants, pre-sparse and sparse mixing; same output as the reference.
void poseidon_permute_optimized(std::span<ff::Fr> state, const PoseidonParams& params);

// Hashes `preimage` with the domain tag of `type`. MerkleTree and Custom need exactly
// params.arity elements; ConstantLength(L) needs L = preimage.size() <= params.arity (the
// sponge over several permutations is not implemented). Throws std::invalid_argument otherwise.
ff::Fr poseidon_hash(std::span<const ff::Fr> preimage, const PoseidonParams& params,
                     PoseidonHashType type = PoseidonHashType::merkle_tree(),
                     PoseidonPermutation permutation = PoseidonPermutation::kOptimized);

}  // namespace cuzk::hash
