// cuzk-bench: the bench, test-data and client tool of cuzk.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "commands.hpp"
#include "server/client_credentials.hpp"

int main(int argc, char** argv) {
  CLI::App app{"cuzk-bench: setup, prove and verify test circuits; benchmark the prover"};
  app.require_subcommand(1);
  auto& access = cuzk::server::client_access();
  app.add_option("--tls-ca", access.tls_ca,
                 "Client commands: connect with TLS, trusting this PEM CA");
  app.add_option("--tls-cert", access.tls_cert,
                 "Client commands: PEM client certificate (mutual TLS)");
  app.add_option("--tls-key", access.tls_key, "Client commands: PEM key of --tls-cert");
  app.add_option("--token-file", access.token_file,
                 "Client commands: bearer token file (needs TLS)");
  app.fallthrough();
  cuzk::bench::add_setup_command(app);
  cuzk::bench::add_prove_command(app);
  cuzk::bench::add_verify_command(app);
  cuzk::bench::add_gen_c1_command(app);
  cuzk::bench::add_c2_inputs_command(app);
  cuzk::bench::add_verify_c2_command(app);
  cuzk::bench::add_verify_seal_command(app);
  cuzk::bench::add_circuit_info_command(app);
  cuzk::bench::add_check_params_command(app);
  cuzk::bench::add_gen_vanilla_command(app);
  cuzk::bench::add_prove_vanilla_command(app);
  cuzk::bench::add_verify_vanilla_command(app);
  cuzk::bench::add_client_single_command(app);
  cuzk::bench::add_client_batch_command(app);
  cuzk::bench::add_client_stress_command(app);
  cuzk::bench::add_client_deadline_command(app);
  cuzk::bench::add_client_admin_commands(app);
  cuzk::bench::add_timeline_command(app);
  cuzk::bench::add_fullsize_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
