// Reading and writing bellperson .params / .vk files (layout in parameters.hpp).
#include "groth16/parameters.hpp"

#include <algorithm>
#include <fstream>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "util/free_memory.hpp"
#include "util/parallel.hpp"

namespace cuzk::groth16 {
namespace {

using curve::G1Config;
using curve::G2Config;
using curve::PointCheck;

constexpr size_t kG1Bytes = 96, kG2Bytes = 192;

Error<ParamsError> make_error(ParamsError code, std::string msg) {
  return {code, std::move(msg)};
}

uint32_t read_u32_be(const uint8_t* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}

void append_u32_be(std::vector<uint8_t>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

// Decodes one uncompressed point; `what` names it in the error ("vk.beta_g2", "h[12]").
template <class Config>
Result<curve::Affine<Config>, ParamsError> decode_point(std::span<const uint8_t> bytes,
                                                        PointCheck check, bool allow_infinity,
                                                        const std::string& what) {
  auto r = curve::decode_uncompressed<Config>(bytes, check);
  if (!r) return make_error(ParamsError::kBadPoint, what + ": " + r.error().message);
  if (!allow_infinity && r->is_identity()) {
    return make_error(ParamsError::kInfinity, what + ": point at infinity");
  }
  return *r;
}

template <class Config>
Result<std::vector<curve::Affine<Config>>, ParamsError> read_section(std::span<const uint8_t> file,
                                                                     const ParamsLayout::Section& s,
                                                                     const char* name,
                                                                     PointCheck check,
                                                                     unsigned threads) {
  constexpr size_t kSize = curve::kUncompressedSize<Config>;
  if (s.offset + uint64_t(s.count) * kSize > file.size()) {
    return make_error(ParamsError::kTruncated, std::string(name) + ": section runs past the end");
  }
  std::vector<curve::Affine<Config>> out(s.count);
  std::mutex m;
  size_t first_bad = std::numeric_limits<size_t>::max();
  std::optional<Error<ParamsError>> error;
  size_t chunks = std::max<size_t>(1, std::min<size_t>(s.count / 4096, 256));
  parallel_chunks(s.count, chunks, threads, [&](size_t, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      auto bytes = file.subspan(s.offset + i * kSize, kSize);
      auto p = decode_point<Config>(bytes, check, false,
                                    std::string(name) + "[" + std::to_string(i) + "]");
      if (!p) {
        std::lock_guard lock(m);
        if (i < first_bad) {
          first_bad = i;
          error = p.error();
        }
        return;
      }
      out[i] = *p;
    }
  });
  if (error) return *error;
  return out;
}

}  // namespace

const char* to_string(ParamsError e) {
  switch (e) {
    case ParamsError::kIo:
      return "io";
    case ParamsError::kTruncated:
      return "truncated";
    case ParamsError::kTrailingData:
      return "trailing_data";
    case ParamsError::kBadPoint:
      return "bad_point";
    case ParamsError::kInfinity:
      return "infinity";
  }
  return "unknown";
}

const char* to_string(Section s) {
  switch (s) {
    case Section::kH:
      return "h";
    case Section::kL:
      return "l";
    case Section::kA:
      return "a";
    case Section::kBG1:
      return "b_g1";
    case Section::kBG2:
      return "b_g2";
  }
  return "?";
}

namespace {

// Calls f with section s's vector (G1 or G2).
template <class P, class F>
decltype(auto) with_section(P& params, Section s, F&& f) {
  if (s == Section::kBG2) return f(params.b_g2);
  return f(params.g1(s));
}

}  // namespace

std::vector<G1Affine>& Parameters::g1(Section s) {
  return const_cast<std::vector<G1Affine>&>(std::as_const(*this).g1(s));
}

const std::vector<G1Affine>& Parameters::g1(Section s) const {
  switch (s) {
    case Section::kH:
      return h;
    case Section::kL:
      return l;
    case Section::kA:
      return a;
    case Section::kBG1:
      return b_g1;
    case Section::kBG2:
      break;
  }
  throw std::invalid_argument(std::string("parameters: ") + to_string(s) + " is not a G1 section");
}

uint64_t Parameters::count(Section s) const {
  const auto& r = released[size_t(s)];
  return r ? *r : with_section(*this, s, [](const auto& v) { return uint64_t(v.size()); });
}

bool Parameters::on_host() const {
  for (const auto& r : released) {
    if (r) return false;
  }
  return true;
}

void Parameters::release(Section s) {
  if (released[size_t(s)]) return;
  released[size_t(s)] = count(s);
  with_section(*this, s, [](auto& v) { free_memory(v); });
}

ParamsResult<ParamsLayout> scan_params_layout(std::span<const uint8_t> file) {
  ParamsLayout layout;
  uint64_t pos = kVkFixedBytes;
  auto read_count = [&](const char* name, ParamsLayout::Section& s,
                        size_t point_size) -> std::optional<Error<ParamsError>> {
    if (pos + 4 > file.size()) {
      return make_error(ParamsError::kTruncated, std::string("file ends before the ") + name +
                                                     " count at byte " + std::to_string(pos));
    }
    s.count = read_u32_be(file.data() + pos);
    s.offset = pos + 4;
    pos = s.offset + uint64_t(s.count) * point_size;
    if (pos > file.size()) {
      return make_error(ParamsError::kTruncated, std::string(name) + ": " +
                                                     std::to_string(s.count) + " points need " +
                                                     std::to_string(pos) + " bytes, file has " +
                                                     std::to_string(file.size()));
    }
    return std::nullopt;
  };
  if (auto e = read_count("ic", layout.ic, kG1Bytes)) return *e;
  layout.vk_bytes = pos;
  if (auto e = read_count("h", layout.h, kG1Bytes)) return *e;
  if (auto e = read_count("l", layout.l, kG1Bytes)) return *e;
  if (auto e = read_count("a", layout.a, kG1Bytes)) return *e;
  if (auto e = read_count("b_g1", layout.b_g1, kG1Bytes)) return *e;
  if (auto e = read_count("b_g2", layout.b_g2, kG2Bytes)) return *e;
  if (pos != file.size()) {
    return make_error(ParamsError::kTrailingData,
                      std::to_string(file.size() - pos) + " unexpected bytes after b_g2");
  }
  if (layout.b_g1.count != layout.b_g2.count) {
    return make_error(ParamsError::kBadPoint, "b_g1 has " + std::to_string(layout.b_g1.count) +
                                                  " points but b_g2 has " +
                                                  std::to_string(layout.b_g2.count));
  }
  layout.total_bytes = pos;
  return layout;
}

ParamsResult<VerifyingKey> read_verifying_key(std::span<const uint8_t> bytes, bool allow_trailing) {
  if (bytes.size() < kVkFixedBytes + 4) {
    return make_error(ParamsError::kTruncated, "verifying key needs at least " +
                                                   std::to_string(kVkFixedBytes + 4) +
                                                   " bytes, got " + std::to_string(bytes.size()));
  }
  VerifyingKey vk;
  size_t pos = 0;
  auto g1 = [&](G1Affine& out, const char* name) -> std::optional<Error<ParamsError>> {
    auto p = decode_point<G1Config>(bytes.subspan(pos, kG1Bytes), PointCheck::kSubgroup, true,
                                    std::string("vk.") + name);
    pos += kG1Bytes;
    if (!p) return p.error();
    out = *p;
    return std::nullopt;
  };
  auto g2 = [&](G2Affine& out, const char* name) -> std::optional<Error<ParamsError>> {
    auto p = decode_point<G2Config>(bytes.subspan(pos, kG2Bytes), PointCheck::kSubgroup, true,
                                    std::string("vk.") + name);
    pos += kG2Bytes;
    if (!p) return p.error();
    out = *p;
    return std::nullopt;
  };
  if (auto e = g1(vk.alpha_g1, "alpha_g1")) return *e;
  if (auto e = g1(vk.beta_g1, "beta_g1")) return *e;
  if (auto e = g2(vk.beta_g2, "beta_g2")) return *e;
  if (auto e = g2(vk.gamma_g2, "gamma_g2")) return *e;
  if (auto e = g1(vk.delta_g1, "delta_g1")) return *e;
  if (auto e = g2(vk.delta_g2, "delta_g2")) return *e;
  uint32_t n_ic = read_u32_be(bytes.data() + pos);
  pos += 4;
  uint64_t end = pos + uint64_t(n_ic) * kG1Bytes;
  if (end > bytes.size()) {
    return make_error(ParamsError::kTruncated, "vk.ic: " + std::to_string(n_ic) + " points need " +
                                                   std::to_string(end) + " bytes, got " +
                                                   std::to_string(bytes.size()));
  }
  if (!allow_trailing && end != bytes.size()) {
    return make_error(ParamsError::kTrailingData,
                      std::to_string(bytes.size() - end) + " unexpected bytes after vk.ic");
  }
  vk.ic.resize(n_ic);
  for (uint32_t i = 0; i < n_ic; ++i) {
    auto p = decode_point<G1Config>(bytes.subspan(pos, kG1Bytes), PointCheck::kSubgroup, false,
                                    "vk.ic[" + std::to_string(i) + "]");
    pos += kG1Bytes;
    if (!p) return p.error();
    vk.ic[i] = *p;
  }
  return vk;
}

const ParamsLayout::Section& ParamsLayout::at(groth16::Section s) const {
  switch (s) {
    case groth16::Section::kH:
      return h;
    case groth16::Section::kL:
      return l;
    case groth16::Section::kA:
      return a;
    case groth16::Section::kBG1:
      return b_g1;
    case groth16::Section::kBG2:
      return b_g2;
  }
  throw std::invalid_argument("ParamsLayout::at: no such section");
}

uint64_t ParamsLayout::file_bytes(groth16::Section s) const {
  return uint64_t(at(s).count) * (s == groth16::Section::kBG2 ? kG2Bytes : kG1Bytes);
}

uint64_t ParamsLayout::decoded_bytes(groth16::Section s) const {
  const uint64_t point = s == groth16::Section::kBG2 ? sizeof(G2Affine) : sizeof(G1Affine);
  return uint64_t(at(s).count) * point;
}

uint64_t ParamsLayout::decoded_bytes() const {
  uint64_t bytes = uint64_t(ic.count) * sizeof(G1Affine);
  for (const groth16::Section s : kSections) bytes += decoded_bytes(s);
  return bytes;
}

ParamsResult<bool> read_params_section(std::span<const uint8_t> file, const ParamsLayout& layout,
                                       Section s, Parameters& params, unsigned threads) {
  const char* name = to_string(s);
  if (s == Section::kBG2) {
    auto points = read_section<G2Config>(file, layout.at(s), name, PointCheck::kOnCurve, threads);
    if (!points) return points.error();
    params.b_g2 = std::move(points).value();
  } else {
    auto points = read_section<G1Config>(file, layout.at(s), name, PointCheck::kOnCurve, threads);
    if (!points) return points.error();
    params.g1(s) = std::move(points).value();
  }
  return true;
}

std::span<const uint8_t> params_section_bytes(std::span<const uint8_t> file,
                                              const ParamsLayout& layout, Section s) {
  return file.subspan(layout.at(s).offset, layout.file_bytes(s));
}

std::optional<Error<ParamsError>> section_point_error(std::span<const uint8_t> section_bytes,
                                                      Section s, uint64_t index) {
  const std::string what = std::string(to_string(s)) + "[" + std::to_string(index) + "]";
  const auto error = [&](auto config) -> std::optional<Error<ParamsError>> {
    using Config = decltype(config);
    constexpr size_t kSize = curve::kUncompressedSize<Config>;
    if ((index + 1) * kSize > section_bytes.size()) {
      return make_error(ParamsError::kTruncated, what + ": past the end of the section");
    }
    auto p = decode_point<Config>(section_bytes.subspan(index * kSize, kSize), PointCheck::kOnCurve,
                                  false, what);
    if (!p) return p.error();
    return std::nullopt;
  };
  return s == Section::kBG2 ? error(G2Config{}) : error(G1Config{});
}

ParamsResult<Parameters> read_parameters(std::span<const uint8_t> file, unsigned threads) {
  auto layout = scan_params_layout(file);
  if (!layout) return layout.error();
  auto vk = read_verifying_key(file.first(layout->vk_bytes));
  if (!vk) return vk.error();
  Parameters params;
  params.vk = std::move(vk).value();
  for (const Section s : kSections) {
    if (auto read = read_params_section(file, *layout, s, params, threads); !read) {
      return read.error();
    }
  }
  return params;
}

std::vector<uint8_t> serialize_verifying_key(const VerifyingKey& vk) {
  std::vector<uint8_t> out;
  out.reserve(kVkFixedBytes + 4 + vk.ic.size() * kG1Bytes);
  auto put = [&](const auto& bytes) { out.insert(out.end(), bytes.begin(), bytes.end()); };
  put(curve::encode_uncompressed<G1Config>(vk.alpha_g1));
  put(curve::encode_uncompressed<G1Config>(vk.beta_g1));
  put(curve::encode_uncompressed<G2Config>(vk.beta_g2));
  put(curve::encode_uncompressed<G2Config>(vk.gamma_g2));
  put(curve::encode_uncompressed<G1Config>(vk.delta_g1));
  put(curve::encode_uncompressed<G2Config>(vk.delta_g2));
  append_u32_be(out, uint32_t(vk.ic.size()));
  for (const auto& p : vk.ic) put(curve::encode_uncompressed<G1Config>(p));
  return out;
}

namespace {

class FileWriter {
 public:
  explicit FileWriter(const std::string& path) : path_(path), out_(path, std::ios::binary) {
    if (!out_) throw std::runtime_error(path + ": cannot open for writing");
  }
  void write(std::span<const uint8_t> bytes) {
    out_.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!out_) throw std::runtime_error(path_ + ": write failed");
  }
  void close() {
    out_.close();
    if (!out_) throw std::runtime_error(path_ + ": close failed");
  }

