// Internal to src/hash: the SHA-256 compression back ends that sha256.cpp dispatches between.
// Each processes `block_count` 64-byte blocks in place on `state`; the SHA-NI one must only be
// called when sha256_cpu_has_shani() is true.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hash/sha256.hpp"

namespace cuzk::hash::sha256_detail {

void compress_portable(Sha256State& state, const uint8_t* blocks, size_t block_count);

// Defined only on x86; elsewhere sha256_cpu_has_shani() is false and this is never reached.
void compress_shani(Sha256State& state, const uint8_t* blocks, size_t block_count);

// cpuid: SHA (leaf 7 EBX bit 29), SSSE3 (leaf 1 ECX bit 9) and SSE4.1 (leaf 1 ECX bit 19).
bool cpu_has_shani();

}  // namespace cuzk::hash::sha256_detail
