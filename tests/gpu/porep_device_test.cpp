// The GPU prover on a real PoRep circuit: a genuinely sealed 2 KiB sector's C1, proven by
// CudaBackend and by CpuBackend with the same (r, s): identical 192-byte proofs that verify
// with the C2 verifier. Test parameters come from a random setup of the blank circuit (2^22
// domain: the slowest part of the test, some tens of seconds on a multi-core host).
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "device_fixture.hpp"
#include "filecoin/porep_c2.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/setup.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "sealing/real_seal.hpp"

namespace cuzk::gpu {
namespace {

class PorepDeviceTest : public testing::DeviceTest {};

TEST_F(PorepDeviceTest, RealTwoKiBSectorGivesTheCpuProofAndVerifies) {
  const auto proof = filecoin::find_seal_proof(std::string_view("StackedDrg2KiBV1_1"));
  ASSERT_TRUE(proof.ok());
  sealing::SealRequest request = sealing::seal_request_from_seed(**proof, 1000, 1, /*seed=*/5);
  request.data = sealing::random_sector_data(*(*proof)->sector, 5);
  const auto sealed = sealing::seal_real_sector(request, {});
  ASSERT_TRUE(sealed.ok()) << sealed.error().message;
  const filecoin::SealCommitPhase1Output& c1 = sealed->c1;

  r1cs::KeypairAssembly cs;
  filecoin::synthesize_stacked_blank(cs, filecoin::stacked_circuit_shape(*(*proof)->sector));
  cs.finalize();
  std::mt19937_64 rng(11);
  const groth16::Parameters params =
      groth16::generate_parameters(cs, groth16::ToxicWaste::random(rng));

  filecoin::PorepC2Options options;
  options.randomness = {{ff::Fr::random(rng), ff::Fr::random(rng)}};
  groth16::CpuBackend cpu;
  CudaBackend gpu(0);
  const auto want = filecoin::prove_porep_c2(c1, params, cpu, options);
  ASSERT_TRUE(want.ok()) << want.error().message;
  const auto got = filecoin::prove_porep_c2(c1, params, gpu, options);
  ASSERT_TRUE(got.ok()) << got.error().message;
  EXPECT_EQ(got->proof, want->proof);
  const auto verified =
      filecoin::verify_porep_c2(groth16::prepare_verifying_key(params.vk), **proof,
                                {c1.replica_id, c1.comm_d, c1.comm_r, c1.seed}, got->proof);
  EXPECT_TRUE(verified.ok()) << verified.error().message;
  for (const auto& [phase, ms] : got->timings)
    std::printf("  gpu %-18s %9.1f ms\n", phase.c_str(), ms);
}

}  // namespace
}  // namespace cuzk::gpu
