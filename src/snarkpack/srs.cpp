// SnarkPack's SRS: specialisation, file format and test setup (see srs.hpp).
#include "snarkpack/srs.hpp"

#include <bit>
#include <exception>

#include "curve/encoding.hpp"
#include "snarkpack/inner_product.hpp"
#include "util/mapped_file.hpp"
#include "util/parallel.hpp"

namespace cuzk::snarkpack {
namespace {

bool valid_count(size_t n) {
  return n >= 2 && std::has_single_bit(n);
}

SnarkpackResult<bool> check_count(const GenericSrs& srs, size_t n) {
  if (!valid_count(n)) {
    return snarkpack_error(
        SnarkpackError::kMismatch,
        "aggregation of " + std::to_string(n) + " proofs: the count must be a power of two >= 2");
  }
  if (srs.max_proofs() < n) {
    return snarkpack_error(SnarkpackError::kMismatch,
                           "the SRS holds powers for " + std::to_string(srs.max_proofs()) +
                               " proofs, " + std::to_string(n) + " asked");
  }
  return true;
}

template <class Affine>
std::vector<Affine> slice(const std::vector<Affine>& v, size_t begin, size_t end) {
  return {v.begin() + ptrdiff_t(begin), v.begin() + ptrdiff_t(end)};
}

template <class Config>
void append_vector(std::vector<uint8_t>& out, const std::vector<curve::Affine<Config>>& points) {
  const uint32_t n = uint32_t(points.size());
  for (int i = 3; i >= 0; --i) out.push_back(uint8_t(n >> (8 * i)));
  for (const auto& p : points) {
    auto b = curve::encode_compressed<Config>(p);
    out.insert(out.end(), b.begin(), b.end());
  }
}

// One vector of the file at `offset` (advanced past it): its first max_powers points, checked.
template <class Config>
SnarkpackResult<std::vector<curve::Affine<Config>>> read_vector(std::span<const uint8_t> bytes,
                                                                size_t& offset, size_t max_powers,
                                                                const char* name,
                                                                unsigned threads) {
  constexpr size_t kPoint = curve::kCompressedSize<Config>;
  if (bytes.size() - offset < 4) {
    return snarkpack_error(
        SnarkpackError::kMalformed,
        std::string(name) + ": truncated length at byte " + std::to_string(offset));
  }
  size_t count = 0;
  for (int i = 0; i < 4; ++i) count = (count << 8) | bytes[offset + size_t(i)];
  offset += 4;
  if (count > kMaxSrsPowers) {
    return snarkpack_error(SnarkpackError::kMalformed,
                           std::string(name) + ": " + std::to_string(count) +
                               " powers, more than " + std::to_string(kMaxSrsPowers));
  }
  if ((bytes.size() - offset) / kPoint < count) {
    return snarkpack_error(
        SnarkpackError::kMalformed,
        std::string(name) + ": " + std::to_string(count) + " powers, the file ends before them");
  }
  const size_t keep = std::min(count, max_powers);
  std::vector<curve::Affine<Config>> points(keep);
  std::vector<size_t> bad(keep, 0);
  parallel_for(keep, threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      auto p = curve::decode_compressed<Config>(bytes.subspan(offset + i * kPoint, kPoint),
                                                curve::PointCheck::kSubgroup);
      if (p)
        points[i] = *p;
      else
        bad[i] = 1;
    }
  });
  for (size_t i = 0; i < keep; ++i) {
    if (bad[i]) {
      return snarkpack_error(SnarkpackError::kMalformed,
                             std::string(name) + "[" + std::to_string(i) + "]: not a valid point");
    }
  }
  offset += count * kPoint;
  return points;
}

template <class Config>
std::vector<curve::Affine<Config>> powers_times_generator(const std::vector<ff::Fr>& powers,
                                                          unsigned threads) {
  std::vector<curve::Jacobian<Config>> points(powers.size());
  parallel_for(powers.size(), threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      points[i] = curve::mul(curve::Jacobian<Config>::generator(), powers[i]);
  });
  std::vector<curve::Affine<Config>> out(points.size());
  curve::batch_normalize<Config>(points, out);
  return out;
}

}  // namespace

