// :erlang.phash2/1,2 as OTP 25 computes it (make_hash2 in erts/emulator/beam), on 64-bit
// builds: Bob Jenkins' lookup2 mix over 32-bit words, a running value threaded through the
// term in a fixed order. Each branch below says what OTP does for that kind of term; the
// vectors in tests/golden/erlang/ were made by erl.
#include <bit>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "arena.hpp"
#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"

namespace ringlab::erlang {
namespace {

using detail::Arena;
using detail::Node;

// k * 0x9e3779b9 mod 2^32 (the golden ratio's multiples), one constant per kind of term.
constexpr std::uint32_t kHConst = 0x9e3779b9u;
constexpr std::uint32_t hconst(std::uint32_t k) { return kHConst * k; }
constexpr std::uint32_t kNilAlone = 3468870702u;  // [] hashed first, before anything else
constexpr std::uint32_t kNilTag = 2;              // [] mixed in after something else

// clang-format off
inline void mix(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c) {
  a -= b; a -= c; a ^= c >> 13;
  b -= c; b -= a; b ^= a << 8;
  c -= a; c -= b; c ^= b >> 13;
  a -= b; a -= c; a ^= c >> 12;
  b -= c; b -= a; b ^= a << 16;
  c -= a; c -= b; c ^= b >> 5;
  a -= b; a -= c; a ^= c >> 3;
  b -= c; b -= a; b ^= a << 10;
  c -= a; c -= b; c ^= b >> 15;
}
// clang-format on

// Two words into the running hash.
inline void hash2(std::uint32_t& h, std::uint32_t x, std::uint32_t y, std::uint32_t k) {
  std::uint32_t a = k + x, b = k + y;
  mix(a, b, h);
}

inline std::uint32_t le32(const unsigned char* p) {
  return p[0] | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) | (std::uint32_t{p[3]} << 24);
}

// lookup2 over whole bytes, the running hash offset by HCONST_13 as its initial value. OTP
// adds the length truncated to 32 bits; bitstrings here are far shorter than 4 GiB.
std::uint32_t block_hash(const unsigned char* k, std::size_t len, std::uint32_t initval) {
  std::uint32_t a = kHConst, b = kHConst, c = initval;
  std::size_t left = len;
  for (; left >= 12; left -= 12, k += 12) {
    a += le32(k);
    b += le32(k + 4);
    c += le32(k + 8);
    mix(a, b, c);
  }
  c += static_cast<std::uint32_t>(len);
  // The first byte of c is the length's: the last bytes fill from its second byte up.
  switch (left) {
    case 11: c += std::uint32_t{k[10]} << 24; [[fallthrough]];
    case 10: c += std::uint32_t{k[9]} << 16; [[fallthrough]];
    case 9: c += std::uint32_t{k[8]} << 8; [[fallthrough]];
    case 8: b += std::uint32_t{k[7]} << 24; [[fallthrough]];
    case 7: b += std::uint32_t{k[6]} << 16; [[fallthrough]];
    case 6: b += std::uint32_t{k[5]} << 8; [[fallthrough]];
    case 5: b += k[4]; [[fallthrough]];
    case 4: a += std::uint32_t{k[3]} << 24; [[fallthrough]];
    case 3: a += std::uint32_t{k[2]} << 16; [[fallthrough]];
    case 2: a += std::uint32_t{k[1]} << 8; [[fallthrough]];
    case 1: a += k[0]; break;
    default: break;
  }
  mix(a, b, c);
  return c;
}

// A bitstring into the running hash.
void hash_bits(std::uint32_t& h, std::string_view bytes, std::uint64_t bits) {
  const std::uint32_t initval = hconst(13) + h;
  if (bits == 0) {
    h = initval;
    return;
  }
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto whole = static_cast<std::size_t>(bits / 8);
  h = block_hash(p, whole, initval);
  if (const auto rest = static_cast<std::uint32_t>(bits % 8); rest != 0)
    hash2(h, rest, std::uint32_t{p[whole]} >> (8 - rest), hconst(15));
}

// An integer: values in [-2^27, 2^27) as a signed 32-bit word (negative ones mixed twice, as
// OTP does); the rest by their 64-bit digits, least significant first, each as two words.
void hash_integer(std::uint32_t& h, const Arena& arena, const Node& n) {
  const std::uint64_t low = n.b == 0 ? 0 : arena.word(n.a);
  if (n.b <= 1 && low < (std::uint64_t{1} << 27) + (n.negative ? 1 : 0)) {
    const auto y =
        static_cast<std::int32_t>(n.negative ? -static_cast<std::int64_t>(low) : static_cast<std::int64_t>(low));
    if (y < 0) hash2(h, static_cast<std::uint32_t>(-y), 0, kHConst);
    hash2(h, static_cast<std::uint32_t>(y), 0, kHConst);
    return;
  }
  const std::uint32_t k = n.negative ? hconst(10) : hconst(11);
  for (std::uint64_t i = 0; i < n.b; ++i) {
    const std::uint64_t d = arena.word(n.a + i);
    hash2(h, static_cast<std::uint32_t>(d), static_cast<std::uint32_t>(d >> 32), k);
  }
}

// The high word first: OTP mixes the double as it lies in memory, in big-endian word order.
void hash_float(std::uint32_t& h, double v) {
  const std::uint64_t bits = v == 0.0 ? 0 : detail::bits_of<std::uint64_t>(v);  // -0.0 as 0.0
  hash2(h, static_cast<std::uint32_t>(bits >> 32), static_cast<std::uint32_t>(bits), hconst(12));
}

// A term without elements into the running hash; false for containers.
bool hash_leaf(std::uint32_t& h, const Arena& arena, const Node& n) {
  switch (n.kind) {
    case TermKind::integer: hash_integer(h, arena, n); return true;
    case TermKind::floating: hash_float(h, detail::bits_of<double>(n.a)); return true;
    case TermKind::atom: {
      const std::uint32_t v = atom_hash(arena.text(n.a, n.b));
      if (h == 0) h = v;
      else hash2(h, v, 0, hconst(3));
      return true;
    }
    case TermKind::nil:
      if (h == 0) h = kNilAlone;
      else hash2(h, kNilTag, 0, hconst(2));
      return true;
    case TermKind::bitstring: hash_bits(h, arena.text(n.a, (n.b + 7) / 8), n.b); return true;
    default: return false;
  }
}

std::uint32_t hash_term(const Arena& arena, std::uint64_t root) {
  std::uint32_t h = 0;
  // Keys are mostly binaries, atoms and integers: no stack for them.
  if (hash_leaf(h, arena, arena.at(root))) return h;

  // What remains to do, innermost last. A map saves the running hash and its caller's XOR of
  // pairs, hashes each pair from zero, and mixes the XOR of the pairs' hashes into the saved
  // hash: the order of the pairs cannot matter.
  enum class Op : std::uint8_t { term, tuple_rest, list_rest, map_pair, map_value, map_done };
  struct Frame {
    Op op;
    std::uint64_t node;                  // term: the term; tuple_rest, map_*: the container
    std::uint64_t next = 0;              // the next element or pair
    detail::ListCursor cursor{};         // list_rest
    std::uint32_t saved_hash = 0;        // map_done
    std::uint32_t saved_xor = 0;         // map_done
    std::uint32_t run = 0, run_len = 0;  // list_rest: bytes gathered four at a time
  };
  std::uint32_t xor_pairs = 0;
  std::vector<Frame> stack;
  stack.push_back({Op::term, root});

  while (!stack.empty()) {
    Frame& f = stack.back();
    switch (f.op) {
      case Op::term: {
        const Node& n = arena.at(f.node);
        const std::uint64_t node = f.node;
        stack.pop_back();
        if (hash_leaf(h, arena, n)) break;
        switch (n.kind) {
          case TermKind::tuple:
            hash2(h, static_cast<std::uint32_t>(n.b), 0, hconst(9));
            if (n.b > 0) stack.push_back({Op::tuple_rest, node});
            break;
          case TermKind::map:
            hash2(h, static_cast<std::uint32_t>(n.b), 0, hconst(16));
            if (n.b > 0) {
              Frame m{Op::map_pair, node};
              m.saved_hash = h;
              m.saved_xor = xor_pairs;
              stack.push_back(m);
              h = 0;
              xor_pairs = 0;
            }
            break;
          case TermKind::list: {
            Frame l{Op::list_rest, node};
            l.cursor = detail::ListCursor(arena, node);
            stack.push_back(l);
            break;
          }
          default: break;
        }
        break;
      }
      case Op::tuple_rest: {
        const Node& n = arena.at(f.node);
        const std::uint64_t e = arena.word(n.a + f.next);
        if (++f.next == n.b) stack.pop_back();
        stack.push_back({Op::term, e});
        break;
      }
      case Op::list_rest: {
        // Runs of small integers 0..255 go in four to a word (the first one highest); anything
        // else, or the end of the list, closes a part-filled word first.
        std::uint64_t other = detail::kNoNode;
        while (!f.cursor.at_tail()) {
          const std::uint64_t e = f.cursor.next();
          const Node& n = arena.at(e);
          const bool byte =
              n.kind == TermKind::integer && !n.negative && (n.b == 0 || (n.b == 1 && arena.word(n.a) < 256));
          if (!byte) {
            other = e;
            break;
          }
          f.run = (f.run << 8) + static_cast<std::uint32_t>(n.b == 0 ? 0 : arena.word(n.a));
          if (f.run_len == 3) {
            hash2(h, f.run, 0, hconst(4));
            f.run = 0;
            f.run_len = 0;
          } else {
            ++f.run_len;
          }
        }
        if (f.run_len > 0) {
          hash2(h, f.run, 0, hconst(4));
          f.run = 0;
          f.run_len = 0;
        }
        if (other != detail::kNoNode) {
          stack.push_back({Op::term, other});
        } else {
          const std::uint64_t tail = f.cursor.tail;
          stack.pop_back();
          stack.push_back({Op::term, tail});
        }
        break;
      }
      case Op::map_pair: {
        const Node& n = arena.at(f.node);
        if (f.next == n.b) {
          // All pairs done: back to the map's caller.
          const std::uint32_t pairs = xor_pairs;
          h = f.saved_hash;
          hash2(h, pairs, 0, hconst(19));
          xor_pairs = f.saved_xor;
          stack.pop_back();
          break;
        }
        const std::uint64_t key = arena.word(n.a + 2 * f.next);
        f.op = Op::map_value;
        stack.push_back({Op::term, key});
        break;
      }
      case Op::map_value: {
        const Node& n = arena.at(f.node);
        const std::uint64_t value = arena.word(n.a + 2 * f.next + 1);
        f.op = Op::map_done;
        stack.push_back({Op::term, value});
        break;
      }
      case Op::map_done:
        xor_pairs ^= h;
        h = 0;
        ++f.next;
        f.op = Op::map_pair;
        break;
    }
  }
  return h;
}

}  // namespace

