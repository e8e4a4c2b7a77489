// What the commands added to run_cli (the Erlang library's, the real systems') share: their
// flags, their keys and their JSON lines. Internal to the libraries; not installed.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/cli.hpp"

namespace ringlab::cli {

// "--name value" flags, switches and plain arguments, in any order; "--" ends the flags.
struct Args {
  std::map<std::string, std::string> values;  // the last occurrence wins, as for the core's flags
  std::vector<std::string> switches;
  std::vector<std::string> plain;

  [[nodiscard]] const std::string* value(std::string_view flag) const;  // nullptr when not given
  [[nodiscard]] bool has(std::string_view flag) const;                  // a switch given
};

// args[from..]: `flags` take a value, `switches` do not; anything else starting with "--" is
// "unknown flag --x for <command> (see ringlab --help)". Throws CliUsageError.
[[nodiscard]] Args read_args(const std::vector<std::string>& args, std::size_t from,
                             const std::vector<std::string_view>& flags, const std::vector<std::string_view>& switches,
                             const std::string& command);

// The keys of a command taking (--keys FILE | KEY...): the plain arguments, or the file's lines
// (split_key_lines) read through `read`. Usage errors name `command`: "place redis needs keys:
// --keys FILE or KEY...", "... takes --keys FILE or KEY..., not both", "cannot read --keys file
// "x"".
[[nodiscard]] std::vector<std::string> keys(const Args& a, const ReadFile& read, const std::string& command);

// A JSON string literal of UTF-8 text: quotes, backslashes and control characters escaped.
[[nodiscard]] std::string json_text(std::string_view utf8);
// A JSON string literal of any bytes: as json_text for UTF-8, and each byte that is not part of
// a UTF-8 character as the escape of a lone surrogate U+DC80 + (byte - 0x80) (PEP 383's
// surrogateescape): one string per key, and the bytes come back exactly.
[[nodiscard]] std::string json_bytes(std::string_view bytes);
// json_bytes(bytes) appended to `out`, for output built key by key: no string of its own.
void append_json_bytes(std::string& out, std::string_view bytes);

// --help's lines for an added command, laid out as the core's: a Usage line ("  ringlab ..."
// with its summary at column 37, or on the next line when the head is longer), a flag and what it
// means (the meaning at column 20, under the flag when the flag is wider), and a meaning's next
// line (at column 20).
inline constexpr std::size_t kUsageColumn = 37;
[[nodiscard]] std::string usage_line(const std::string& head, const std::string& summary);
[[nodiscard]] std::string flag_line(const std::string& flag, const std::string& text);
[[nodiscard]] std::string more_line(const std::string& text);
// The indent more_line gives a meaning's next line.
inline const std::string kUnder(19, ' ');

}  // namespace ringlab::cli
