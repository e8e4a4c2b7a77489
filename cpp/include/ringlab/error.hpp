// One error type for the whole library. Every rejected input throws ringlab::Error with a
// stable code (the same string reaches JS as `error.code`) and a message meant for a person.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace ringlab {

enum class ErrorCode : std::uint8_t {
  invalid_argument,    // a non-integer, an unparsable value, an empty name, a non-prime table size
  out_of_range,        // a number outside its documented range (servers < 1, n > 2^31-1, a
                       // weight that is NaN, infinite or <= 0, ...)
  limit_exceeded,      // a request larger than a documented cap (ring points, keys per run)
  duplicate_server,    // two servers with one name
  unknown_server,      // a name that is not on the ring
  token_out_of_range,  // explicit-token ring: token outside [0, 2^bits)
  token_taken,         // explicit-token ring: another vnode holds that token
  already_present,     // explicit-token ring: the vnode is already on the ring
  not_found,           // explicit-token ring: no such vnode
  empty,               // a lookup on a ring with no points
};

// The stable, snake_case name of a code ("out_of_range", ...).
[[nodiscard]] std::string_view code_name(ErrorCode code) noexcept;

// A rejected value's message starts with its parameter's JavaScript name, also kept as the
// subject, so that the CLI can put the flag's spelling in its place (see params.hpp). Errors
// about no single parameter (a duplicate name, a cap on a product) have an empty subject.
class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message, std::string subject = {})
      : std::runtime_error(message), code_(code), subject_(std::move(subject)) {}
  [[nodiscard]] ErrorCode code() const noexcept { return code_; }
  [[nodiscard]] std::string_view code_name() const noexcept { return ringlab::code_name(code_); }
  [[nodiscard]] const std::string& subject() const noexcept { return subject_; }

 private:
  ErrorCode code_;
  std::string subject_;
};

}  // namespace ringlab
