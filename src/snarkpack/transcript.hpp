// SnarkPack's Fiat–Shamir transcript, byte for byte as bellperson's aggregate/transcript.rs:
// SHA-256 over "snarkpack-v1" ‖ tag, then each written value as bincode 1.x serialises blstrs'
// types — Fr: 32 bytes little-endian; G1 / G2: the compressed zcash encoding (48 / 96 bytes, a
// projective point as its affine form); GT: the 576-byte serde form (gt_codec.hpp, blst's
// convention); a byte slice: its length as a u64 little-endian, then the bytes.
//
// A challenge is drawn by appending a counter (1, 2, ... as a u64 big-endian, to the running
// hash) and hashing until the digest, its top bit cleared, read as a little-endian integer, is a
// field element other than 0 and 1. Transcripts are single-use: each is started for one
// challenge.
#pragma once

#include <span>
#include <string_view>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "curve/pairing.hpp"
#include "ff/fr.hpp"
#include "hash/sha256.hpp"

namespace cuzk::snarkpack {

class Transcript {
 public:
  explicit Transcript(std::string_view tag);

  Transcript& write(const ff::Fr& x);
  Transcript& write(const curve::G1Affine& p);
  Transcript& write(const curve::G1& p);
  Transcript& write(const curve::G2Affine& q);
  Transcript& write(const curve::Gt& g);  // blst's convention
  Transcript& write_bytes(std::span<const uint8_t> bytes);

  ff::Fr challenge();

 private:
  hash::Sha256 hasher_;
};

}  // namespace cuzk::snarkpack
