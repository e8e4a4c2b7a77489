// The systems module (web/lib/dist/wasm/ringlab-systems.js + .wasm): Erlang terms and phash2,
// Malachi's ring and the command line's real systems, for the `ringlab/systems` entry point
// (web/lib/src/systems.ts; web/lib/src/systems/raw.ts declares what is registered here). It
// shares the main module's ABI (abi.hpp: the error channel, staging, the key scratch) and has
// its own direct entry points at the end of this file.
//
// Terms cross as JavaScript strings (embind's std::u16string: the UTF-16 units exactly, so that a
// lone surrogate is seen, not silently re-encoded) with a one-letter tag
// (web/lib/src/systems/erlang-term.ts makes and reads them):
//   "b" + text   the binary of the text's UTF-8 bytes (a JS string key: an Elixir string)
//   "i" + digits an integer, in decimal, with an optional '-' (a BigInt)
//   "n" + number a JS number as String() writes it, which must be a safe integer (the core's
//                safe-integer rule and message: "key must be a safe integer, got 1.5")
//   "e" + text   a term in Erlang syntax, as format_term writes it (a term from parseTerm)
// Terms coming back are tagged the same way, "b" for a binary of UTF-8 text and "i" for an
// integer, so that the wrapper hands them out as a string and a number or BigInt.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "abi.hpp"
#include "abi_bindings.hpp"
#include "core/utf8.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"
#include "ringlab/malachi.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/placement.hpp"
#include "system_config.hpp"

#ifndef RINGLAB_VERSION
#define RINGLAB_VERSION "0.0.0"
#endif

using emscripten::val;
using ringlab::MalachiRing;
using ringlab::erlang::Syntax;
using ringlab::erlang::Term;
using namespace ringlab::wasm;

namespace {

using ringlab::wasm::integer;
// abi.hpp's integer() for this module's own parameters: a safe integer, under the parameter's name.
std::int64_t integer(double v, ringlab::SystemParam p) { return ringlab::safe_integer(v, ringlab::param(p).name); }

// ---------------------------------------------------------------------------------------------
// Terms

Syntax syntax_arg(const std::string& name) {
  if (name == "erlang") return Syntax::erlang;
  if (name == "elixir") return Syntax::elixir;
  throw ringlab::Error(ringlab::ErrorCode::invalid_argument, ringlab::rule::oneOf, "syntax",
                       {ringlab::in_quotes("erlang"), ringlab::in_quotes("elixir"), ringlab::input(name)});
}

// A decimal integer of any size (the "i" tag): its magnitude as 64-bit limbs.
Term integer_term(std::string_view digits) {
  const bool negative = !digits.empty() && digits.front() == '-';
  if (negative) digits.remove_prefix(1);
  if (digits.empty()) throw std::logic_error("malformed term: an integer without digits");
  std::vector<std::uint64_t> limbs;  // least significant first
  for (const char c : digits) {
    if (c < '0' || c > '9') throw std::logic_error("malformed term: not a decimal integer");
    unsigned __int128 carry = static_cast<unsigned>(c - '0');
    for (std::uint64_t& limb : limbs) {
      const unsigned __int128 v = static_cast<unsigned __int128>(limb) * 10 + carry;
      limb = static_cast<std::uint64_t>(v);
      carry = v >> 64;
    }
    if (carry != 0) limbs.push_back(static_cast<std::uint64_t>(carry));
  }
  return Term::integer(negative, limbs);
}

// The UTF-8 of a JS string's units: false at a lone surrogate, which has none.
bool utf8_of(std::u16string_view units, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < units.size(); ++i) {
    std::uint32_t c = units[i];
    if (c >= 0xD800 && c <= 0xDFFF) {
      if (c > 0xDBFF || i + 1 >= units.size() || units[i + 1] < 0xDC00 || units[i + 1] > 0xDFFF) return false;
      c = 0x10000 + ((c - 0xD800) << 10) + (units[++i] - 0xDC00);
    }
    ringlab::utf8::put(out, c);
  }
  return true;
}

// A JS string that is not Unicode text: it has no UTF-8, so no binary and no term text.
[[noreturn]] void lone_surrogate(const std::string& what) {
  throw ringlab::Error(ringlab::ErrorCode::invalid_argument, ringlab::rule::notUnicode, what);
}

