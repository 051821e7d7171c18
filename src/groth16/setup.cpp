// Groth16 parameter generation for test circuits (see setup.hpp).
#include "groth16/setup.hpp"

#include <array>
#include <atomic>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>

#include "curve/g1.hpp"
#include "curve/g2.hpp"
#include "ntt/domain.hpp"
#include "ntt/ntt.hpp"
#include "util/free_memory.hpp"
#include "util/parallel.hpp"

namespace cuzk::groth16 {
namespace {

using curve::G1;
using curve::G2;
using ff::Fr;

// Evaluates every column of m at tau through the Lagrange values: out[col] = sum coeff * l[row].
std::vector<Fr> evaluate_columns(const r1cs::CscMatrix& m, std::span<const Fr> lagrange,
                                 unsigned threads) {
  std::vector<Fr> out(m.num_cols(), Fr::zero());
  parallel_for(m.num_cols(), threads, [&](size_t b, size_t e) {
    for (size_t col = b; col < e; ++col) {
      auto c = m.column(col);
      Fr acc = Fr::zero();
      for (size_t k = 0; k < c.size(); ++k) acc += c.coeffs[k] * lagrange[c.rows[k]];
      out[col] = acc;
    }
  });
  return out;
}

// The same for a precompiled circuit's matrix over `columns` variables: each thread owns a range
// of columns and scans every entry (no transpose: the indexed matrices stay the only copy).
std::vector<Fr> evaluate_columns(const r1cs::IndexedCsr& m, std::span<const Fr> table,
                                 size_t columns, std::span<const Fr> lagrange, unsigned threads) {
  std::vector<Fr> out(columns, Fr::zero());
  const unsigned t = resolve_threads(threads);
  parallel_chunks(columns, t, t, [&](size_t, size_t lo, size_t hi) {
    for (size_t row = 0; row < m.rows(); ++row) {
      for (uint64_t k = m.row_ptr[row]; k < m.row_ptr[row + 1]; ++k) {
        const uint32_t col = m.cols[k];
        if (col < lo || col >= hi) continue;
        const uint32_t i = m.coeff_index[k];
        if (i == r1cs::PrecompiledCircuit::kOneIndex) {
          out[col] += lagrange[row];
        } else if (i == r1cs::PrecompiledCircuit::kMinusOneIndex) {
          out[col] -= lagrange[row];
        } else {
          out[col] += table[i] * lagrange[row];
        }
      }
    }
  });
  return out;
}

// What setup reads of a circuit: its counts (rows with the input rows), densities, and u, v, w —
// its A, B, C columns evaluated at tau through the Lagrange values.
struct SetupCircuit {
  size_t n_inputs = 0, n_aux = 0, rows = 0;
  const r1cs::QueryDensities* densities = nullptr;
  std::function<std::array<std::vector<Fr>, 3>(std::span<const Fr> lagrange)> columns;
};

void generate(const SetupCircuit& cs, const ToxicWaste& tw, ParametersSink& sink, unsigned threads,
              const SetupProgress& progress, FixedBaseMultiplier* multiplier);

// Collects the pieces into a Parameters.
class CollectingSink final : public ParametersSink {
 public:
  Parameters params;
  void vk(const VerifyingKey& vk) override { params.vk = vk; }
  void g1_section(Section s, std::vector<G1Affine> points) override {
    params.g1(s) = std::move(points);
  }
  void b_g2(std::vector<G2Affine> points) override { params.b_g2 = std::move(points); }
};

// Writes the pieces to a .params file as they come.
class FileSink final : public ParametersSink {
 public:
  explicit FileSink(const std::string& path) : writer(path) {}
  ParamsFileWriter writer;
  VerifyingKey key;
  void vk(const VerifyingKey& vk) override {
    key = vk;
    writer.vk(vk);
  }
  void g1_section(Section s, std::vector<G1Affine> points) override {
    writer.g1_section(s, points);
  }
  void b_g2(std::vector<G2Affine> points) override { writer.b_g2(points); }
};

SetupCircuit setup_circuit(const r1cs::PrecompiledCircuit& circuit, unsigned threads) {
  const size_t vars = circuit.num_inputs() + circuit.num_aux();
  return SetupCircuit{
      circuit.num_inputs(), circuit.num_aux(), circuit.a().rows(), &circuit.densities(),
      [&circuit, vars, threads](std::span<const Fr> lagrange) {
        const std::span<const Fr> table = circuit.coeffs();
        return std::array{evaluate_columns(circuit.a(), table, vars, lagrange, threads),
                          evaluate_columns(circuit.b(), table, vars, lagrange, threads),
                          evaluate_columns(circuit.c(), table, vars, lagrange, threads)};
      }};
}

}  // namespace

CpuFixedBaseMultiplier::CpuFixedBaseMultiplier(unsigned threads)
    : threads_(threads), g1_(G1::generator()), g2_(G2::generator()) {}

void CpuFixedBaseMultiplier::g1(std::span<const Fr> scalars, std::span<G1Affine> out) {
  if (scalars.size() != out.size()) throw std::invalid_argument("fixed-base G1: sizes differ");
  g1_.mul_batch(scalars, out, threads_);
}

void CpuFixedBaseMultiplier::g2(std::span<const Fr> scalars, std::span<G2Affine> out) {
  if (scalars.size() != out.size()) throw std::invalid_argument("fixed-base G2: sizes differ");
  g2_.mul_batch(scalars, out, threads_);
}

Parameters generate_parameters(const r1cs::KeypairAssembly& cs, const ToxicWaste& tw,
                               unsigned threads, const SetupProgress& progress,
                               FixedBaseMultiplier* multiplier) {
  if (!cs.finalized()) throw std::invalid_argument("setup: constraint system not finalized");
  SetupCircuit c{cs.num_inputs(), cs.num_aux(), cs.num_constraints(), &cs.densities(),
                 [&](std::span<const Fr> lagrange) {
                   return std::array{evaluate_columns(cs.at(), lagrange, threads),
                                     evaluate_columns(cs.bt(), lagrange, threads),
                                     evaluate_columns(cs.ct(), lagrange, threads)};
                 }};
  CollectingSink sink;
  generate(c, tw, sink, threads, progress, multiplier);
  return std::move(sink.params);
}

Parameters generate_parameters(const r1cs::PrecompiledCircuit& circuit, const ToxicWaste& tw,
                               unsigned threads, const SetupProgress& progress,
                               FixedBaseMultiplier* multiplier) {
  CollectingSink sink;
  generate(setup_circuit(circuit, threads), tw, sink, threads, progress, multiplier);
  return std::move(sink.params);
}

void generate_parameters_into(const r1cs::PrecompiledCircuit& circuit, const ToxicWaste& tw,
                              ParametersSink& sink, unsigned threads, const SetupProgress& progress,
                              FixedBaseMultiplier* multiplier) {
  generate(setup_circuit(circuit, threads), tw, sink, threads, progress, multiplier);
}

VerifyingKey write_parameters_files(const r1cs::PrecompiledCircuit& circuit, const ToxicWaste& tw,
                                    const std::string& params_path, const std::string& vk_path,
                                    unsigned threads, const SetupProgress& progress,
                                    FixedBaseMultiplier* multiplier) {
  FileSink sink(params_path);
  generate(setup_circuit(circuit, threads), tw, sink, threads, progress, multiplier);
  sink.writer.close();
  write_verifying_key_file(sink.key, vk_path);
  return sink.key;
}

namespace {

void generate(const SetupCircuit& cs, const ToxicWaste& tw, ParametersSink& sink, unsigned threads,
              const SetupProgress& progress, FixedBaseMultiplier* multiplier) {
  if (tw.gamma.is_zero() || tw.delta.is_zero()) {
    throw std::invalid_argument("setup: gamma and delta must be non-zero");
  }
  auto report = [&](std::string_view stage, size_t done, size_t total) {
    if (progress) progress(stage, done, total);
  };
  const size_t n_inputs = cs.n_inputs, n_aux = cs.n_aux;
  auto domain = ntt::Domain::for_size(cs.rows, {}, threads);
  if (!domain) throw std::invalid_argument("setup: " + domain.error().message);
  const size_t m = domain->size();

  // Lagrange basis at tau, and tau^m - 1.
  std::vector<Fr> powers(m);
  Fr p = Fr::one();
  for (size_t i = 0; i < m; ++i, p *= tw.tau) powers[i] = p;
  const Fr z_tau = p - Fr::one();
  if (z_tau.is_zero()) throw std::invalid_argument("setup: tau lies in the domain");
  std::vector<Fr> lagrange = powers;
  ntt::inverse_ntt(*domain, lagrange, threads);
  report("lagrange", 1, 1);

  auto columns = cs.columns(lagrange);  // not a structured binding: lambdas below capture them
  std::vector<Fr>& u = columns[0];
  std::vector<Fr>& v = columns[1];
  std::vector<Fr>& w = columns[2];
  free_memory(lagrange);
  report("columns", 1, 1);

  const Fr gamma_inv = tw.gamma.inverse(), delta_inv = tw.delta.inverse();
  std::vector<Fr> ic(n_inputs), l(n_aux), a, b;
  a.reserve(n_inputs + cs.densities->a_aux.popcount());
  b.reserve(cs.densities->b_input.popcount() + cs.densities->b_aux.popcount());
  std::atomic<size_t> unconstrained{n_aux};  // the first aux with t = 0, if any
  parallel_for(n_inputs + n_aux, threads, [&](size_t begin, size_t end) {
    for (size_t k = begin; k < end; ++k) {
      const Fr t = tw.beta * u[k] + tw.alpha * v[k] + w[k];
      if (k < n_inputs) {
        ic[k] = t * gamma_inv;
      } else {
        if (t.is_zero()) {
          size_t seen = unconstrained.load();
          while (k - n_inputs < seen && !unconstrained.compare_exchange_weak(seen, k - n_inputs)) {
          }
        }
        l[k - n_inputs] = t * delta_inv;
      }
    }
  });
  if (unconstrained.load() != n_aux) {
    throw std::invalid_argument("setup: unconstrained aux variable " +
                                std::to_string(unconstrained.load()));
  }
  const auto& dens = *cs.densities;
  auto check_nonzero = [](const Fr& x, const char* what, size_t k) {
    if (x.is_zero()) {
      throw std::invalid_argument(std::string("setup: ") + what + " query point " +
                                  std::to_string(k) + " is the identity (degenerate tau)");
    }
  };
  for (size_t k = 0; k < n_inputs; ++k) {
    check_nonzero(u[k], "A", k);
    a.push_back(u[k]);
  }
  for (size_t j = 0; j < n_aux; ++j) {
    if (!dens.a_aux.get(j)) continue;
    check_nonzero(u[n_inputs + j], "A", n_inputs + j);
    a.push_back(u[n_inputs + j]);
  }
  for (size_t k = 0; k < n_inputs; ++k) {
    if (!dens.b_input.get(k)) continue;
    check_nonzero(v[k], "B", k);
    b.push_back(v[k]);
  }
  for (size_t j = 0; j < n_aux; ++j) {
    if (!dens.b_aux.get(j)) continue;
    check_nonzero(v[n_inputs + j], "B", n_inputs + j);
    b.push_back(v[n_inputs + j]);
  }
  free_memory(u);  // at full size every vector here is GBs: each is freed once used
  free_memory(v);
  free_memory(w);
  std::vector<Fr> h(m - 1);
  Fr hz = z_tau * delta_inv;
  for (size_t i = 0; i + 1 < m; ++i) h[i] = powers[i] * hz;
  free_memory(powers);

  std::optional<CpuFixedBaseMultiplier> cpu;
  if (multiplier == nullptr) multiplier = &cpu.emplace(threads);
  // The verifying key first (the file's order), then each section, handed over as it is made.
  VerifyingKey vk;
  vk.ic.resize(ic.size());
  multiplier->g1(ic, vk.ic);
  report("ic", ic.size(), ic.size());
  free_memory(ic);
  const Fr vk_g1_scalars[] = {tw.alpha, tw.beta, tw.delta};
  const Fr vk_g2_scalars[] = {tw.beta, tw.gamma, tw.delta};
  G1Affine vk_g1[3];
  G2Affine vk_g2[3];
  multiplier->g1(vk_g1_scalars, vk_g1);
  multiplier->g2(vk_g2_scalars, vk_g2);
  std::tie(vk.alpha_g1, vk.beta_g1, vk.delta_g1) = std::tie(vk_g1[0], vk_g1[1], vk_g1[2]);
  std::tie(vk.beta_g2, vk.gamma_g2, vk.delta_g2) = std::tie(vk_g2[0], vk_g2[1], vk_g2[2]);
  sink.vk(vk);
  auto g1_section = [&](std::vector<Fr>& s, Section section) {
    std::vector<G1Affine> out(s.size());
    multiplier->g1(s, out);
    report(to_string(section), s.size(), s.size());
    if (&s != &b) free_memory(s);  // b serves B in G2 too
    sink.g1_section(section, std::move(out));
  };
  g1_section(h, Section::kH);
  g1_section(l, Section::kL);
  g1_section(a, Section::kA);
  g1_section(b, Section::kBG1);
  std::vector<G2Affine> b_g2(b.size());
  multiplier->g2(b, b_g2);
  report("b_g2", b.size(), b.size());
  free_memory(b);
  sink.b_g2(std::move(b_g2));
}

}  // namespace
}  // namespace cuzk::groth16
