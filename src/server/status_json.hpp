// The JSON document of GET /status: the EngineStatus snapshot (queues, running jobs, pipeline
// stages, memory budget, parameter sets and their tiers, counters), field names in snake_case.
#pragma once

#include <string>

#include "engine/status.hpp"

namespace cuzk::server {

std::string status_json(const engine::EngineStatus& status);

}  // namespace cuzk::server
