// The SHA-256 gadget (see sha256.hpp). Names and order follow bellperson's sha256.rs.
#include "gadgets/sha256.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "hash/sha256_constants.hpp"

namespace cuzk::gadgets {

namespace {

using r1cs::Namespace;

// A word either known (Concrete) or pending as the operands of an addition (Deferred).
struct MaybeDeferred {
  std::vector<UInt32> operands;  // Deferred when non-empty
  UInt32 concrete;

  static MaybeDeferred of(const UInt32& w) { return {{}, w}; }
  static MaybeDeferred deferred(std::vector<UInt32> ops) { return {std::move(ops), {}}; }

  // The word, adding `others` to a deferred sum first (one addmany).
  UInt32 compute(ConstraintSystem& cs, MultiEq& multi_eq, std::span<const UInt32> others) && {
    if (operands.empty()) return concrete;
    operands.insert(operands.end(), others.begin(), others.end());
    return addmany(cs, multi_eq, operands);
  }
};

// s = rotr(x, r0) ^ rotr(x, r1) ^ (shift ? shr(x, r2) : rotr(x, r2)).
UInt32 sigma(ConstraintSystem& cs, const UInt32& x, unsigned r0, unsigned r1, unsigned r2,
             bool shift, const char* first, const char* second) {
  UInt32 s = x.rotr(r0);
  {
    Namespace ns(cs, first);
    s = xor_words(cs, s, x.rotr(r1));
  }
  Namespace ns(cs, second);
  return xor_words(cs, s, shift ? x.shr(r2) : x.rotr(r2));
}

}  // namespace

Sha256Words sha256_iv_words() {
  Sha256Words iv;
  for (size_t i = 0; i < 8; ++i) iv[i] = UInt32::constant(hash::kSha256InitialState[i]);
  return iv;
}

Sha256Words sha256_compression_function(ConstraintSystem& cs, std::span<const Boolean> block,
                                        const Sha256Words& state) {
  if (block.size() != 512) {
    throw std::invalid_argument("sha256_compression_function: block has " +
                                std::to_string(block.size()) + " bits, needs 512");
  }
  std::vector<UInt32> w;
  w.reserve(64);
  for (size_t i = 0; i < 16; ++i) w.push_back(UInt32::from_bits_be(block.subspan(32 * i, 32)));

  MultiEq multi_eq(cs);

  for (size_t i = 16; i < 64; ++i) {
    Namespace ns(cs, [&] { return "w extension " + std::to_string(i); });
    UInt32 s0 = sigma(cs, w[i - 15], 7, 18, 3, true, "first xor for s0", "second xor for s0");
    UInt32 s1 = sigma(cs, w[i - 2], 17, 19, 10, true, "first xor for s1", "second xor for s1");
    const UInt32 ops[4] = {w[i - 16], s0, w[i - 7], s1};
    Namespace add(cs, "computation of w[i]");
    w.push_back(addmany(cs, multi_eq, ops));
  }

  MaybeDeferred a = MaybeDeferred::of(state[0]);
  UInt32 b = state[1], c = state[2], d = state[3];
  MaybeDeferred e = MaybeDeferred::of(state[4]);
  UInt32 f = state[5], g = state[6], h = state[7];

  for (size_t i = 0; i < 64; ++i) {
    Namespace round(cs, [&] { return "compression round " + std::to_string(i); });
    UInt32 new_e;
    {
      Namespace ns(cs, "deferred e computation");
      new_e = std::move(e).compute(cs, multi_eq, {});
    }
    UInt32 s1 = sigma(cs, new_e, 6, 11, 25, false, "first xor for s1", "second xor for s1");
    UInt32 ch;
    {
      Namespace ns(cs, "ch");
      ch = sha256_ch(cs, new_e, f, g);
    }
    // temp1 = h + S1 + ch + K[i] + w[i]
    std::vector<UInt32> temp1 = {h, s1, ch, UInt32::constant(hash::kSha256RoundConstants[i]), w[i]};

    UInt32 new_a;
    {
      Namespace ns(cs, "deferred a computation");
      new_a = std::move(a).compute(cs, multi_eq, {});
    }
    UInt32 s0 = sigma(cs, new_a, 2, 13, 22, false, "first xor for s0", "second xor for s0");
    UInt32 maj;
    {
      Namespace ns(cs, "maj");
      maj = sha256_maj(cs, new_a, b, c);
    }

    h = g;
    g = f;
    f = new_e;
    std::vector<UInt32> e_ops = temp1;
    e_ops.push_back(d);
    e = MaybeDeferred::deferred(std::move(e_ops));
    d = c;
    c = b;
    b = new_a;
    temp1.push_back(s0);
    temp1.push_back(maj);
    a = MaybeDeferred::deferred(std::move(temp1));
  }

  auto add2 = [&](const char* name, const UInt32& x, const UInt32& y) {
    Namespace ns(cs, name);
    const UInt32 ops[2] = {x, y};
    return addmany(cs, multi_eq, ops);
  };
  Sha256Words out;
  {
    Namespace ns(cs, "deferred h0 computation");
    out[0] = std::move(a).compute(cs, multi_eq, std::span(&state[0], 1));
  }
  out[1] = add2("new h1", state[1], b);
  out[2] = add2("new h2", state[2], c);
  out[3] = add2("new h3", state[3], d);
  {
    Namespace ns(cs, "deferred h4 computation");
    out[4] = std::move(e).compute(cs, multi_eq, std::span(&state[4], 1));
  }
  out[5] = add2("new h5", state[5], f);
  out[6] = add2("new h6", state[6], g);
  out[7] = add2("new h7", state[7], h);
  multi_eq.finish();
  return out;
}

std::vector<Boolean> sha256_block_no_padding(ConstraintSystem& cs, std::span<const Boolean> block) {
  const Sha256Words out = sha256_compression_function(cs, block, sha256_iv_words());
  std::vector<Boolean> bits;
  bits.reserve(256);
  for (const UInt32& word : out) word.append_bits_be(bits);
  return bits;
}

std::vector<Boolean> sha256(ConstraintSystem& cs, std::span<const Boolean> input) {
  if (input.size() % 8 != 0) {
    throw std::invalid_argument("sha256 gadget: message of " + std::to_string(input.size()) +
                                " bits is not whole bytes");
  }
  std::vector<Boolean> padded(input.begin(), input.end());
  const uint64_t length = input.size();
  padded.push_back(Boolean::constant(true));
  while ((padded.size() + 64) % 512 != 0) padded.push_back(Boolean::constant(false));
  for (int i = 63; i >= 0; --i) padded.push_back(Boolean::constant(((length >> i) & 1) != 0));

  Sha256Words state = sha256_iv_words();
  const std::span<const Boolean> all(padded);
  for (size_t i = 0; i * 512 < padded.size(); ++i) {
    Namespace ns(cs, [&] { return "block " + std::to_string(i); });
    state = sha256_compression_function(cs, all.subspan(512 * i, 512), state);
  }
  std::vector<Boolean> bits;
  bits.reserve(256);
  for (const UInt32& word : state) word.append_bits_be(bits);
  return bits;
}

}  // namespace cuzk::gadgets