std::string utf8_arg(std::u16string_view units, const std::string& what) {
  std::string out;
  if (!utf8_of(units, out)) lone_surrogate(what);
  return out;
}

// A tagged term from the wrapper (see the top of this file); `what` names it in errors.
Term term_arg(const std::u16string& tagged, const std::string& what) {
  if (tagged.empty()) throw std::logic_error("malformed term: no tag");
  const std::string text = utf8_arg(std::u16string_view(tagged).substr(1), what);
  switch (tagged.front()) {
    case u'b': return Term::binary(text);
    case u'i': return integer_term(text);
    case u'n': return Term::integer(ringlab::safe_integer(std::strtod(text.c_str(), nullptr), what));
    case u'e': return ringlab::erlang::parse_term(text, Syntax::erlang);
    default: throw std::logic_error("malformed term: unknown tag");
  }
}

bool is_utf8_text(std::string_view bytes) {
  for (std::size_t i = 0; i < bytes.size();) {
    const ringlab::utf8::Decoded d = ringlab::utf8::decode(bytes, i);
    if (d.len == 0 || ringlab::utf8::is_surrogate(d.cp)) return false;
    i += d.len;
  }
  return true;
}

// The tagged form of a term going back to the wrapper.
std::string tagged_out(const Term& t) {
  if (t.is_binary() && is_utf8_text(t.bytes())) return "b" + std::string(t.bytes());
  if (t.kind() == ringlab::erlang::TermKind::integer) return "i" + ringlab::erlang::format_term(t, Syntax::erlang);
  return "e" + ringlab::erlang::format_term(t, Syntax::erlang);
}

// What the wrapper keeps of a term: its text in both syntaxes, its kind, and the tagged form it
// is passed back as. A binary of UTF-8 text and an integer are given back in the form a JS
// string or number takes, so that the wrapper can hand them out as those.
struct TermOut {
  std::string erlang;
  std::string elixir;
  std::string kind;
  std::string tagged;
};

std::string kind_name(const Term& t) {
  switch (t.kind()) {
    case ringlab::erlang::TermKind::integer: return "integer";
    case ringlab::erlang::TermKind::floating: return "float";
    case ringlab::erlang::TermKind::atom: return "atom";
    case ringlab::erlang::TermKind::tuple: return "tuple";
    case ringlab::erlang::TermKind::map: return "map";
    case ringlab::erlang::TermKind::nil: return "nil";
    case ringlab::erlang::TermKind::list: return "list";
    case ringlab::erlang::TermKind::bitstring: return t.is_binary() ? "binary" : "bitstring";
  }
  return "internal";
}

TermOut term_out(const Term& t) {
  TermOut out;
  out.erlang = ringlab::erlang::format_term(t, Syntax::erlang);
  out.elixir = ringlab::erlang::format_term(t, Syntax::elixir);
  out.kind = kind_name(t);
  out.tagged = tagged_out(t);
  return out;
}

TermOut parse_term(const std::u16string& text, const std::string& syntax) {
  return guarded([&] { return term_out(ringlab::erlang::parse_term(utf8_arg(text, "text"), syntax_arg(syntax))); });
}

TermOut describe_term(const std::u16string& tagged) {
  return guarded([&] { return term_out(term_arg(tagged, "term")); });
}

// The elements of a tuple or a proper list, tagged; other terms are invalid_argument.
val term_elements(const std::u16string& tagged) {
  return guarded([&] {
    const Term t = term_arg(tagged, "term");
    const bool proper_list =
        t.kind() == ringlab::erlang::TermKind::nil ||
        (t.kind() == ringlab::erlang::TermKind::list && t.tail().kind() == ringlab::erlang::TermKind::nil);
    if (t.kind() != ringlab::erlang::TermKind::tuple && !proper_list)
      throw ringlab::Error(ringlab::ErrorCode::invalid_argument, ringlab::rule::tupleOrList, "term",
                           {ringlab::erlang::format_term(t, Syntax::elixir)});
    val out = val::array();
    if (t.kind() != ringlab::erlang::TermKind::nil)
      for (const Term& e : t.elements()) out.call<void>("push", tagged_out(e));
    return out;
  });
}

