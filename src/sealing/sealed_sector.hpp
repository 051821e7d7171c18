// SealedSector: what a C1 reads from a sealed sector, whether every node exists (FullSector,
// real sealing of small sectors) or only the opened ones (SparseSector, virtual sectors of any
// size): data nodes and tree D, labels per layer and tree C over the column hashes, replica
// nodes and tree R_last. c1_assembly.hpp turns it into vanilla proofs.
#pragma once

#include <cstdint>

#include "ff/fr.hpp"
#include "filecoin/proof_type.hpp"
#include "hash/merkle_tree.hpp"
#include "hash/node32.hpp"

namespace cuzk::sealing {

class SealedSector {
 public:
  virtual ~SealedSector() = default;

  virtual const filecoin::PorepSectorConfig& config() const = 0;

  virtual hash::Node32 data_node(uint64_t node) const = 0;
  virtual hash::Node32 comm_d() const = 0;
  virtual hash::MerklePath<hash::Node32> tree_d_path(uint64_t node) const = 0;

  // layer is 1-based; a column is the node's labels of layers 1..L.
  virtual hash::Node32 label(unsigned layer, uint64_t node) const = 0;
  virtual ff::Fr tree_c_leaf(uint64_t node) const = 0;  // the column hash
  virtual ff::Fr comm_c() const = 0;
  virtual hash::MerklePath<ff::Fr> tree_c_path(uint64_t node) const = 0;

  virtual ff::Fr replica_node(uint64_t node) const = 0;
  virtual ff::Fr comm_r_last() const = 0;
  virtual hash::MerklePath<ff::Fr> tree_r_path(uint64_t node) const = 0;
};

}  // namespace cuzk::sealing
