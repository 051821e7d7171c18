// UninitializedAllocator: a std::allocator whose value-initialisation does nothing, so that
// resize(n) on a vector of trivially copyable values (field elements) only allocates. For
// vectors that are filled in parallel right after they are sized: a 4 GB witness would otherwise
// be zero-filled — and page-faulted — by one thread first, then overwritten. Construction with
// arguments (push_back, copies) is as usual.
//
// Only for element types whose every byte pattern is a value the program overwrites before
// reading (the caller's promise); the vector's elements are indeterminate after resize().
//
// Allocations of 64 MiB and more are 2 MiB-aligned and marked for transparent huge pages
// (MADV_HUGEPAGE; most hosts grant them only when asked): a 4 GB witness is then faulted in 2 MiB
// at a time, not 4 KiB (~1 M page faults, a fifth of the writing threads' time).
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace cuzk {

template <class T>
struct UninitializedAllocator : std::allocator<T> {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  using value_type = T;
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  UninitializedAllocator() = default;
  template <class U>
  UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}

  static constexpr size_t kHugeFrom = size_t(64) << 20, kHugePage = size_t(2) << 20;

  T* allocate(size_t n) {
    const size_t bytes = n * sizeof(T);
    if (bytes < kHugeFrom) return std::allocator<T>::allocate(n);
    const size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* p = std::aligned_alloc(kHugePage, rounded);
    if (p == nullptr) throw std::bad_alloc();
    (void)::madvise(p, rounded, MADV_HUGEPAGE);  // a hint: without it, 4 KiB pages
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) noexcept {
    if (n * sizeof(T) < kHugeFrom) return std::allocator<T>::deallocate(p, n);
    std::free(p);
  }

  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    if constexpr (sizeof...(Args) != 0)
      ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

template <class T, class U>
bool operator==(const UninitializedAllocator<T>&, const UninitializedAllocator<U>&) {
  return true;
}

// A vector whose resize() leaves the new elements unwritten.
template <class T>
using UninitializedVector = std::vector<T, UninitializedAllocator<T>>;

}  // namespace cuzk