// phash2/1 (27 bits) unless ranged; then phash2/2, range in 1 .. 2^32 (the table's phash2_range).
std::uint64_t range_arg(double range, bool ranged) {
  if (!ranged) return 0;
  return static_cast<std::uint64_t>(
      ringlab::check_integer(ringlab::SystemParam::phash2_range, integer(range, ringlab::SystemParam::phash2_range)));
}

std::uint32_t reduce(std::uint32_t full, std::uint64_t range) {
  return range == 0 ? full & ((1u << 27) - 1) : static_cast<std::uint32_t>(full % range);
}

double phash2(const std::u16string& tagged, double range, bool ranged) {
  return guarded([&] {
    const std::uint64_t r = range_arg(range, ranged);
    const Term t = term_arg(tagged, "term");
    return static_cast<double>(r == 0 ? ringlab::erlang::phash2(t) : ringlab::erlang::phash2(t, r));
  });
}

// Staged: n JS strings, each the binary of its UTF-8 bytes; their phash2 in the results. The loop
// is the core's (phash2_utf16_many, noexcept): under Emscripten's JavaScript-emulated exceptions
// every call that can throw inside a try costs a trip through JavaScript.
void phash2_many(double count, double range, bool ranged) {
  guarded([&] {
    const StagedStrings s = staged_strings(count);
    const std::uint64_t r = range_arg(range, ranged);
    const std::size_t done =
        ringlab::erlang::phash2_utf16_many(std::u16string_view(s.units.data(), s.units.size()), s.offsets, r, s.out);
    if (done < s.size()) lone_surrogate("keys[" + std::to_string(done) + "]");
  });
}

// ---------------------------------------------------------------------------------------------
// Malachi's ring

MalachiRing* make_malachi_ring(double bits) {
  return guarded([&] { return new MalachiRing(integer(bits, ringlab::SystemParam::malachi_ring_bits)); });
}

void malachi_add(MalachiRing& r, const std::u16string& id, double token) {
  guarded([&] { r.add_vnode(term_arg(id, "id"), integer(token, ringlab::Param::token)); });
}
void malachi_remove(MalachiRing& r, const std::u16string& id) {
  guarded([&] { r.remove_vnode(term_arg(id, "id")); });
}

// Routes answer with the owner's index in token order (route_index): the wrapper keeps the ids
// in that order, so a route hands back no text.
std::uint32_t owner_index(const MalachiRing& r, std::uint32_t position) {
  return static_cast<std::uint32_t>(r.route_index(position));
}

double malachi_route(const MalachiRing& r, const std::u16string& key) {
  return guarded([&] { return static_cast<double>(owner_index(r, r.position(term_arg(key, "key")))); });
}
double malachi_position(const MalachiRing& r, const std::u16string& key) {
  return guarded([&] { return static_cast<double>(r.position(term_arg(key, "key"))); });
}

// Staged: n JS strings; the index of each one's owner in the results (the core's loop, as above).
void malachi_route_many(const MalachiRing& r, double count) {
  guarded([&] {
    const StagedStrings s = staged_strings(count);
    const std::size_t done = r.route_utf16_many(std::u16string_view(s.units.data(), s.units.size()), s.offsets, s.out);
    if (done < s.size()) lone_surrogate("keys[" + std::to_string(done) + "]");
  });
}

struct BoundariesOut {
  double start = 0;
  double end = 0;
};
BoundariesOut malachi_boundaries(const MalachiRing& r, const std::u16string& id) {
  return guarded([&] {
    const auto [start, end] = r.boundaries(term_arg(id, "id"));
    return BoundariesOut{static_cast<double>(start), static_cast<double>(end)};
  });
}

// The vnodes in token order: [tagged id, token, tagged id, token, ...].
val malachi_sorted(const MalachiRing& r) {
  return guarded([&] {
    val out = val::array();
    for (const auto& [token, id] : r.sorted()) {
      out.call<void>("push", tagged_out(id));
      out.call<void>("push", static_cast<double>(token));
    }
    return out;
  });
}

