#include "ringlab/systems/cassandra.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"

namespace ringlab::systems::cassandra {

std::int64_t token(std::string_view key) noexcept {
  if (key.empty()) return kMinToken;
  const auto t = static_cast<std::int64_t>(murmur3_x64_128(key, 0, ByteSign::sign_extended).h1);
  return t == kMinToken ? kMaxToken : t;
}

std::int64_t token_from_text(std::string_view text, const std::string& what) {
  std::size_t at = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) at = 1;
  if (at == text.size()) throw Error(ErrorCode::invalid_argument, rule::int64, what, {input(text)});
  // The magnitude, saturating just past 2^63 so that any longer number reads as out of range.
  constexpr std::uint64_t kLimit = 9223372036854775808ull;  // 2^63
  std::uint64_t magnitude = 0;
  for (; at < text.size(); ++at) {
    const char c = text[at];
    if (c < '0' || c > '9') throw Error(ErrorCode::invalid_argument, rule::int64, what, {input(text)});
    if (magnitude <= kLimit) magnitude = magnitude * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (magnitude > kLimit || (!negative && magnitude == kLimit))
    throw Error(ErrorCode::out_of_range, rule::between, what,
                {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(), input(text)});
  return negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
}

namespace {

std::string_view trim(std::string_view s) {
  // Line breaks too: a list written one entry a line ("a=1,\nb=2") reads as it looks.
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace

std::vector<NodeToken> tokens_from_list(std::string_view text) {
  std::vector<NodeToken> out;
  std::size_t from = 0;
  while (true) {
    const std::size_t comma = text.find(',', from);
    const std::string_view entry = text.substr(from, comma == std::string_view::npos ? text.npos : comma - from);
    const std::size_t n = out.size() + 1;
    const std::size_t eq = entry.rfind('=');
    const std::string_view node = eq == std::string_view::npos ? std::string_view{} : trim(entry.substr(0, eq));
    if (node.empty())
      throw Error(ErrorCode::invalid_argument, rule::entryForm, "tokens",
                  {"--tokens", n, "NODE=TOKEN", input(trim(entry))});
    for (const char c : node)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        throw Error(rule::entry, "tokens", {"--tokens", n},
                    Error(ErrorCode::invalid_argument, rule::nodeControl, "", {input(node)}));
    try {
      out.push_back({std::string(node), token_from_text(trim(entry.substr(eq + 1)), "token")});
    } catch (const Error& e) {
      throw Error(rule::entry, "tokens", {"--tokens", n}, e);
    }
    if (comma == std::string_view::npos) return out;
    from = comma + 1;
  }
}

namespace {

// A line of `nodetool ring` text as read: what it is, its fields and, for a row or the lone
// token line, its token.
enum class LineKind : std::uint8_t { skipped, datacenter, header, row, last };
struct RingLine {
  std::string_view text;  // as given, without its '\n' (a '\r' before it kept)
  LineKind kind = LineKind::skipped;
  std::vector<std::pair<std::size_t, std::string_view>> fields;  // (column from 1, text)
  std::int64_t token = 0;
};

RINGLAB_ONCE std::vector<RingLine> ring_lines(std::string_view text) {
  std::vector<RingLine> out;
  std::size_t line_no = 0;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t nl = text.find('\n', from);
    RingLine r;
    r.text = text.substr(from, nl == std::string_view::npos ? text.npos : nl - from);
    std::string_view line = r.text;
    ++line_no;
    from = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    for (std::size_t i = 0; i < line.size();) {
      if (line[i] == ' ' || line[i] == '\t') {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      r.fields.emplace_back(i + 1, line.substr(i, j - i));
      i = j;
    }
    if (r.fields.empty()) {
      out.push_back(std::move(r));
      continue;
    }
    const std::string_view first = r.fields.front().second;
    const std::string_view rest = trim(line.substr(r.fields.front().first - 1));
    if (first == "Datacenter:") r.kind = LineKind::datacenter;
    else if (first == "Address") r.kind = LineKind::header;
    else if (starts_with(rest, "Warning:") || starts_with(rest, "Note:") || starts_with(rest, "To view") ||
             first.find_first_not_of('=') == std::string_view::npos)
      r.kind = LineKind::skipped;
    else {
      const auto& [column, last] = r.fields.back();
      try {
        r.token = token_from_text(last, "token");
      } catch (const Error& e) {
        throw Error(rule::configAt, "", {"ring", line_no, column}, e);
      }
      // The lone token nodetool prints above the rows is the ring's last token, repeated:
      // checked but not a row of its own.
      r.kind = r.fields.size() > 1 ? LineKind::row : LineKind::last;
    }
    out.push_back(std::move(r));
  }
  return out;
}

// Text padded with spaces to `width`, and at least one space after it (nodetool's "%-Ns" with
// the columns kept apart).
RINGLAB_ONCE void column(std::string& out, std::string_view text, std::size_t width) {
  out += text;
  out.append(text.size() < width ? width - text.size() : 1, ' ');
}

// A row for a token that had none, laid out as `like` (the first row) and `header` (nullptr
// when the text has none): nodetool's Address, Rack, Status, State, Load, Owns and Token, the
// rack, status and state the first row's, load and owns unknown ("?").
RINGLAB_ONCE std::string new_row(const NodeToken& t, const RingLine& like, const RingLine* header) {
  std::string out;
  const std::string token = std::to_string(t.token);
  if (like.fields.size() < 7) {
    // Not nodetool's seven columns (a ring written by hand): the first row's columns between the
    // address and the token as they are, each where the first row has it.
    column(out, t.node, like.fields[1].first - 1);
    const std::size_t from = like.fields[1].first - 1;
    return out + std::string(like.text.substr(from, like.fields.back().first - 1 - from)) + token;
  }
  // Each column's start (from 0): the header's when it names nodetool's seven columns, else
  // nodetool's widths after the first row's address column (Ring.java: %-12s%-7s%-8s%-16s%-20s).
  std::vector<std::size_t> starts;
  if (header != nullptr && header->fields.size() == 7)
    for (const auto& [col, name] : header->fields) starts.push_back(col - 1);
  else {
    starts = {0, like.fields[1].first - 1};
    for (const std::size_t w : {12, 7, 8, 16, 20}) starts.push_back(starts.back() + w);
  }
  const bool full = like.fields.size() >= 7;
  const std::string_view values[6] = {t.node,
                                      full ? like.fields[1].second : "?",
                                      full ? like.fields[2].second : "?",
                                      full ? like.fields[3].second : "?",
                                      "?",
                                      "?"};
  for (std::size_t i = 0; i < 6; ++i)
    column(out, values[i], starts[i + 1] > out.size() ? starts[i + 1] - out.size() : 0);
  return out + token;
}

}  // namespace

RINGLAB_ONCE std::vector<NodeToken> tokens_from_nodetool_ring(std::string_view text) {
  std::vector<NodeToken> out;
  for (const RingLine& l : ring_lines(text))
    if (l.kind == LineKind::row) out.push_back({std::string(l.fields.front().second), l.token});
  return out;
}

RINGLAB_ONCE std::vector<RingRow> rows_from_nodetool_ring(std::string_view text) {
  std::vector<RingRow> out;
  std::string dc;
  const std::vector<RingLine> lines = ring_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const RingLine& l = lines[i];
    if (l.kind == LineKind::datacenter) dc = l.fields.size() > 1 ? std::string(l.fields[1].second) : std::string();
    if (l.kind != LineKind::row) continue;
    RingRow r{i + 1, {}, l.token, dc};
    for (const auto& [col, field] : l.fields) r.fields.emplace_back(col, std::string(field));
    out.push_back(std::move(r));
  }
  return out;
}

RINGLAB_ONCE std::string nodetool_ring_edited(std::string_view text, const std::vector<NodeToken>& tokens) {
  const std::vector<RingLine> lines = ring_lines(text);
  const std::size_t n = lines.size();
  // Each line's datacenter (the "Datacenter:" lines before it), which rows are kept, and which
  // tokens have a row.
  std::vector<std::size_t> dc(n);
  std::vector<bool> keep(n, true);
  std::vector<bool> has_row(tokens.size(), false);
  const RingLine* like = nullptr;
  const RingLine* header = nullptr;
  std::size_t last_row = 0;  // the last row of the first row's datacenter
  for (std::size_t i = 0, d = 0; i < n; ++i) {
    const RingLine& l = lines[i];
    if (l.kind == LineKind::datacenter) ++d;
    dc[i] = d;
    if (l.kind == LineKind::header && header == nullptr) header = &l;
    if (l.kind != LineKind::row) continue;
    if (like == nullptr) like = &l;
    if (dc[i] == dc[static_cast<std::size_t>(like - lines.data())]) last_row = i;
    std::size_t j = 0;
    while (j < tokens.size() && tokens[j].token != l.token) ++j;
    keep[i] = j < tokens.size() && tokens[j].node == l.fields.front().second;
    if (keep[i]) has_row[j] = true;
  }
  // A text without rows configures no ring, so it has none to add to.
  if (like == nullptr) return std::string(text);
  const std::size_t home = dc[static_cast<std::size_t>(like - lines.data())];
  // Each datacenter's largest token after the edit (for its lone token line), `none` where it has none left.
  const std::size_t none = tokens.size();
  std::vector<std::size_t> largest(dc.back() + 1, none);  // an index in `tokens`
  const auto raise = [&](std::size_t d, std::size_t j) {
    if (largest[d] == none || tokens[j].token > tokens[largest[d]].token) largest[d] = j;
  };
  // The tokens without a row go into the first row's datacenter, before its first kept row with a
  // larger token (or after its last row): in token order, as nodetool lists them.
  // The line a new row goes before (n + 1: the token has its row).
  std::vector<std::size_t> place(tokens.size(), n + 1);
  for (std::size_t j = 0; j < tokens.size(); ++j) {
    if (has_row[j]) continue;
    place[j] = last_row + 1;
    for (std::size_t i = 0; i < n; ++i)
      if (lines[i].kind == LineKind::row && keep[i] && dc[i] == home && lines[i].token > tokens[j].token) {
        place[j] = i;
        break;
      }
    raise(home, j);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (lines[i].kind == LineKind::row && keep[i]) {
      std::size_t j = 0;
      while (tokens[j].token != lines[i].token) ++j;
      raise(dc[i], j);
    }
  const std::string_view cr = like->text.ends_with('\r') ? "\r" : "";
  std::string out;
  bool first = true;
  const auto line = [&](std::string_view a, std::string_view b = {}, std::string_view c = {}) {
    if (!first) out += '\n';
    first = false;
    out.append(a).append(b).append(c);
  };
  for (std::size_t i = 0; i <= n; ++i) {
    // The new rows before line i, smallest token first.
    while (true) {
      std::size_t next = none;
      for (std::size_t j = 0; j < tokens.size(); ++j)
        if (place[j] == i && (next == none || tokens[j].token < tokens[next].token)) next = j;
      if (next == none) break;
      line(new_row(tokens[next], *like, header), cr);
      place[next] = n + 1;
    }
    if (i == n) break;
    const RingLine& l = lines[i];
    if (l.kind == LineKind::row && !keep[i]) continue;
    if (l.kind == LineKind::last) {
      // The datacenter's largest token, written where the line had its token.
      if (largest[dc[i]] == none) continue;
      const std::int64_t last = tokens[largest[dc[i]]].token;
      if (last != l.token) {
        line(l.text.substr(0, l.fields.back().first - 1), std::to_string(last), l.text.ends_with('\r') ? "\r" : "");
        continue;
      }
    }
    line(l.text);
  }
  return out;
}

TokenRing::TokenRing(std::vector<NodeToken> tokens) : sorted_(std::move(tokens)) {
  check_integer(SystemParam::cassandra_tokens, static_cast<std::int64_t>(sorted_.size()));
  std::stable_sort(sorted_.begin(), sorted_.end(),
                   [](const NodeToken& a, const NodeToken& b) { return a.token < b.token; });
  for (std::size_t i = 1; i < sorted_.size(); ++i)
    if (sorted_[i].token == sorted_[i - 1].token)
      throw Error(ErrorCode::token_taken, rule::tokenTwice, "",
                  {sorted_[i].token, sorted_[i - 1].node, sorted_[i].node});
}

const NodeToken& TokenRing::owner(std::int64_t t) const noexcept {
  const auto it = std::lower_bound(sorted_.begin(), sorted_.end(), t,
                                   [](const NodeToken& a, std::int64_t v) { return a.token < v; });
  return it == sorted_.end() ? sorted_.front() : *it;
}

}  // namespace ringlab::systems::cassandra
