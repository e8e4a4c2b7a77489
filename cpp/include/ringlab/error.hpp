// One error type for the whole library. Every rejected input throws ringlab::Error, which is data:
//  - a stable code (the same string reaches JS as `error.code`),
//  - a rule: which of the library's checks refused the input ("between", "ringCap", ...),
//  - the parameter it concerns, by its JavaScript name (empty when it concerns no single one),
//  - the rule's values, in order (bounds, the value given, a server's name, a line and column),
//  - for an error found inside something larger (an entry of a list, a line of a configuration,
//    a term), the error found there (inner).
// The English message is made from these in one place (format_error), so that each surface can
// say the same mistake its own way: the CLI with the flag's spelling in place of the parameter's
// JavaScript name, the pages in their own language from the rule and values.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

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
  not_found,           // explicit-token ring: no such vnode; a bucket hasher: no such live bucket
  empty,               // a lookup on a ring with no points
};

// The stable, snake_case name of a code ("out_of_range", ...).
[[nodiscard]] std::string_view code_name(ErrorCode code) noexcept;

// A rule: its stable id (the pages' catalogues say each rule in their language by this id) and
// its English template, where $p is the parameter (as the surface spells it), $0..$9 the values,
// $i the inner error's message and $$ a dollar sign. Every rule is in error_rules.def.
struct ErrorRule {
  const char* id;
  const char* english;
};

namespace rule {
#define RINGLAB_RULE(name, english) inline constexpr ErrorRule name{#name, english};
#include "ringlab/error_rules.def"
#undef RINGLAB_RULE
}  // namespace rule

// A value of a rule, kept as typed as its source: an integer (its exact decimal text, so that
// 64-bit bounds survive; JavaScript sees a number, or a bigint beyond 2^53), a JavaScript number,
// a text shown as it is (a name, a syntax, a bracket), an input: a value as the user typed it,
// shown in double quotes unless it is a plain decimal number (shown_text in params.hpp), or a
// quoted text, always shown in double quotes.
struct ErrorValue {
  enum class Kind : std::uint8_t { integer, number, text, input, quoted };
  Kind kind = Kind::text;
  double number = 0;  // integer and number
  std::string text;   // integer (its decimal), text and input

  ErrorValue(double v) : kind(Kind::number), number(v) {}  // NOLINT: values convert implicitly
  template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  ErrorValue(T v) : kind(Kind::integer), number(static_cast<double>(v)), text(std::to_string(v)) {}  // NOLINT
  ErrorValue(std::string v) : text(std::move(v)) {}                                                  // NOLINT
  ErrorValue(std::string_view v) : text(v) {}                                                        // NOLINT
  ErrorValue(const char* v) : text(v) {}                                                             // NOLINT
  ErrorValue(Kind k, std::string v) : kind(k), text(std::move(v)) {}
};

// A value as the user typed it (see ErrorValue).
inline ErrorValue input(std::string_view text) { return {ErrorValue::Kind::input, std::string(text)}; }

// A text always shown in double quotes (see ErrorValue).
inline ErrorValue in_quotes(std::string_view text) { return {ErrorValue::Kind::quoted, std::string(text)}; }

class Error;

// The English message of a rule with its parameter (spelled as the surface spells it), values and
// inner error: the one place the library's messages are worded.
[[nodiscard]] std::string format_error(const ErrorRule& rule, std::string_view param,
                                       const std::vector<ErrorValue>& values, const Error* inner);

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const ErrorRule& rule, std::string_view param, std::vector<ErrorValue> values = {})
      : Error(code, rule, std::string(param), std::move(values), nullptr) {}
  // An error found inside something larger: code is the inner error's.
  Error(const ErrorRule& rule, std::string_view param, std::vector<ErrorValue> values, const Error& inner)
      : Error(inner.code(), rule, std::string(param), std::move(values), std::make_shared<const Error>(inner)) {}

  [[nodiscard]] ErrorCode code() const noexcept { return code_; }
  [[nodiscard]] std::string_view code_name() const noexcept { return ringlab::code_name(code_); }
  [[nodiscard]] const ErrorRule& rule() const noexcept { return *rule_; }
  // The parameter's JavaScript name, or empty.
  [[nodiscard]] const std::string& param() const noexcept { return param_; }
  [[nodiscard]] const std::string& subject() const noexcept { return param_; }
  [[nodiscard]] const std::vector<ErrorValue>& values() const noexcept { return values_; }
  [[nodiscard]] const Error* inner() const noexcept { return inner_.get(); }
  // The same error about the parameter spelled `param` ("load_balancing_weight" for "weight").
  [[nodiscard]] Error with_param(std::string param) const {
    return Error(code_, *rule_, std::move(param), values_, inner_);
  }
  // The message with the parameter spelled `spelling` (the CLI's flag) instead of its JS name.
  [[nodiscard]] std::string message_as(std::string_view spelling) const {
    return format_error(*rule_, spelling, values_, inner_.get());
  }

 private:
  Error(ErrorCode code, const ErrorRule& rule, std::string param, std::vector<ErrorValue> values,
        std::shared_ptr<const Error> inner)
      : std::runtime_error(format_error(rule, param, values, inner.get())),
        code_(code),
        rule_(&rule),
        param_(std::move(param)),
        values_(std::move(values)),
        inner_(std::move(inner)) {}

  ErrorCode code_;
  const ErrorRule* rule_;
  std::string param_;
  std::vector<ErrorValue> values_;
  std::shared_ptr<const Error> inner_;
};

}  // namespace ringlab