// vnode_ids: in Erlang term order, tagged.
val malachi_vnode_ids(const MalachiRing& r) {
  return guarded([&] {
    val out = val::array();
    for (const Term& id : r.vnode_ids()) out.call<void>("push", tagged_out(id));
    return out;
  });
}

double malachi_size(const MalachiRing& r) { return static_cast<double>(r.size()); }
double malachi_bits(const MalachiRing& r) { return static_cast<double>(r.ring_bits()); }
MalachiRing* malachi_clone(const MalachiRing& r) {
  return guarded([&] { return new MalachiRing(r); });
}

// ---------------------------------------------------------------------------------------------
// The real systems (placement.hpp): configured from `place SYSTEM`'s flags

val system_names() {
  val out = val::array();
  for (const std::string& name : ringlab::systems::placement_systems()) out.call<void>("push", name);
  return out;
}

// A configured system. Its answers go to `values` (a slot, partition, bucket or hash as 32 bits,
// a token as 64), which the wrapper reads through a view of the heap after each batch.
struct SystemHandle {
  std::unique_ptr<ringlab::systems::Placement> placement;
  std::string name;
  std::vector<std::uint64_t> values;
  std::vector<std::int32_t> servers;  // a byte batch's servers (a string batch's are staged)
  std::vector<std::uint32_t> moved;   // a byte diff's moved keys' indices
};

using ringlab::systems::AnswerKind;
using ringlab::systems::OptionValue;
using ringlab::systems::Placement;

SystemHandle* make_system(const std::string& name, const val& options) {
  return guarded([&]() -> SystemHandle* {
    const std::vector<OptionValue> values = emscripten::vecFromJSArray<OptionValue>(options);
    return new SystemHandle{configure_typed(name, values), name, {}, {}, {}};
  });
}

// The servers, in configuration order (a weight as a double: every weight is a safe integer).
struct ServerOut {
  std::string name;
  double weight = 1;
  bool down = false;
};
val system_servers(const SystemHandle& h) {
  val out = val::array();
  for (const ringlab::systems::ServerInfo& s : h.placement->servers())
    out.call<void>("push", val(ServerOut{s.name, static_cast<double>(s.weight), s.down}));
  return out;
}

std::string system_kind(const SystemHandle& h) {
  return std::string(ringlab::systems::answer_kind_name(h.placement->answer_kind()));
}

bool wide(const SystemHandle& h) { return h.placement->answer_kind() == AnswerKind::token; }

// Room for n answers' values; its address.
double values_for(SystemHandle& h, std::size_t n) {
  if (h.placement->answer_kind() == AnswerKind::none) return 0;
  h.values.resize(std::max<std::size_t>(n, 1));
  return static_cast<double>(reinterpret_cast<std::uintptr_t>(h.values.data()));
}

std::span<std::uint32_t> values32(SystemHandle& h, std::size_t n) {
  if (h.placement->answer_kind() == AnswerKind::none || wide(h)) return {};
  return {reinterpret_cast<std::uint32_t*>(h.values.data()), n};
}
std::span<std::int64_t> values64(SystemHandle& h, std::size_t n) {
  if (!wide(h)) return {};
  return {reinterpret_cast<std::int64_t*>(h.values.data()), n};
}

void put(SystemHandle& h, std::size_t i, std::span<std::int32_t> servers, const ringlab::systems::Answer& a) {
  servers[i] = a.server;
  if (wide(h)) reinterpret_cast<std::int64_t*>(h.values.data())[i] = a.value;
  else if (h.placement->answer_kind() != AnswerKind::none)
    reinterpret_cast<std::uint32_t*>(h.values.data())[i] = static_cast<std::uint32_t>(a.value);
}

