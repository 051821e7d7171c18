// Setup from a precompiled circuit's matrices (generate_parameters over r1cs::PrecompiledCircuit,
// the path that fits a 32 GiB PoRep circuit in memory) gives exactly the parameters of setup from
// KeypairAssembly for the same circuit and toxic waste — on circuits with coefficients other than
// ±1 (the bit decomposition's powers of two, the cubic's constant), many inputs and a padded
// domain — and a proof against them verifies. Streamed, section by section into a sink or a
// .params file, it gives the same points in the file's order, and the same file bytes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "deferred_fixture.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::groth16 {
namespace {

using namespace testing;

TEST(SetupPrecompiled, SameParametersAsKeypairAssemblyAndTheyProve) {
  const Circuit circuit = [](r1cs::ConstraintSystem& cs) {
    r1cs::test_circuits::boolean_decomposition(cs, 100);
    r1cs::test_circuits::many_inputs(cs, 7);
    r1cs::test_circuits::cubic(cs, 3, 35);
    r1cs::test_circuits::multiplication_chain(cs, 40);
  };
  for (unsigned threads : {1u, 3u}) {
    SCOPED_TRACE(threads);
    std::mt19937_64 rng(5);
    const ToxicWaste tw = ToxicWaste::random(rng);
    r1cs::KeypairAssembly ka;
    circuit(ka);
    ka.finalize();
    const Parameters want = generate_parameters(ka, tw, threads);
    const auto precompiled = precompile(circuit);
    const Parameters got = generate_parameters(*precompiled, tw, threads);
    EXPECT_EQ(got.vk, want.vk);
    EXPECT_EQ(got.h, want.h);
    EXPECT_EQ(got.l, want.l);
    EXPECT_EQ(got.a, want.a);
    EXPECT_EQ(got.b_g1, want.b_g1);
    EXPECT_EQ(got.b_g2, want.b_g2);

    std::vector<r1cs::ProvingAssignment> batch;
    batch.push_back(synthesize_deferred(circuit, precompiled));
    const auto inputs = public_inputs(batch[0]);
    const Randomness rs{ff::Fr::random(rng), ff::Fr::random(rng)};
    const ProveOutput out = CpuBackend(2).prove(std::move(batch), got, std::span(&rs, 1));
    EXPECT_TRUE(verify_proof(prepare_verifying_key(got.vk), out.proofs.at(0), inputs));
  }
}

const Circuit kStreamed = [](r1cs::ConstraintSystem& cs) {
  r1cs::test_circuits::boolean_decomposition(cs, 60);
  r1cs::test_circuits::many_inputs(cs, 5);
};

// Records the order and content of what setup hands over.
class RecordingSink final : public ParametersSink {
 public:
  std::vector<std::string> order;
  Parameters got;
  void vk(const VerifyingKey& vk) override {
    order.push_back("vk");
    got.vk = vk;
  }
  void g1_section(Section s, std::vector<G1Affine> points) override {
    order.push_back(to_string(s));
    got.g1(s) = std::move(points);
  }
  void b_g2(std::vector<G2Affine> points) override {
    order.push_back("b_g2");
    got.b_g2 = std::move(points);
  }
};

std::vector<uint8_t> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(SetupPrecompiled, StreamedIntoASinkInFileOrderAndIntoTheSameFile) {
  std::mt19937_64 rng(9);
  const ToxicWaste tw = ToxicWaste::random(rng);
  const auto precompiled = precompile(kStreamed);
  const Parameters want = generate_parameters(*precompiled, tw, 2);

  RecordingSink sink;
  generate_parameters_into(*precompiled, tw, sink, 2);
  EXPECT_EQ(sink.order, (std::vector<std::string>{"vk", "h", "l", "a", "b_g1", "b_g2"}));
  EXPECT_EQ(sink.got, want);

  const std::string dir = ::testing::TempDir() + "/cuzk_setup_stream_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  write_parameters_file(want, dir + "/whole.params");
  const VerifyingKey vk =
      write_parameters_files(*precompiled, tw, dir + "/streamed.params", dir + "/streamed.vk", 2);
  EXPECT_EQ(vk, want.vk);
  EXPECT_EQ(file_bytes(dir + "/streamed.params"), file_bytes(dir + "/whole.params"));
  EXPECT_EQ(file_bytes(dir + "/streamed.vk"), serialize_verifying_key(want.vk));
  std::filesystem::remove_all(dir);
}

TEST(SetupPrecompiled, TheFileWriterTakesPiecesInFileOrderOnly) {
  const std::string dir = ::testing::TempDir() + "/cuzk_writer_order_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  std::mt19937_64 rng(4);
  const Parameters p = generate_parameters(*precompile(kStreamed), ToxicWaste::random(rng));
  ParamsFileWriter w(dir + "/x.params");
  EXPECT_THROW(w.g1_section(Section::kH, p.h), std::logic_error);  // the vk comes first
  w.vk(p.vk);
  EXPECT_THROW(w.g1_section(Section::kL, p.l), std::logic_error);  // h before l
  EXPECT_THROW(w.g1_section(Section::kBG2, p.h), std::logic_error);
  w.g1_section(Section::kH, p.h);
  EXPECT_THROW(w.close(), std::logic_error);  // incomplete
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace cuzk::groth16
