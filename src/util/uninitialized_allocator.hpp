// UninitializedAllocator: a std::allocator whose value-initialisation does nothing, so that
// resize(n) on a vector of trivially copyable values (field elements) only allocates. For
// vectors that are filled in parallel right after they are sized: a 4 GB witness would otherwise
// be zero-filled — and page-faulted — by one thread first, then overwritten. Construction with
// arguments (push_back, copies) is as usual.
//
// Only for element types whose every byte pattern is a value the program overwrites before
// reading (the caller's promise); the vector's elements are indeterminate after resize().
#pragma once

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