// Staged: n JS strings, each the bytes of its UTF-8, as UTF-16 units or, where the wrapper found
// every key of the chunk ASCII (`ascii`), as their bytes. The servers' indices go to the block's
// results, the values to the handle's (their address returned). The core's loop answers all the
// keys it can without an exception; a key it stops at goes through answer(), which words the
// error, and the loop goes on after it.
double system_place_many(SystemHandle& h, double count, bool single, bool ascii) {
  return guarded([&] {
    const auto name = [single](std::size_t i) {
      return single ? std::string("key") : "keys[" + std::to_string(i) + "]";
    };
    if (ascii) {
      const StagedBytes s = staged_bytes(count);
      const std::size_t n = s.size();
      const double at = values_for(h, n);
      const std::span<std::int32_t> servers(reinterpret_cast<std::int32_t*>(s.out.data()), n);
      const auto v32 = values32(h, n);
      const auto v64 = values64(h, n);
      for (std::size_t i = h.placement->answer_bytes_many(s.bytes, s.offsets, 0, servers, v32, v64); i < n;
           i = h.placement->answer_bytes_many(s.bytes, s.offsets, i + 1, servers, v32, v64))
        put(h, i, servers, h.placement->answer(s.bytes.substr(s.offsets[i], s.offsets[i + 1] - s.offsets[i]), name(i)));
      return at;
    }
    const StagedStrings s = staged_strings(count);
    const std::size_t n = s.size();
    const double at = values_for(h, n);
    const std::span<std::int32_t> servers(reinterpret_cast<std::int32_t*>(s.out.data()), n);
    const std::u16string_view units(s.units.data(), s.units.size());
    std::string bytes;
    for (std::size_t i = h.placement->answer_utf16_many(units, s.offsets, 0, servers, values32(h, n), values64(h, n));
         i < n; i = h.placement->answer_utf16_many(units, s.offsets, i + 1, servers, values32(h, n), values64(h, n))) {
      const std::string what = name(i);
      bytes = utf8_arg(units.substr(s.offsets[i], s.offsets[i + 1] - s.offsets[i]), what);
      put(h, i, servers, h.placement->answer(bytes, what));
    }
    return at;
  });
}

// Keys as one block of bytes and n + 1 offsets (a key that is no UTF-8 text); the servers'
// indices at serversAddress(), the values at the address returned.
double system_place_bytes(SystemHandle& h, const std::string& bytes, const val& offsets_in, bool single) {
  return guarded([&] {
    const std::vector<std::uint32_t> offsets = emscripten::convertJSArrayToNumberVector<std::uint32_t>(offsets_in);
    if (offsets.empty() || offsets.front() != 0 || offsets.back() != bytes.size())
      throw std::logic_error("malformed key batch");
    const std::size_t n = offsets.size() - 1;
    const double at = values_for(h, n);
    h.servers.assign(std::max<std::size_t>(n, 1), -1);
    for (std::size_t i = 0; i < n; ++i) {
      if (offsets[i + 1] < offsets[i]) throw std::logic_error("malformed key batch");
      const std::string_view key = std::string_view(bytes).substr(offsets[i], offsets[i + 1] - offsets[i]);
      ringlab::systems::Answer a;
      if (!h.placement->try_answer(key, a))
        a = h.placement->answer(key, single ? "key" : "keys[" + std::to_string(i) + "]");
      put(h, i, h.servers, a);
    }
    return at;
  });
}

double system_servers_address(const SystemHandle& h) {
  return static_cast<double>(reinterpret_cast<std::uintptr_t>(h.servers.data()));
}

// Each key's answer under a configuration, by the core's loop over the keys (`many(from,
// servers, values)`, as answer_utf16_many and answer_bytes_many stop) and answer() for a key it
// stops at (`bytes(i)`: the key's UTF-8, or the named error).
template <typename Many, typename Bytes>
void answers(const SystemHandle& h, std::size_t n, std::vector<std::int32_t>& servers,
             std::vector<std::int64_t>& values, Many many, Bytes bytes) {
  servers.assign(n, -1);
  values.assign(n, 0);
  for (std::size_t i = many(0, std::span<std::int32_t>(servers), std::span<std::int64_t>(values)); i < n;
       i = many(i + 1, std::span<std::int32_t>(servers), std::span<std::int64_t>(values))) {
    const std::string what = "keys[" + std::to_string(i) + "]";
    const ringlab::systems::Answer r = h.placement->answer(bytes(i, what), what);
    servers[i] = r.server;
    values[i] = r.value;
  }
}