size_t GenericSrs::max_proofs() const {
  const size_t g = std::min(g_alpha_powers.size(), g_beta_powers.size());
  const size_t h = std::min(h_alpha_powers.size(), h_beta_powers.size());
  const size_t fit = std::min(g / 2, h);  // 2n G1 powers, n G2 powers
  return fit < 2 ? 0 : std::bit_floor(fit);
}

SnarkpackResult<ProverSrs> specialize_prover(const GenericSrs& srs, size_t n) {
  if (auto ok = check_count(srs, n); !ok) return ok.error();
  ProverSrs p;
  p.n = n;
  p.g_alpha_powers = slice(srs.g_alpha_powers, 0, 2 * n);
  p.g_beta_powers = slice(srs.g_beta_powers, 0, 2 * n);
  p.h_alpha_powers = slice(srs.h_alpha_powers, 0, n);
  p.h_beta_powers = slice(srs.h_beta_powers, 0, n);
  p.vkey = {p.h_alpha_powers, p.h_beta_powers};
  p.wkey = {slice(srs.g_alpha_powers, n, 2 * n), slice(srs.g_beta_powers, n, 2 * n)};
  return p;
}

SnarkpackResult<VerifierSrs> specialize_verifier(const GenericSrs& srs, size_t n) {
  if (auto ok = check_count(srs, n); !ok) return ok.error();
  return VerifierSrs{n,
                     srs.g_alpha_powers[0],
                     srs.g_alpha_powers[1],
                     srs.g_beta_powers[1],
                     srs.h_alpha_powers[0],
                     srs.h_alpha_powers[1],
                     srs.h_beta_powers[1]};
}

std::vector<uint8_t> encode_srs(const GenericSrs& srs) {
  std::vector<uint8_t> out;
  append_vector<curve::G1Config>(out, srs.g_alpha_powers);
  append_vector<curve::G1Config>(out, srs.g_beta_powers);
  append_vector<curve::G2Config>(out, srs.h_alpha_powers);
  append_vector<curve::G2Config>(out, srs.h_beta_powers);
  return out;
}

SnarkpackResult<GenericSrs> decode_srs(std::span<const uint8_t> bytes, size_t max_powers,
                                       unsigned threads) {
  size_t offset = 0;
  auto g_alpha = read_vector<curve::G1Config>(bytes, offset, max_powers, "g_alpha_powers", threads);
  if (!g_alpha) return g_alpha.error();
  auto g_beta = read_vector<curve::G1Config>(bytes, offset, max_powers, "g_beta_powers", threads);
  if (!g_beta) return g_beta.error();
  auto h_alpha = read_vector<curve::G2Config>(bytes, offset, max_powers, "h_alpha_powers", threads);
  if (!h_alpha) return h_alpha.error();
  auto h_beta = read_vector<curve::G2Config>(bytes, offset, max_powers, "h_beta_powers", threads);
  if (!h_beta) return h_beta.error();
  return GenericSrs{std::move(g_alpha).value(), std::move(g_beta).value(),
                    std::move(h_alpha).value(), std::move(h_beta).value()};
}

SnarkpackResult<GenericSrs> read_srs_file(const std::string& path, size_t max_powers,
                                          unsigned threads) {
  try {
    MappedFile file(path);
    auto srs = decode_srs(file.bytes(), max_powers, threads);
    if (!srs) return snarkpack_error(srs.code(), path + ": " + srs.error().message);
    return srs;
  } catch (const std::exception& e) {
    return snarkpack_error(SnarkpackError::kIo, e.what());
  }
}

GenericSrs make_srs_from_secrets(size_t proofs, const ff::Fr& a, const ff::Fr& b,
                                 unsigned threads) {
  const auto a_powers = powers_of(a, 2 * proofs);
  const auto b_powers = powers_of(b, 2 * proofs);
  return {powers_times_generator<curve::G1Config>(a_powers, threads),
          powers_times_generator<curve::G1Config>(b_powers, threads),
          powers_times_generator<curve::G2Config>(a_powers, threads),
          powers_times_generator<curve::G2Config>(b_powers, threads)};
}

}  // namespace cuzk::snarkpack
