// The explicit-token ring (docs/algorithms.md#token-ring) against a naive model: token -> id and id -> token maps.
// Operation sequences (add id token, remove id, route a hash, route a key, boundaries id,
// token_of id) must give the model's results AND its error codes (token_out_of_range,
// token_taken, already_present, not_found, empty); a failed operation leaves the ring as it was.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_common.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

namespace {

using ringlab::ErrorCode;

struct Model {
  std::uint32_t bits = 32;
  std::map<std::uint32_t, std::u16string> by_token;
  std::map<std::u16string, std::uint32_t> by_id;

  [[nodiscard]] std::uint64_t ring_size() const { return 1ull << bits; }

  std::optional<ErrorCode> add(const std::u16string& id, std::uint64_t token) {
    if (id.empty()) return ErrorCode::invalid_argument;
    if (id.size() > ringlab::kMaxNameLength) return ErrorCode::limit_exceeded;
    // Checked in this order, as Malachi does.
    if (token >= ring_size()) return ErrorCode::token_out_of_range;
    const auto t = static_cast<std::uint32_t>(token);
    if (const auto it = by_token.find(t); it != by_token.end() && it->second != id) return ErrorCode::token_taken;
    if (by_id.count(id) != 0) return ErrorCode::already_present;
    by_token[t] = id;
    by_id[id] = t;
    return std::nullopt;
  }
  std::optional<ErrorCode> remove(const std::u16string& id) {
    const auto it = by_id.find(id);
    if (it == by_id.end()) return ErrorCode::not_found;
    by_token.erase(it->second);
    by_id.erase(it);
    return std::nullopt;
  }
  // The first vnode whose token >= hash mod 2^bits, wrapping to the smallest.
  std::optional<std::u16string> route_hash(std::uint64_t hash) const {
    if (by_token.empty()) return std::nullopt;
    const auto x = static_cast<std::uint32_t>(hash % ring_size());
    const auto it = by_token.lower_bound(x);
    return it == by_token.end() ? by_token.begin()->second : it->second;
  }
  // (predecessor's token, own token), wrapping; alone on the ring: (t, t).
  std::optional<std::pair<std::uint32_t, std::uint32_t>> boundaries(const std::u16string& id) const {
    const auto it = by_id.find(id);
    if (it == by_id.end()) return std::nullopt;
    const std::uint32_t t = it->second;
    auto at = by_token.find(t);
    const std::uint32_t pred = at == by_token.begin() ? by_token.rbegin()->first : std::prev(at)->first;
    return std::pair{pred, t};
  }
};

std::u16string gen_id(fuzz::Reader& r) {
  static constexpr char16_t kUnits[] = {u'a', u'b', u'c', u'\u00e9', 0xDC00};
  const std::uint8_t b = r.u8();
  if (b == 0) return u"";
  if (b == 255) return std::u16string(ringlab::kMaxNameLength + 1, u'v');
  std::u16string id;
  for (int i = 0, len = 1 + b % 2; i < len; ++i) id += kUnits[r.u8() % std::size(kUnits)];
  return id;
}

std::uint64_t gen_token(fuzz::Reader& r, const Model& m) {
  const std::uint8_t mode = r.u8() % 5;
  switch (mode) {
    case 0: return r.u8();
    case 1: return r.u64();
    case 2: return r.u32();
    case 3: {  // around the top of the ring: 2^bits - 2 .. 2^bits + 1
      return m.ring_size() - 2 + r.u8() % 4;
    }
    default: {  // a token already taken
      if (m.by_token.empty()) return r.u8();
      auto it = m.by_token.begin();
      std::advance(it, r.u8() % m.by_token.size());
      return it->first;
    }
  }
}

std::uint64_t gen_hash(fuzz::Reader& r, const Model& m) {
  const std::uint8_t mode = r.u8() % 4;
  if (mode == 0) return r.u64();
  if (mode == 1) return r.u32();
  if (m.by_token.empty()) return r.u8();
  auto it = m.by_token.begin();
  std::advance(it, r.u8() % m.by_token.size());
  return static_cast<std::uint64_t>(it->first) + (mode == 2 ? 0 : 1);  // on a token, or just past it
}

std::string code(const std::optional<ErrorCode>& c) {
  return c ? std::string(ringlab::code_name(*c)) : std::string("ok");
}

// Runs f; returns the Error's code, or nullopt when it did not throw.
template <typename F>
std::optional<ErrorCode> error_of(F&& f) {
  try {
    f();
  } catch (const ringlab::Error& e) {
    return e.code();
  }
  return std::nullopt;
}

void check_same(const ringlab::TokenRing& ring, const Model& m) {
  CHECK(ring.size() == m.by_token.size());
  CHECK(ring.bits() == m.bits);
  const auto& points = ring.points();
  const auto ids = ring.ids();
  const auto tokens = ring.tokens();
  CHECK(ids.size() == m.by_token.size() && tokens.size() == m.by_token.size());
  std::size_t i = 0;
  for (const auto& [token, id] : m.by_token) {
    CHECK_MSG(points[i].first == token && points[i].second == id,
              "point " + std::to_string(i) + " is " + std::to_string(points[i].first) + " " +
                  fuzz::show(points[i].second) + ", model " + std::to_string(token) + " " + fuzz::show(id));
    CHECK(ids[i] == id && tokens[i] == token);
    CHECK(ring.token_of(id) == token);
    ++i;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // bits outside 1..32 are refused.
  static const bool invalid_bits_refused = [] {
    for (std::uint32_t b : {0u, 33u, 64u}) CHECK(error_of([&] { ringlab::TokenRing t(b); }) == ErrorCode::out_of_range);
    return true;
  }();
  (void)invalid_bits_refused;

  fuzz::Reader r(data, size);
  Model m;
  m.bits = 1 + r.u8() % 32;
  ringlab::TokenRing ring(m.bits);

  for (int op = 0; op < 64 && !r.empty(); ++op) {
    const ringlab::TokenRing before = ring;  // a value: the copy must not see later changes
    const Model before_model = m;
    const std::uint8_t kind = r.u8() % 6;
    switch (kind) {
      case 0:
      case 1: {  // add (twice as often: the ring needs vnodes for the rest to mean anything)
        const std::u16string id = gen_id(r);
        const std::uint64_t token = gen_token(r, m);
        const auto want = m.add(id, token);
        const auto got = error_of([&] { ring.add(id, token); });
        CHECK_MSG(got == want, "add(" + fuzz::show(id) + ", " + std::to_string(token) + ") with bits " +
                                   std::to_string(m.bits) + ": got " + code(got) + ", model " + code(want));
        if (got) CHECK_MSG(ring == before, "a failed add changed the ring");
        else CHECK(!(ring == before));
        break;
      }
      case 2: {  // remove
        const std::u16string id = (r.u8() & 1) && !m.by_id.empty() ? m.by_token.begin()->second : gen_id(r);
        const auto want = m.remove(id);
        const auto got = error_of([&] { ring.remove(id); });
        CHECK_MSG(got == want, "remove(" + fuzz::show(id) + "): got " + code(got) + ", model " + code(want));
        if (got) CHECK(ring == before);
        break;
      }
      case 3: {  // route a hash
        const std::uint64_t hash = gen_hash(r, m);
        const auto want = m.route_hash(hash);
        std::optional<std::u16string> got;
        const auto err = error_of([&] { got = ring.route_hash(hash); });
        if (!want) {
          CHECK_MSG(err == ErrorCode::empty, "route_hash on an empty ring: got " + code(err));
        } else {
          CHECK_MSG(!err && got == want, "route_hash(" + std::to_string(hash) + ") = " +
                                             (got ? fuzz::show(*got) : code(err)) + ", model " + fuzz::show(*want));
        }
        break;
      }
      case 4: {  // route a key: position = h32(key) mod 2^bits
        std::u16string key;
        for (int i = 0, len = r.u8() % 6; i < len; ++i) key += static_cast<char16_t>(r.u16());
        const std::uint32_t pos = ring.position(key);
        CHECK(pos == static_cast<std::uint32_t>(ringlab::h32(key) % m.ring_size()));
        const auto want = m.route_hash(pos);
        std::optional<std::u16string> got;
        const auto err = error_of([&] { got = ring.route(key); });
        if (!want) CHECK(err == ErrorCode::empty);
        else CHECK(!err && got == want);
        break;
      }
      default: {  // boundaries and token_of
        const std::u16string id =
            (r.u8() & 1) && !m.by_id.empty()
                ? std::next(m.by_id.begin(), static_cast<std::ptrdiff_t>(r.u8() % m.by_id.size()))->first
                : gen_id(r);
        const auto want = m.boundaries(id);
        std::pair<std::uint32_t, std::uint32_t> got{};
        const auto err = error_of([&] { got = ring.boundaries(id); });
        if (!want) {
          CHECK_MSG(err == ErrorCode::not_found, "boundaries(" + fuzz::show(id) + ") of an absent vnode: " + code(err));
          CHECK(error_of([&] { (void)ring.token_of(id); }) == ErrorCode::not_found);
        } else {
          CHECK_MSG(!err && got == *want, "boundaries(" + fuzz::show(id) + ") = (" + std::to_string(got.first) + ", " +
                                              std::to_string(got.second) + "], model (" + std::to_string(want->first) +
                                              ", " + std::to_string(want->second) + "]");
          // The vnode owns its arc: its own token and the one just past its predecessor route to it.
          CHECK(ring.route_hash(got.second) == id);
          if (got.first != got.second) CHECK(ring.route_hash(static_cast<std::uint64_t>(got.first) + 1) == id);
        }
        break;
      }
    }
    check_same(ring, m);
    check_same(before, before_model);
  }
  return 0;
}
