// Erlang terms: building them, reading them back, equality and order.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <numeric>
#include <string>

#include "arena.hpp"
#include "core/utf8.hpp"
#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"

namespace ringlab::erlang {

__extension__ using u128 = unsigned __int128;

namespace detail {

// ---------------------------------------------------------------------------------------------
// Atom names

AtomProblem check_atom_name(std::string_view s) noexcept {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < s.size();) {
    const utf8::Decoded d = utf8::decode(s, i);
    if (d.len == 0) return {&rule::atomUtf8, false};
    if (utf8::is_surrogate(d.cp)) return {&rule::atomSurrogate, false};
    i += d.len;
    ++chars;
  }
  if (chars > kMaxAtomCharacters) return {&rule::atomTooLong, true};
  return {};
}

// ---------------------------------------------------------------------------------------------
// Big integers

std::uint64_t magnitude_bits(std::span<const std::uint64_t> m) noexcept {
  if (m.empty()) return 0;
  return 64 * (m.size() - 1) + static_cast<std::uint64_t>(std::bit_width(m.back()));
}

namespace {

void mul_add(std::vector<std::uint64_t>& m, std::uint64_t mul, std::uint64_t add) {
  u128 carry = add;
  for (std::uint64_t& limb : m) {
    const u128 v = static_cast<u128>(limb) * mul + carry;
    limb = static_cast<std::uint64_t>(v);
    carry = v >> 64;
  }
  if (carry != 0) m.push_back(static_cast<std::uint64_t>(carry));
}

// m /= d, returning the remainder.
std::uint64_t div_small(std::vector<std::uint64_t>& m, std::uint64_t d) {
  u128 rem = 0;
  for (std::size_t i = m.size(); i-- > 0;) {
    const u128 cur = (rem << 64) | m[i];
    m[i] = static_cast<std::uint64_t>(cur / d);
    rem = cur % d;
  }
  while (!m.empty() && m.back() == 0) m.pop_back();
  return static_cast<std::uint64_t>(rem);
}

unsigned digit_value(char c) {
  if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
  if (c >= 'a' && c <= 'z') return static_cast<unsigned>(c - 'a' + 10);
  if (c >= 'A' && c <= 'Z') return static_cast<unsigned>(c - 'A' + 10);
  return 99;
}

}  // namespace

std::vector<std::uint64_t> magnitude_from_digits(std::string_view digits, unsigned base) {
  std::vector<std::uint64_t> m;
  // Digits are taken in chunks whose value fits a limb: one multiply-add per chunk.
  std::uint64_t chunk = 0, scale = 1;
  for (char c : digits) {
    chunk = chunk * base + digit_value(c);
    scale *= base;
    if (scale > (~std::uint64_t{0}) / 36 / 36) {
      mul_add(m, scale, chunk);
      chunk = 0;
      scale = 1;
    }
  }
  if (scale > 1) mul_add(m, scale, chunk);
  while (!m.empty() && m.back() == 0) m.pop_back();
  return m;
}

std::string magnitude_to_decimal(std::span<const std::uint64_t> magnitude) {
  if (magnitude.empty()) return "0";
  std::vector<std::uint64_t> m(magnitude.begin(), magnitude.end());
  constexpr std::uint64_t kTen19 = 10'000'000'000'000'000'000ull;
  std::vector<std::uint64_t> groups;  // base 10^19, least significant first
  while (!m.empty()) groups.push_back(div_small(m, kTen19));
  std::string out = std::to_string(groups.back());
  for (std::size_t i = groups.size() - 1; i-- > 0;) {
    const std::string g = std::to_string(groups[i]);
    out.append(19 - g.size(), '0');
    out += g;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Building

namespace {

[[noreturn]] void too_deep() { throw Error(ErrorCode::limit_exceeded, rule::termDepth, "", {kMaxTermDepth}); }

}  // namespace

std::uint64_t Builder::push(const Node& n) {
  arena_.nodes.push_back(n);
  return arena_.nodes.size() - 1;
}

std::uint32_t Builder::depth_above(std::span<const std::uint64_t> children) const {
  std::uint32_t d = 0;
  for (std::uint64_t c : children) d = std::max(d, arena_.at(c).depth);
  if (d + std::size_t{1} > kMaxTermDepth) too_deep();
  return d + 1;
}

std::uint64_t Builder::integer(bool negative, std::span<const std::uint64_t> magnitude) {
  std::size_t n = magnitude.size();
  while (n > 0 && magnitude[n - 1] == 0) --n;
  magnitude = magnitude.first(n);
  if (magnitude_bits(magnitude) > kMaxIntegerBits)
    throw Error(ErrorCode::limit_exceeded, rule::integerBits, "", {kMaxIntegerBits});
  Node node;
  node.kind = TermKind::integer;
  node.negative = negative && n > 0;
  node.a = arena_.words.size();
  node.b = n;
  arena_.words.insert(arena_.words.end(), magnitude.begin(), magnitude.end());
  return push(node);
}

std::uint64_t Builder::small_integer(std::int64_t value) {
  const std::uint64_t mag = value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  return integer(value < 0, std::span<const std::uint64_t>(&mag, 1));
}

std::uint64_t Builder::floating(double value) {
  Node node;
  node.kind = TermKind::floating;
  node.a = bits_of<std::uint64_t>(value);
  return push(node);
}

std::uint64_t Builder::atom(std::string_view utf8) {
  Node node;
  node.kind = TermKind::atom;
  node.a = arena_.bytes.size();
  node.b = utf8.size();
  arena_.bytes += utf8;
  return push(node);
}

std::uint64_t Builder::bits(std::string_view bytes, std::uint64_t bit_length) {
  if (bit_length > kMaxBitstringBits)
    throw Error(ErrorCode::limit_exceeded, rule::bitstringBits, "", {kMaxBitstringBits});
  Node node;
  node.kind = TermKind::bitstring;
  node.a = arena_.bytes.size();
  node.b = bit_length;
  arena_.bytes += bytes;
  // Bits past the end are zero, so equal bitstrings have equal bytes.
  if (bit_length % 8 != 0) {
    auto& last = arena_.bytes.back();
    last = static_cast<char>(static_cast<unsigned char>(last) & (0xFF00u >> (bit_length % 8)));
  }
  return push(node);
}

std::uint64_t Builder::nil() {
  Node node;
  node.kind = TermKind::nil;
  return push(node);
}

std::uint64_t Builder::tuple(std::span<const std::uint64_t> elements) {
  Node node;
  node.kind = TermKind::tuple;
  node.depth = depth_above(elements);
  node.a = arena_.words.size();
  node.b = elements.size();
  arena_.words.insert(arena_.words.end(), elements.begin(), elements.end());
  return push(node);
}

std::uint64_t Builder::list(std::span<const std::uint64_t> elements, std::uint64_t tail) {
  if (elements.empty()) return tail;
  Node node;
  node.kind = TermKind::list;
  node.depth = depth_above(elements);
  const Node& t = arena_.at(tail);
  // A list tail continues this list, at the same level; any other tail is one level down.
  const std::uint32_t tail_depth = t.kind == TermKind::list ? t.depth : t.depth + 1;
  if (tail_depth > kMaxTermDepth) too_deep();
  node.depth = std::max(node.depth, tail_depth);
  node.a = arena_.words.size();
  node.b = elements.size();
  node.c = tail;
  arena_.words.insert(arena_.words.end(), elements.begin(), elements.end());
  return push(node);
}

std::uint64_t Builder::map(std::span<const std::uint64_t> kv) {
  const std::size_t n = kv.size() / 2;
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return compare(arena_, kv[2 * x], arena_, kv[2 * y]) < 0; });
  std::vector<std::uint64_t> kept;
  kept.reserve(kv.size());
  for (std::size_t i = 0; i < n; ++i) {
    // Of a run of equal keys the stable sort left the last one given last: that one stays.
    if (i + 1 < n && compare(arena_, kv[2 * order[i]], arena_, kv[2 * order[i + 1]]) == 0) continue;
    kept.push_back(kv[2 * order[i]]);
    kept.push_back(kv[2 * order[i] + 1]);
  }
  Node node;
  node.kind = TermKind::map;
  node.depth = depth_above(kept);
  node.a = arena_.words.size();
  node.b = kept.size() / 2;
  arena_.words.insert(arena_.words.end(), kept.begin(), kept.end());
  return push(node);
}

std::uint64_t Builder::import(const Arena& from, std::uint64_t root) {
  // Post-order: a node is copied once its children are, their new indices collected on `done`.
  struct Frame {
    std::uint64_t node;
    std::uint64_t next;  // the next child to copy
  };
  std::vector<Frame> stack{{root, 0}};
  std::vector<std::uint64_t> done;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const std::uint64_t children = from.child_count(f.node);
    if (f.next < children) {
      const std::uint64_t c = from.child(f.node, f.next++);
      stack.push_back({c, 0});
      continue;
    }
    const Node& n = from.at(f.node);
    Node copy = n;
    switch (n.kind) {
      case TermKind::integer:
        copy.a = arena_.words.size();
        arena_.words.insert(arena_.words.end(), from.words.begin() + static_cast<std::ptrdiff_t>(n.a),
                            from.words.begin() + static_cast<std::ptrdiff_t>(n.a + n.b));
        break;
      case TermKind::atom:
        copy.a = arena_.bytes.size();
        arena_.bytes += from.text(n.a, n.b);
        break;
      case TermKind::bitstring:
        copy.a = arena_.bytes.size();
        arena_.bytes += from.text(n.a, (n.b + 7) / 8);
        break;
      case TermKind::tuple:
      case TermKind::map:
      case TermKind::list: {
        const std::size_t first = done.size() - static_cast<std::size_t>(children);
        copy.a = arena_.words.size();
        if (n.kind == TermKind::list) {
          arena_.words.insert(arena_.words.end(), done.begin() + static_cast<std::ptrdiff_t>(first), done.end() - 1);
          copy.c = done.back();
        } else {
          arena_.words.insert(arena_.words.end(), done.begin() + static_cast<std::ptrdiff_t>(first), done.end());
        }
        done.resize(first);
        break;
      }
      case TermKind::floating:
      case TermKind::nil: break;
    }
    done.push_back(push(copy));
    stack.pop_back();
  }
  return done.back();
}

