// Reading the bincode bytes of rust-fil-proofs' vanilla proofs (spec §5.4, §6.5), shared by the
// PoSt and SnapDeals parsers: bincode 1.x default options — little-endian fixed-width integers,
// u64 sequence lengths, u32 enum variant tags, fields in declaration order, no padding; a 32-byte
// domain value (PoseidonDomain, Sha256Domain, SectorId aside) is its 32 raw bytes.
//
// storage-proofs-core MerkleProof: u32 tag 0 Single { root, leaf, path }, 1 Sub { base_proof,
// sub_proof, root, leaf }, 2 Top { base_proof, sub_proof, top_proof, root, leaf }; an
// InclusionPath is a u64 count of PathElement { hashes: u64 count + 32-byte siblings, index: u64 }.
//
// Errors are thrown as VanillaParseError (code + message naming the field by its path, e.g.
// "sectors[0].inclusion_proofs[3].base_proof[2].hashes"); the parsers' entry points turn them into
// FilecoinResult errors: kSchema for truncated or malformed bytes (a bad tag, a non-canonical
// field element, trailing bytes), kShape for a well-formed proof that does not fit the registered
// proof (variant, level count, sibling count, index, element counts).
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "filecoin/c1_output.hpp"
#include "filecoin/error.hpp"
#include "hash/merkle_tree.hpp"

namespace cuzk::filecoin {

class VanillaParseError : public std::runtime_error {
 public:
  VanillaParseError(FilecoinError code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  FilecoinError code() const { return code_; }

 private:
  FilecoinError code_;
};

class BincodeReader {
 public:
  explicit BincodeReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  uint32_t u32(const std::string& path);
  uint64_t u64(const std::string& path);
  // 32 raw bytes that must be a canonical field element.
  Domain domain(const std::string& path);
  // A sequence length whose elements take at least min_element_bytes each (a length the input
  // cannot hold is a kSchema error, so nothing huge is allocated).
  uint64_t length(const std::string& path, size_t min_element_bytes);
  // kSchema error unless every byte was read.
  void expect_end(const std::string& what) const;

  size_t offset() const { return offset_; }
  size_t remaining() const { return bytes_.size() - offset_; }

 private:
  const uint8_t* take(size_t n, const std::string& path);

  std::span<const uint8_t> bytes_;
  size_t offset_ = 0;
};

// One MerkleProof of a tree of `shape` with `levels` path levels in all (base levels + one sub
// + one top as the shape has them); the variant must be the shape's (Single without sub/top
// arity, Sub with a sub arity, Top with both).
MerkleProof read_merkle_proof(BincodeReader& in, const std::string& path, hash::TreeShape shape,
                              size_t levels);

// Writing the same layout (test vectors, cuzk-bench gen-vanilla).
void write_u32(std::vector<uint8_t>& out, uint32_t x);
void write_u64(std::vector<uint8_t>& out, uint64_t x);
void write_domain(std::vector<uint8_t>& out, const Domain& d);
void write_merkle_proof(std::vector<uint8_t>& out, const MerkleProof& proof);

// Runs `parse`, turning a VanillaParseError into a FilecoinResult error.
template <class T, class F>
FilecoinResult<T> catch_parse_errors(F&& parse) {
  try {
    return parse();
  } catch (const VanillaParseError& e) {
    return filecoin_error(e.code(), e.what());
  }
}

}  // namespace cuzk::filecoin
