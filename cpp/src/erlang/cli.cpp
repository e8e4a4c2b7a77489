#include "ringlab/erlang_cli.hpp"

#include <cstdint>
#include <iterator>
#include <map>
#include <optional>

#include "cli/support.hpp"
#include "core/utf8.hpp"
#include "ringlab/error.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/malachi.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"

namespace ringlab::erlang {
namespace {

using Usage = CliUsageError;

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const utf8::Decoded d = utf8::decode(s, i);
    if (d.len == 0 || utf8::is_surrogate(d.cp)) return false;
    i += d.len;
  }
  return true;
}

std::string trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  std::size_t a = 0, b = s.size();
  while (a < b && space(s[a])) ++a;
  while (b > a && space(s[b - 1])) --b;
  return std::string(s.substr(a, b - a));
}

Syntax syntax_from_text(const std::string& text) {
  if (text == "elixir") return Syntax::elixir;
  if (text == "erlang") return Syntax::erlang;
  throw Usage{"--syntax must be erlang or elixir, got " + shown_text(text)};
}

// A term parse error with what was being read in front: "key 3: invalid Erlang term: ...".
Term parse_named(std::string_view text, Syntax syntax, const std::string& what) {
  try {
    return parse_term(text, syntax);
  } catch (const Error& e) {
    throw Error(rule::labeled, what, {}, e);
  }
}

using cli::Args;
using cli::kUsageColumn;
using cli::read_args;
using cli::usage_line;

std::string run_phash2(const std::vector<std::string>& args, const ReadFile&) {
  const Args a = read_args(args, 1, {"--range", "--syntax"}, {}, "phash2");
  if (a.plain.empty()) throw Usage{"phash2 needs at least one TERM"};
  Syntax syntax = Syntax::elixir;
  if (const auto it = a.values.find("--syntax"); it != a.values.end()) syntax = syntax_from_text(it->second);
  std::int64_t range = 0;  // none: phash2/1
  if (const auto it = a.values.find("--range"); it != a.values.end())
    range =
        check_integer(SystemParam::phash2_range, integer_from_text(it->second, param(SystemParam::phash2_range).name));
  std::string out;
  for (std::size_t i = 0; i < a.plain.size(); ++i) {
    const Term t = parse_named(a.plain[i], syntax, "TERM " + std::to_string(i + 1));
    out += std::to_string(range == 0 ? phash2(t) : phash2(t, static_cast<std::uint64_t>(range))) + "\n";
  }
  return out;
}

std::string run_place(const std::vector<std::string>& args, const ReadFile& read) {
  // run_cli sends only `place malachi ...` here (the command's sub).
  const Args a = read_args(args, 2, {"--bits", "--vnodes", "--syntax", "--keys"}, {"--boundaries"}, "place malachi");
  const auto value = [&](const char* flag) -> const std::string* {
    const auto it = a.values.find(flag);
    return it == a.values.end() ? nullptr : &it->second;
  };
  std::int64_t bits = erlang_defaults().ring_bits;
  if (const std::string* b = value("--bits")) bits = integer_from_text(*b, param(SystemParam::malachi_ring_bits).name);
  MalachiRing ring(bits);
  const std::string* syntax_text = value("--syntax");
  const Syntax syntax = syntax_text != nullptr ? syntax_from_text(*syntax_text) : Syntax::elixir;
  const std::string* vnodes = value("--vnodes");
  if (vnodes == nullptr) throw Usage{"place malachi needs --vnodes ID=TOKEN,ID=TOKEN,..."};
  std::map<Term, std::string> written;
  for (VnodeText& v : split_vnodes(*vnodes, syntax)) {
    ring.add_vnode(v.term, integer_from_text(v.token, param(Param::token).name));
    written.emplace(std::move(v.term), std::move(v.id));
  }
  const bool boundaries = !a.switches.empty();
  const std::string* keys_file = value("--keys");
  if (boundaries && (keys_file != nullptr || !a.plain.empty())) throw Usage{"--boundaries takes no keys"};
  std::string out;
  if (boundaries) {
    for (const auto& [token, id] : ring.sorted()) {
      const auto [start, end] = ring.boundaries(id);
      out += "{\"vnode\": " + json_string(written.at(id)) + ", \"start\": " + std::to_string(start) +
             ", \"end\": " + std::to_string(end) + "}\n";
    }
    return out;
  }
  const std::vector<std::string> keys = cli::keys(a, read, "place malachi");
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string& key = keys[i];
    const std::string what = "key " + std::to_string(i + 1);
    if (!valid_utf8(key)) throw Usage{what + " is not valid UTF-8"};
    // Without --syntax a key is an Elixir string: the binary of its bytes, hashed without
    // building a term.
    const Term& owner =
        syntax_text == nullptr ? ring.route_position(phash2_binary(key)) : ring.route(parse_named(key, syntax, what));
    out += "{\"key\": " + json_string(key) + ", \"result\": " + json_string(written.at(owner)) + "}\n";
  }
  return out;
}