// ---------------------------------------------------------------------------------------------
// Order

namespace {

int rank(TermKind k) {
  switch (k) {
    case TermKind::integer:
    case TermKind::floating: return 0;
    case TermKind::atom: return 1;
    case TermKind::tuple: return 2;
    case TermKind::map: return 3;
    case TermKind::nil: return 4;
    case TermKind::list: return 5;
    case TermKind::bitstring: return 6;
  }
  return 7;
}

int sign(std::int64_t v) { return (v > 0) - (v < 0); }

int compare_magnitudes(const Arena& A, const Node& x, const Arena& B, const Node& y) {
  if (x.b != y.b) return x.b < y.b ? -1 : 1;
  for (std::uint64_t i = x.b; i-- > 0;) {
    const std::uint64_t p = A.word(x.a + i), q = B.word(y.a + i);
    if (p != q) return p < q ? -1 : 1;
  }
  return 0;
}

// Bit by bit over the common length, then the shorter first.
int compare_bits(const Arena& A, const Node& x, const Arena& B, const Node& y) {
  const std::uint64_t common = std::min(x.b, y.b);
  const std::string_view p = A.text(x.a, (x.b + 7) / 8), q = B.text(y.a, (y.b + 7) / 8);
  const std::size_t whole = static_cast<std::size_t>(common / 8);
  if (const int c = std::memcmp(p.data(), q.data(), whole); c != 0) return c < 0 ? -1 : 1;
  if (const unsigned rest = static_cast<unsigned>(common % 8); rest != 0) {
    const unsigned pb = static_cast<unsigned char>(p[whole]) >> (8 - rest);
    const unsigned qb = static_cast<unsigned char>(q[whole]) >> (8 - rest);
    if (pb != qb) return pb < qb ? -1 : 1;
  }
  return x.b == y.b ? 0 : (x.b < y.b ? -1 : 1);
}

}  // namespace

