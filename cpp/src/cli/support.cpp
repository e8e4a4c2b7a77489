// What the commands added to run_cli share (support.hpp), and reading files: kept out of cli.cpp
// so that a build without those commands links none of it.
#include "support.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/utf8.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

std::optional<std::string> read_file_system(const std::string& path) {
  // stdio rather than a stream: a read error (a directory, say) shows in ferror, where an
  // ifstream opens a directory and reads it as an empty file.
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return std::nullopt;
  std::string s;
  // A regular file says its size: room for all of it first, so that a --keys file of megabytes is
  // read into place once instead of being copied at each growth of the string (and each new,
  // larger block faulted in page by page: a quarter of `place`'s page faults on 10,000 long keys).
  struct stat st {};
  if (::fstat(::fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    s.reserve(static_cast<std::size_t>(st.st_size));
  char buffer[1 << 16];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, f)) > 0) s.append(buffer, got);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return std::nullopt;
  return s;
}

std::vector<std::string> split_key_lines(std::string_view text) {
  std::vector<std::string> keys;
  std::size_t from = 0;
  while (from < text.size()) {
    const std::size_t nl = text.find('\n', from);
    if (nl == std::string_view::npos) {
      keys.emplace_back(text.substr(from));
      break;
    }
    keys.emplace_back(text.substr(from, nl - from));
    from = nl + 1;
  }
  return keys;
}

namespace cli {

Args read_args(const std::vector<std::string>& args, std::size_t from, const std::vector<std::string_view>& flags,
               const std::vector<std::string_view>& switches, const std::string& command) {
  Args out;
  bool flags_done = false;
  for (std::size_t i = from; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (flags_done || a.size() < 2 || a.compare(0, 2, "--") != 0) {
      out.plain.push_back(a);
      continue;
    }
    if (a == "--") {
      flags_done = true;
      continue;
    }
    bool known = false;
    for (const std::string_view s : switches)
      if (a == s) known = true, out.switches.push_back(a);
    if (known) continue;
    for (const std::string_view f : flags)
      if (a == f) known = true;
    if (!known) throw CliUsageError{"unknown flag " + a + " for " + command + " (see ringlab --help)"};
    if (i + 1 >= args.size()) throw CliUsageError{a + " needs a value"};
    out.values[a] = args[++i];
  }
  return out;
}

const std::string* Args::value(std::string_view flag) const {
  const auto it = values.find(std::string(flag));
  return it == values.end() ? nullptr : &it->second;
}

bool Args::has(std::string_view flag) const {
  for (const std::string& s : switches)
    if (s == flag) return true;
  return false;
}

std::vector<std::string> keys(const Args& a, const ReadFile& read, const std::string& command) {
  const std::string* file = a.value("--keys");
  if (file != nullptr && !a.plain.empty()) throw CliUsageError{command + " takes --keys FILE or KEY..., not both"};
  if (file == nullptr && a.plain.empty()) throw CliUsageError{command + " needs keys: --keys FILE or KEY..."};
  if (file == nullptr) return a.plain;
  std::optional<std::string> text = read ? read(*file) : std::nullopt;
  if (!text) throw CliUsageError{"cannot read --keys file " + shown_text(*file)};
  return split_key_lines(*text);
}

namespace {
void escape(std::string& out, unsigned c) {
  static const char kHex[] = "0123456789abcdef";
  switch (c) {
    case '"': out += "\\\""; return;
    case '\\': out += "\\\\"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    case '\b': out += "\\b"; return;
    case '\f': out += "\\f"; return;
    default:
      out += "\\u";
      for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(c >> shift) & 0xF];
  }
}
}  // namespace

std::string usage_line(const std::string& head, const std::string& summary) {
  std::string line = "  " + head;
  if (line.size() + 1 > kUsageColumn) return line + "\n" + std::string(kUsageColumn, ' ') + summary;
  return js::pad_end(line, kUsageColumn) + summary;
}

std::string flag_line(const std::string& flag, const std::string& text) {
  if (flag.size() >= 14) return "    " + flag + "\n" + kUnder + text + "\n";
  return "    " + js::pad_end(flag, 15) + text + "\n";
}

std::string more_line(const std::string& text) { return kUnder + text + "\n"; }

std::string json_text(std::string_view utf8) {
  std::string out = "\"";
  for (const char c : utf8) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || c == '"' || c == '\\') escape(out, u);
    else out += c;
  }
  return out + "\"";
}

std::string json_bytes(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() + 2);
  append_json_bytes(out, bytes);
  return out;
}

void append_json_bytes(std::string& out, std::string_view bytes) {
  out += '"';
  for (std::size_t i = 0; i < bytes.size();) {
    // A run of printable ASCII that needs no escape goes in with one append: most keys are one
    // such run (a --keys file of long keys is megabytes of them).
    std::size_t plain = i;
    while (plain < bytes.size()) {
      const auto u = static_cast<unsigned char>(bytes[plain]);
      if (u < 0x20 || u >= 0x80 || u == '"' || u == '\\') break;
      ++plain;
    }
    if (plain > i) {
      out.append(bytes.substr(i, plain - i));
      i = plain;
      continue;
    }
    const auto u = static_cast<unsigned char>(bytes[i]);
    if (u < 0x80) {
      escape(out, u);
      ++i;
      continue;
    }
    const utf8::Decoded d = utf8::decode(bytes, i);
    if (d.len == 0 || utf8::is_surrogate(d.cp)) {
      // Not UTF-8: the byte as a lone low surrogate, U+DC80 .. U+DCFF, which no UTF-8 text
      // holds (Python's "surrogateescape": bytes.decode("utf-8", "surrogateescape") reads it).
      escape(out, 0xDC00u + u);
      ++i;
      continue;
    }
    out.append(bytes.substr(i, d.len));
    i += d.len;
  }
  out += '"';
}

}  // namespace cli

}  // namespace ringlab
