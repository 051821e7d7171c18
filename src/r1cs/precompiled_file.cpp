// Reading and writing the precompiled-circuit cache file (format in precompiled_file.hpp).
#include "r1cs/precompiled_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <utility>
#include <vector>

#include "util/parallel.hpp"

namespace cuzk::r1cs {
namespace {

static_assert(std::endian::native == std::endian::little, "the file is little-endian");

constexpr char kMagic[8] = {'C', 'U', 'Z', 'K', 'P', 'C', 'E', '\0'};
constexpr uint32_t kMaxIdBytes = 256;

struct Header {
  uint64_t num_inputs = 0, num_aux = 0, num_constraints = 0, num_coeffs = 0;
  uint64_t nnz[3] = {0, 0, 0};
  PrecompiledCircuit::Digest digest{};
};

class Writer {
 public:
  explicit Writer(const std::string& path) : out_(path, std::ios::binary | std::ios::trunc) {}
  bool ok() const { return bool(out_); }
  void bytes(const void* p, size_t n) {
    out_.write(static_cast<const char*>(p), std::streamsize(n));
  }
  void u32(uint32_t x) { bytes(&x, sizeof x); }
  void u64(uint64_t x) { bytes(&x, sizeof x); }
  template <class Array>
  void array(const Array& v) {
    bytes(v.data(), v.size() * sizeof(v[0]));
  }
  bool close() {
    out_.close();
    return !out_.fail();
  }

 private:
  std::ofstream out_;
};

// Reads the file front to back with pread; arrays in kReadPieceBytes pieces on all cores, into
// memory that was not zero-filled first (IndexedCsr::Array), so a page-cached 8.5 GiB file is in
// memory in about a second.
class Reader {
 public:
  static constexpr uint64_t kReadPieceBytes = uint64_t(32) << 20;

  Reader(const std::string& path, uint64_t size)
      : path_(path), fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)), size_(size) {}
  ~Reader() {
    if (fd_ >= 0) ::close(fd_);
  }
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  bool ok() const { return fd_ >= 0; }
  uint64_t remaining() const { return size_ - offset_; }
  void bytes(void* p, uint64_t n, const char* what) {
    if (n > remaining()) fail(std::string("truncated in ") + what);
    read_at(static_cast<uint8_t*>(p), n, offset_, what);
    offset_ += n;
  }
  uint32_t u32(const char* what) {
    uint32_t x;
    bytes(&x, sizeof x, what);
    return x;
  }
  uint64_t u64(const char* what) {
    uint64_t x;
    bytes(&x, sizeof x, what);
    return x;
  }
  template <class Array>
  Array array(uint64_t n, const char* what) {
    using T = typename Array::value_type;
    if (n > remaining() / sizeof(T)) fail(std::string("truncated in ") + what);
    Array v;
    v.resize(n);
    auto* out = reinterpret_cast<uint8_t*>(v.data());
    const uint64_t total = n * sizeof(T), pieces = (total + kReadPieceBytes - 1) / kReadPieceBytes;
    parallel_chunks(pieces, pieces, 0, [&](size_t i, size_t, size_t) {
      const uint64_t at = i * kReadPieceBytes, len = std::min(kReadPieceBytes, total - at);
      read_at(out + at, len, offset_ + at, what);
    });
    offset_ += total;
    return v;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw PrecompiledFileError(path_ + ": " + what);
  }

 private:
  void read_at(uint8_t* p, uint64_t n, uint64_t at, const char* what) const {
    while (n > 0) {
      const ssize_t got =
          ::pread(fd_, p, size_t(std::min<uint64_t>(n, uint64_t(1) << 30)), off_t(at));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        fail(std::string("read error in ") + what +
             (got < 0 ? std::string(": ") + std::strerror(errno) : ""));
      }
      p += got;
      n -= uint64_t(got);
      at += uint64_t(got);
    }
  }

  std::string path_;
  int fd_;
  uint64_t size_;
  uint64_t offset_ = 0;
};

// Bytes of the file after the header, from the header's counts; nullopt-like 0 on overflow.
bool payload_size(const Header& h, uint64_t& out) {
  const uint64_t limit = uint64_t(1) << 50;  // no real circuit comes near; keeps the sums exact
  if (h.num_inputs > limit || h.num_constraints > limit || h.num_coeffs > limit) return false;
  for (uint64_t n : h.nnz) {
    if (n > limit) return false;
  }
  const uint64_t rows = h.num_constraints + h.num_inputs;
  out = h.num_coeffs * 32 + 3 * (rows + 1) * 8;
  for (uint64_t n : h.nnz) out += n * 8;
  return true;
}

}  // namespace

