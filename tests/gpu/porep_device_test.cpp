// The GPU prover on a real PoRep circuit: a genuinely sealed 2 KiB sector's C1, proven by
// CudaBackend and by CpuBackend with the same (r, s): identical 192-byte proofs that verify
// with the C2 verifier. Each partition's circuit is synthesised here and proven by both backends
// (backend.prove), as the engine's pipeline does it — this target builds without the engine. Test
// parameters come from a random setup of the blank circuit (2^22 domain: the slowest part of the
// test, some tens of seconds on a multi-core host).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "device_fixture.hpp"
#include "filecoin/porep_verify.hpp"
#include "filecoin/public_inputs.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "gpu/backend/cuda_backend.hpp"
#include "groth16/cpu_backend.hpp"
#include "groth16/proof.hpp"
#include "groth16/setup.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "r1cs/proving_assignment.hpp"
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

  const filecoin::PorepPublicValues values{c1.replica_id, c1.comm_d, c1.comm_r, c1.seed};
  groth16::CpuBackend cpu;
  CudaBackend gpu(0);
  std::vector<groth16::Proof> want, got;
  for (unsigned k = 0; k < (*proof)->partitions(); ++k) {
    auto synthesize = [&] {
      std::vector<r1cs::ProvingAssignment> batch(1);
      filecoin::synthesize_stacked_partition(batch[0], c1, k);
      batch[0].finalize();
      return batch;
    };
    auto batch = synthesize();
    const auto inputs = filecoin::porep_public_inputs(**proof, values, k);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message;
    const auto circuit_inputs = batch[0].inputs().subspan(1);
    ASSERT_TRUE(
        std::equal(circuit_inputs.begin(), circuit_inputs.end(), inputs->begin(), inputs->end()))
        << "partition " << k << ": the circuit's inputs are not the verifier's";
    const groth16::Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
    want.push_back(cpu.prove(std::move(batch), params, std::span(&rs, 1)).proofs.at(0));
    const auto out = gpu.prove(synthesize(), params, std::span(&rs, 1));
    got.push_back(out.proofs.at(0));
    for (const auto& [phase, ms] : out.timings)
      std::printf("  gpu p%u.%-15s %9.1f ms\n", k, phase.c_str(), ms);
  }
  const std::vector<uint8_t> bytes = groth16::encode_proofs(got);
  EXPECT_EQ(bytes, groth16::encode_proofs(want));
  const auto verified =
      filecoin::verify_porep_c2(groth16::prepare_verifying_key(params.vk), **proof, values, bytes);
  EXPECT_TRUE(verified.ok()) << verified.error().message;
}

}  // namespace
}  // namespace cuzk::gpu
