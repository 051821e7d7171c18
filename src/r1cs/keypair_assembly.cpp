// KeypairAssembly: finalisation (input rows, transposes, densities) and checked accessors.
#include "r1cs/keypair_assembly.hpp"

#include <stdexcept>
#include <string>

namespace cuzk::r1cs {

void KeypairAssembly::finalize() {
  recorder_.finalize();
  at_ = transpose(recorder_.a());
  bt_ = transpose(recorder_.b());
  ct_ = transpose(recorder_.c());
  densities_ = recorder_.densities();
}

void KeypairAssembly::check_finalized() const {
  if (!finalized()) throw std::logic_error("KeypairAssembly: read before finalize()");
}

ColumnView KeypairAssembly::column(const CscMatrix& m, Variable var) const {
  check_finalized();
  const size_t count = var.is_input() ? m.num_inputs : m.num_aux;
  if (var.index() >= count) {
    throw std::out_of_range(std::string("KeypairAssembly: ") +
                            (var.is_input() ? "input " : "aux ") + std::to_string(var.index()) +
                            " out of range");
  }
  return m.column(var.is_input() ? var.index() : m.num_inputs + var.index());
}

const CscMatrix& KeypairAssembly::at() const {
  check_finalized();
  return at_;
}
const CscMatrix& KeypairAssembly::bt() const {
  check_finalized();
  return bt_;
}
const CscMatrix& KeypairAssembly::ct() const {
  check_finalized();
  return ct_;
}
const QueryDensities& KeypairAssembly::densities() const {
  check_finalized();
  return densities_;
}

}  // namespace cuzk::r1cs
