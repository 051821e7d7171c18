// MappedFile: a read-only memory mapping of a whole file (RAII). Large parameter files are read
// through it without copying; the kernel pages them in on demand.
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

namespace cuzk {

class MappedFile {
 public:
  // Throws std::runtime_error naming the file and the system error.
  explicit MappedFile(const std::string& path) : path_(path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail("open");
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
      int e = errno;
      ::close(fd);
      errno = e;
      fail("stat");
    }
    size_ = size_t(st.st_size);
    if (size_ > 0) {
      void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
      if (p == MAP_FAILED) {
        int e = errno;
        ::close(fd);
        errno = e;
        fail("mmap");
      }
      data_ = static_cast<const uint8_t*>(p);
    }
    ::close(fd);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  MappedFile(MappedFile&& o) noexcept
      : path_(std::move(o.path_)),
        data_(std::exchange(o.data_, nullptr)),
        size_(std::exchange(o.size_, 0)) {}
  ~MappedFile() {
    if (data_) ::munmap(const_cast<uint8_t*>(data_), size_);
  }

  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  size_t size() const { return size_; }
  const std::string& path() const { return path_; }

  // Drops this mapping's pages of [offset, offset + length) (whole pages around it): they leave
  // the process's resident memory and stay in the page cache; reading them again faults them back.
  void drop_pages(size_t offset, size_t length) const {
    if (data_ == nullptr || length == 0 || offset >= size_) return;
    const size_t page = size_t(::sysconf(_SC_PAGESIZE));
    const size_t begin = offset / page * page;
    const size_t end = std::min(size_, offset + length);
    ::madvise(const_cast<uint8_t*>(data_) + begin, end - begin, MADV_DONTNEED);
  }

 private:
  [[noreturn]] void fail(const char* what) {
    throw std::runtime_error(path_ + ": " + what + " failed: " + std::strerror(errno));
  }

  std::string path_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace cuzk
