// Result<T>: a value or a typed error with a message, returned at library edges.
//
// Error policy (see STYLE.md): bad input is an error value whose message names what is wrong,
// never an abort. Inside a module code may throw; edges return Result. Each floor defines its own
// error-code enum; Result carries it as `Code`.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace cuzk {

template <class Code>
struct Error {
  Code code;
  std::string message;
};

template <class T, class Code>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}        // NOLINT: implicit by design
  Result(Error<Code> err) : v_(std::move(err)) {}  // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<0>(v_); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

  const Error<Code>& error() const { return std::get<1>(v_); }
  Code code() const { return error().code; }

 private:
  std::variant<T, Error<Code>> v_;
};

}  // namespace cuzk
