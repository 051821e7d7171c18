// Per-partition timing events: for every proven partition the pipeline logs one line
//   timing {"job":"…","kind":"porep_seal_commit","circuit":"porep-2k","partition":0,…}
// (one JSON object: which synthesis worker and which prover worker / device ran it, and when each
// stage began and ended), and `cuzk-bench timeline` reads them back from the daemon's log, text or
// JSON lines (engine/timeline.hpp). Times are milliseconds on the steady clock since the process
// started, so all events of one daemon run compare directly.
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "groth16/backend.hpp"

namespace cuzk::engine {

struct TimingEvent {
  std::string job;      // job id
  std::string kind;     // to_string(ProofKind): "porep_seal_commit", …
  std::string circuit;  // circuit id: "porep-2k", "chain-1024", …
  unsigned partition = 0, partitions = 1;
  unsigned attempt = 0;  // prover failures before this proof (PipelineOptions::prover_retries)
  unsigned synthesis_worker = 0, synthesis_workers = 1;  // this worker's index, how many there are
  double synthesis_start_ms = 0, synthesis_end_ms = 0;
  unsigned prover_worker = 0, prover_workers = 1;
  std::string backend;           // the device that proved it: "cpu", "cuda:0", …
  unsigned batch = 1;            // partitions proven by the same start() / finish()
  double prove_start_ms = 0;     // backend start() called
  double start_done_ms = 0;      // start() returned
  double finish_start_ms = 0;    // finish() called (by the finalizer)
  double prove_end_ms = 0;       // finish() returned
  groth16::PhaseTimings phases;  // the backend's phases of the whole batch, in order
};

// The log message's prefix, before the JSON object.
inline constexpr std::string_view kTimingLogPrefix = "timing ";

// Milliseconds on the steady clock since the process started.
double timing_clock_ms();

// The event as one line of JSON (no newline), keys in the order of TimingEvent.
std::string timing_event_json(const TimingEvent& event);

struct TimingLog {
  std::vector<TimingEvent> events;  // in log order
  std::vector<std::string> errors;  // "line 12: …" for each timing line that could not be read
  size_t lines = 0;                 // lines read
};

// Reads the timing events of a daemon log: text lines holding "timing {…}", JSON log lines whose
// "msg" is "timing {…}", and bare event objects (one per line). Other lines are skipped; a timing
// line that is not a valid event (bad JSON, a missing or mistyped field, times out of order) is
// reported in `errors` and skipped.
TimingLog read_timing_log(std::istream& in);

}  // namespace cuzk::engine
