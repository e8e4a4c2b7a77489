// Cassandra's Murmur3Partitioner: a partition key's token, and which node owns it on a ring of
// explicit tokens (given as NODE=TOKEN pairs or as `nodetool ring` prints them). See
// docs/systems.md#cassandra.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ringlab::systems::cassandra {

inline constexpr std::int64_t kMinToken = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t kMaxToken = std::numeric_limits<std::int64_t>::max();

// Murmur3Partitioner.getToken of the key's bytes (a text partition key's UTF-8): the first
// 64-bit half of MurmurHash3 x64_128 with Cassandra's signed tail bytes, as a signed long;
// Long.MIN_VALUE becomes Long.MAX_VALUE (the minimum is the ring's own); the empty key is the
// minimum token.
[[nodiscard]] std::int64_t token(std::string_view key) noexcept;

// A token from text: an optional sign and decimal digits, -2^63 .. 2^63 - 1. `what` names it in
// errors: "<what> must be a signed 64-bit integer, got "abc"" (invalid_argument), "<what> must
// be between -9223372036854775808 and 9223372036854775807, got 9223372036854775808"
// (out_of_range).
[[nodiscard]] std::int64_t token_from_text(std::string_view text, const std::string& what);

struct NodeToken {
  std::string node;  // as written
  std::int64_t token = 0;
  friend bool operator==(const NodeToken&, const NodeToken&) = default;
};

// "NODE=TOKEN,NODE=TOKEN,...": a node with several tokens (vnodes) is named once per token.
// Spaces around a node or a token are dropped. Errors (invalid_argument) name the entry:
// "--tokens entry 2 must be NODE=TOKEN, got "abc"", "--tokens entry 2: token must be ...".
[[nodiscard]] std::vector<NodeToken> tokens_from_list(std::string_view text);

// The output of `nodetool ring`: each row's first column is the node (its address), its last
// the token. The header ("Address ... Token"), "Datacenter:" lines, "=====" underlines, the
// ring's lone closing token line, blank lines and nodetool's "Warning:", "Note:" and "To view"
// lines are skipped; every other line must be a row. Errors (invalid_argument) carry the
// line and column: "ring line 5, column 72: token must be a signed 64-bit integer, got "x"".
[[nodiscard]] std::vector<NodeToken> tokens_from_nodetool_ring(std::string_view text);

// The rows of the same text with what the plans need beside the token: the row's line (from 1),
// its fields (column from 1, text) and the data centre of the "Datacenter:" line above it (empty
// when there is none).
struct RingRow {
  std::size_t line = 0;
  std::vector<std::pair<std::size_t, std::string>> fields;
  std::int64_t token = 0;
  std::string dc;
};
[[nodiscard]] std::vector<RingRow> rows_from_nodetool_ring(std::string_view text);

// The same text with nodes added or removed, for a ring edited and written back in the form it
// was given in: the rows of tokens still in `tokens` are kept as they were, byte for byte, the
// rows of tokens no longer there dropped, and each token of `tokens` that had no row gets one,
// laid out as nodetool lays out its rows (the header's columns, or nodetool's own widths; rack,
// status and state as the first row's, load and owns "?"; a first row of fewer columns than
// nodetool's gives its own between the address and the token), placed among the rows in token
// order.
// The lone token line above the rows is kept equal to the largest token of its datacenter.
// `text` is one that tokens_from_nodetool_ring() reads; what it returns reads as `tokens`.
[[nodiscard]] std::string nodetool_ring_edited(std::string_view text, const std::vector<NodeToken>& tokens);

// Token ownership: a token belongs to the node of the first ring token >= it, wrapping to the
// smallest (ranges are (previous, token]). SystemParam::cassandra_tokens: 1 token at least; two
// entries with one token are token_taken.
class TokenRing {
 public:
  explicit TokenRing(std::vector<NodeToken> tokens);
  [[nodiscard]] const NodeToken& owner(std::int64_t token) const noexcept;
  [[nodiscard]] const std::vector<NodeToken>& sorted() const noexcept { return sorted_; }

 private:
  std::vector<NodeToken> sorted_;
};

}  // namespace ringlab::systems::cassandra