int compare(const Arena& A, std::uint64_t ia, const Arena& B, std::uint64_t ib) {
  struct Frame {
    bool lists;
    std::uint64_t a, b;  // two terms to compare
    ListCursor ca, cb;   // or two lists' remaining elements
  };
  std::vector<Frame> stack;
  stack.push_back({false, ia, ib, {}, {}});
  while (!stack.empty()) {
    if (stack.back().lists) {
      Frame& f = stack.back();
      const bool more_a = !f.ca.at_tail(), more_b = !f.cb.at_tail();
      if (more_a && more_b) {
        const std::uint64_t x = f.ca.next(), y = f.cb.next();
        stack.push_back({false, x, y, {}, {}});
      } else if (!more_a && !more_b) {
        const std::uint64_t x = f.ca.tail, y = f.cb.tail;
        stack.pop_back();
        stack.push_back({false, x, y, {}, {}});
      } else if (more_a) {
        // A still has a cons cell where B has its tail, which is not a list.
        return sign(rank(TermKind::list) - rank(B.at(f.cb.tail).kind));
      } else {
        return sign(rank(A.at(f.ca.tail).kind) - rank(TermKind::list));
      }
      continue;
    }
    const std::uint64_t xa = stack.back().a, yb = stack.back().b;
    stack.pop_back();
    const Node& x = A.at(xa);
    const Node& y = B.at(yb);
    if (const int r = rank(x.kind) - rank(y.kind); r != 0) return sign(r);
    if (x.kind != y.kind) return x.kind == TermKind::integer ? -1 : 1;  // integers before floats
    switch (x.kind) {
      case TermKind::integer: {
        if (x.negative != y.negative) return x.negative ? -1 : 1;
        const int m = compare_magnitudes(A, x, B, y);
        if (m != 0) return x.negative ? -m : m;
        break;
      }
      case TermKind::floating: {
        const double p = bits_of<double>(x.a), q = bits_of<double>(y.a);
        if (p != q) return p < q ? -1 : 1;
        break;
      }
      case TermKind::atom: {
        const int c = A.text(x.a, x.b).compare(B.text(y.a, y.b));
        if (c != 0) return c < 0 ? -1 : 1;
        break;
      }
      case TermKind::bitstring: {
        const int c = compare_bits(A, x, B, y);
        if (c != 0) return c;
        break;
      }
      case TermKind::nil: break;
      case TermKind::tuple:
        if (x.b != y.b) return x.b < y.b ? -1 : 1;
        for (std::uint64_t i = x.b; i-- > 0;) stack.push_back({false, A.word(x.a + i), B.word(y.a + i), {}, {}});
        break;
      case TermKind::map:
        // Sizes, then the keys in order, then the values in key order.
        if (x.b != y.b) return x.b < y.b ? -1 : 1;
        for (std::uint64_t i = x.b; i-- > 0;)
          stack.push_back({false, A.word(x.a + 2 * i + 1), B.word(y.a + 2 * i + 1), {}, {}});
        for (std::uint64_t i = x.b; i-- > 0;)
          stack.push_back({false, A.word(x.a + 2 * i), B.word(y.a + 2 * i), {}, {}});
        break;
      case TermKind::list: stack.push_back({true, 0, 0, ListCursor(A, xa), ListCursor(B, yb)}); break;
    }
  }
  return 0;
}

}  // namespace detail

