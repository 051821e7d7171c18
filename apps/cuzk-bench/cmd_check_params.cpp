// cuzk-bench check-params: checks the parameter files of a directory against Filecoin's
// parameters.json digests (engine/param_digest.hpp), as `fetch-params` does after a download:
// one line per listed file present ("ok" / "BAD" with both digests), a count of the absent ones.
// Exit 1 when any file differs. The daemon can do the same at load ([srs] parameters_json).
#include <cstdio>
#include <filesystem>

#include "commands.hpp"
#include "engine/param_digest.hpp"
#include "util/mapped_file.hpp"
#include "util/stopwatch.hpp"

namespace cuzk::bench {

void add_check_params_command(CLI::App& app) {
  struct Options {
    std::string params_dir, manifest;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("check-params",
                                 "Check parameter files against parameters.json digests (exit 1 "
                                 "when one differs)");
  cmd->add_option("--params-dir", opt->params_dir, "Directory of .params / .vk files")->required();
  cmd->add_option("--parameters-json", opt->manifest, "Filecoin's parameters.json")->required();
  cmd->callback([opt] {
    auto manifest = engine::read_parameter_manifest(opt->manifest);
    if (!manifest) throw std::runtime_error(manifest.error().message);
    size_t ok = 0, bad = 0, absent = 0;
    for (const auto& [name, entry] : *manifest) {
      const auto path = std::filesystem::path(opt->params_dir) / name;
      if (!std::filesystem::exists(path)) {
        ++absent;
        continue;
      }
      Stopwatch sw;
      MappedFile file(path.string());
      const std::string mismatch = engine::check_digest(*manifest, name, file.bytes());
      if (mismatch.empty()) {
        ++ok;
        std::printf("ok   %s (%.2f GB, %.1f s)\n", name.c_str(), double(file.bytes().size()) / 1e9,
                    sw.total_ms() / 1000);
      } else {
        ++bad;
        std::printf("BAD  %s: %s\n", name.c_str(), mismatch.c_str());
      }
      std::fflush(stdout);
    }
    std::printf("check-params: %zu ok, %zu differ, %zu of %zu listed files absent from %s\n", ok,
                bad, absent, manifest->size(), opt->params_dir.c_str());
    if (bad > 0) throw CLI::RuntimeError(1);
  });
}

}  // namespace cuzk::bench
