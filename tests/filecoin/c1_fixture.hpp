// Well-formed C1 outputs for the filecoin tests (parser, writer, checks, circuit), made by the
// sealing floor (src/sealing) from a seed:
//   full     2 KiB sectors of any variant, really sealed (sealing::seal_real_sector);
//   virtual  interactive proofs of any size (sealing::generate_virtual_c1).
// The tamper options break one relation at challenge [0][0] while keeping every tree consistent
// (through sealing::SealTestHooks), to reach checks that no edit of the JSON can isolate.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "filecoin/c1_output.hpp"
#include "filecoin/error.hpp"

namespace cuzk::filecoin::testing {

// The registered seal proof of that name (e.g. "StackedDrg2KiBV1_1"); throws if unknown.
const ProofType& proof_named(std::string_view name);

// A rejection as the tests compare it: the error code and the message.
struct Failure {
  FilecoinError code;
  std::string message;
};

struct C1FixtureOptions {
  uint64_t rng_seed = 1;
  bool wrong_label = false;     // c_x's last-layer label is not the label of its parents
  bool wrong_encoding = false;  // tree R's leaf at the challenge is not label + data
};

// proof.sector must be 2 KiB; tampering needs an interactive proof. Throws on misuse.
SealCommitPhase1Output make_full_c1(const ProofType& proof, const C1FixtureOptions& options = {});
// proof must be interactive. Throws otherwise.
SealCommitPhase1Output make_virtual_c1(const ProofType& proof, uint64_t rng_seed = 1);

}  // namespace cuzk::filecoin::testing
