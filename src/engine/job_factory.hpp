// JobFactory: turns a ProofRequest into a CircuitJob, or refuses it with a SubmitError whose
// message names the offending field. The engine calls it on the submitting thread, so a bad
// request is answered before it is queued.
//
// filecoin_job_factory() is the daemon's: PoRep via make_porep_job, WindowPoSt / WinningPoSt via
// make_post_job, SnapDeals via make_snap_job. Tests and the bench's in-process mode pass their own
// factory (e.g. one that builds BenchCircuitJobs) — the engine does not care what it proves.
#pragma once

#include <functional>
#include <memory>

#include "engine/aggregation_srs.hpp"
#include "engine/circuit_job.hpp"
#include "engine/request.hpp"
#include "r1cs/precompiled_store.hpp"
#include "util/result.hpp"
#include "util/task_pool.hpp"

namespace cuzk::engine {

using JobResult = Result<std::unique_ptr<CircuitJob>, SubmitError>;
using JobFactory = std::function<JobResult(const ProofRequest&)>;

// The nice value of the witness pool's threads. Synthesis runs ahead of the GPU; the threads that
// feed it (a partition's upload: memcpy into pinned buffers) must not wait for a core behind the
// next partitions' witnesses. At 10 a busy witness thread has ~1/9 of a nice-0 thread's weight,
// and still every core nothing else wants.
inline constexpr int kWitnessPoolNice = 10;

// precompiled: PoRep, SnapDeals and PoSt synthesis through precompiled circuits (porep_job.hpp,
// snap_job.hpp, post_job.hpp); null: generic. witness_pool: the one pool that makes the witnesses
// of every precompiled PoRep and SnapDeals partition of every job, the oldest partition's blocks
// first (the daemon's: [synthesis] witness_threads at kWitnessPoolNice); null with precompiled:
// one pool of all cores at kWitnessPoolNice, made here and still shared by all the factory's jobs.
// PoSt jobs (deadline proofs) get a pool of their own, all cores at nice 0: their sectors never
// queue behind a C2's challenges, and the OS gives them the cores first. aggregation: the
// SnarkPack SRS of non-interactive PoRep seals (null: they are refused at submit).
JobFactory filecoin_job_factory(unsigned check_threads = 0,
                                std::shared_ptr<r1cs::PrecompiledStore> precompiled = nullptr,
                                std::shared_ptr<TaskPool> witness_pool = nullptr,
                                std::shared_ptr<AggregationSrs> aggregation = nullptr);

}  // namespace cuzk::engine