std::uint32_t atom_hash(std::string_view name) noexcept {
  // hashpjw over the UTF-8 name, except that a two-byte sequence for U+0080..U+00FF counts as
  // its one Latin-1 byte, so that atoms keep the hashes they had before names were UTF-8.
  std::uint32_t h = 0;
  const auto* p = reinterpret_cast<const unsigned char*>(name.data());
  std::size_t len = name.size();
  while (len-- > 0) {
    unsigned char v = *p++;
    if (len > 0 && (v & 0xFE) == 0xC2 && (*p & 0xC0) == 0x80) {
      v = static_cast<unsigned char>((v << 6) | (*p & 0x3F));
      ++p;
      --len;
    }
    h = (h << 4) + v;
    if (const std::uint32_t g = h & 0xF0000000u; g != 0) {
      h ^= g >> 24;
      h ^= g;
    }
  }
  return h;
}

std::uint32_t phash2_full(const Term& term) { return hash_term(term.arena(), term.index()); }

std::uint32_t phash2(const Term& term) { return phash2_full(term) & ((1u << 27) - 1); }

std::uint32_t phash2(const Term& term, std::uint64_t range) {
  if (range < 1 || range > kMaxPhash2Range) {
    const ParamSpec& spec = param(SystemParam::phash2_range);
    throw range_error(ErrorCode::out_of_range, spec, range);
  }
  const std::uint32_t h = phash2_full(term);
  return range == kMaxPhash2Range ? h : static_cast<std::uint32_t>(h % range);
}