// ---------------------------------------------------------------------------------------------
// Term

using detail::Arena;
using detail::Builder;
using detail::Node;

namespace {

// A new arena holding one term built by `build`.
template <typename F>
Term make(F&& build) {
  auto arena = std::make_shared<Arena>();
  Builder b(*arena);
  const std::uint64_t root = build(b);
  return Term(std::move(arena), root);
}

const std::shared_ptr<const Arena>& nil_arena() {
  static const std::shared_ptr<const Arena> arena = [] {
    auto a = std::make_shared<Arena>();
    Builder(*a).nil();
    return std::shared_ptr<const Arena>(std::move(a));
  }();
  return arena;
}

}  // namespace

Term::Term() : arena_(nil_arena()), index_(0) {}

Term Term::integer(std::int64_t value) {
  return make([&](Builder& b) { return b.small_integer(value); });
}

Term Term::integer(bool negative, std::span<const std::uint64_t> magnitude) {
  return make([&](Builder& b) { return b.integer(negative, magnitude); });
}

Term Term::floating(double value) {
  if (!std::isfinite(value)) throw Error(ErrorCode::invalid_argument, rule::floatFinite, "", {value});
  return make([&](Builder& b) { return b.floating(value); });
}

Term Term::atom(std::string_view utf8_name) {
  const detail::AtomProblem p = detail::check_atom_name(utf8_name);
  if (p.rule != nullptr)
    throw Error(p.limit ? ErrorCode::limit_exceeded : ErrorCode::invalid_argument, *p.rule, "", {kMaxAtomCharacters});
  return make([&](Builder& b) { return b.atom(utf8_name); });
}

