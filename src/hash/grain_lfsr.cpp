// Grain LFSR: the 80-bit window is a 128-bit integer whose bit 79 is the oldest bit s[0] and bit
// 0 the newest s[79], so "drop s[0], append the new bit" is a shift left by one and an OR.
// Feedback (spec §2.2): s[80] = s[62] ^ s[51] ^ s[38] ^ s[23] ^ s[13] ^ s[0].
#include "hash/grain_lfsr.hpp"

#include <stdexcept>

namespace cuzk::hash {
namespace {

using u128 = unsigned __int128;
constexpr unsigned kStateBits = 80;
constexpr unsigned kWarmUpClocks = 160;

// Appends `count` bits of `value`, most significant first, to a sequence kept in `seq` (the
// first appended bit ends up most significant).
void append_bits_msb_first(u128& seq, unsigned& length, unsigned count, uint64_t value) {
  if (count < 64 && (value >> count) != 0) {
    throw std::invalid_argument("grain lfsr: parameter does not fit its bit field");
  }
  for (unsigned i = count; i-- > 0;) {
    seq = (seq << 1) | u128((value >> i) & 1);
    ++length;
  }
}

}  // namespace

GrainLfsr::GrainLfsr(unsigned field_kind, unsigned sbox_kind, unsigned field_bits, unsigned width,
                     unsigned full_rounds, unsigned partial_rounds) {
  unsigned length = 0;
  append_bits_msb_first(bits_, length, 2, field_kind);
  append_bits_msb_first(bits_, length, 4, sbox_kind);
  append_bits_msb_first(bits_, length, 12, field_bits);
  append_bits_msb_first(bits_, length, 12, width);
  append_bits_msb_first(bits_, length, 10, full_rounds);
  append_bits_msb_first(bits_, length, 10, partial_rounds);
  append_bits_msb_first(bits_, length, 30, (uint64_t(1) << 30) - 1);
  if (length != kStateBits) throw std::logic_error("grain lfsr: seed is not 80 bits");
  for (unsigned i = 0; i < kWarmUpClocks; ++i) clock();
}

bool GrainLfsr::clock() {
  auto s = [this](unsigned i) { return unsigned(bits_ >> (kStateBits - 1 - i)) & 1u; };
  const unsigned next = s(62) ^ s(51) ^ s(38) ^ s(23) ^ s(13) ^ s(0);
  const u128 mask = (u128(1) << kStateBits) - 1;
  bits_ = ((bits_ << 1) | u128(next)) & mask;
  return next != 0;
}

bool GrainLfsr::next_bit() {
  for (;;) {
    const bool keep = clock();
    const bool bit = clock();
    if (keep) return bit;
  }
}

std::vector<ff::Fr> poseidon_round_constants(unsigned width, unsigned full_rounds,
                                             unsigned partial_rounds) {
  constexpr unsigned kFieldBits = unsigned(ff::Fr::kBits);  // 255
  GrainLfsr grain(/*field_kind=*/1, /*sbox_kind=*/1, kFieldBits, width, full_rounds,
                  partial_rounds);
  const size_t count = size_t(full_rounds + partial_rounds) * width;
  std::vector<ff::Fr> constants;
  constants.reserve(count);
  while (constants.size() < count) {
    ff::Fr::Repr candidate{};
    for (unsigned bit = kFieldBits; bit-- > 0;) {  // first output bit is the most significant
      if (grain.next_bit()) candidate[bit / 64] |= uint64_t(1) << (bit % 64);
    }
    if (auto x = ff::Fr::from_canonical(candidate)) constants.push_back(*x);
  }
  return constants;
}

}  // namespace cuzk::hash