std::uint32_t phash2_binary(std::string_view bytes) noexcept {
  if (bytes.empty()) return hconst(13);
  return block_hash(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), hconst(13));
}

namespace {

// block_hash fed a byte at a time: the UTF-8 of a JS string, encoded on the fly, with no buffer
// to allocate whatever the key's length (and nothing that can throw: under Emscripten's
// JavaScript-emulated exceptions a call that can throw costs a trip through JavaScript).
class StreamingBlockHash {
 public:
  [[gnu::always_inline]] void put(std::uint32_t byte) noexcept {
    word_[n_ / 4] |= byte << (8 * (n_ % 4));
    if (++n_ == 12) {
      a_ += word_[0], b_ += word_[1], c_ += word_[2];
      mix(a_, b_, c_);
      word_[0] = word_[1] = word_[2] = 0;
      n_ = 0;
    }
    ++len_;
  }
  // The tail as block_hash adds it: the last n bytes in a, b and the upper three bytes of c.
  std::uint32_t finish() noexcept {
    if (len_ == 0) return hconst(13);
    c_ += static_cast<std::uint32_t>(len_);
    a_ += word_[0], b_ += word_[1], c_ += word_[2] << 8;
    mix(a_, b_, c_);
    return c_;
  }

 private:
  std::uint32_t a_ = kHConst, b_ = kHConst, c_ = hconst(13);
  std::uint32_t word_[3] = {0, 0, 0};
  unsigned n_ = 0;
  std::uint64_t len_ = 0;
};

}  // namespace

