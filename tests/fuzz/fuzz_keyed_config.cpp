// The keyed systems' text readers: Cassandra's --tokens list and nodetool ring text, Guava's
// 64-bit integer keys and Erlang's integer keys. The first byte picks the reader, the rest is the
// text. Text that does not read must fail with a named error that gives its place; text that
// reads must give what it says:
//   - tokens (list or nodetool ring): a ring is built, or refused only for no tokens or a token
//     given twice; every key's owner is the node of the first token at or after the key's token,
//     else of the smallest;
//   - Guava long: the value printed back in decimal reads as the same value;
//   - Erlang integer: phash2 of the key as an integer equals phash2 of the term erl's reader
//     makes of the same digits.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"
#include "ringlab/systems/cassandra.hpp"
#include "ringlab/systems/cassandra_plan.hpp"
#include "ringlab/systems/erlang.hpp"
#include "ringlab/systems/guava.hpp"

namespace {

using namespace ringlab::systems;

const char* const kKeys[] = {"", "foo", "user:1000", "\xff\xfe", "k", "topic-a"};

bool mentions(const ringlab::Error& e, std::string_view what) {
  return std::string_view(e.what()).find(what) != std::string_view::npos;
}

void check_ring(const std::vector<cassandra::NodeToken>& tokens) {
  try {
    const cassandra::TokenRing ring(tokens);
    const auto& sorted = ring.sorted();
    if (sorted.size() != tokens.size()) __builtin_trap();
    for (std::size_t i = 1; i < sorted.size(); ++i)
      if (!(sorted[i - 1].token < sorted[i].token)) __builtin_trap();
    for (const char* key : kKeys) {
      const std::int64_t t = cassandra::token(key);
      const cassandra::NodeToken* expected = &sorted.front();
      for (const cassandra::NodeToken& nt : sorted)
        if (nt.token >= t) {
          expected = &nt;
          break;
        }
      if (!(ring.owner(t) == *expected)) __builtin_trap();
    }
  } catch (const ringlab::Error& e) {
    const bool empty = tokens.empty() && e.code() == ringlab::ErrorCode::out_of_range;
    const bool twice = e.code() == ringlab::ErrorCode::token_taken && mentions(e, "is given to both");
    if (!empty && !twice) __builtin_trap();
  }
}

void check_tokens_list(std::string_view text) {
  std::vector<cassandra::NodeToken> tokens;
  try {
    tokens = cassandra::tokens_from_list(text);
  } catch (const ringlab::Error& e) {
    if (!mentions(e, "--tokens entry ")) __builtin_trap();
    return;
  }
  if (tokens.empty()) __builtin_trap();  // a list always has an entry
  check_ring(tokens);
}

void check_nodetool(std::string_view text) {
  std::vector<cassandra::NodeToken> tokens;
  try {
    tokens = cassandra::tokens_from_nodetool_ring(text);
  } catch (const ringlab::Error& e) {
    if (!mentions(e, "ring line ") || !mentions(e, ", column ")) __builtin_trap();
    return;
  }
  for (const cassandra::NodeToken& t : tokens)
    if (t.node.empty()) __builtin_trap();
  check_ring(tokens);
}

void check_guava_long(std::string_view text) {
  std::int64_t v = 0;
  try {
    v = guava::input_long(text, guava::Input::long_value);
  } catch (const ringlab::Error& e) {
    if (!mentions(e, "key must be ")) __builtin_trap();
    return;
  }
  if (guava::input_long(std::to_string(v), guava::Input::long_value) != v) __builtin_trap();
  if (guava::signed_long_from_text(std::to_string(v)) != v) __builtin_trap();
  (void)guava::bucket(text, guava::Input::automatic, 1000);
}

void check_erlang_integer(std::string_view text) {
  ringlab::erlang::Term t;
  try {
    t = erlang_key_term(text, ErlangKeyTerm::integer);
  } catch (const ringlab::Error& e) {
    if (!mentions(e, "key")) __builtin_trap();
    return;
  }
  // The reader takes digits without a '+' sign; its integer must be the same term.
  const std::string_view digits = !text.empty() && text[0] == '+' ? text.substr(1) : text;
  const ringlab::erlang::Term read = ringlab::erlang::parse_term(digits, ringlab::erlang::Syntax::erlang);
  if (!(read == t)) __builtin_trap();
}

// A ring change plan's ring text: refused with its place, or read and planned. A plan's ranges
// are the finer ring's, its shares add up to every replica of every token, and a plan with sizes
// streams its steps' bytes.
void check_plan_ring(std::string_view text) {
  std::vector<cassandra::PlacedToken> ring;
  try {
    ring = cassandra::ring_from_text(text);
  } catch (const ringlab::Error& e) {
    if (!mentions(e, "ring")) __builtin_trap();
    return;
  }
  for (const std::uint32_t rf : {1u, 2u}) {
    try {
      const Plan plan = cassandra::plan_change(ring, cassandra::strategy_from_text("simple:" + std::to_string(rf)),
                                               {cassandra::ChangeKind::leave, ring.front().node, {}, "", ""}, {"k"});
      if (!plan.ranges || plan.keys.size() != 1) __builtin_trap();
      for (const PlanRange& r : *plan.ranges)
        if (r.before.size() != rf || r.after.size() != rf) __builtin_trap();
    } catch (const ringlab::Error& e) {
      if (!mentions(e, "replication factor") && !mentions(e, "no server") && !mentions(e, "given to both"))
        __builtin_trap();
    }
  }
}

void check_plan_sizes(std::string_view text) {
  std::vector<cassandra::RangeSize> sizes;
  try {
    sizes = cassandra::sizes_from_text(text);
  } catch (const ringlab::Error& e) {
    if (!mentions(e, "sizes line ")) __builtin_trap();
    return;
  }
  const std::vector<cassandra::PlacedToken> ring = {
      {-100, "a", "dc1", "r1"}, {0, "b", "dc1", "r1"}, {100, "c", "dc1", "r1"}, {1'000'000, "d", "dc1", "r1"}};
  const Plan plan = cassandra::plan_change(ring, cassandra::strategy_from_text("simple:2"),
                                           {cassandra::ChangeKind::join, "e", {50, -5'000}, "", ""}, {}, true, sizes);
  if (sizes.empty()) {
    if (plan.bytes) __builtin_trap();
    return;
  }
  if (!plan.bytes) __builtin_trap();
  std::uint64_t streamed = 0;
  for (const PlanStep& step : plan.steps) streamed += *step.bytes;
  if (streamed != plan.bytes->streamed) __builtin_trap();
  // Every range's bytes are its share of the given ranges', rounded down: never more than theirs.
  unsigned __int128 listed = 0;
  for (const PlanRange& r : *plan.ranges) listed += *r.bytes;
  if (listed > plan.bytes->given) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 6) {
    case 0: check_tokens_list(text); break;
    case 1: check_nodetool(text); break;
    case 2: check_guava_long(text); break;
    case 3: check_erlang_integer(text); break;
    case 4: check_plan_ring(text); break;
    default: check_plan_sizes(text); break;
  }
  return 0;
}