// The keys two configurations answer differently, from each key's answers before (sa, va) and
// after (sb, vb), as the core's key_moved() tells a move: their indices into `out` (their count
// returned), and on `a` the servers (2 per moved key: before, after) and the values the same.
std::size_t record_moves(SystemHandle& a, const SystemHandle& b, const std::vector<std::int32_t>& sa,
                         const std::vector<std::int32_t>& sb, const std::vector<std::int64_t>& va,
                         const std::vector<std::int64_t>& vb, std::span<std::uint32_t> out) {
  const std::vector<std::int32_t> match = ringlab::systems::match_servers(*a.placement, *b.placement);
  std::size_t moved = 0;
  a.servers.clear();
  a.values.clear();
  for (std::size_t i = 0; i < sa.size(); ++i) {
    if (!ringlab::systems::key_moved(match, {sa[i], va[i]}, {sb[i], vb[i]})) continue;
    out[moved++] = static_cast<std::uint32_t>(i);
    a.servers.push_back(sa[i]);
    a.servers.push_back(sb[i]);
    a.values.push_back(static_cast<std::uint64_t>(va[i]));
    a.values.push_back(static_cast<std::uint64_t>(vb[i]));
  }
  return moved;
}

// Both systems' answers for n keys, by `many` (a system's batch loop from a key on) and `key_of`
// (a key's bytes, for the keys the loop leaves to answer()), and the moves between them into
// `out`: what system_diff() and system_diff_bytes() share.
template <typename Many, typename KeyOf>
std::size_t diff_keys(SystemHandle& a, SystemHandle& b, std::size_t n, const Many& many, const KeyOf& key_of,
                      std::span<std::uint32_t> out) {
  if (a.placement->answer_kind() != b.placement->answer_kind()) throw std::logic_error("diff of two systems");
  std::vector<std::int32_t> sa, sb;
  std::vector<std::int64_t> va, vb;
  const auto run = [&](const SystemHandle& h, std::vector<std::int32_t>& servers, std::vector<std::int64_t>& values) {
    answers(
        h, n, servers, values,
        [&](std::size_t from, std::span<std::int32_t> sv, std::span<std::int64_t> v64) {
          return many(*h.placement, from, sv, v64);
        },
        key_of);
  };
  run(a, sa, va);
  run(b, sb, vb);
  return record_moves(a, b, sa, sb, va, vb, out);
}

// Which of the staged keys two configurations answer differently (a server compared by its name,
// as match_servers() matches them, not by its index): the block's results hold their indices
// (the count returned); the handle's servers, before and after for each (2 per key), and its
// values the same (before, after), when the system answers values.
double system_diff(SystemHandle& a, SystemHandle& b, double count) {
  return guarded([&] {
    const StagedStrings s = staged_strings(count);
    const std::u16string_view units(s.units.data(), s.units.size());
    std::string key;
    const auto bytes = [&](std::size_t i, const std::string& what) -> const std::string& {
      key = utf8_arg(units.substr(s.offsets[i], s.offsets[i + 1] - s.offsets[i]), what);
      return key;
    };
    const auto many = [&](const Placement& p, std::size_t from, std::span<std::int32_t> sv,
                          std::span<std::int64_t> v64) {
      return p.answer_utf16_many(units, s.offsets, from, sv, {}, v64);
    };
    return static_cast<double>(diff_keys(a, b, s.size(), many, bytes, s.out));
  });
}

// Keys as one block of bytes and n + 1 offsets (keys that are no UTF-8 text among them): diff's
// moves as system_diff() gives them, the moved keys' indices at movedAddress() (their count
// returned).
double system_diff_bytes(SystemHandle& a, SystemHandle& b, const std::string& bytes, const val& offsets_in) {
  return guarded([&] {
    const std::vector<std::uint32_t> offsets = emscripten::convertJSArrayToNumberVector<std::uint32_t>(offsets_in);
    if (offsets.empty() || offsets.front() != 0 || offsets.back() != bytes.size())
      throw std::logic_error("malformed key batch");
    for (std::size_t i = 0; i + 1 < offsets.size(); ++i)
      if (offsets[i + 1] < offsets[i]) throw std::logic_error("malformed key batch");
    const std::size_t n = offsets.size() - 1;
    std::string key;
    const auto key_bytes = [&](std::size_t i, const std::string&) -> const std::string& {
      key.assign(bytes, offsets[i], offsets[i + 1] - offsets[i]);
      return key;
    };
    const auto many = [&](const Placement& p, std::size_t from, std::span<std::int32_t> sv,
                          std::span<std::int64_t> v64) {
      return p.answer_bytes_many(bytes, offsets, from, sv, {}, v64);
    };
    a.moved.assign(std::max<std::size_t>(n, 1), 0);
    return static_cast<double>(diff_keys(a, b, n, many, key_bytes, std::span<std::uint32_t>(a.moved.data(), n)));
  });
}