std::optional<std::uint32_t> phash2_utf16(std::u16string_view units) noexcept {
  // Short keys (most keys): their UTF-8 into a buffer on the stack, hashed a block at a time. A
  // unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
  constexpr std::size_t kShortUnits = 80;
  if (units.size() <= kShortUnits) {
    unsigned char buf[3 * kShortUnits];
    std::size_t n = 0;
    for (std::size_t i = 0; i < units.size(); ++i) {
      std::uint32_t c = units[i];
      if (c < 0x80) {
        buf[n++] = static_cast<unsigned char>(c);
        continue;
      }
      if (c >= 0xD800 && c <= 0xDFFF) {
        if (c > 0xDBFF || i + 1 >= units.size() || units[i + 1] < 0xDC00 || units[i + 1] > 0xDFFF) return std::nullopt;
        c = 0x10000 + ((c - 0xD800) << 10) + (units[++i] - 0xDC00u);
      }
      if (c < 0x800) {
        buf[n++] = static_cast<unsigned char>(0xC0 | (c >> 6));
      } else {
        if (c < 0x10000) {
          buf[n++] = static_cast<unsigned char>(0xE0 | (c >> 12));
        } else {
          buf[n++] = static_cast<unsigned char>(0xF0 | (c >> 18));
          buf[n++] = static_cast<unsigned char>(0x80 | ((c >> 12) & 0x3F));
        }
        buf[n++] = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3F));
      }
      buf[n++] = static_cast<unsigned char>(0x80 | (c & 0x3F));
    }
    return n == 0 ? hconst(13) : block_hash(buf, n, hconst(13));
  }
  StreamingBlockHash h;
  for (std::size_t i = 0; i < units.size(); ++i) {
    std::uint32_t c = units[i];
    if (c >= 0xD800 && c <= 0xDFFF) {
      if (c > 0xDBFF || i + 1 >= units.size() || units[i + 1] < 0xDC00 || units[i + 1] > 0xDFFF) return std::nullopt;
      c = 0x10000 + ((c - 0xD800) << 10) + (units[++i] - 0xDC00u);
    }
    if (c < 0x80) {
      h.put(c);
    } else if (c < 0x800) {
      h.put(0xC0 | (c >> 6)), h.put(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      h.put(0xE0 | (c >> 12)), h.put(0x80 | ((c >> 6) & 0x3F)), h.put(0x80 | (c & 0x3F));
    } else {
      h.put(0xF0 | (c >> 18)), h.put(0x80 | ((c >> 12) & 0x3F)), h.put(0x80 | ((c >> 6) & 0x3F));
      h.put(0x80 | (c & 0x3F));
    }
  }
  return h.finish();
}

std::size_t phash2_utf16_many(std::u16string_view units, std::span<const std::uint32_t> offsets, std::uint64_t range,
                              std::span<std::uint32_t> out) noexcept {
  const std::size_t n = offsets.empty() ? 0 : offsets.size() - 1;
  for (std::size_t i = 0; i < n && i < out.size(); ++i) {
    const std::optional<std::uint32_t> full = phash2_utf16(key_units(units, offsets, i));
    if (!full) return i;
    out[i] = range == 0 ? *full & ((1u << 27) - 1) : static_cast<std::uint32_t>(*full % range);
  }
  return n;
}

}  // namespace ringlab::erlang
