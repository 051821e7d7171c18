// Bincode reading for vanilla proofs (see post_bincode.hpp).
#include "filecoin/post_bincode.hpp"

#include <algorithm>

#include "filecoin/bytes.hpp"
#include "hash/node32.hpp"

namespace cuzk::filecoin {

namespace {

[[noreturn]] void schema(const std::string& message) {
  throw VanillaParseError(FilecoinError::kSchema, message);
}
[[noreturn]] void shape_error(const std::string& message) {
  throw VanillaParseError(FilecoinError::kShape, message);
}

const char* variant_name(uint32_t tag) {
  return tag == 0 ? "Single" : tag == 1 ? "Sub" : "Top";
}

// An InclusionPath of `levels` elements of `arity`.
InclusionPath read_inclusion_path(BincodeReader& in, const std::string& path, unsigned arity,
                                  size_t levels) {
  const uint64_t count = in.length(path, 16);
  if (count != levels)
    shape_error(path + ": " + std::to_string(count) + " path elements, the tree needs " +
                std::to_string(levels));
  InclusionPath out(count);
  for (uint64_t l = 0; l < count; ++l) {
    const std::string elem = path + "[" + std::to_string(l) + "]";
    const uint64_t hashes = in.length(elem + ".hashes", 32);
    if (hashes + 1 != arity)
      shape_error(elem + ".hashes: " + std::to_string(hashes) + " siblings, arity " +
                  std::to_string(arity) + " needs " + std::to_string(arity - 1));
    out[l].siblings.reserve(hashes);
    for (uint64_t h = 0; h < hashes; ++h)
      out[l].siblings.push_back(in.domain(elem + ".hashes[" + std::to_string(h) + "]"));
    const uint64_t index = in.u64(elem + ".index");
    if (index >= arity)
      shape_error(elem + ".index: " + std::to_string(index) + " >= arity " + std::to_string(arity));
    out[l].index = unsigned(index);
  }
  return out;
}

}  // namespace

const uint8_t* BincodeReader::take(size_t n, const std::string& path) {
  if (remaining() < n)
    schema(path + ": truncated: needs " + std::to_string(n) + " bytes at offset " +
           std::to_string(offset_) + ", " + std::to_string(remaining()) + " left");
  const uint8_t* p = bytes_.data() + offset_;
  offset_ += n;
  return p;
}

uint32_t BincodeReader::u32(const std::string& path) {
  return from_le_bytes<uint32_t>(take(4, path));
}

uint64_t BincodeReader::u64(const std::string& path) {
  return from_le_bytes<uint64_t>(take(8, path));
}

Domain BincodeReader::domain(const std::string& path) {
  Domain d;
  const uint8_t* p = take(32, path);
  std::copy(p, p + 32, d.begin());
  if (!hash::fr_from_node(d)) schema(path + ": not a canonical field element");
  return d;
}

uint64_t BincodeReader::length(const std::string& path, size_t min_element_bytes) {
  const uint64_t n = u64(path + " (length)");
  if (min_element_bytes != 0 && n > remaining() / min_element_bytes)
    schema(path + ": length " + std::to_string(n) + " cannot fit in the " +
           std::to_string(remaining()) + " bytes left");
  return n;
}

void BincodeReader::expect_end(const std::string& what) const {
  if (remaining() != 0)
    schema(what + ": " + std::to_string(remaining()) + " trailing bytes after offset " +
           std::to_string(offset_));
}

MerkleProof read_merkle_proof(BincodeReader& in, const std::string& path, hash::TreeShape shape,
                              size_t levels) {
  const uint32_t expected = shape.top_arity != 0 ? 2 : shape.sub_arity != 0 ? 1 : 0;
  const uint32_t tag = in.u32(path + " (variant)");
  if (tag > 2)
    schema(path + ": unknown MerkleProof variant " + std::to_string(tag) +
           " (0 Single, 1 Sub, 2 Top)");
  if (tag != expected)
    shape_error(path + ": a " + variant_name(tag) + " proof, the tree " +
                std::to_string(shape.base_arity) + "-" + std::to_string(shape.sub_arity) + "-" +
                std::to_string(shape.top_arity) + " needs " + variant_name(expected));
  const size_t base_levels = levels - (tag >= 1 ? 1 : 0) - (tag == 2 ? 1 : 0);
  MerkleProof proof;
  proof.kind = MerkleProofKind(tag);
  if (tag == 0) {
    proof.root = in.domain(path + ".root");
    proof.leaf = in.domain(path + ".leaf");
    proof.base = read_inclusion_path(in, path + ".path", shape.base_arity, base_levels);
    return proof;
  }
  proof.base = read_inclusion_path(in, path + ".base_proof", shape.base_arity, base_levels);
  proof.sub = read_inclusion_path(in, path + ".sub_proof", shape.sub_arity, 1);
  if (tag == 2) proof.top = read_inclusion_path(in, path + ".top_proof", shape.top_arity, 1);
  proof.root = in.domain(path + ".root");
  proof.leaf = in.domain(path + ".leaf");
  return proof;
}

namespace {

void write_inclusion_path(std::vector<uint8_t>& out, const InclusionPath& path) {
  write_u64(out, path.size());
  for (const auto& element : path) {
    write_u64(out, element.siblings.size());
    for (const Domain& h : element.siblings) write_domain(out, h);
    write_u64(out, element.index);
  }
}

}  // namespace

void write_u32(std::vector<uint8_t>& out, uint32_t x) {
  const auto b = to_le_bytes(x);
  out.insert(out.end(), b.begin(), b.end());
}

void write_u64(std::vector<uint8_t>& out, uint64_t x) {
  const auto b = to_le_bytes(x);
  out.insert(out.end(), b.begin(), b.end());
}

void write_domain(std::vector<uint8_t>& out, const Domain& d) {
  out.insert(out.end(), d.begin(), d.end());
}

void write_merkle_proof(std::vector<uint8_t>& out, const MerkleProof& proof) {
  write_u32(out, uint32_t(proof.kind));
  if (proof.kind == MerkleProofKind::kSingle) {
    write_domain(out, proof.root);
    write_domain(out, proof.leaf);
    write_inclusion_path(out, proof.base);
    return;
  }
  write_inclusion_path(out, proof.base);
  write_inclusion_path(out, proof.sub);
  if (proof.kind == MerkleProofKind::kTop) write_inclusion_path(out, proof.top);
  write_domain(out, proof.root);
  write_domain(out, proof.leaf);
}

}  // namespace cuzk::filecoin
