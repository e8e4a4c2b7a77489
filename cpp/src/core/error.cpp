#include "ringlab/error.hpp"

#include "ringlab/jsfmt.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

std::string_view code_name(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::invalid_argument: return "invalid_argument";
    case ErrorCode::out_of_range: return "out_of_range";
    case ErrorCode::limit_exceeded: return "limit_exceeded";
    case ErrorCode::duplicate_server: return "duplicate_server";
    case ErrorCode::unknown_server: return "unknown_server";
    case ErrorCode::token_out_of_range: return "token_out_of_range";
    case ErrorCode::token_taken: return "token_taken";
    case ErrorCode::already_present: return "already_present";
    case ErrorCode::not_found: return "not_found";
    case ErrorCode::empty: return "empty";
  }
  return "unknown";
}

namespace {

void put_value(std::string& out, const ErrorValue& v) {
  switch (v.kind) {
    case ErrorValue::Kind::number: out += js::number_to_string(v.number); break;
    case ErrorValue::Kind::input: out += shown_text(v.text); break;
    case ErrorValue::Kind::quoted: out += '"' + v.text + '"'; break;
    default: out += v.text;
  }
}

}  // namespace

std::string format_error(const ErrorRule& rule, std::string_view param, const std::vector<ErrorValue>& values,
                         const Error* inner) {
  std::string out;
  const std::size_t n = values.size();
  for (const char* c = rule.english; *c != '\0'; ++c) {
    if (*c != '$' || c[1] == '\0') {
      out += *c;
      continue;
    }
    const char k = *++c;
    if (k == 'p') out += param;
    else if (k == 'i' && inner != nullptr) out += inner->what();
    else if (k >= '0' && k <= '9' && static_cast<std::size_t>(k - '0') < n) put_value(out, values[k - '0']);
    else if (k == 'Z' && n > 0) put_value(out, values[n - 1]);  // the last value
    else if (k == 'L') {
      // Every value but the last, as a list: "a, b or c".
      for (std::size_t i = 0; i + 1 < n; ++i) {
        if (i > 0) out += i + 2 == n ? " or " : ", ";
        put_value(out, values[i]);
      }
    } else if (k == '$') out += '$';
  }
  return out;
}

}  // namespace ringlab
