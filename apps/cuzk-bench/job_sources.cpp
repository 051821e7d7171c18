// Job sources of the load commands (see job_sources.hpp).
#include "job_sources.hpp"

#include <memory>
#include <span>
#include <stdexcept>

#include "cmd_vanilla_request.hpp"
#include "filecoin/partition_verify.hpp"
#include "filecoin/porep_parameters.hpp"
#include "files.hpp"
#include "groth16/verifier.hpp"
#include "seal_check.hpp"
#include "server/client.hpp"
#include "vanilla_proofs.hpp"

namespace cuzk::bench {
namespace {

std::span<const uint8_t> bytes_of(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

std::shared_ptr<const groth16::PreparedVerifyingKey> load_prepared_vk(const std::string& path) {
  auto vk = groth16::read_verifying_key(read_file(path));
  if (!vk) throw std::runtime_error(path + ": " + vk.error().message);
  return std::make_shared<const groth16::PreparedVerifyingKey>(groth16::prepare_verifying_key(*vk));
}

}  // namespace

JobSource porep_job_source(const std::string& path, uint64_t miner_id,
                           const std::string& params_dir) {
  const auto text = read_file(path);
  auto request = server::make_porep_request(
      {reinterpret_cast<const char*>(text.data()), text.size()}, {"", miner_id, {}, {}});
  if (!request) throw std::runtime_error(path + ": " + request.error().message);
  JobSource source{"porep " + path, {std::move(request).value()}, {}};
  if (params_dir.empty()) return source;
  auto c1 = std::make_shared<const filecoin::SealCommitPhase1Output>(read_c1_file(path));
  auto checker = std::make_shared<const SealChecker>(params_dir, *c1->registered_proof);
  source.verify = [c1, checker](const v1::SubmitProofRequest&, const std::string& proof) {
    return checker->check({c1->replica_id, c1->comm_d, c1->comm_r, c1->seed}, bytes_of(proof));
  };
  return source;
}

JobSource vanilla_job_source(const std::string& path, const std::string& params_dir) {
  const VanillaRequest r = read_vanilla_request(path);
  JobSource source{
      r.kind + " " + path, vanilla_submit_requests(path, r, v1::PRIORITY_UNSPECIFIED), {}};
  if (params_dir.empty()) return source;
  const auto vk =
      must(filecoin::find_verifying_key(params_dir, r.circuit_id), "verifying key").value();
  auto inputs = std::make_shared<const std::vector<std::vector<ff::Fr>>>(request_inputs(r));
  source.verify = [inputs, pvk = load_prepared_vk(vk), what = r.proof_type](
                      const v1::SubmitProofRequest& request, const std::string& proof) {
    // A WindowPoSt job is one partition: its proof is that partition's alone.
    std::span<const std::vector<ff::Fr>> expected(*inputs);
    if (request.proof_kind() == v1::WINDOW_POST_PARTITION)
      expected = expected.subspan(request.partition_index(), 1);
    auto verified = filecoin::verify_partition_proofs(*pvk, expected, bytes_of(proof), what);
    if (!verified) return verified.error().message;
    if (*verified != expected.size())
      return std::to_string(*verified) + " partition proofs, want " +
             std::to_string(expected.size());
    return std::string();
  };
  return source;
}

}  // namespace cuzk::bench