Term Term::binary(std::string_view bytes) {
  return make([&](Builder& b) { return b.bits(bytes, static_cast<std::uint64_t>(bytes.size()) * 8); });
}

Term Term::bitstring(std::string_view bytes, std::uint64_t bits) {
  if (bits <= kMaxBitstringBits && bytes.size() != (bits + 7) / 8)
    throw Error(ErrorCode::invalid_argument, rule::bitstringBytes, "", {bits, (bits + 7) / 8, bytes.size()});
  return make([&](Builder& b) { return b.bits(bytes, bits); });
}

Term Term::list(std::span<const Term> elements, const Term& tail) {
  if (elements.empty()) return tail;
  return make([&](Builder& b) {
    std::vector<std::uint64_t> idx;
    idx.reserve(elements.size());
    for (const Term& e : elements) idx.push_back(b.import(e.arena(), e.index()));
    const std::uint64_t t = b.import(tail.arena(), tail.index());
    return b.list(idx, t);
  });
}

Term Term::char_list(std::span<const std::uint32_t> values) {
  if (values.empty()) return Term();
  return make([&](Builder& b) {
    std::vector<std::uint64_t> idx;
    idx.reserve(values.size());
    for (const std::uint32_t v : values) idx.push_back(b.small_integer(v));
    return b.list(idx, b.nil());
  });
}

Term Term::tuple(std::span<const Term> elements) {
  return make([&](Builder& b) {
    std::vector<std::uint64_t> idx;
    idx.reserve(elements.size());
    for (const Term& e : elements) idx.push_back(b.import(e.arena(), e.index()));
    return b.tuple(idx);
  });
}

Term Term::map(std::span<const std::pair<Term, Term>> pairs) {
  return make([&](Builder& b) {
    std::vector<std::uint64_t> idx;
    idx.reserve(2 * pairs.size());
    for (const auto& [k, v] : pairs) {
      idx.push_back(b.import(k.arena(), k.index()));
      idx.push_back(b.import(v.arena(), v.index()));
    }
    return b.map(idx);
  });
}

TermKind Term::kind() const noexcept { return arena_->at(index_).kind; }

bool Term::is_binary() const noexcept {
  const Node& n = arena_->at(index_);
  return n.kind == TermKind::bitstring && n.b % 8 == 0;
}

bool Term::negative() const noexcept {
  const Node& n = arena_->at(index_);
  return n.kind == TermKind::integer && n.negative;
}