void save_precompiled(const std::string& path, std::string_view circuit_id,
                      const PrecompiledCircuit& circuit) {
  if (circuit_id.size() > kMaxIdBytes) throw PrecompiledFileError(path + ": circuit id too long");
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    Writer w(tmp);
    if (!w.ok()) throw PrecompiledFileError(tmp + ": cannot be created");
    w.bytes(kMagic, sizeof kMagic);
    w.u32(kPrecompiledFileVersion);
    w.u32(uint32_t(circuit_id.size()));
    w.bytes(circuit_id.data(), circuit_id.size());
    for (uint64_t x :
         {circuit.num_inputs(), circuit.num_aux(), circuit.num_constraints(),
          circuit.coeffs().size(), circuit.a().nnz(), circuit.b().nnz(), circuit.c().nnz()}) {
      w.u64(x);
    }
    w.bytes(circuit.digest().data(), circuit.digest().size());
    for (const Fr& x : circuit.coeffs()) w.bytes(x.to_bytes_le().data(), 32);
    for (const IndexedCsr* m : {&circuit.a(), &circuit.b(), &circuit.c()}) {
      w.array(m->row_ptr);
      w.array(m->cols);
      w.array(m->coeff_index);
    }
    if (!w.close()) {
      std::remove(tmp.c_str());
      throw PrecompiledFileError(tmp + ": write failed");
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    throw PrecompiledFileError(path + ": " + ec.message());
  }
}

PrecompiledCircuit load_precompiled(const std::string& path, std::string_view circuit_id) {
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) throw PrecompiledFileError(path + ": " + ec.message());
  Reader r(path, size);
  if (!r.ok()) r.fail("cannot be opened");
  char magic[sizeof kMagic];
  r.bytes(magic, sizeof magic, "the magic");
  if (std::memcmp(magic, kMagic, sizeof kMagic) != 0) r.fail("not a precompiled circuit file");
  if (const uint32_t v = r.u32("the version"); v != kPrecompiledFileVersion) {
    r.fail("version " + std::to_string(v) + ", expected " +
           std::to_string(kPrecompiledFileVersion));
  }
  const uint32_t id_size = r.u32("the circuit id");
  if (id_size > kMaxIdBytes) r.fail("circuit id too long");
  std::string id(id_size, '\0');
  r.bytes(id.data(), id_size, "the circuit id");
  if (id != circuit_id) r.fail("circuit " + id + ", expected " + std::string(circuit_id));
  Header h;
  h.num_inputs = r.u64("the header");
  h.num_aux = r.u64("the header");
  h.num_constraints = r.u64("the header");
  h.num_coeffs = r.u64("the header");
  for (uint64_t& n : h.nnz) n = r.u64("the header");
  r.bytes(h.digest.data(), h.digest.size(), "the digest");
  uint64_t expected = 0;
  if (!payload_size(h, expected)) r.fail("implausible sizes in the header");
  if (r.remaining() != expected) {
    r.fail(std::to_string(size) + " bytes, the header implies " +
           std::to_string(size - r.remaining() + expected) + " (truncated or damaged)");
  }
  std::vector<Fr> coeffs;
  coeffs.reserve(h.num_coeffs);
  for (uint64_t i = 0; i < h.num_coeffs; ++i) {
    std::array<uint8_t, 32> bytes;
    r.bytes(bytes.data(), bytes.size(), "the coefficients");
    auto x = Fr::from_bytes_le(bytes);
    if (!x) r.fail("coefficient " + std::to_string(i) + " is not a canonical field element");
    coeffs.push_back(*x);
  }
  const uint64_t rows = h.num_constraints + h.num_inputs;
  IndexedCsr m[3];
  for (int k = 0; k < 3; ++k) {
    m[k].row_ptr = r.array<IndexedCsr::Array<uint64_t>>(rows + 1, "the row pointers");
    m[k].cols = r.array<IndexedCsr::Array<uint32_t>>(h.nnz[k], "the columns");
    m[k].coeff_index = r.array<IndexedCsr::Array<uint32_t>>(h.nnz[k], "the coefficient indices");
  }
  try {
    PrecompiledCircuit pc = PrecompiledCircuit::from_parts(
        h.num_inputs, h.num_aux, h.num_constraints, std::move(coeffs), std::move(m[0]),
        std::move(m[1]), std::move(m[2]));
    if (pc.digest() != h.digest) r.fail("digest mismatch (damaged file)");
    return pc;
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
}

}  // namespace cuzk::r1cs
