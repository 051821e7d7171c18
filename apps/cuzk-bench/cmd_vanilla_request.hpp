// The request file of gen-vanilla / prove-post / prove-snap / verify-post / verify-snap: one
// JSON object with everything the prover and the verifier need besides the vanilla bytes, which
// sit next to it, one file per sector (PoSt) or partition (SnapDeals), named in
// "vanilla_proofs" relative to the request's folder. 32-byte values are 64 hex characters, the
// bytes as Filecoin stores them (little-endian Fr for Poseidon commitments). docs/cuzk-bench.md
// documents the keys.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "filecoin/post_public_inputs.hpp"
#include "hash/node32.hpp"

namespace cuzk::bench {

struct VanillaRequest {
  std::string kind;        // "window-post", "winning-post" or "snap-prove"
  std::string proof_type;  // registered PoSt / update proof name
  std::string circuit_id;  // its parameters: cuzk-test-<circuit_id>
  unsigned partitions = 1;
  std::vector<std::string> vanilla_proofs;  // file names, relative to the request's folder
  // PoSt
  uint64_t miner_id = 0;
  hash::Node32 prover_id{};
  hash::Node32 randomness{};
  uint64_t sector_set_size = 0;                     // sectors the miner has (Winning picks)
  std::vector<filecoin::PostPublicSector> sectors;  // proven, in proof order
  // SnapDeals
  uint64_t sector_id = 0;
  unsigned h = 0;
  hash::Node32 comm_r_old{}, comm_d_new{}, comm_r_new{};

  bool is_post() const { return kind != "snap-prove"; }
};

// Throw std::runtime_error naming the file and the key.
void write_vanilla_request(const std::string& path, const VanillaRequest& request);
VanillaRequest read_vanilla_request(const std::string& path);
// The vanilla proofs' bytes, in order.
std::vector<std::vector<uint8_t>> read_vanilla_proofs(const std::string& request_path,
                                                      const VanillaRequest& request);

}  // namespace cuzk::bench
