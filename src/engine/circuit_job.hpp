// CircuitJob: what the pipeline needs to know about one proof, whatever its kind — the circuit
// (which parameters), how many partitions, how to synthesise partition k, and the public inputs
// its proof must verify against.
//
// A CircuitJob is built at submit time from a ProofRequest (job_factory.hpp), after the request
// has been parsed and checked, so that synthesis never starts on bad input. It is immutable
// afterwards: synthesize() and public_inputs() are called concurrently from several workers, for
// different partitions. The engine destroys it as soon as the job ends, which frees the parsed
// vanilla proof.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ff/fr.hpp"
#include "groth16/parameters.hpp"
#include "groth16/proof.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::engine {

class CircuitJob {
 public:
  virtual ~CircuitJob() = default;

  // The parameter set: "porep-32g", or "chain-<N>" for the built-in test circuit.
  virtual const std::string& circuit_id() const = 0;
  virtual unsigned partitions() const = 0;
  // For logs: what is being proven, e.g. "StackedDrg2KiBV1_1 miner 1000 sector 7".
  virtual std::string describe() const = 0;

  // Synthesises partition k into `out` (freshly cleared; the caller finalizes). May throw: the job
  // then fails with the exception's message.
  virtual void synthesize(unsigned partition, r1cs::ProvingAssignment& out) const = 0;
  // Whether the next synthesize() will leave a/b/c deferred (ProvingAssignment::assign_deferred):
  // then a backend that evaluates them keeps only the witness on the host, which the pipeline's
  // memory estimate counts. A hint: wrong only when the precompiled path then fails and falls back.
  virtual bool defers_abc() const { return false; }

  // The public inputs (without the constant one) partition k's proof must verify against. A job
  // that can derive them independently of synthesis does (PoRep: from the C1, as the chain's
  // verifier does); the built-in test circuit reads them from its synthesised witness.
  virtual std::vector<ff::Fr> public_inputs(unsigned partition,
                                            const r1cs::ProvingAssignment& synthesized) const = 0;

  // The job's proof bytes from its partition proofs (in partition order), once the pipeline has
  // verified them against `vk` (of test parameters or Filecoin's): by default the proofs
  // concatenated, 192 bytes each. A non-interactive PoRep returns their SnarkPack aggregate. May
  // throw: the job then fails with the exception's message.
  virtual std::vector<uint8_t> output(std::span<const groth16::Proof> proofs,
                                      const groth16::VerifyingKey& /*vk*/,
                                      bool /*test_parameters*/) const {
    return groth16::encode_proofs(proofs);
  }
  // What output() does beyond the encoding, for the job's log line ("aggregate"); empty: nothing.
  virtual std::string_view output_step() const { return {}; }
};

}  // namespace cuzk::engine