 private:
  std::string path_;
  std::ofstream out_;
};

// Writes a count and its points, encoding in parallel batches.
template <class Config>
void write_section(FileWriter& w, std::span<const curve::Affine<Config>> pts) {
  constexpr size_t kSize = curve::kUncompressedSize<Config>;
  std::vector<uint8_t> count;
  append_u32_be(count, uint32_t(pts.size()));
  w.write(count);
  constexpr size_t kBatch = 1 << 16;
  std::vector<uint8_t> buf;
  for (size_t start = 0; start < pts.size(); start += kBatch) {
    size_t n = std::min(kBatch, pts.size() - start);
    buf.resize(n * kSize);
    parallel_for(n, 0, [&](size_t b, size_t e) {
      for (size_t i = b; i < e; ++i) {
        curve::encode_uncompressed<Config>(
            pts[start + i], std::span<uint8_t, kSize>(buf.data() + i * kSize, kSize));
      }
    });
    w.write(buf);
  }
}

}  // namespace

void write_verifying_key_file(const VerifyingKey& vk, const std::string& path) {
  FileWriter w(path);
  w.write(serialize_verifying_key(vk));
  w.close();
}

void write_parameters_file(const Parameters& params, const std::string& path) {
  ParamsFileWriter w(path);
  w.vk(params.vk);
  w.g1_section(Section::kH, params.h);
  w.g1_section(Section::kL, params.l);
  w.g1_section(Section::kA, params.a);
  w.g1_section(Section::kBG1, params.b_g1);
  w.b_g2(params.b_g2);
  w.close();
}

