// Reading the committed golden data (tests/golden/) and small conversions the tests share.
//
// Files are read with plain std::ifstream from RINGLAB_GOLDEN_DIR, an absolute path set by the
// build, so the same code runs natively and as WASM under Node (with NODERAWFS).
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#ifndef RINGLAB_GOLDEN_DIR
#error "RINGLAB_GOLDEN_DIR must be defined (the absolute path of tests/golden)"
#endif

namespace golden {

inline std::string path(std::string_view relative) {
  return std::string(RINGLAB_GOLDEN_DIR) + "/" + std::string(relative);
}

// The exact bytes of a golden file. Throws if it cannot be read, so a missing file fails the test
// instead of silently comparing against nothing.
inline std::string read_file(std::string_view relative) {
  const std::string p = path(relative);
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open golden file " + p);
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// The bytes a golden file writes in hex (keys that are no UTF-8 among them).
inline std::string unhex(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return out;
}

inline std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = s.find(sep, start);
    if (at == std::string_view::npos) {
      out.emplace_back(s.substr(start));
      return out;
    }
    out.emplace_back(s.substr(start, at - start));
    start = at + 1;
  }
}

// A tab-separated file: one header line, LF line endings, a final newline.
struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

// Reads a .tsv and checks its header and that every row has one field per column.
inline Table read_tsv(std::string_view relative, const std::vector<std::string>& expected_header) {
  const std::string text = read_file(relative);
  if (text.empty() || text.back() != '\n') throw std::runtime_error(std::string(relative) + ": no final newline");
  std::vector<std::string> lines = split(std::string_view(text).substr(0, text.size() - 1), '\n');
  Table t;
  t.header = split(lines.at(0), '\t');
  if (t.header != expected_header) throw std::runtime_error(std::string(relative) + ": unexpected header");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> fields = split(lines[i], '\t');
    if (fields.size() != t.header.size())
      throw std::runtime_error(std::string(relative) + ": line " + std::to_string(i + 1) + " has " +
                               std::to_string(fields.size()) + " fields");
    t.rows.push_back(std::move(fields));
  }
  return t;
}

// Decimal integers as the golden files print them (no sign for unsigned columns).
inline std::uint64_t parse_u64(std::string_view s) {
  if (s.empty() || s.size() > 20) throw std::runtime_error("bad unsigned integer \"" + std::string(s) + "\"");
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') throw std::runtime_error("bad unsigned integer \"" + std::string(s) + "\"");
    const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) throw std::runtime_error("unsigned integer overflows: " + std::string(s));
    v = v * 10 + d;
  }
  return v;
}

inline std::int64_t parse_i64(std::string_view s) {
  const bool negative = !s.empty() && s.front() == '-';
  const std::uint64_t magnitude = parse_u64(negative ? s.substr(1) : s);
  if (magnitude > (negative ? 9223372036854775808ull : 9223372036854775807ull))
    throw std::runtime_error("signed integer overflows: " + std::string(s));
  return negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
}

inline std::uint32_t parse_u32(std::string_view s) {
  const std::uint64_t v = parse_u64(s);
  if (v > UINT32_MAX) throw std::runtime_error("not a uint32: " + std::string(s));
  return static_cast<std::uint32_t>(v);
}

inline std::uint32_t parse_hex(std::string_view s) {
  if (s.empty() || s.size() > 8) throw std::runtime_error("bad hex \"" + std::string(s) + "\"");
  std::uint32_t v = 0;
  for (char c : s) {
    std::uint32_t d;
    if (c >= '0' && c <= '9') d = static_cast<std::uint32_t>(c - '0');
    else if (c >= 'a' && c <= 'f') d = static_cast<std::uint32_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') d = static_cast<std::uint32_t>(c - 'A' + 10);
    else throw std::runtime_error("bad hex \"" + std::string(s) + "\"");
    v = v * 16 + d;
  }
  return v;
}

// "0075 0073" -> u"us"; "" -> u"". Each field is one UTF-16 code unit.
inline std::u16string units_from_hex(std::string_view s) {
  std::u16string out;
  if (s.empty()) return out;
  for (const std::string& f : split(s, ' ')) {
    const std::uint32_t u = parse_hex(f);
    if (f.size() != 4 || u > 0xFFFF) throw std::runtime_error("bad UTF-16 unit \"" + f + "\"");
    out.push_back(static_cast<char16_t>(u));
  }
  return out;
}

// "75 73" -> "us"; "" -> "". Each field is one byte.
inline std::string bytes_from_hex(std::string_view s) {
  std::string out;
  if (s.empty()) return out;
  for (const std::string& f : split(s, ' ')) {
    const std::uint32_t b = parse_hex(f);
    if (f.size() != 2) throw std::runtime_error("bad byte \"" + f + "\"");
    out.push_back(static_cast<char>(static_cast<std::uint8_t>(b)));
  }
  return out;
}

// ASCII text as UTF-16 units (every test name and key built from ASCII goes through this).
inline std::u16string u16(std::string_view ascii) {
  std::u16string out;
  out.reserve(ascii.size());
  for (char c : ascii) out.push_back(static_cast<char16_t>(static_cast<unsigned char>(c)));
  return out;
}

// The options column of a bucket algorithm's vectors (tests/golden/buckets/README.md): `name=value`
// items separated by commas, each as `ringlab bucket`'s flag and its text. A list's items are
// separated by spaces in the file and by commas on the command line, an item PREFIX{A..B} standing
// for PREFIX followed by each of A .. B ("shard-{1..3}": shard-1, shard-2, shard-3).
inline std::vector<std::pair<std::string, std::string>> bucket_options(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& kv : split(text, ',')) {
    const std::size_t eq = kv.find('=');
    if (eq == std::string::npos) throw std::runtime_error("bad option \"" + kv + "\"");
    std::string value;
    for (const std::string& item : split(kv.substr(eq + 1), ' ')) {
      const std::size_t open = item.find('{');
      const std::size_t dots = item.find("..", open == std::string::npos ? 0 : open);
      std::vector<std::string> items;
      if (open != std::string::npos && dots != std::string::npos && item.back() == '}') {
        const std::uint64_t from = parse_u64(item.substr(open + 1, dots - open - 1));
        const std::uint64_t to = parse_u64(item.substr(dots + 2, item.size() - dots - 3));
        for (std::uint64_t i = from; i <= to; ++i) items.push_back(item.substr(0, open) + std::to_string(i));
      } else {
        items.push_back(item);
      }
      for (const std::string& i : items) value += (value.empty() ? "" : ",") + i;
    }
    out.emplace_back("--" + kv.substr(0, eq), std::move(value));
  }
  return out;
}

}  // namespace golden
