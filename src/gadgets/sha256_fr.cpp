// Filecoin's SHA-256-to-field gadgets (see sha256_fr.hpp).
#include "gadgets/sha256_fr.hpp"

#include <algorithm>
#include <string>

#include "gadgets/multipack.hpp"
#include "gadgets/sha256.hpp"

namespace cuzk::gadgets {

namespace {

using r1cs::Namespace;

void append_reversed_bytes(std::vector<Boolean>& out, std::span<const Boolean> bits) {
  std::vector<Boolean> padded = reverse_bit_numbering({bits.begin(), bits.end()});
  out.insert(out.end(), padded.begin(), padded.end());
}

std::vector<Boolean> allocate_bits(ConstraintSystem& cs, const std::vector<bool>& values) {
  std::vector<Boolean> bits;
  bits.reserve(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    Namespace ns(cs, [&] { return "bit " + std::to_string(i); });
    bits.emplace_back(AllocatedBit::alloc(cs, values[i]));
  }
  return bits;
}

}  // namespace

std::vector<Boolean> reverse_bit_numbering(std::vector<Boolean> bits) {
  while (bits.size() % 8 != 0) bits.push_back(Boolean::constant(false));
  for (size_t i = 0; i < bits.size(); i += 8) std::reverse(bits.begin() + i, bits.begin() + i + 8);
  return bits;
}

AllocatedNum sha256_digest_num(ConstraintSystem& cs, std::span<const Boolean> bits) {
  std::vector<Boolean> digest;
  {
    Namespace ns(cs, "hash");
    digest = sha256(cs, bits);
  }
  std::vector<Boolean> le = reverse_bit_numbering(std::move(digest));
  Namespace ns(cs, "pack_le");
  return pack_bits(cs, le);  // takes the first 254 bits
}

AllocatedNum sha256_hash_multi_leaf(ConstraintSystem& cs, std::span<const AllocatedNum> leaves) {
  std::vector<Boolean> bits;
  bits.reserve(leaves.size() * 256);
  for (size_t i = 0; i < leaves.size(); ++i) {
    Namespace ns(cs, [&] { return std::to_string(i) + "_num_into_bits"; });
    append_reversed_bytes(bits, leaves[i].to_bits_le(cs));
  }
  return sha256_digest_num(cs, bits);
}

AllocatedNum sha256_hash2(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  std::vector<Boolean> a_bits, b_bits;
  {
    Namespace ns(cs, "a_bits");
    a_bits = a.to_bits_le(cs);
  }
  {
    Namespace ns(cs, "b_bits");
    b_bits = b.to_bits_le(cs);
  }
  std::vector<Boolean> bits;
  bits.reserve(512);
  append_reversed_bytes(bits, a_bits);
  append_reversed_bytes(bits, b_bits);
  return sha256_digest_num(cs, bits);
}

AllocatedNum sha256_hash_leaf_bits(ConstraintSystem& cs, std::span<const Boolean> left,
                                   std::span<const Boolean> right) {
  std::vector<Boolean> bits;
  bits.reserve(left.size() + right.size() + 14);
  append_reversed_bytes(bits, left);
  append_reversed_bytes(bits, right);
  return sha256_digest_num(cs, bits);
}

std::vector<Boolean> bytes_into_boolean_vec(ConstraintSystem& cs, std::span<const uint8_t> bytes) {
  return allocate_bits(cs, bytes_to_bits_le(bytes));
}

std::vector<Boolean> bytes_into_boolean_vec_be(ConstraintSystem& cs,
                                               std::span<const uint8_t> bytes) {
  return allocate_bits(cs, bytes_to_bits(bytes));
}

}  // namespace cuzk::gadgets
