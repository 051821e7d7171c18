// Filecoin's SHA-256 "domain" hash (filecoin-hashers Sha256Hasher, spec §3.1): the standard
// SHA-256 digest, in normal digest byte order, with the top two bits of its last byte cleared,
// then read as a little-endian Fr repr. It is the node hash of tree_d (comm_d).
#pragma once

#include <span>

#include "ff/fr.hpp"
#include "hash/node32.hpp"
#include "hash/sha256.hpp"

namespace cuzk::hash {

// trim(SHA-256(data)).
inline Node32 sha256_domain_hash(std::span<const uint8_t> data) {
  return trim_to_fr32(sha256(data));
}

// trim(SHA-256(a || b)): the binary-tree node hash over two 32-byte reprs.
Node32 sha256_domain_hash2(const Node32& a, const Node32& b);

// The trimmed digest as a field element (always < 2^254, so always valid).
inline ff::Fr sha256_digest_to_fr(const Sha256Digest& digest) {
  return *fr_from_node(trim_to_fr32(digest));
}

}  // namespace cuzk::hash
