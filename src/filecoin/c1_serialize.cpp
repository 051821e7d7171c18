// C1 JSON writer: the serde field order of each struct (spec §11), compact like
// serde_json::to_vec, so Rust reads these files and files written by Rust read back equal.
#include "filecoin/base64.hpp"
#include "filecoin/c1_json.hpp"
#include "filecoin/json_writer.hpp"

namespace cuzk::filecoin {
namespace {

void write_domains(JsonWriter& w, const std::vector<Domain>& values) {
  w.begin_array();
  for (const auto& v : values) w.byte_array(v);
  w.end_array();
}

void write_inclusion_path(JsonWriter& w, const InclusionPath& path) {
  w.begin_object();
  w.key("path");
  w.begin_array();
  for (const auto& element : path) {
    w.begin_object();
    w.key("hashes");
    write_domains(w, element.siblings);
    w.key("index");
    w.value(uint64_t(element.index));
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

void write_merkle_proof(JsonWriter& w, const MerkleProof& proof) {
  w.begin_object();
  w.key("data");
  w.begin_object();
  w.key(to_string(proof.kind));
  w.begin_object();
  if (proof.kind == MerkleProofKind::kSingle) {
    w.key("root");
    w.byte_array(proof.root);
    w.key("leaf");
    w.byte_array(proof.leaf);
    w.key("path");
    write_inclusion_path(w, proof.base);
  } else {
    w.key("base_proof");
    write_inclusion_path(w, proof.base);
    w.key("sub_proof");
    write_inclusion_path(w, proof.sub);
    if (proof.kind == MerkleProofKind::kTop) {
      w.key("top_proof");
      write_inclusion_path(w, proof.top);
    }
    w.key("root");
    w.byte_array(proof.root);
    w.key("leaf");
    w.byte_array(proof.leaf);
  }
  w.end_object();
  w.end_object();
  w.end_object();
}

void write_column_proof(JsonWriter& w, const ColumnProof& proof) {
  w.begin_object();
  w.key("column");
  w.begin_object();
  w.key("index");
  w.value(uint64_t(proof.column.index));
  w.key("rows");
  write_domains(w, proof.column.rows);
  w.key("_h");
  w.null();
  w.end_object();
  w.key("inclusion_proof");
  write_merkle_proof(w, proof.inclusion_proof);
  w.end_object();
}

void write_column_proofs(JsonWriter& w, const std::vector<ColumnProof>& proofs) {
  w.begin_array();
  for (const auto& p : proofs) write_column_proof(w, p);
  w.end_array();
}

void write_labeling_proof(JsonWriter& w, const LabelingProof& proof) {
  w.begin_object();
  w.key("parents");
  write_domains(w, proof.parents);
  w.key("layer_index");
  w.value(uint64_t(proof.layer_index));
  w.key("node");
  w.value(proof.node);
  w.end_object();
}

void write_vanilla_proof(JsonWriter& w, const VanillaSealProof& proof) {
  w.begin_object();
  w.key("comm_d_proofs");
  write_merkle_proof(w, proof.comm_d_proofs);
  w.key("comm_r_last_proof");
  write_merkle_proof(w, proof.comm_r_last_proof);
  w.key("replica_column_proofs");
  w.begin_object();
  w.key("c_x");
  write_column_proof(w, proof.replica_column_proofs.c_x);
  w.key("drg_parents");
  write_column_proofs(w, proof.replica_column_proofs.drg_parents);
  w.key("exp_parents");
  write_column_proofs(w, proof.replica_column_proofs.exp_parents);
  w.end_object();
  w.key("labeling_proofs");
  w.begin_array();
  for (const auto& p : proof.labeling_proofs) write_labeling_proof(w, p);
  w.end_array();
  w.key("encoding_proof");
  write_labeling_proof(w, proof.encoding_proof);
  w.end_object();
}

}  // namespace

std::string to_json(const SealCommitPhase1Output& c1) {
  JsonWriter w;
  w.begin_object();
  w.key("registered_proof");
  w.value(c1.registered_proof->name);
  w.key("vanilla_proofs");
  w.begin_object();
  w.key(c1.registered_proof->sector->v1_name);
  w.begin_array();
  for (const auto& partition : c1.vanilla_proofs) {
    w.begin_array();
    for (const auto& proof : partition) write_vanilla_proof(w, proof);
    w.end_array();
  }
  w.end_array();
  w.end_object();
  for (const auto& [name, value] :
       {std::pair{"comm_r", &c1.comm_r}, std::pair{"comm_d", &c1.comm_d},
        std::pair{"replica_id", &c1.replica_id}, std::pair{"seed", &c1.seed},
        std::pair{"ticket", &c1.ticket}}) {
    w.key(name);
    w.byte_array(*value);
  }
  w.end_object();
  return w.take();
}

std::string to_json(const CurioC1Envelope& envelope) {
  JsonWriter w;
  w.begin_object();
  w.key("SectorNum");
  w.value(envelope.sector_num);
  w.key("Phase1Out");
  w.value(base64_encode(envelope.phase1_out));
  w.key("SectorSize");
  w.value(envelope.sector_size);
  w.end_object();
  return w.take();
}

}  // namespace cuzk::filecoin
