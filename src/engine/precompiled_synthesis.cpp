// A job's synthesis through a precompiled circuit (see precompiled_synthesis.hpp).
#include "engine/precompiled_synthesis.hpp"

#include <spdlog/spdlog.h>

#include <stdexcept>
#include <utility>

#include "r1cs/precompiled_circuit.hpp"

namespace cuzk::engine {

PrecompiledSynthesis::PrecompiledSynthesis(std::shared_ptr<r1cs::PrecompiledStore> store,
                                           std::shared_ptr<TaskPool> pool, std::string circuit_id,
                                           bool defer)
    : store_(std::move(store)),
      pool_(std::move(pool)),
      circuit_id_(std::move(circuit_id)),
      defer_(defer) {
  if (store_ && !pool_) pool_ = std::make_shared<TaskPool>(0);
}

void PrecompiledSynthesis::synthesize(const std::string& what,
                                      const r1cs::PrecompiledStore::Synthesize& generic,
                                      const MakeWitness& witness,
                                      r1cs::ProvingAssignment& out) const {
  if (store_) {
    try {
      if (try_precompiled(generic, witness, out)) return;
    } catch (const std::exception& e) {
      spdlog::warn("{}: precompiled synthesis failed, synthesising generically: {}", what,
                   e.what());
    }
    out.clear();
  }
  generic(out);
}

bool PrecompiledSynthesis::try_precompiled(const r1cs::PrecompiledStore::Synthesize& generic,
                                           const MakeWitness& witness,
                                           r1cs::ProvingAssignment& out) const {
  auto lookup = store_->get(circuit_id_, generic);
  const r1cs::PrecompiledCircuit& circuit = *lookup.circuit;
  if (!lookup.note.empty()) spdlog::warn("precompiled circuit {}: {}", circuit_id_, lookup.note);
  if (lookup.source != r1cs::PrecompiledStore::Source::kMemory) {
    spdlog::info("precompiled circuit {} {}: {} in {:.0f} ms ({} constraints, {:.0f} MiB)",
                 circuit_id_, circuit.digest_hex().substr(0, 16), r1cs::source_name(lookup.source),
                 lookup.ms, circuit.num_constraints(),
                 double(circuit.memory_bytes()) / double(1 << 20));
  }
  r1cs::Witness w = witness(circuit, *pool_);
  if (lookup.verified && defer_) {  // a/b/c left to the backend (or Pipeline::synthesize)
    r1cs::assign_deferred(lookup.circuit, std::move(w), out);
    return true;
  }
  try {  // a circuit from disk is checked (a·b = c) on this first witness
    r1cs::assign_precompiled(circuit, std::move(w), out, pool_->threads(),
                             /*check=*/!lookup.verified);
  } catch (const std::invalid_argument& e) {
    if (lookup.verified) throw;
    spdlog::warn("precompiled circuit {} from {} does not fit this build's circuit, discarded: {}",
                 circuit_id_, store_->path(circuit_id_), e.what());
    store_->discard(circuit_id_, &circuit);
    return false;
  }
  if (!lookup.verified) store_->mark_verified(circuit_id_);
  return true;
}

}  // namespace cuzk::engine