double system_moved_address(const SystemHandle& h) {
  return static_cast<double>(reinterpret_cast<std::uintptr_t>(h.moved.data()));
}

// Why a key (its bytes) goes to its server (placement.hpp's Reason): the kind ("answer", "point",
// "slot"), the server's index and the hash's width in bits; the hash and the point (or slot) at
// valuesAddress(), 64 bits each.
struct ReasonOut {
  std::string kind;
  std::int32_t server = -1;
  double bits = 32;
};
ReasonOut system_why(SystemHandle& h, const std::string& key) {
  return guarded([&] {
    const ringlab::systems::Reason r = h.placement->reason(key, "key");
    h.values.assign(2, 0);
    h.values[0] = r.hash;
    h.values[1] = r.point;
    return ReasonOut{std::string(ringlab::systems::reason_kind_name(r.kind)), r.server,
                     static_cast<double>(r.hash_bits)};
  });
}

// A new system: this one with an edit made to its servers (kind "add", "remove", "down", "up" or
// "weight"; weight a safe integer where the edit has one).
struct EditIn {
  std::string kind;
  std::string server;
  double weight = 1;
};
SystemHandle* system_edited(const SystemHandle& h, const EditIn& in) {
  return guarded([&]() -> SystemHandle* {
    using Kind = ringlab::systems::ServerEdit::Kind;
    ringlab::systems::ServerEdit e;
    if (in.kind == "add") e.kind = Kind::add;
    else if (in.kind == "remove") e.kind = Kind::remove;
    else if (in.kind == "down") e.kind = Kind::down;
    else if (in.kind == "up") e.kind = Kind::up;
    else if (in.kind == "weight") e.kind = Kind::weight;
    else throw std::logic_error("unknown edit");
    e.server = in.server;
    e.weight = ringlab::safe_integer(in.weight, "weight");
    return new SystemHandle{h.placement->edited(e), h.name, {}, {}, {}};
  });
}

// The options that gave the system its servers, written back as text in the form they were
// given in: { upstream: "upstream backend {\n..." }, { servers: "a=2,b", down: "b" }, ...
RINGLAB_ONCE val system_config(const SystemHandle& h) {
  return guarded([&] {
    val out = val::object();
    for (const ringlab::systems::ConfigText& c : h.placement->config()) out.set(c.option, c.text);
    return out;
  });
}

// The ring's tokens in ring order (Cassandra's; none for other systems): the tokens (64-bit) at
// valuesAddress(), their servers' indices at serversAddress(); their count returned.
double system_tokens(SystemHandle& h) {
  return guarded([&] {
    const std::vector<ringlab::systems::RingToken> ring = h.placement->tokens();
    h.values.resize(std::max<std::size_t>(ring.size(), 1));
    h.servers.resize(std::max<std::size_t>(ring.size(), 1));
    for (std::size_t i = 0; i < ring.size(); ++i) {
      h.values[i] = static_cast<std::uint64_t>(ring[i].token);
      h.servers[i] = ring[i].server;
    }
    return static_cast<double>(ring.size());
  });
}

double system_values_address(const SystemHandle& h) {
  return static_cast<double>(reinterpret_cast<std::uintptr_t>(h.values.data()));
}

// nginx's failover order for a key: server indices, -1 where the round-robin takes over.
val system_tries(const SystemHandle& h, const std::u16string& key) {
  return guarded([&] {
    val out = val::array();
    for (const std::int32_t i : h.placement->tries(utf8_arg(key, "key"))) out.call<void>("push", i);
    return out;
  });
}

}  // namespace

