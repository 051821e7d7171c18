// free_memory(container): empties a container and gives its storage back to the allocator.
// `v = {}` does not: for a std::vector it picks the initializer_list assignment, which clears the
// elements and keeps the capacity (a "freed" 4 GB vector stays resident), and neither does clear().
#pragma once

#include <utility>

namespace cuzk {

template <class Container>
void free_memory(Container& c) {
  Container().swap(c);
}

}  // namespace cuzk
