#include "ringlab/systems/cassandra.hpp"

#include <algorithm>
#include <limits>

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

std::vector<NodeToken> tokens_from_nodetool_ring(std::string_view text) {
  std::vector<NodeToken> out;
  std::size_t line_no = 0;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t nl = text.find('\n', from);
    std::string_view line = text.substr(from, nl == std::string_view::npos ? text.npos : nl - from);
    ++line_no;
    from = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // Fields: (column, text), columns counted in bytes from 1.
    std::vector<std::pair<std::size_t, std::string_view>> fields;
    for (std::size_t i = 0; i < line.size();) {
      if (line[i] == ' ' || line[i] == '\t') {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      fields.emplace_back(i + 1, line.substr(i, j - i));
      i = j;
    }
    if (fields.empty()) continue;
    const std::string_view first = fields.front().second;
    const std::string_view rest = trim(line.substr(fields.front().first - 1));
    if (first == "Datacenter:" || starts_with(rest, "Warning:") || starts_with(rest, "Note:") ||
        starts_with(rest, "To view") || first == "Address")
      continue;
    if (first.find_first_not_of('=') == std::string_view::npos) continue;
    const auto& [column, last] = fields.back();
    std::int64_t token = 0;
    try {
      token = token_from_text(last, "token");
    } catch (const Error& e) {
      throw Error(rule::configAt, "", {"ring", line_no, column}, e);
    }
    // The lone token nodetool prints above the rows is the ring's last token, repeated: checked
    // but not a row of its own.
    if (fields.size() > 1) out.push_back({std::string(first), token});
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
