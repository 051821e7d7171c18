// SnarkPack's aggregate proof encoding (see proof.hpp).
#include "snarkpack/proof.hpp"

#include <bit>
#include <stdexcept>

#include "curve/encoding.hpp"
#include "snarkpack/gt_codec.hpp"

namespace cuzk::snarkpack {
namespace {

constexpr size_t kG1Bytes = curve::kCompressedSize<curve::G1Config>;
constexpr size_t kG2Bytes = curve::kCompressedSize<curve::G2Config>;

class Writer {
 public:
  void gt(const curve::Gt& g) {
    auto c = compress_gt(g);
    if (!c) throw std::invalid_argument("aggregate proof: the GT identity cannot be encoded");
    out_.insert(out_.end(), c->begin(), c->end());
  }
  void pair(const GtPair& p) {
    gt(p.t);
    gt(p.u);
  }
  void g1(const curve::G1Affine& p) {
    auto b = curve::encode_compressed<curve::G1Config>(p);
    out_.insert(out_.end(), b.begin(), b.end());
  }
  void g2(const curve::G2Affine& q) {
    auto b = curve::encode_compressed<curve::G2Config>(q);
    out_.insert(out_.end(), b.begin(), b.end());
  }
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) out_.push_back(uint8_t(v >> (8 * i)));
  }
  std::vector<uint8_t> take() { return std::move(out_); }

 private:
  std::vector<uint8_t> out_;
};

// Reads fields in order; the first failure is kept with the field's name, later reads are no-ops.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> in) : in_(in) {}

  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  size_t left() const { return in_.size() - pos_; }

  void gt(curve::Gt& out, const std::string& field) {
    auto bytes = take(kGtCompressedBytes, field);
    if (bytes.empty()) return;
    auto g = decompress_gt(
        std::span<const uint8_t, kGtCompressedBytes>(bytes.data(), kGtCompressedBytes));
    if (!g) return fail(field + ": not a compressed GT element");
    out = *g;
  }
  void pair(GtPair& out, const std::string& field) {
    gt(out.t, field + ".t");
    gt(out.u, field + ".u");
  }
  void g1(curve::G1Affine& out, const std::string& field) {
    point<curve::G1Config>(out, kG1Bytes, field);
  }
  void g2(curve::G2Affine& out, const std::string& field) {
    point<curve::G2Config>(out, kG2Bytes, field);
  }
  uint32_t u32(const std::string& field) {
    auto bytes = take(4, field);
    uint32_t v = 0;
    for (size_t i = 0; i < bytes.size(); ++i) v |= uint32_t(bytes[i]) << (8 * i);
    return v;
  }
  void fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
  }

 private:
  std::span<const uint8_t> take(size_t n, const std::string& field) {
    if (failed()) return {};
    if (left() < n) {
      fail(field + ": truncated at byte " + std::to_string(pos_) + " (" + std::to_string(n) +
           " bytes needed, " + std::to_string(left()) + " left)");
      return {};
    }
    auto bytes = in_.subspan(pos_, n);
    pos_ += n;
    return bytes;
  }
  template <class Config>
  void point(curve::Affine<Config>& out, size_t size, const std::string& field) {
    auto bytes = take(size, field);
    if (bytes.empty()) return;
    auto p = curve::decode_compressed<Config>(bytes, curve::PointCheck::kSubgroup);
    if (!p) return fail(field + ": " + curve::to_string(p.error().code) + " point");
    out = *p;
  }

  std::span<const uint8_t> in_;
  size_t pos_ = 0;
  std::string error_;
};

std::string indexed(const char* name, size_t i) {
  return std::string(name) + "[" + std::to_string(i) + "]";
}

}  // namespace

unsigned gipa_rounds(uint32_t nproofs) {
  return nproofs <= 1 ? 0 : unsigned(std::bit_width(nproofs - 1));
}

size_t aggregate_proof_bytes(uint32_t nproofs) {
  const size_t rounds = gipa_rounds(nproofs);
  // GT: 5 + 10 per round; G1: agg_c, final_a, final_c, final_wkey, wkey_opening and 2 per round;
  // G2: final_b, final_vkey, vkey_opening; and nproofs.
  return (5 + 10 * rounds) * kGtCompressedBytes + (7 + 2 * rounds) * kG1Bytes + 5 * kG2Bytes + 4;
}

