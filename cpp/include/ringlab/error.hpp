// One error type for the whole library. Every rejected input throws ringlab::Error with a
// stable code (the same string reaches JS as `error.code`) and a message meant for a person.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

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

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  [[nodiscard]] ErrorCode code() const noexcept { return code_; }
  [[nodiscard]] std::string_view code_name() const noexcept { return ringlab::code_name(code_); }

 private:
  ErrorCode code_;
};

}  // namespace ringlab
