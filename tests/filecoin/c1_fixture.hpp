// Well-formed C1 outputs built in the test, for the parser, the writer and the checks:
//   full     2 KiB sectors (any variant): random data, every label of both layers computed
//            through the real graph, full trees; challenges derived from the finished comm_r.
//   virtual  interactive proofs of any size (32 / 64 GiB for the Sub / Top Merkle variants):
//            an all-zero data sector (CC) whose columns are only materialised where the C1 looks:
//            challenged nodes get labels computed from their parents, parents get random
//            columns, all other tree leaves a default, in sparse trees. Possible for
//            interactive proofs only, since their challenges do not depend on comm_r.
// Tamper options break one relation at challenge [0][0] while keeping every tree consistent,
// to reach checks that no edit of the JSON can isolate.
#pragma once

#include <cstdint>

#include "filecoin/c1_output.hpp"

namespace cuzk::filecoin::testing {

struct C1FixtureOptions {
  uint64_t rng_seed = 1;
  bool wrong_label = false;     // c_x's last-layer label is not the label of its parents
  bool wrong_encoding = false;  // tree R's leaf at the challenge is not label + data
};

// proof.sector must be 2 KiB.
SealCommitPhase1Output make_full_c1(const ProofType& proof, const C1FixtureOptions& options = {});
// proof must be interactive; the tamper options are not supported.
SealCommitPhase1Output make_virtual_c1(const ProofType& proof, uint64_t rng_seed = 1);

}  // namespace cuzk::filecoin::testing