struct ParamsFileWriter::Impl {
  FileWriter file;
};

ParamsFileWriter::ParamsFileWriter(const std::string& path)
    : impl_(std::make_unique<Impl>(Impl{FileWriter(path)})) {}

ParamsFileWriter::~ParamsFileWriter() = default;

namespace {

// The piece number of section s (the vk is piece 0).
unsigned piece_of(Section s) {
  return 1 + unsigned(s);
}

void expect_piece(unsigned next, unsigned piece, const char* what) {
  if (next != piece) {
    throw std::logic_error(std::string(".params writer: ") + what + " out of order (piece " +
                           std::to_string(piece) + ", expected piece " + std::to_string(next) +
                           ")");
  }
}

}  // namespace

void ParamsFileWriter::vk(const VerifyingKey& vk) {
  expect_piece(next_, 0, "vk");
  impl_->file.write(serialize_verifying_key(vk));
  ++next_;
}

void ParamsFileWriter::g1_section(Section s, std::span<const G1Affine> points) {
  if (s == Section::kBG2) throw std::logic_error(".params writer: b_g2 is a G2 section");
  expect_piece(next_, piece_of(s), to_string(s));
  write_section<G1Config>(impl_->file, points);
  ++next_;
}

void ParamsFileWriter::b_g2(std::span<const G2Affine> points) {
  expect_piece(next_, piece_of(Section::kBG2), "b_g2");
  write_section<G2Config>(impl_->file, points);
  ++next_;
}

void ParamsFileWriter::close() {
  const unsigned all = piece_of(Section::kBG2) + 1;
  if (next_ != all) {
    throw std::logic_error(".params writer: closed after " + std::to_string(next_) + " of " +
                           std::to_string(all) + " pieces (vk, h, l, a, b_g1, b_g2)");
  }
  impl_->file.close();
}

}  // namespace cuzk::groth16
