#include "ringlab/systems/cassandra.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "ringlab/error.hpp"
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

std::vector<RingLine> ring_lines(std::string_view text) {
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
void column(std::string& out, std::string_view text, std::size_t width) {
  out += text;
  out.append(text.size() < width ? width - text.size() : 1, ' ');
}

// A row for a token that had none, laid out as `like` (the first row) and `header` (nullptr
// when the text has none): nodetool's Address, Rack, Status, State, Load, Owns and Token.
std::string new_row(const NodeToken& t, const RingLine& like, const RingLine* header) {
  std::string out;
  const std::string token = std::to_string(t.token);
  if (like.fields.size() < 3) {
    // Address and token alone: the token where the first row has it.
    column(out, t.node, like.fields.back().first - 1);
    return out + token;
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

std::vector<NodeToken> tokens_from_nodetool_ring(std::string_view text) {
  std::vector<NodeToken> out;
  for (const RingLine& l : ring_lines(text))
    if (l.kind == LineKind::row) out.push_back({std::string(l.fields.front().second), l.token});
  return out;
}

std::string nodetool_ring_edited(std::string_view text, const std::vector<NodeToken>& tokens) {
  const std::vector<RingLine> lines = ring_lines(text);
  const std::size_t n = lines.size();
  std::map<std::int64_t, std::size_t> at;  // a token's index in `tokens`
  for (std::size_t j = 0; j < tokens.size(); ++j) at.emplace(tokens[j].token, j);
  // Each line's datacenter (the "Datacenter:" lines before it), which rows are kept, and which
  // tokens have a row.
  std::vector<std::size_t> dc(n);
  std::vector<bool> keep(n, true);
  std::vector<bool> has_row(tokens.size(), false);
  const RingLine* like = nullptr;
  const RingLine* header = nullptr;
  for (std::size_t i = 0, d = 0; i < n; ++i) {
    const RingLine& l = lines[i];
    if (l.kind == LineKind::datacenter) ++d;
    dc[i] = d;
    if (l.kind == LineKind::header && header == nullptr) header = &l;
    if (l.kind != LineKind::row) continue;
    if (like == nullptr) like = &l;
    const auto it = at.find(l.token);
    keep[i] = it != at.end() && tokens[it->second].node == l.fields.front().second;
    if (keep[i]) has_row[it->second] = true;
  }
  // The tokens without a row go into the first row's datacenter, before its first kept row with a
  // larger token (or after its last row): in token order, as nodetool lists them.
  std::vector<std::vector<std::int64_t>> before(n + 1);  // tokens to write before line i
  std::vector<std::int64_t> added;
  for (std::size_t j = 0; j < tokens.size(); ++j)
    if (!has_row[j]) added.push_back(tokens[j].token);
  std::sort(added.begin(), added.end());
  if (!added.empty() && like == nullptr)
    throw std::logic_error("nodetool_ring_edited: a ring without rows");  // read as no ring
  const std::size_t home = like == nullptr ? 0 : dc[static_cast<std::size_t>(like - lines.data())];
  std::size_t last_row = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (lines[i].kind == LineKind::row && dc[i] == home) last_row = i;
  std::vector<std::vector<std::int64_t>> section_tokens;  // each datacenter's tokens, after the edit
  section_tokens.resize(dc.empty() ? 1 : dc.back() + 1);
  for (std::size_t i = 0; i < n; ++i)
    if (lines[i].kind == LineKind::row && keep[i]) section_tokens[dc[i]].push_back(lines[i].token);
  for (const std::int64_t t : added) {
    std::size_t k = last_row + 1;
    for (std::size_t i = 0; i < n; ++i)
      if (lines[i].kind == LineKind::row && keep[i] && dc[i] == home && lines[i].token > t) {
        k = i;
        break;
      }
    before[k].push_back(t);
    section_tokens[home].push_back(t);
  }
  const bool crlf = like != nullptr && !like->text.empty() && like->text.back() == '\r';
  std::vector<std::string> out;
  for (std::size_t i = 0; i <= n; ++i) {
    for (const std::int64_t t : before[i]) out.push_back(new_row(tokens[at.at(t)], *like, header) + (crlf ? "\r" : ""));
    if (i == n) break;
    const RingLine& l = lines[i];
    if (l.kind == LineKind::row && !keep[i]) continue;
    if (l.kind == LineKind::last) {
      // The datacenter's largest token, written where the line had its token.
      const std::vector<std::int64_t>& mine = section_tokens[dc[i]];
      if (mine.empty()) continue;
      const std::int64_t last = *std::max_element(mine.begin(), mine.end());
      if (last != l.token) {
        const std::size_t from = l.fields.back().first - 1;
        out.push_back(std::string(l.text.substr(0, from)) + std::to_string(last) +
                      (!l.text.empty() && l.text.back() == '\r' ? "\r" : ""));
        continue;
      }
    }
    out.emplace_back(l.text);
  }
  std::string joined;
  for (std::size_t i = 0; i < out.size(); ++i) joined += (i ? "\n" : "") + out[i];
  return joined;
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
