// The Erlang library's commands for the command line, given to run_cli by the native CLI:
//
//   ringlab phash2 [--range N] [--syntax erlang|elixir] TERM...
//   ringlab place malachi [--bits B] --vnodes ID=TOKEN,... [--syntax erlang|elixir]
//                         [--boundaries] (--keys FILE | KEY...)
//
// They live here, not in the core's CLI, so that the main library (and the WebAssembly module
// built from it) carries no Erlang code; a build without them names them as missing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ringlab/cli.hpp"
#include "ringlab/erlang.hpp"

namespace ringlab::erlang {

// phash2 and place, for run_cli(args, cli_commands()).
[[nodiscard]] const std::vector<CliCommand>& cli_commands();

// Splits --vnodes text into its ID=TOKEN entries at the commas between entries: a comma inside
// an id ({:a, 1}=5, "x,y"=6) stays in the id. An entry's id is its text up to the last '=' that
// is not part of "=>". Each piece is returned as written, without the whitespace around it;
// "" is no entries. Errors name the entry: "--vnodes entry 2 must be ID=TOKEN, got ":b"".
struct VnodeText {
  std::string id;     // as written
  std::string token;  // as written
  Term term;          // the id read in the syntax
};
[[nodiscard]] std::vector<VnodeText> split_vnodes(std::string_view text, Syntax syntax);

// A JSON string literal of UTF-8 text: quotes, backslashes and control characters escaped.
[[nodiscard]] std::string json_string(std::string_view utf8);

}  // namespace ringlab::erlang
