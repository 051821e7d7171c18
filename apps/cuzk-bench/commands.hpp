// cuzk-bench subcommands. Each registers itself on the CLI11 app and runs when selected; the file
// formats they read and write are a contract (docs/cuzk-bench.md):
//   proof file:   concatenated 192-byte proofs
//   inputs file:  JSON array of 64-hex-character little-endian Fr strings (no constant one)
#pragma once

#include <CLI/CLI.hpp>

namespace cuzk::bench {

void add_setup_command(CLI::App& app);
void add_prove_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_gen_c1_command(CLI::App& app);
void add_c2_inputs_command(CLI::App& app);
void add_verify_c2_command(CLI::App& app);
void add_verify_seal_command(CLI::App& app);  // a seal from public data alone
void add_circuit_info_command(CLI::App& app);
void add_check_params_command(CLI::App& app);    // parameters.json digests
void add_gen_vanilla_command(CLI::App& app);     // PoSt / SnapDeals: gen-vanilla
void add_prove_vanilla_command(CLI::App& app);   // prove-vanilla
void add_verify_vanilla_command(CLI::App& app);  // verify-vanilla
void add_client_single_command(CLI::App& app);   // daemon client: single, batch, status, ...
void add_client_batch_command(CLI::App& app);
void add_client_stress_command(CLI::App& app);
void add_client_deadline_command(CLI::App& app);  // deadline proofs under C2 load
void add_client_admin_commands(CLI::App& app);
void add_timeline_command(CLI::App& app);  // timeline SVG from the daemon's timing log
void add_fullsize_command(CLI::App& app);  // a whole PoRep C2 in-process: record, setup, prove

}  // namespace cuzk::bench
