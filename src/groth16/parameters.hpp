// Groth16 parameters in bellperson's file formats (.params and .vk), read and written byte for
// byte as Filecoin's ceremony files are laid out.
//
// .params = vk ‖ h ‖ l ‖ a ‖ b_g1 ‖ b_g2, where vk = alpha_g1 ‖ beta_g1 ‖ beta_g2 ‖ gamma_g2 ‖
// delta_g1 ‖ delta_g2 ‖ u32 n_ic ‖ ic[n_ic], and each bulk vector is a u32 big-endian count
// followed by uncompressed points (G1 96 B, G2 192 B). A .vk file is exactly the vk prefix.
// Reading follows Filecoin: the verifying key is subgroup-checked; bulk points are only checked
// to be on the curve (and in range); a point at infinity is rejected in ic and in every bulk
// vector. Errors name the section and the index of the bad point.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "curve/encoding.hpp"
#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "util/result.hpp"

namespace cuzk::groth16 {

using curve::G1Affine;
using curve::G2Affine;

struct VerifyingKey {
  G1Affine alpha_g1, beta_g1;
  G2Affine beta_g2, gamma_g2;
  G1Affine delta_g1;
  G2Affine delta_g2;
  std::vector<G1Affine> ic;  // one per public input, the constant one included

  friend bool operator==(const VerifyingKey&, const VerifyingKey&) = default;
};

// The bulk sections of a parameter set, in file order.
enum class Section : uint8_t { kH, kL, kA, kBG1, kBG2 };
inline constexpr Section kSections[] = {Section::kH, Section::kL, Section::kA, Section::kBG1,
                                        Section::kBG2};
const char* to_string(Section s);  // "h", "l", "a", "b_g1", "b_g2"

struct Parameters {
  VerifyingKey vk;
  std::vector<G1Affine> h;     // m - 1 points: tau^i t(tau) / delta
  std::vector<G1Affine> l;     // one per aux variable
  std::vector<G1Affine> a;     // inputs, then aux in the A density
  std::vector<G1Affine> b_g1;  // inputs in the B input density, then aux in the B aux density
  std::vector<G2Affine> b_g2;  // same index set as b_g1

  // A section whose points a device holds can be released from host memory (a 32 GiB PoRep set is
  // ~51 GB decoded): its vector is freed and its point count kept here, so shape checks still see
  // it. Only a backend holding the released sections can prove with the set (CudaBackend's
  // residency); the CPU backend refuses it.
  std::array<std::optional<uint64_t>, 5> released{};

  // Released sections left in their file rather than held by a device (a set that would crowd
  // the proofs' work out of device memory): the section's file bytes (params_section_bytes,
  // not checked yet), which a GPU backend copies and decodes on the device at every proof, and
  // what keeps them mapped. Empty spans for the other sections.
  struct InFile {
    std::shared_ptr<const void> keep;
    std::array<std::span<const uint8_t>, 5> bytes{};
    bool any() const { return keep != nullptr; }
    friend bool operator==(const InFile& x, const InFile& y) { return x.keep == y.keep; }
  };
  InFile in_file;

  // The G1 section s (h, l, a or b_g1; std::invalid_argument for b_g2).
  std::vector<G1Affine>& g1(Section s);
  const std::vector<G1Affine>& g1(Section s) const;
  // Points in section s (released or not).
  uint64_t count(Section s) const;
  // False once any section was released.
  bool on_host() const;
  // Frees section s's points, keeping their count (idempotent).
  void release(Section s);

  friend bool operator==(const Parameters&, const Parameters&) = default;
};

enum class ParamsError { kIo, kTruncated, kTrailingData, kBadPoint, kInfinity };
const char* to_string(ParamsError e);

template <class T>
using ParamsResult = Result<T, ParamsError>;

// Where each section of a .params file lies (byte offset of its first point, and its count).
struct ParamsLayout {
  struct Section {
    uint64_t offset = 0;
    uint32_t count = 0;
  };
  Section ic, h, l, a, b_g1, b_g2;
  uint64_t vk_bytes = 0;  // size of the vk prefix (= size of the .vk file)
  uint64_t total_bytes = 0;

  const Section& at(groth16::Section s) const;
  // Bytes of bulk section s in the file (uncompressed points) and decoded in memory.
  uint64_t file_bytes(groth16::Section s) const;
  uint64_t decoded_bytes(groth16::Section s) const;
  // Decoded bytes of the whole set: the vk's ic and every bulk section.
  uint64_t decoded_bytes() const;
};

inline constexpr size_t kVkFixedBytes = 3 * 96 + 3 * 192;  // alpha..delta, before n_ic

// Reads the counts and checks that the file is exactly as long as they say; decodes no point.
ParamsResult<ParamsLayout> scan_params_layout(std::span<const uint8_t> file);

// A .vk file (or the vk prefix of a .params file when `allow_trailing` is set).
ParamsResult<VerifyingKey> read_verifying_key(std::span<const uint8_t> bytes,
                                              bool allow_trailing = false);

// A whole .params file; bulk points decoded in parallel over `threads` (0 = all cores).
ParamsResult<Parameters> read_parameters(std::span<const uint8_t> file, unsigned threads = 0);

// Bulk section s of a scanned file decoded into params (params.g1(s), or b_g2), every point
// checked on its curve, over `threads` (0 = all cores); errors name the section and the point.
ParamsResult<bool> read_params_section(std::span<const uint8_t> file, const ParamsLayout& layout,
                                       Section s, Parameters& params, unsigned threads = 0);

// The file bytes of bulk section s (its points as written: uncompressed, not yet checked), for a
// loader that decodes them elsewhere (the GPU: gpu/params/srs_decode.hpp).
std::span<const uint8_t> params_section_bytes(std::span<const uint8_t> file,
                                              const ParamsLayout& layout, Section s);
// The error read_params_section reports for point `index` of section s, given the section's
// bytes: for a decoder elsewhere that found `index` to be the first bad point. Empty when that
// point decodes and checks fine (then the other decoder is wrong).
std::optional<Error<ParamsError>> section_point_error(std::span<const uint8_t> section_bytes,
                                                      Section s, uint64_t index);

std::vector<uint8_t> serialize_verifying_key(const VerifyingKey& vk);
// Writes params to `path` (streamed; throws std::runtime_error on I/O failure).
void write_parameters_file(const Parameters& params, const std::string& path);

// A .params file written piece by piece in its order — vk, h, l, a, b_g1, b_g2 — so that a
// producer of one section at a time (setup) never holds the whole set. Out-of-order calls throw
// std::logic_error; I/O failures std::runtime_error; close() throws unless every piece was given.
// Destroyed without close(), the file is left incomplete.
class ParamsFileWriter {
 public:
  explicit ParamsFileWriter(const std::string& path);
  ~ParamsFileWriter();
  ParamsFileWriter(const ParamsFileWriter&) = delete;
  ParamsFileWriter& operator=(const ParamsFileWriter&) = delete;

  void vk(const VerifyingKey& vk);
  void g1_section(Section s, std::span<const G1Affine> points);  // h, l, a, b_g1
  void b_g2(std::span<const G2Affine> points);
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  unsigned next_ = 0;  // pieces written: 0 = vk, 1 + Section index after that
};
void write_verifying_key_file(const VerifyingKey& vk, const std::string& path);

}  // namespace cuzk::groth16
