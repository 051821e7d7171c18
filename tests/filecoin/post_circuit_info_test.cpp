// circuit_info_for: the PoRep, PoSt and SnapDeals circuit ids, the counts equal to those of the
// family's own blank synthesis and to the reference figures, and a precise error for an unknown id.
#include <gtest/gtest.h>

#include "filecoin/circuit_info.hpp"
#include "filecoin/circuit_kind.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/post_proof_type.hpp"

namespace cuzk::filecoin {
namespace {

TEST(CircuitInfoFor, DispatchesEveryFamily) {
  const auto wpost = circuit_info_for("wpost-2k");
  ASSERT_TRUE(wpost.ok());
  EXPECT_EQ(wpost->synthesized, 2u * (313 + 10 * 1'062));
  EXPECT_EQ(wpost->inputs, 23u);
  EXPECT_EQ(wpost->constraints, wpost->synthesized + wpost->inputs);
  const PostCircuitShape shape = post_circuit_shape(**find_post_circuit("wpost-2k"));
  EXPECT_EQ(
      to_json(*wpost),
      to_json(circuit_info([&](r1cs::ConstraintSystem& cs) { synthesize_post_blank(cs, shape); })));

  const auto winning = circuit_info_for("winning-2k");
  ASSERT_TRUE(winning.ok());
  EXPECT_EQ(winning->synthesized, 66u * (313 + 1'062));
  EXPECT_EQ(winning->inputs, 133u);

  const auto snap = circuit_info_for("snap-2k");
  ASSERT_TRUE(snap.ok());
  EXPECT_EQ(snap->synthesized, 1'705'039u);
  EXPECT_EQ(snap->inputs, 5u);
  EXPECT_GT(snap->nnz_a, snap->synthesized);
  EXPECT_EQ(snap->b_input_density, 1u);  // B over inputs: only ONE

  const auto porep = circuit_info_for("porep-2k");
  ASSERT_TRUE(porep.ok());
  EXPECT_EQ(porep->constraints, 2'687'961u);  // docs/perf/circuits.md
}

TEST(CircuitInfoFor, UnknownIdListsTheKnownOnes) {
  const auto bad = circuit_info_for("wpost-16g");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.code(), FilecoinError::kUnknownProof);
  for (const char* id : {"porep-32g", "wpost-64g", "winning-512m", "snap-8m"})
    EXPECT_NE(bad.error().message.find(id), std::string::npos) << id;
  EXPECT_EQ(known_circuit_ids().find("porep-2k"), 0u);
}

}  // namespace
}  // namespace cuzk::filecoin