std::vector<CliCommand> make_commands() {
  const std::string flag_indent = "    ";
  const std::string under(4 + 15, ' ');
  CliCommand phash2_command{
      "phash2",
      "",
      {usage_line("ringlab phash2 [flags] TERM...", "Erlang's :erlang.phash2 of each term, as OTP 25")},
      "phash2 (one decimal per TERM; without --range, phash2/1: the low 27 bits):\n" +
          cli_flag_lines("phash2", flag_indent, system_params()) + flag_indent + js::pad_end("--syntax S", 15) +
          "how TERM is written: elixir (\"topic-a\" is a binary) or erlang\n" + under +
          "(<<\"topic-a\">>); default elixir, what Malachi's users write\n",
      "phash2",
      run_phash2,
      system_params()};
  CliCommand place_command{
      "place",
      "malachi",
      {usage_line("ringlab place malachi [flags] KEY...", "the vnode Malachi's ring sends each key to"),
       std::string(kUsageColumn, ' ') + "(malachi v0.8.13), one JSON line per key"},
      "place malachi ({\"key\": KEY, \"result\": VNODE} per key in input order, VNODE as written):\n" +
          cli_flag_lines("malachi", flag_indent, system_params()) + flag_indent + js::pad_end("--vnodes LIST", 15) +
          "the ring: ID=TOKEN,ID=TOKEN,... (IDs in --syntax; \"\" is an empty ring)\n" + flag_indent +
          js::pad_end("--syntax S", 15) + "how IDs and keys are written: elixir or erlang (default elixir);\n" + under +
          "without it a KEY is an Elixir string, the binary of its UTF-8 bytes\n" + flag_indent +
          js::pad_end("--keys FILE", 15) + "the keys, one a line (a blank line is the empty key)\n" + flag_indent +
          js::pad_end("--boundaries", 15) + "instead of keys: each vnode's arc (start, end], one JSON line\n" + under +
          "{\"vnode\": VNODE, \"start\": S, \"end\": E} per vnode in token order\n",
      "malachi",
      run_place,
      system_params()};
  return {std::move(phash2_command), std::move(place_command)};
}

}  // namespace

const std::vector<CliCommand>& cli_commands() {
  static const std::vector<CliCommand> commands = make_commands();
  return commands;
}

std::vector<VnodeText> split_vnodes(std::string_view text, Syntax syntax) {
  std::vector<VnodeText> out;
  if (!valid_utf8(text)) throw Usage{"--vnodes is not valid UTF-8"};
  if (trim(text).empty()) return out;
  // Pieces between commas are joined until the text up to the last '=' reads as a term: a
  // shorter piece cannot be a whole ID=TOKEN when the longer one is (an id holds no top-level
  // '=' outside "=>"), so the first that reads is the entry. The reader decides what is a
  // term, strings and character literals included, with no second grammar here.
  std::size_t from = 0;
  while (true) {
    const std::size_t entry_at = from;
    const std::string what = "--vnodes entry " + std::to_string(out.size() + 1);
    std::size_t end = text.find(',', from);
    std::optional<Error> last_error;
    while (true) {
      const std::string_view piece =
          text.substr(entry_at, (end == std::string_view::npos ? text.size() : end) - entry_at);
      // The last '=' not followed by '>'.
      std::size_t eq = std::string_view::npos;
      for (std::size_t k = piece.size(); k-- > 0;)
        if (piece[k] == '=' && (k + 1 >= piece.size() || piece[k + 1] != '>')) {
          eq = k;
          break;
        }
      if (eq != std::string_view::npos) {
        try {
          Term id = parse_term(piece.substr(0, eq), syntax);
          out.push_back({trim(piece.substr(0, eq)), trim(piece.substr(eq + 1)), std::move(id)});
          break;
        } catch (const Error& e) {
          last_error = e;
        }
      }
      if (end == std::string_view::npos) {
        if (!last_error) throw Usage{what + " must be ID=TOKEN, got " + shown_text(trim(piece))};
        throw Error(rule::entry, "vnodes", {"--vnodes", out.size() + 1}, *last_error);
      }
      end = text.find(',', end + 1);
    }
    if (end == std::string_view::npos) return out;
    from = end + 1;
  }
}

std::string json_string(std::string_view utf8) { return cli::json_text(utf8); }

}  // namespace ringlab::erlang
