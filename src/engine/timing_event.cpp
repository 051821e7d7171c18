// Timing events as JSON log lines, written by the pipeline and read back (timing_event.hpp).
#include "engine/timing_event.hpp"

#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace cuzk::engine {
namespace {

using Json = nlohmann::ordered_json;

// Set during static initialisation, i.e. at process start.
const std::chrono::steady_clock::time_point kProcessStart = std::chrono::steady_clock::now();

double round_us(double ms) {
  return std::round(ms * 1000) / 1000;
}

const Json& field(const Json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) throw std::invalid_argument(std::string("missing field \"") + key + "\"");
  return *it;
}

std::string get_string(const Json& j, const char* key) {
  const Json& v = field(j, key);
  if (!v.is_string()) throw std::invalid_argument(std::string("\"") + key + "\" is not a string");
  return v.get<std::string>();
}

unsigned get_unsigned(const Json& j, const char* key) {
  const Json& v = field(j, key);
  if (!v.is_number_unsigned() || v.get<uint64_t>() > 0xffffffffu) {
    throw std::invalid_argument(std::string("\"") + key + "\" is not a small unsigned integer");
  }
  return v.get<unsigned>();
}

double get_ms(const Json& j, const char* key) {
  const Json& v = field(j, key);
  if (!v.is_number() || !std::isfinite(v.get<double>())) {
    throw std::invalid_argument(std::string("\"") + key + "\" is not a number");
  }
  return v.get<double>();
}

TimingEvent event_from_json(const Json& j) {
  if (!j.is_object()) throw std::invalid_argument("not a JSON object");
  TimingEvent e;
  e.job = get_string(j, "job");
  e.kind = j.contains("kind") ? get_string(j, "kind") : "";
  e.circuit = j.contains("circuit") ? get_string(j, "circuit") : "";
  e.partition = get_unsigned(j, "partition");
  e.partitions = j.contains("partitions") ? get_unsigned(j, "partitions") : e.partition + 1;
  e.attempt = j.contains("attempt") ? get_unsigned(j, "attempt") : 0;
  e.synthesis_worker = get_unsigned(j, "synthesis_worker");
  e.synthesis_workers = j.contains("synthesis_workers") ? get_unsigned(j, "synthesis_workers") : 1;
  e.synthesis_start_ms = get_ms(j, "synthesis_start_ms");
  e.synthesis_end_ms = get_ms(j, "synthesis_end_ms");
  e.prover_worker = get_unsigned(j, "prover_worker");
  e.prover_workers = j.contains("prover_workers") ? get_unsigned(j, "prover_workers") : 1;
  e.backend = get_string(j, "backend");
  e.batch = j.contains("batch") ? get_unsigned(j, "batch") : 1;
  e.prove_start_ms = get_ms(j, "prove_start_ms");
  e.prove_end_ms = get_ms(j, "prove_end_ms");
  e.start_done_ms = j.contains("start_done_ms") ? get_ms(j, "start_done_ms") : e.prove_end_ms;
  e.finish_start_ms =
      j.contains("finish_start_ms") ? get_ms(j, "finish_start_ms") : e.start_done_ms;
  if (j.contains("phases")) {
    const Json& phases = j["phases"];
    if (!phases.is_array()) throw std::invalid_argument("\"phases\" is not an array");
    for (const Json& p : phases) {
      if (!p.is_array() || p.size() != 2 || !p[0].is_string() || !p[1].is_number()) {
        throw std::invalid_argument("\"phases\" entries must be [name, ms]");
      }
      e.phases.emplace_back(p[0].get<std::string>(), p[1].get<double>());
    }
  }
  if (e.partition >= e.partitions) throw std::invalid_argument("\"partition\" >= \"partitions\"");
  if (e.synthesis_worker >= e.synthesis_workers || e.prover_worker >= e.prover_workers) {
    throw std::invalid_argument("a worker index is not below its worker count");
  }
  const double order[] = {e.synthesis_start_ms, e.synthesis_end_ms, e.prove_start_ms,
                          e.start_done_ms,      e.finish_start_ms,  e.prove_end_ms};
  for (size_t i = 1; i < std::size(order); ++i) {
    if (order[i] < order[i - 1]) {
      throw std::invalid_argument(
          "times out of order (synthesis start <= end <= prove start <= "
          "start done <= finish start <= prove end)");
    }
  }
  return e;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

// The event text of a log line: the JSON after "timing " in a text line or in a JSON line's
// "msg", or the whole line when it is a bare event object; empty for any other line.
std::string event_text(std::string_view line) {
  const std::string marker = std::string(kTimingLogPrefix) + "{";
  if (line.starts_with('{')) {
    Json j = Json::parse(line.begin(), line.end(), nullptr, /*allow_exceptions=*/false);
    if (j.is_object()) {
      if (auto msg = j.find("msg"); msg != j.end() && msg->is_string()) {
        const auto text = msg->get<std::string>();
        return text.starts_with(marker) ? text.substr(kTimingLogPrefix.size()) : "";
      }
      return j.contains("job") && j.contains("prove_end_ms") ? std::string(line) : "";
    }
    // Not JSON: a truncated JSON log line that was a timing line is still reported below.
  }
  const size_t at = line.find(marker);
  return at == std::string_view::npos ? "" : std::string(line.substr(at + kTimingLogPrefix.size()));
}

}  // namespace

double timing_clock_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - kProcessStart)
      .count();
}

std::string timing_event_json(const TimingEvent& e) {
  Json j;
  j["job"] = e.job;
  j["kind"] = e.kind;
  j["circuit"] = e.circuit;
  j["partition"] = e.partition;
  j["partitions"] = e.partitions;
  j["attempt"] = e.attempt;
  j["synthesis_worker"] = e.synthesis_worker;
  j["synthesis_workers"] = e.synthesis_workers;
  j["synthesis_start_ms"] = round_us(e.synthesis_start_ms);
  j["synthesis_end_ms"] = round_us(e.synthesis_end_ms);
  j["prover_worker"] = e.prover_worker;
  j["prover_workers"] = e.prover_workers;
  j["backend"] = e.backend;
  j["batch"] = e.batch;
  j["prove_start_ms"] = round_us(e.prove_start_ms);
  j["start_done_ms"] = round_us(e.start_done_ms);
  j["finish_start_ms"] = round_us(e.finish_start_ms);
  j["prove_end_ms"] = round_us(e.prove_end_ms);
  Json phases = Json::array();
  for (const auto& [name, ms] : e.phases) phases.push_back(Json::array({name, round_us(ms)}));
  j["phases"] = std::move(phases);
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

TimingLog read_timing_log(std::istream& in) {
  TimingLog log;
  std::string line;
  while (std::getline(in, line)) {
    ++log.lines;
    const std::string_view trimmed = trim(line);
    std::string text;
    try {
      text = event_text(trimmed);
      if (text.empty()) continue;
      log.events.push_back(event_from_json(Json::parse(text)));
    } catch (const std::exception& e) {
      log.errors.push_back("line " + std::to_string(log.lines) + ": " + e.what());
    }
  }
  return log;
}

}  // namespace cuzk::engine
