// PrecompiledSynthesis: a job's synthesis through a precompiled circuit
// (r1cs/precompiled_store.hpp), one implementation for every kind (PoRep, SnapDeals, PoSt). Per
// partition: the circuit from the store (recorded from a generic synthesis on first use, or its
// cache file); the witness made by the job (its blocks on the shared witness pool); then a, b, c —
// left to the backend when `defer` and the circuit is known good, otherwise computed here on the
// pool's thread count, and checked (a·b = c) on the first witness of a circuit from disk, which is
// then marked verified, or discarded when it does not fit (the next partition records it again).
// When anything of that fails the partition is synthesised generically, with a warning: never a
// lost partition.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "r1cs/precompiled_store.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"
#include "util/task_pool.hpp"

namespace cuzk::engine {

class PrecompiledSynthesis {
 public:
  // A witness for the circuit's sizes, its blocks on `pool`.
  using MakeWitness =
      std::function<r1cs::Witness(const r1cs::PrecompiledCircuit& circuit, TaskPool& pool)>;

  // store null: generic synthesis only. pool null (with a store): a pool of all cores.
  // defer: a/b/c of a verified circuit left to the backend (PoRep, SnapDeals: the GPU evaluates
  // them).
  PrecompiledSynthesis(std::shared_ptr<r1cs::PrecompiledStore> store,
                       std::shared_ptr<TaskPool> pool, std::string circuit_id, bool defer);

  // Synthesises one partition into `out` (fresh): precompiled when there is a store, else (or
  // when that fails) generic(out). `what` names the partition in the log.
  void synthesize(const std::string& what, const r1cs::PrecompiledStore::Synthesize& generic,
                  const MakeWitness& witness, r1cs::ProvingAssignment& out) const;

  // Whether the next synthesis will leave a/b/c to the backend (CircuitJob::defers_abc).
  bool defers_abc() const { return defer_ && store_ && store_->is_verified(circuit_id_); }
  bool enabled() const { return store_ != nullptr; }

 private:
  // False: the circuit from disk did not fit this witness and was discarded.
  bool try_precompiled(const r1cs::PrecompiledStore::Synthesize& generic,
                       const MakeWitness& witness, r1cs::ProvingAssignment& out) const;

  std::shared_ptr<r1cs::PrecompiledStore> store_;
  std::shared_ptr<TaskPool> pool_;
  std::string circuit_id_;
  bool defer_;
};

}  // namespace cuzk::engine
