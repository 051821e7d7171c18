// SnarkPack's structured reference string (bellperson aggregate/srs.rs).
//
// A generic SRS holds powers of two secrets a and b in both groups: g^(a^i), g^(b^i) in G1 and
// h^(a^i), h^(b^i) in G2 (g, h the generators). Filecoin's, v28-fil-inner-product-v1.srs, joins
// the Filecoin and Zcash powers-of-tau ceremonies (2^20 + 1 powers each); a test SRS draws a and
// b at random. It is specialised for n proofs (a power of two): the prover needs the powers below
// 2n in G1 and below n in G2 and the commitment keys v = h-powers [0, n), w = g-powers [n, 2n);
// the verifier needs g, h, and the first power of each secret.
//
// File format (GenericSRS::write): four vectors, g_alpha, g_beta (G1, 48-byte compressed points),
// h_alpha, h_beta (G2, 96 bytes), each a u32 big-endian count then the points. Reading takes the
// first `max_powers` points of each vector (all are checked: on the curve, in the subgroup);
// bytes after the fourth vector are ignored, as bellperson does.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "curve/scalar_mul.hpp"
#include "ff/fr.hpp"
#include "snarkpack/commitment.hpp"
#include "snarkpack/error.hpp"

namespace cuzk::snarkpack {

// bellperson's bound on a vector of the file: (2 << 19) + 1.
inline constexpr size_t kMaxSrsPowers = (size_t(2) << 19) + 1;

// Filecoin's SRS file and the name of ours for tests (never the ceremony's name).
inline constexpr const char* kFilecoinSrsFile = "v28-fil-inner-product-v1.srs";
inline constexpr const char* kTestSrsFile = "cuzk-test-inner-product.srs";

struct GenericSrs {
  std::vector<curve::G1Affine> g_alpha_powers, g_beta_powers;
  std::vector<curve::G2Affine> h_alpha_powers, h_beta_powers;
  friend bool operator==(const GenericSrs&, const GenericSrs&) = default;

  // The largest power-of-two proof count this SRS can aggregate (0 when none).
  size_t max_proofs() const;
};

struct ProverSrs {
  size_t n = 0;
  std::vector<curve::G1Affine> g_alpha_powers, g_beta_powers;  // [0, 2n)
  std::vector<curve::G2Affine> h_alpha_powers, h_beta_powers;  // [0, n)
  VKey vkey;                                                   // h powers [0, n)
  WKey wkey;                                                   // g powers [n, 2n)
};

struct VerifierSrs {
  size_t n = 0;
  curve::G1Affine g, g_alpha, g_beta;
  curve::G2Affine h, h_alpha, h_beta;
};

// n must be a power of two >= 2 that the SRS holds (kMismatch otherwise).
SnarkpackResult<ProverSrs> specialize_prover(const GenericSrs& srs, size_t n);
SnarkpackResult<VerifierSrs> specialize_verifier(const GenericSrs& srs, size_t n);

std::vector<uint8_t> encode_srs(const GenericSrs& srs);
SnarkpackResult<GenericSrs> decode_srs(std::span<const uint8_t> bytes, size_t max_powers,
                                       unsigned threads = 0);
SnarkpackResult<GenericSrs> read_srs_file(const std::string& path, size_t max_powers,
                                          unsigned threads = 0);

// A test SRS for up to `proofs` proofs (2 * proofs powers of each kind) from secrets a, b drawn
// from `rng` (util::SystemRandom outside tests).
template <class Rng>
GenericSrs make_test_srs(size_t proofs, Rng& rng, unsigned threads = 0);
GenericSrs make_srs_from_secrets(size_t proofs, const ff::Fr& a, const ff::Fr& b,
                                 unsigned threads = 0);

template <class Rng>
GenericSrs make_test_srs(size_t proofs, Rng& rng, unsigned threads) {
  const ff::Fr a = ff::Fr::random(rng);
  const ff::Fr b = ff::Fr::random(rng);
  return make_srs_from_secrets(proofs, a, b, threads);
}

}  // namespace cuzk::snarkpack
