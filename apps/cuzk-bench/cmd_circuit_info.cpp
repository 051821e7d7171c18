// cuzk-bench circuit-info --circuit porep-32g [--json]: the circuit's size, counted by
// synthesising a blank partition without storing it (filecoin/circuit_info.hpp).
#include <iostream>

#include "commands.hpp"
#include "filecoin/circuit_info.hpp"
#include "proof_types.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::bench {

void add_circuit_info_command(CLI::App& app) {
  struct Options {
    std::string circuit;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("circuit-info", "Sizes of a PoRep circuit (blank synthesis)");
  cmd->add_option("--circuit", opt->circuit, "Circuit id: porep-2k, porep-8m, porep-512m, "
                                             "porep-32g, porep-64g")
      ->required();
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([opt] {
    const filecoin::PorepSectorConfig& sector = find_circuit(opt->circuit);
    Stopwatch sw;
    const filecoin::CircuitInfo info =
        filecoin::stacked_circuit_info(filecoin::stacked_circuit_shape(sector));
    std::cerr << "circuit-info: " << opt->circuit << " synthesised in " << sw.total_ms() / 1000
              << " s\n";
    if (opt->json) {
      std::cout << filecoin::to_json(info) << "\n";
      return;
    }
    std::cout << "inputs       " << info.inputs << "\naux          " << info.aux
              << "\nsynthesized  " << info.synthesized << "\nconstraints  " << info.constraints
              << "\nnnz a/b/c    " << info.nnz_a << " / " << info.nnz_b << " / " << info.nnz_c
              << "\ndensity      a_aux " << info.a_aux_density << ", b_input "
              << info.b_input_density << ", b_aux " << info.b_aux_density << "\n";
  });
}

}  // namespace cuzk::bench
