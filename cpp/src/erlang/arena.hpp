// How an Erlang term is stored (private to the library): every node of a term in one arena,
// children referred to by index. A term is a tree; no node is the child of two parents.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/erlang.hpp"

namespace ringlab::erlang::detail {

inline constexpr std::uint64_t kNoNode = ~std::uint64_t{0};

// A value's bits (std::bit_cast is missing from Emscripten 3.1.6's libc++).
template <typename To, typename From>
[[nodiscard]] inline To bits_of(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

struct Node {
  TermKind kind = TermKind::nil;
  bool negative = false;    // integers
  std::uint32_t depth = 0;  // see Term::depth
  // integer:   a = offset of the magnitude's limbs in words, b = their count (0 for zero)
  // floating:  a = the double's bits
  // atom:      a = offset of the UTF-8 name in bytes, b = its length in bytes
  // bitstring: a = offset in bytes, b = length in bits
  // tuple:     a = offset of the element indices in words, b = arity
  // list:      a = offset of the element indices in words, b = their count (>= 1), c = the
  //            tail's index. A tail that is itself a list node continues the same list: a list
  //            read as [x | T] with T a list is stored as a chain, never copied.
  // map:       a = offset of key, value, key, value ... indices in words, in key order, b = pairs
  std::uint64_t a = 0, b = 0, c = 0;
};

struct Arena {
  std::vector<Node> nodes;
  std::vector<std::uint64_t> words;
  std::string bytes;

  [[nodiscard]] const Node& at(std::uint64_t i) const { return nodes[static_cast<std::size_t>(i)]; }
  [[nodiscard]] std::uint64_t word(std::uint64_t i) const { return words[static_cast<std::size_t>(i)]; }
  [[nodiscard]] std::string_view text(std::uint64_t offset, std::uint64_t length) const {
    return std::string_view(bytes).substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(length));
  }
  // Children in order: a tuple's elements; a list node's elements then its tail; a map's keys
  // and values alternating.
  [[nodiscard]] std::uint64_t child_count(std::uint64_t i) const {
    const Node& n = at(i);
    switch (n.kind) {
      case TermKind::tuple: return n.b;
      case TermKind::list: return n.b + 1;
      case TermKind::map: return 2 * n.b;
      default: return 0;
    }
  }
  [[nodiscard]] std::uint64_t child(std::uint64_t i, std::uint64_t k) const {
    const Node& n = at(i);
    if (n.kind == TermKind::list && k == n.b) return n.c;
    return word(n.a + k);
  }
};

// Reading a list across its chain: the elements one by one, then the tail.
struct ListCursor {
  const Arena* arena = nullptr;
  std::uint64_t node = kNoNode;  // the current list node, or kNoNode once the tail is reached
  std::uint64_t pos = 0;         // the next element within it
  std::uint64_t tail = kNoNode;  // the tail, once reached

  ListCursor() = default;
  ListCursor(const Arena& a, std::uint64_t list_node) : arena(&a), node(list_node) {}
  [[nodiscard]] bool at_tail() const { return node == kNoNode; }
  // The next element and a step past it (precondition: !at_tail()).
  std::uint64_t next() {
    const Node& n = arena->at(node);
    const std::uint64_t e = arena->word(n.a + pos);
    if (++pos == n.b) {
      pos = 0;
      if (arena->at(n.c).kind == TermKind::list) {
        node = n.c;
      } else {
        tail = n.c;
        node = kNoNode;
      }
    }
    return e;
  }
};

// The checked text of atoms: nullptr when `utf8` is a valid atom name, else the rule it breaks
// (its value is kMaxAtomCharacters) and whether the rule is a limit.
struct AtomProblem {
  const ErrorRule* rule = nullptr;
  bool limit = false;
};
[[nodiscard]] AtomProblem check_atom_name(std::string_view utf8) noexcept;

// Characters Elixir (1.14) will not take as themselves inside quotes, only as \u escapes.
// The bidirectional formatting characters: its tokenizer refuses them in strings, atoms and
// comments.
[[nodiscard]] constexpr bool elixir_bidi(std::uint32_t cp) noexcept {
  return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}
// Unicode's Prepend characters (Grapheme_Cluster_Break=Prepend, as OTP 25's unicode_util has
// them): Elixir reads quoted text by grapheme clusters, and a Prepend character joins whatever
// follows it, so a closing quote or a backslash right after one is swallowed.
[[nodiscard]] constexpr bool grapheme_prepend(std::uint32_t cp) noexcept {
  return (cp >= 0x600 && cp <= 0x605) || cp == 0x6DD || cp == 0x70F || cp == 0x890 || cp == 0x891 || cp == 0x8E2 ||
         cp == 0xD4E || cp == 0x110BD || cp == 0x110CD || cp == 0x111C2 || cp == 0x111C3 || cp == 0x1193F ||
         cp == 0x11941 || cp == 0x11A3A || (cp >= 0x11A84 && cp <= 0x11A89) || cp == 0x11D46;
}
// Elixir's tokenizer limits a quoted atom (:"..." or "...": ) to 255 bytes of UTF-8, where
// the VM allows 255 characters.
inline constexpr std::size_t kMaxElixirQuotedAtomBytes = 255;

// Appends nodes to an arena. Every function returns the new node's index. Depths beyond
// kMaxTermDepth throw Error(limit_exceeded).
class Builder {
 public:
  explicit Builder(Arena& arena) : arena_(arena) {}

  std::uint64_t integer(bool negative, std::span<const std::uint64_t> magnitude);
  std::uint64_t small_integer(std::int64_t value);
  std::uint64_t floating(double value);
  std::uint64_t atom(std::string_view utf8);  // already checked
  std::uint64_t bits(std::string_view bytes, std::uint64_t bit_length);
  std::uint64_t nil();
  std::uint64_t tuple(std::span<const std::uint64_t> elements);
  // No elements: the tail itself.
  std::uint64_t list(std::span<const std::uint64_t> elements, std::uint64_t tail);
  // key, value, key, value ...: sorted by key, a later equal key replacing an earlier one.
  std::uint64_t map(std::span<const std::uint64_t> keys_and_values);
  // A copy of the tree at `root` of another arena.
  std::uint64_t import(const Arena& from, std::uint64_t root);

 private:
  std::uint64_t push(const Node& n);
  std::uint32_t depth_above(std::span<const std::uint64_t> children) const;

  Arena& arena_;
};

// Term order (the order of map keys: integers before floats): <0, 0, >0.
[[nodiscard]] int compare(const Arena& a, std::uint64_t ia, const Arena& b, std::uint64_t ib);

// Big integers (magnitudes as 64-bit limbs, least significant first, no leading zero limbs).
std::vector<std::uint64_t> magnitude_from_digits(std::string_view digits, unsigned base);  // digits only, base 2..36
std::string magnitude_to_decimal(std::span<const std::uint64_t> magnitude);
std::uint64_t magnitude_bits(std::span<const std::uint64_t> magnitude) noexcept;

}  // namespace ringlab::erlang::detail