// The direct entry points: a JS string key written into the key scratch. -1 when the key has
// no UTF-8 (a lone surrogate) or the ring is empty: the wrapper then makes the embind call,
// which words the error.
extern "C" {
// range: 0 for phash2/1, else already in 1 .. 2^32.
EMSCRIPTEN_KEEPALIVE double ringlab_phash2_scratch(std::uint32_t len, double range) {
  const std::optional<std::uint32_t> full = ringlab::erlang::phash2_utf16(scratch_key(len));
  if (!full) return -1;
  return reduce(*full, static_cast<std::uint64_t>(range));
}
EMSCRIPTEN_KEEPALIVE std::int32_t ringlab_malachi_route_scratch(const MalachiRing* r, std::uint32_t len) {
  if (r->size() == 0) return -1;
  std::uint32_t at = 0;
  const std::uint32_t offsets[2] = {0, len};
  const std::u16string_view key = scratch_key(len);
  if (r->route_utf16_many(key, std::span<const std::uint32_t>(offsets, 2), std::span<std::uint32_t>(&at, 1)) != 1)
    return -1;
  return static_cast<std::int32_t>(at);
}
}

// In the order of web/lib/src/systems/module.ts's systemsDirectNames.
emscripten::val direct_functions() {
  return ringlab::wasm::table_places(&ringlab_phash2_scratch, &ringlab_malachi_route_scratch);
}

namespace {

// Every registration, run once as the module starts (see registrations.cpp).
RINGLAB_ONCE void register_all() {
  using emscripten::allow_raw_pointers;
  using emscripten::class_;
  using emscripten::function;
  using emscripten::value_object;

  register_abi();
  register_version_and_heap();
  value_object<TermOut>("RawTerm")
      .field("erlang", &TermOut::erlang)
      .field("elixir", &TermOut::elixir)
      .field("kind", &TermOut::kind)
      .field("tagged", &TermOut::tagged);
  value_object<BoundariesOut>("RawBoundaries").field("start", &BoundariesOut::start).field("end", &BoundariesOut::end);

  function("directFunctions", &direct_functions);

  function("parseTerm", &parse_term);
  function("describeTerm", &describe_term);
  function("termElements", &term_elements);
  function("phash2", &phash2);
  function("phash2Many", &phash2_many);

  class_<MalachiRing>("MalachiRing")
      .function("addVnode", &malachi_add)
      .function("removeVnode", &malachi_remove)
      .function("route", &malachi_route)
      .function("routeMany", &malachi_route_many)
      .function("position", &malachi_position)
      .function("boundaries", &malachi_boundaries)
      .function("sorted", &malachi_sorted)
      .function("vnodeIds", &malachi_vnode_ids)
      .function("size", &malachi_size)
      .function("bits", &malachi_bits)
      .function("address", &address_of<MalachiRing>)
      .function("clone", &malachi_clone, allow_raw_pointers());
  function("makeMalachiRing", &make_malachi_ring, allow_raw_pointers());

  register_system_options();
  value_object<ServerOut>("RawServer")
      .field("name", &ServerOut::name)
      .field("weight", &ServerOut::weight)
      .field("down", &ServerOut::down);
  function("systemNames", &system_names);
  class_<SystemHandle>("SystemHandle")
      .function("kind", &system_kind)
      .function("servers", &system_servers)
      .function("placeMany", &system_place_many)
      .function("placeBytes", &system_place_bytes)
      .function("serversAddress", &system_servers_address)
      .function("valuesAddress", &system_values_address)
      .function("diff", &system_diff)
      .function("diffBytes", &system_diff_bytes)
      .function("movedAddress", &system_moved_address)
      .function("why", &system_why)
      .function("tries", &system_tries)
      .function("edited", &system_edited, allow_raw_pointers())
      .function("config", &system_config)
      .function("tokens", &system_tokens);
  value_object<ReasonOut>("RawReason")
      .field("kind", &ReasonOut::kind)
      .field("server", &ReasonOut::server)
      .field("bits", &ReasonOut::bits);
  value_object<EditIn>("RawEdit")
      .field("kind", &EditIn::kind)
      .field("server", &EditIn::server)
      .field("weight", &EditIn::weight);
  function("makeSystem", &make_system, allow_raw_pointers());
}

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab_systems) { register_all(); }
