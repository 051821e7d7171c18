// Checks on a parsed C1 that need no circuit, so a bad C1 fails in milliseconds instead of
// after minutes of synthesis. In order:
//   1. top level: comm_d, comm_r and seed not all-zero (as seal_commit_phase2 requires);
//      comm_d, comm_r and replica_id canonical field elements;
//   2. shape: partitions and challenges per partition of the registered proof, Merkle variant
//      and path lengths / arities of tree D (binary) and trees C / R_last (its TreeShape),
//      6 + 8 parent columns, one row and one labeling proof per layer, 37 label parents;
//   3. indices: challenges re-derived (interactive / synthetic / NI by the proof type) equal
//      the labeling / encoding proof nodes, the c_x column and the leaves every path proves;
//      parent columns sit at the graph's parents of the challenge;
//   4. hashes (optional): every Merkle path leads to its root, roots equal comm_d / comm_c /
//      comm_r_last, comm_r = Poseidon(comm_c, comm_r_last), column hashes equal the tree-C
//      leaves, labels recomputed from the parent columns equal c_x's rows (and the labeling
//      proofs list those parents), and comm_r_last's leaf = last label + data leaf.
// Steps 3-4 run per challenge on `threads` threads; the error of the lowest (partition,
// challenge) is reported, so the result does not depend on scheduling. Messages name fields by
// FieldPath, e.g. "vanilla_proofs[0][1].replica_column_proofs.drg_parents[3].column.index:
// expected parent 41 of challenge 57, got 40".
#pragma once

#include <cstdint>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/c1_output.hpp"
#include "filecoin/error.hpp"

namespace cuzk::filecoin {

struct C1CheckOptions {
  bool recompute_hashes = true;  // false: steps 1-3 only
  unsigned threads = 0;          // 0 = all hardware threads
};

// What the check established, for synthesis and public inputs.
struct C1Summary {
  ff::Fr comm_c;                                  // root of tree C (c_x's inclusion root)
  ff::Fr comm_r_last;                             // root of tree R_last
  std::vector<std::vector<uint64_t>> challenges;  // [partition][challenge]
};

FilecoinResult<C1Summary> check_c1(const SealCommitPhase1Output& c1,
                                   const C1CheckOptions& options = {});

}  // namespace cuzk::filecoin
