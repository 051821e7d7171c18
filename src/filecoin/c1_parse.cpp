// C1 JSON reader: a recursive descent over JsonReader that follows the serde structure of
// SealCommitPhase1Output and keeps a FieldPath for error messages. Inside, failures are thrown
// (JsonReadError from the tokenizer, ParseFailure from the schema); parse_c1_json catches them
// and returns the error with the path where parsing stopped.
#include <algorithm>
#include <array>
#include <bitset>

#include "filecoin/base64.hpp"
#include "filecoin/c1_json.hpp"
#include "filecoin/field_path.hpp"
#include "filecoin/json_reader.hpp"

namespace cuzk::filecoin {
namespace {

struct ParseFailure {
  FilecoinError code;
  std::string message;
};

class C1Parser {
 public:
  explicit C1Parser(std::string_view text) : r_(text) {}

  // Runs `body` and turns any failure into an error naming the current path.
  template <class T, class Body>
  FilecoinResult<T> guarded(Body&& body) {
    try {
      return body();
    } catch (const JsonReadError& e) {
      return filecoin_error(e.code(), located(e.what()));
    } catch (const ParseFailure& f) {
      return filecoin_error(f.code, located(f.message));
    }
  }

  SealCommitPhase1Output parse_c1();
  CurioC1Envelope parse_envelope();

 private:
  std::string located(const std::string& message) const {
    const std::string where = path_.str();
    return where.empty() ? message : where + ": " + message;
  }
  [[noreturn]] void fail(FilecoinError code, std::string message) {
    throw ParseFailure{code, std::move(message)};
  }

  // Reads an object whose members are `names` (each exactly once, in any order; others are
  // skipped); on_field(i) reads the value of names[i]. With push_names, each member's name
  // is on the path while its value is read.
  template <size_t N, class F>
  void parse_object(const std::array<std::string_view, N>& names, F&& on_field,
                    bool push_names = true) {
    r_.begin_object();
    std::bitset<N> seen;
    std::string_view key;
    while (r_.next_member(key)) {
      const size_t i = size_t(std::find(names.begin(), names.end(), key) - names.begin());
      if (i == N) {
        r_.skip_value();
        continue;
      }
      if (seen[i]) fail(FilecoinError::kSchema, "duplicate field \"" + std::string(key) + "\"");
      seen[i] = true;
      if (push_names) path_.push(names[i]);
      on_field(i);
      if (push_names) path_.pop();
    }
    for (size_t i = 0; i < N; ++i) {
      if (!seen[i]) fail(FilecoinError::kSchema, "missing field \"" + std::string(names[i]) + "\"");
    }
  }

  // Reads an array, calling element(i) for each element with [i] on the path.
  template <class F>
  void parse_array(F&& element) {
    r_.begin_array();
    for (size_t i = 0; r_.next_element(); ++i) {
      path_.push(i);
      element(i);
      path_.pop();
    }
  }

  uint32_t parse_u32() {
    const uint64_t x = r_.read_u64();
    if (x > UINT32_MAX)
      fail(FilecoinError::kSchema, std::to_string(x) + " does not fit in 32 bits");
    return uint32_t(x);
  }

  void parse_domain(Domain& out) {
    r_.begin_array();
    size_t n = 0;
    for (; r_.next_element(); ++n) {
      if (n >= out.size()) {
        r_.skip_value();
        continue;
      }
      const uint64_t b = r_.read_u64();
      if (b > 255) {
        path_.push(n);
        fail(FilecoinError::kSchema, std::to_string(b) + " is not a byte (0..255)");
      }
      out[n] = uint8_t(b);
    }
    if (n != out.size())
      fail(FilecoinError::kSchema, "expected 32 bytes, got " + std::to_string(n));
  }

  void parse_domains(std::vector<Domain>& out) {
    out.clear();
    parse_array([&](size_t) { parse_domain(out.emplace_back()); });
  }

  void parse_inclusion_path(InclusionPath& out) {
    static constexpr std::array<std::string_view, 1> kWrapper = {"path"};
    static constexpr std::array<std::string_view, 2> kElement = {"hashes", "index"};
    out.clear();
    parse_object(
        kWrapper,
        [&](size_t) {
          parse_array([&](size_t) {
            auto& element = out.emplace_back();
            parse_object(kElement, [&](size_t f) {
              if (f == 0) {
                parse_domains(element.siblings);
              } else {
                element.index = parse_u32();
              }
            });
          });
        },
        /*push_names=*/false);
  }

