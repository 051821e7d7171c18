// Parsing a 32 GiB C1 (the ~50 MB JSON of a virtual sector, sealing::generate_virtual_c1) with
// filecoin's JsonReader against nlohmann-json and simdjson: the numbers in json_reader.cpp's top
// comment come from here.
//
//  * c1_parse/json_reader: parse_c1_json, the whole schema-checked parse into the C1 structs;
//  * c1_parse/nlohmann_dom: nlohmann::json::parse alone, the DOM without reading it into structs
//    (a lower bound for a parser built on it);
//  * c1_parse/nlohmann_sax: nlohmann::json::sax_parse with a handler that only counts events
//    (the lower bound for a SAX-driven parser);
//  * c1_parse/simdjson_ondemand: a walk of every value with simdjson's On Demand API, numbers
//    read as uint64 (the text copied into a padded_string beforehand, not timed);
//  * c1_write/json_writer: to_json of the parsed C1 (json_writer.hpp, serde's compact form);
//  * c1_write/nlohmann_dump: dump() of the nlohmann DOM built beforehand, not timed (a lower
//    bound for writing through nlohmann, which would first build that DOM from the structs).
// bytes_per_second is the JSON text rate. Run with
//   --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// and read the medians.
#include <benchmark/benchmark.h>
#include <simdjson.h>

#include <nlohmann/json.hpp>
#include <string>

#include "filecoin/c1_json.hpp"
#include "filecoin/proof_type.hpp"
#include "sealing/seal_request.hpp"
#include "sealing/virtual_sector.hpp"

namespace {

using namespace cuzk;

const std::string& c1_text() {
  static const std::string text = [] {
    const auto& proof = *filecoin::find_seal_proof("StackedDrg32GiBV1_1").value();
    const auto request = sealing::seal_request_from_seed(proof, 1000, 1, 1);
    auto generated = sealing::generate_virtual_c1(request);
    if (!generated.ok()) throw std::runtime_error(generated.error().message);
    return filecoin::to_json(generated.value().c1);
  }();
  return text;
}

void set_rate(benchmark::State& state) {
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(c1_text().size()));
}

void BM_c1_parse_json_reader(benchmark::State& state) {
  const auto& text = c1_text();
  for (auto _ : state) {
    auto parsed = filecoin::parse_c1_json(text);
    if (!parsed.ok()) state.SkipWithError(parsed.error().message.c_str());
    benchmark::DoNotOptimize(parsed);
  }
  set_rate(state);
}
BENCHMARK(BM_c1_parse_json_reader)->Name("c1_parse/json_reader")->Unit(benchmark::kMillisecond);

void BM_c1_parse_nlohmann_dom(benchmark::State& state) {
  const auto& text = c1_text();
  for (auto _ : state) {
    auto doc = nlohmann::json::parse(text);
    benchmark::DoNotOptimize(doc);
  }
  set_rate(state);
}
BENCHMARK(BM_c1_parse_nlohmann_dom)->Name("c1_parse/nlohmann_dom")->Unit(benchmark::kMillisecond);

// Counts every event and accepts everything.
struct CountingSax : nlohmann::json_sax<nlohmann::json> {
  size_t events = 0;
  bool null() override { return ++events; }
  bool boolean(bool) override { return ++events; }
  bool number_integer(number_integer_t) override { return ++events; }
  bool number_unsigned(number_unsigned_t) override { return ++events; }
  bool number_float(number_float_t, const string_t&) override { return ++events; }
  bool string(string_t&) override { return ++events; }
  bool binary(binary_t&) override { return ++events; }
  bool start_object(size_t) override { return ++events; }
  bool key(string_t&) override { return ++events; }
  bool end_object() override { return ++events; }
  bool start_array(size_t) override { return ++events; }
  bool end_array() override { return ++events; }
  bool parse_error(size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }
};

void BM_c1_parse_nlohmann_sax(benchmark::State& state) {
  const auto& text = c1_text();
  for (auto _ : state) {
    CountingSax sax;
    if (!nlohmann::json::sax_parse(text, &sax)) state.SkipWithError("sax_parse failed");
    benchmark::DoNotOptimize(sax.events);
  }
  set_rate(state);
}
BENCHMARK(BM_c1_parse_nlohmann_sax)->Name("c1_parse/nlohmann_sax")->Unit(benchmark::kMillisecond);

template <typename Value>
uint64_t walk(Value value) {
  uint64_t sum = 0;
  switch (value.type()) {
    case simdjson::ondemand::json_type::array:
      for (auto element : value.get_array()) sum += walk(element.value());
      return sum;
    case simdjson::ondemand::json_type::object:
      for (auto field : value.get_object()) sum += walk(field.value().value());
      return sum;
    case simdjson::ondemand::json_type::number:
      return value.get_uint64().value();
    case simdjson::ondemand::json_type::string:
      return value.get_string().value().size();
    default:
      return 1;
  }
}

void BM_c1_parse_simdjson_ondemand(benchmark::State& state) {
  const simdjson::padded_string padded(c1_text());
  simdjson::ondemand::parser parser;
  for (auto _ : state) {
    auto doc = parser.iterate(padded);
    const uint64_t sum = walk(doc.get_value().value());
    benchmark::DoNotOptimize(sum);
  }
  set_rate(state);
}
BENCHMARK(BM_c1_parse_simdjson_ondemand)
    ->Name("c1_parse/simdjson_ondemand")
    ->Unit(benchmark::kMillisecond);

void BM_c1_write_json_writer(benchmark::State& state) {
  const auto c1 = filecoin::parse_c1_json(c1_text()).value();
  for (auto _ : state) {
    auto text = filecoin::to_json(c1);
    benchmark::DoNotOptimize(text);
  }
  set_rate(state);
}
BENCHMARK(BM_c1_write_json_writer)->Name("c1_write/json_writer")->Unit(benchmark::kMillisecond);

void BM_c1_write_nlohmann_dump(benchmark::State& state) {
  const auto doc = nlohmann::json::parse(c1_text());
  for (auto _ : state) {
    auto text = doc.dump();
    benchmark::DoNotOptimize(text);
  }
  set_rate(state);
}
BENCHMARK(BM_c1_write_nlohmann_dump)->Name("c1_write/nlohmann_dump")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