std::vector<std::uint64_t> Term::magnitude() const {
  const Node& n = arena_->at(index_);
  if (n.kind != TermKind::integer) return {};
  return {arena_->words.begin() + static_cast<std::ptrdiff_t>(n.a),
          arena_->words.begin() + static_cast<std::ptrdiff_t>(n.a + n.b)};
}

std::optional<std::int64_t> Term::to_int64() const noexcept {
  const Node& n = arena_->at(index_);
  if (n.kind != TermKind::integer || n.b > 1) return std::nullopt;
  const std::uint64_t m = n.b == 0 ? 0 : arena_->word(n.a);
  if (n.negative) {
    if (m > (std::uint64_t{1} << 63)) return std::nullopt;
    return static_cast<std::int64_t>(0 - m);
  }
  if (m >= (std::uint64_t{1} << 63)) return std::nullopt;
  return static_cast<std::int64_t>(m);
}

double Term::to_double() const noexcept {
  const Node& n = arena_->at(index_);
  return n.kind == TermKind::floating ? detail::bits_of<double>(n.a) : 0.0;
}

std::string_view Term::atom_name() const noexcept {
  const Node& n = arena_->at(index_);
  return n.kind == TermKind::atom ? arena_->text(n.a, n.b) : std::string_view();
}

std::string_view Term::bytes() const noexcept {
  const Node& n = arena_->at(index_);
  return n.kind == TermKind::bitstring ? arena_->text(n.a, (n.b + 7) / 8) : std::string_view();
}

std::uint64_t Term::bit_size() const noexcept {
  const Node& n = arena_->at(index_);
  return n.kind == TermKind::bitstring ? n.b : 0;
}

std::vector<Term> Term::elements() const {
  std::vector<Term> out;
  const Node& n = arena_->at(index_);
  if (n.kind == TermKind::tuple) {
    for (std::uint64_t i = 0; i < n.b; ++i) out.emplace_back(arena_, arena_->word(n.a + i));
  } else if (n.kind == TermKind::list) {
    detail::ListCursor c(*arena_, index_);
    while (!c.at_tail()) out.emplace_back(arena_, c.next());
  }
  return out;
}

Term Term::tail() const {
  if (kind() != TermKind::list) return Term();
  detail::ListCursor c(*arena_, index_);
  while (!c.at_tail()) c.next();
  return Term(arena_, c.tail);
}

std::vector<std::pair<Term, Term>> Term::pairs() const {
  std::vector<std::pair<Term, Term>> out;
  const Node& n = arena_->at(index_);
  if (n.kind != TermKind::map) return out;
  for (std::uint64_t i = 0; i < n.b; ++i)
    out.emplace_back(Term(arena_, arena_->word(n.a + 2 * i)), Term(arena_, arena_->word(n.a + 2 * i + 1)));
  return out;
}

std::size_t Term::size() const noexcept {
  const Node& n = arena_->at(index_);
  switch (n.kind) {
    case TermKind::tuple:
    case TermKind::map: return static_cast<std::size_t>(n.b);
    case TermKind::list: {
      std::size_t count = 0;
      std::uint64_t i = index_;
      while (arena_->at(i).kind == TermKind::list) {
        count += static_cast<std::size_t>(arena_->at(i).b);
        i = arena_->at(i).c;
      }
      return count;
    }
    default: return 0;
  }
}

std::size_t Term::depth() const noexcept { return arena_->at(index_).depth; }

bool operator==(const Term& a, const Term& b) { return detail::compare(*a.arena_, a.index_, *b.arena_, b.index_) == 0; }

std::weak_ordering operator<=>(const Term& a, const Term& b) {
  const int c = detail::compare(*a.arena_, a.index_, *b.arena_, b.index_);
  return c < 0 ? std::weak_ordering::less : c > 0 ? std::weak_ordering::greater : std::weak_ordering::equivalent;
}

}  // namespace ringlab::erlang
