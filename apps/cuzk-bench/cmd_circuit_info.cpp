// cuzk-bench circuit-info --circuit ID [--json]: the circuit's size, counted by synthesising a
// blank partition without storing it (filecoin/circuit_info.hpp). IDs: porep-*, wpost-*,
// winning-*, snap-* for 2k, 8m, 512m, 32g, 64g.
#include <iostream>
#include <stdexcept>

#include "commands.hpp"
#include "filecoin/circuit_info.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::bench {

void add_circuit_info_command(CLI::App& app) {
  struct Options {
    std::string circuit;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("circuit-info",
                                 "Sizes of a PoRep, PoSt or SnapDeals circuit (blank synthesis)");
  cmd->add_option("--circuit", opt->circuit,
                  "Circuit id: porep-, wpost-, winning- or snap- followed by 2k, 8m, 512m, 32g "
                  "or 64g")
      ->required();
  cmd->add_flag("--json", opt->json, "Print one JSON object");
  cmd->callback([opt] {
    Stopwatch sw;
    const auto info = filecoin::circuit_info_for(opt->circuit);
    if (!info) throw std::runtime_error(info.error().message);
    std::cerr << "circuit-info: " << opt->circuit << " synthesised in " << sw.total_ms() / 1000
              << " s\n";
    if (opt->json) {
      std::cout << filecoin::to_json(*info) << "\n";
      return;
    }
    std::cout << "inputs       " << info->inputs << "\naux          " << info->aux
              << "\nsynthesized  " << info->synthesized << "\nconstraints  " << info->constraints
              << "\nnnz a/b/c    " << info->nnz_a << " / " << info->nnz_b << " / " << info->nnz_c
              << "\ndensity      a_aux " << info->a_aux_density << ", b_input "
              << info->b_input_density << ", b_aux " << info->b_aux_density << "\n";
  });
}

}  // namespace cuzk::bench
