#include "ringlab/error.hpp"

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

}  // namespace ringlab