  void parse_merkle_proof(MerkleProof& out) {
    static constexpr std::array<std::string_view, 1> kData = {"data"};
    parse_object(
        kData,
        [&](size_t) {
          r_.begin_object();
          std::string_view variant;
          if (!r_.next_member(variant)) fail(FilecoinError::kSchema, "empty Merkle proof variant");
          if (variant == "Single") {
            out.kind = MerkleProofKind::kSingle;
            static constexpr std::array<std::string_view, 3> kFields = {"root", "leaf", "path"};
            parse_object(kFields, [&](size_t f) {
              if (f == 0) parse_domain(out.root);
              if (f == 1) parse_domain(out.leaf);
              if (f == 2) parse_inclusion_path(out.base);
            });
          } else if (variant == "Sub") {
            out.kind = MerkleProofKind::kSub;
            static constexpr std::array<std::string_view, 4> kFields = {"base_proof", "sub_proof",
                                                                        "root", "leaf"};
            parse_object(kFields, [&](size_t f) {
              if (f == 0) parse_inclusion_path(out.base);
              if (f == 1) parse_inclusion_path(out.sub);
              if (f == 2) parse_domain(out.root);
              if (f == 3) parse_domain(out.leaf);
            });
          } else if (variant == "Top") {
            out.kind = MerkleProofKind::kTop;
            static constexpr std::array<std::string_view, 5> kFields = {
                "base_proof", "sub_proof", "top_proof", "root", "leaf"};
            parse_object(kFields, [&](size_t f) {
              if (f == 0) parse_inclusion_path(out.base);
              if (f == 1) parse_inclusion_path(out.sub);
              if (f == 2) parse_inclusion_path(out.top);
              if (f == 3) parse_domain(out.root);
              if (f == 4) parse_domain(out.leaf);
            });
          } else {
            fail(FilecoinError::kSchema, "unknown Merkle proof variant \"" + std::string(variant) +
                                             "\" (expected Single, Sub or Top)");
          }
          std::string_view extra;
          if (r_.next_member(extra)) {
            fail(FilecoinError::kSchema, "Merkle proof has more than one variant");
          }
        },
        /*push_names=*/false);
  }

  void parse_column_proof(ColumnProof& out) {
    static constexpr std::array<std::string_view, 2> kFields = {"column", "inclusion_proof"};
    parse_object(kFields, [&](size_t f) {
      if (f == 1) return parse_merkle_proof(out.inclusion_proof);
      // Column {index, rows, _h}: _h (PhantomData) is written as null; it is optional here.
      r_.begin_object();
      bool has_index = false, has_rows = false;
      std::string_view key;
      while (r_.next_member(key)) {
        if (key == "index" || key == "rows") {
          const bool is_index = key == "index";
          bool& seen = is_index ? has_index : has_rows;
          if (seen) fail(FilecoinError::kSchema, "duplicate field \"" + std::string(key) + "\"");
          seen = true;
          path_.push(is_index ? "index" : "rows");
          if (is_index) {
            out.column.index = parse_u32();
          } else {
            parse_domains(out.column.rows);
          }
          path_.pop();
        } else if (key == "_h") {
          path_.push("_h");
          r_.read_null();
          path_.pop();
        } else {
          r_.skip_value();
        }
      }
      if (!has_index) fail(FilecoinError::kSchema, "missing field \"index\"");
      if (!has_rows) fail(FilecoinError::kSchema, "missing field \"rows\"");
    });
  }

  void parse_column_proofs(std::vector<ColumnProof>& out) {
    out.clear();
    parse_array([&](size_t) { parse_column_proof(out.emplace_back()); });
  }

  void parse_labeling_proof(LabelingProof& out) {
    static constexpr std::array<std::string_view, 3> kFields = {"parents", "layer_index", "node"};
    parse_object(kFields, [&](size_t f) {
      if (f == 0) parse_domains(out.parents);
      if (f == 1) out.layer_index = parse_u32();
      if (f == 2) out.node = r_.read_u64();
    });
  }

  void parse_vanilla_proof(VanillaSealProof& out) {
    static constexpr std::array<std::string_view, 5> kFields = {
        "comm_d_proofs", "comm_r_last_proof", "replica_column_proofs", "labeling_proofs",
        "encoding_proof"};
    static constexpr std::array<std::string_view, 3> kColumns = {"c_x", "drg_parents",
                                                                 "exp_parents"};
    parse_object(kFields, [&](size_t f) {
      switch (f) {
        case 0:
          return parse_merkle_proof(out.comm_d_proofs);
        case 1:
          return parse_merkle_proof(out.comm_r_last_proof);
        case 2:
          return parse_object(kColumns, [&](size_t c) {
            auto& columns = out.replica_column_proofs;
            if (c == 0) parse_column_proof(columns.c_x);
            if (c == 1) parse_column_proofs(columns.drg_parents);
            if (c == 2) parse_column_proofs(columns.exp_parents);
          });
        case 3:
          out.labeling_proofs.clear();
          return parse_array(
              [&](size_t) { parse_labeling_proof(out.labeling_proofs.emplace_back()); });
        default:
          return parse_labeling_proof(out.encoding_proof);
      }
    });
  }