std::vector<uint8_t> encode_aggregate_proof(const AggregateProof& proof) {
  const GipaProof& g = proof.gipa;
  const size_t rounds = gipa_rounds(g.nproofs);
  if (g.comms_ab.size() != rounds || g.comms_c.size() != rounds || g.z_ab.size() != rounds ||
      g.z_c.size() != rounds)
    throw std::invalid_argument("aggregate proof: GIPA vectors do not match nproofs");
  Writer w;
  w.pair(proof.com_ab);
  w.pair(proof.com_c);
  w.gt(proof.ip_ab);
  w.g1(proof.agg_c);
  w.u32(g.nproofs);
  for (const auto& c : g.comms_ab) w.pair(c.left), w.pair(c.right);
  for (const auto& c : g.comms_c) w.pair(c.left), w.pair(c.right);
  for (const auto& z : g.z_ab) w.gt(z.left), w.gt(z.right);
  for (const auto& z : g.z_c) w.g1(z.left), w.g1(z.right);
  w.g1(g.final_a);
  w.g2(g.final_b);
  w.g1(g.final_c);
  w.g2(g.final_vkey.first);
  w.g2(g.final_vkey.second);
  w.g1(g.final_wkey.first);
  w.g1(g.final_wkey.second);
  w.g2(proof.vkey_opening.first);
  w.g2(proof.vkey_opening.second);
  w.g1(proof.wkey_opening.first);
  w.g1(proof.wkey_opening.second);
  return w.take();
}

SnarkpackResult<AggregateProof> decode_aggregate_proof(std::span<const uint8_t> bytes) {
  Reader r(bytes);
  AggregateProof proof;
  GipaProof& g = proof.gipa;
  r.pair(proof.com_ab, "com_ab");
  r.pair(proof.com_c, "com_c");
  r.gt(proof.ip_ab, "ip_ab");
  r.g1(proof.agg_c, "agg_c");
  g.nproofs = r.u32("nproofs");
  if (!r.failed() &&
      (g.nproofs < 2 || g.nproofs > kMaxAggregatedProofs || !std::has_single_bit(g.nproofs))) {
    r.fail("nproofs: " + std::to_string(g.nproofs) + ", not a power of two from 2 to " +
           std::to_string(kMaxAggregatedProofs));
  }
  const size_t rounds = r.failed() ? 0 : gipa_rounds(g.nproofs);
  g.comms_ab.resize(rounds);
  g.comms_c.resize(rounds);
  g.z_ab.resize(rounds);
  g.z_c.resize(rounds);
  auto read_rounds = [&](auto& values, const char* name, auto read) {
    for (size_t i = 0; i < rounds; ++i) {
      read(values[i].left, indexed(name, i) + ".left");
      read(values[i].right, indexed(name, i) + ".right");
    }
  };
  read_rounds(g.comms_ab, "comms_ab", [&](GtPair& v, const std::string& f) { r.pair(v, f); });
  read_rounds(g.comms_c, "comms_c", [&](GtPair& v, const std::string& f) { r.pair(v, f); });
  read_rounds(g.z_ab, "z_ab", [&](curve::Gt& v, const std::string& f) { r.gt(v, f); });
  read_rounds(g.z_c, "z_c", [&](curve::G1Affine& v, const std::string& f) { r.g1(v, f); });
  r.g1(g.final_a, "final_a");
  r.g2(g.final_b, "final_b");
  r.g1(g.final_c, "final_c");
  r.g2(g.final_vkey.first, "final_vkey.0");
  r.g2(g.final_vkey.second, "final_vkey.1");
  r.g1(g.final_wkey.first, "final_wkey.0");
  r.g1(g.final_wkey.second, "final_wkey.1");
  r.g2(proof.vkey_opening.first, "vkey_opening.0");
  r.g2(proof.vkey_opening.second, "vkey_opening.1");
  r.g1(proof.wkey_opening.first, "wkey_opening.0");
  r.g1(proof.wkey_opening.second, "wkey_opening.1");
  if (!r.failed() && r.left() != 0)
    r.fail(std::to_string(r.left()) + " bytes after the aggregate proof");
  if (r.failed()) return snarkpack_error(SnarkpackError::kMalformed, r.error());
  return proof;
}

}  // namespace cuzk::snarkpack
