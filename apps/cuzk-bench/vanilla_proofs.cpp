// Verification and daemon requests of gen-vanilla requests (see vanilla_proofs.hpp).
#include "vanilla_proofs.hpp"

#include <algorithm>
#include <stdexcept>

#include "filecoin/partition_verify.hpp"
#include "filecoin/porep_parameters.hpp"
#include "filecoin/post_public_inputs.hpp"
#include "files.hpp"
#include "groth16/verifier.hpp"
#include "util/hex.hpp"

namespace cuzk::bench {
namespace {

std::string as_bytes(std::span<const uint8_t> bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// Go's fmt %d of a byte slice, as Curio writes WindowPoSt request ids: "[12 34 56]".
std::string go_decimal_bytes(std::span<const uint8_t> bytes) {
  std::string out = "[";
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i) out += ' ';  // appended piece by piece: "" + ... trips GCC 12's -Wrestrict
    out += std::to_string(bytes[i]);
  }
  out += ']';
  return out;
}

}  // namespace

const filecoin::PoStProofType& post_proof(const VanillaRequest& r) {
  return **must(filecoin::find_post_proof(std::string_view(r.proof_type)), "proof_type");
}

const filecoin::UpdateProofType& update_proof(const VanillaRequest& r) {
  return **must(filecoin::find_update_proof(std::string_view(r.proof_type)), "proof_type");
}

filecoin::UpdateSectorValues update_values(const VanillaRequest& r) {
  return {r.h, r.comm_r_old, r.comm_d_new, r.comm_r_new};
}

std::vector<std::vector<ff::Fr>> request_inputs(const VanillaRequest& r) {
  if (r.is_post())
    return must(filecoin::post_proof_public_inputs(post_proof(r), r.randomness, r.sectors),
                "public inputs")
        .value();
  return must(filecoin::update_proof_public_inputs(update_proof(r), update_values(r)),
              "public inputs")
      .value();
}

filecoin::FilecoinResult<unsigned> verify_vanilla_proof(const VanillaRequest& r,
                                                        const std::string& params_dir,
                                                        std::span<const uint8_t> proof) {
  const auto inputs = request_inputs(r);
  const auto vk_path =
      must(filecoin::find_verifying_key(params_dir, r.circuit_id), "verifying key").value();
  auto vk = groth16::read_verifying_key(read_file(vk_path));
  if (!vk) throw std::runtime_error(vk_path + ": " + vk.error().message);
  auto verified = filecoin::verify_partition_proofs(groth16::prepare_verifying_key(*vk), inputs,
                                                    proof, r.proof_type);
  if (verified && *verified != r.partitions) {
    return filecoin::filecoin_error(filecoin::FilecoinError::kShape,
                                    std::to_string(*verified) +
                                        " partition proofs, the request says " +
                                        std::to_string(r.partitions));
  }
  return verified;
}

std::vector<v1::SubmitProofRequest> vanilla_submit_requests(const std::string& request_path,
                                                            const VanillaRequest& r,
                                                            v1::Priority priority,
                                                            const std::string& request_id) {
  auto vanilla = read_vanilla_proofs(request_path, r);
  v1::SubmitProofRequest base;
  base.set_priority(priority);
  base.set_miner_id(r.miner_id);
  std::vector<v1::SubmitProofRequest> out;
  if (!r.is_post()) {
    const auto& proof = update_proof(r);
    base.set_proof_kind(v1::SNAP_DEALS_UPDATE);
    base.set_registered_proof(proof.id);
    base.set_sector_size(proof.sector->sector_size);
    base.set_sector_number(r.sector_id);
    base.set_comm_r_old(as_bytes(r.comm_r_old));
    base.set_comm_d_new(as_bytes(r.comm_d_new));
    base.set_comm_r_new(as_bytes(r.comm_r_new));
    base.set_request_id(!request_id.empty() ? request_id
                                            : "snap-" + std::to_string(r.miner_id) + "-" +
                                                  std::to_string(r.sector_id));
    for (const auto& v : vanilla) base.add_vanilla_proofs(as_bytes(v));
    out.push_back(std::move(base));
    return out;
  }
  const auto& proof = post_proof(r);
  const bool winning = proof.type() == filecoin::PoStType::kWinning;
  base.set_proof_kind(winning ? v1::WINNING_POST : v1::WINDOW_POST_PARTITION);
  base.set_registered_proof(proof.id);
  base.set_sector_size(proof.sector_size());
  base.set_randomness(as_bytes(r.randomness));
  const auto seed = std::span(r.randomness).first(8);
  const size_t per_partition = winning ? vanilla.size() : proof.sector_count();
  for (size_t first = 0, k = 0; first < vanilla.size(); first += per_partition, ++k) {
    v1::SubmitProofRequest request = base;
    request.set_partition_index(uint32_t(k));
    if (!request_id.empty())
      request.set_request_id(winning ? request_id : request_id + "-" + std::to_string(k));
    else
      request.set_request_id(winning ? "winpost-" + std::to_string(r.miner_id) + "-" + to_hex(seed)
                                     : "wdpost-" + std::to_string(r.miner_id) + "-" +
                                           std::to_string(k) + "-" + go_decimal_bytes(seed));
    const size_t end = std::min(vanilla.size(), first + per_partition);
    for (size_t i = first; i < end; ++i) request.add_vanilla_proofs(as_bytes(vanilla[i]));
    out.push_back(std::move(request));
  }
  return out;
}

}  // namespace cuzk::bench