  // {"<V1 shape name>": [[proof, ...], ...]}; returns the shape name.
  std::string parse_vanilla_proofs(std::vector<std::vector<VanillaSealProof>>& out) {
    r_.begin_object();
    std::string_view key;
    if (!r_.next_member(key)) fail(FilecoinError::kSchema, "no shape variant");
    const std::string shape(key);
    const auto& sectors = porep_sector_configs();
    if (std::none_of(sectors.begin(), sectors.end(),
                     [&](const PorepSectorConfig& s) { return s.v1_name == shape; })) {
      fail(FilecoinError::kSchema, "unknown shape variant \"" + shape +
                                       "\" (expected StackedDrg{2KiB,8MiB,512MiB,32GiB,64GiB}V1)");
    }
    out.clear();
    parse_array([&](size_t) {
      auto& partition = out.emplace_back();
      parse_array([&](size_t) { parse_vanilla_proof(partition.emplace_back()); });
    });
    if (r_.next_member(key)) fail(FilecoinError::kSchema, "more than one shape variant");
    return shape;
  }

  JsonReader r_;
  FieldPath path_;
};

SealCommitPhase1Output C1Parser::parse_c1() {
  static constexpr std::array<std::string_view, 7> kFields = {
      "registered_proof", "vanilla_proofs", "comm_r", "comm_d", "replica_id", "seed", "ticket"};
  SealCommitPhase1Output c1;
  std::string shape;
  parse_object(kFields, [&](size_t f) {
    switch (f) {
      case 0: {
        const std::string_view name = r_.read_string();
        auto proof = find_seal_proof(name);
        if (!proof.ok()) fail(proof.code(), proof.error().message);
        c1.registered_proof = proof.value();
        break;
      }
      case 1:
        shape = parse_vanilla_proofs(c1.vanilla_proofs);
        break;
      case 2:
        parse_domain(c1.comm_r);
        break;
      case 3:
        parse_domain(c1.comm_d);
        break;
      case 4:
        parse_domain(c1.replica_id);
        break;
      case 5:
        parse_domain(c1.seed);
        break;
      default:
        parse_domain(c1.ticket);
        break;
    }
  });
  r_.expect_end();
  if (shape != c1.registered_proof->sector->v1_name) {
    path_.push("vanilla_proofs");
    fail(FilecoinError::kShape, "shape " + shape + " does not match registered_proof " +
                                    std::string(c1.registered_proof->name) + " (expected " +
                                    std::string(c1.registered_proof->sector->v1_name) + ")");
  }
  return c1;
}

CurioC1Envelope C1Parser::parse_envelope() {
  static constexpr std::array<std::string_view, 3> kFields = {"SectorNum", "Phase1Out",
                                                              "SectorSize"};
  CurioC1Envelope envelope;
  parse_object(kFields, [&](size_t f) {
    if (f == 0) envelope.sector_num = r_.read_u64();
    if (f == 2) envelope.sector_size = r_.read_u64();
    if (f == 1) {
      auto bytes = base64_decode(r_.read_string());
      if (!bytes.ok()) fail(bytes.code(), bytes.error().message);
      envelope.phase1_out = std::move(bytes).value();
    }
  });
  r_.expect_end();
  return envelope;
}

}  // namespace

FilecoinResult<SealCommitPhase1Output> parse_c1_json(std::string_view json) {
  C1Parser parser(json);
  return parser.guarded<SealCommitPhase1Output>([&] { return parser.parse_c1(); });
}

FilecoinResult<CurioC1Envelope> parse_curio_envelope(std::string_view json) {
  C1Parser parser(json);
  return parser.guarded<CurioC1Envelope>([&] { return parser.parse_envelope(); });
}

FilecoinResult<SealCommitPhase1Output> parse_curio_c1(std::string_view json) {
  auto envelope = parse_curio_envelope(json);
  if (!envelope.ok()) return envelope.error();
  const auto& bytes = envelope->phase1_out;
  auto c1 = parse_c1_json({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
  if (!c1.ok()) return filecoin_error(c1.code(), "Phase1Out: " + c1.error().message);
  const uint64_t expected = c1->registered_proof->sector->sector_size;
  if (envelope->sector_size != expected) {
    return filecoin_error(FilecoinError::kShape,
                          "SectorSize: " + std::to_string(envelope->sector_size) +
                              " does not match registered_proof " +
                              std::string(c1->registered_proof->name) + " (" +
                              std::to_string(expected) + " bytes)");
  }
  return c1;
}

}  // namespace cuzk::filecoin
