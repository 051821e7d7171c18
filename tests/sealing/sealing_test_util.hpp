// Shared helpers of the sealing tests: proof lookup, check_c1 with hash recomputation and its
// time, and the JSON round trip.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "filecoin/c1_check.hpp"
#include "filecoin/c1_json.hpp"
#include "filecoin/proof_type.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::sealing::testing {

inline const filecoin::ProofType& proof_named(std::string_view name) {
  auto proof = filecoin::find_seal_proof(name);
  if (!proof.ok()) throw std::invalid_argument(proof.error().message);
  return **proof;
}

// check_c1 with every hash recomputed; returns the milliseconds it took.
inline double expect_c1_passes(const filecoin::SealCommitPhase1Output& c1) {
  Stopwatch watch;
  auto checked = filecoin::check_c1(c1, {.recompute_hashes = true});
  const double ms = watch.total_ms();
  EXPECT_TRUE(checked.ok()) << c1.registered_proof->name << ": " << checked.error().message;
  return ms;
}

// to_json → parse_c1_json → to_json gives the same text.
inline void expect_json_round_trip(const filecoin::SealCommitPhase1Output& c1) {
  const std::string text = filecoin::to_json(c1);
  auto parsed = filecoin::parse_c1_json(text);
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  EXPECT_EQ(parsed->registered_proof, c1.registered_proof);
  EXPECT_EQ(filecoin::to_json(*parsed), text);
}

}  // namespace cuzk::sealing::testing
