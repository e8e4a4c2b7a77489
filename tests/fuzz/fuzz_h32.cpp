// h32 against a reference written straight from docs/algorithms.md#h32, over bytes and over UTF-16 units, the
// streaming Fnv1a against the one-shot hash, and the batched h32_many against h32.
//
// Input: byte 0 chooses the split point; the whole input is the text (as bytes, and as
// little-endian UTF-16 units, an odd last byte dropped). h32_many gets the units cut into
// strings where the units themselves say.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/rendezvous.hpp"

namespace {

// docs/algorithms.md#h32, spelled out with no shared code: FNV-1a over units, then fmix32.
std::uint32_t ref_fnv(const std::vector<std::uint32_t>& units) {
  std::uint32_t h = 0x811c9dc5u;
  for (std::uint32_t u : units) {
    h ^= u;
    h = static_cast<std::uint32_t>(static_cast<std::uint64_t>(h) * 0x01000193u);
  }
  return h;
}
std::uint32_t ref_fmix(std::uint32_t h) {
  h ^= h >> 16;
  h = static_cast<std::uint32_t>(static_cast<std::uint64_t>(h) * 0x85ebca6bu);
  h ^= h >> 13;
  h = static_cast<std::uint32_t>(static_cast<std::uint64_t>(h) * 0xc2b2ae35u);
  h ^= h >> 16;
  return h;
}
std::uint32_t ref_h32(const std::vector<std::uint32_t>& units) { return ref_fmix(ref_fnv(units)); }

std::string hex(std::uint32_t v) { return std::to_string(v); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::span<const std::uint8_t> bytes(data, size);

  // --- Bytes: one unit per byte.
  std::vector<std::uint32_t> byte_units(bytes.begin(), bytes.end());
  const std::uint32_t want = ref_h32(byte_units);
  const std::uint32_t got = ringlab::h32_bytes(text);
  CHECK_MSG(got == want, "h32_bytes(string_view) = " + hex(got) + ", reference " + hex(want));
  CHECK(ringlab::h32_bytes(bytes) == want);
  CHECK(ringlab::Fnv1a{}.bytes(text).state() == ref_fnv(byte_units));

  // Bytes widened to UTF-16 units (Latin-1) hash the same: docs/algorithms.md#h32, the two forms agree on Latin-1.
  std::u16string latin1(text.begin(), text.end());
  for (std::size_t i = 0; i < size; ++i) latin1[i] = static_cast<char16_t>(data[i]);
  CHECK(ringlab::h32(latin1) == want);

  // --- UTF-16 units: pairs of bytes, little-endian; every unit is hashed whole (lone
  // surrogates included).
  std::u16string units;
  std::vector<std::uint32_t> unit_values;
  for (std::size_t i = 0; i + 1 < size; i += 2) {
    const auto u = static_cast<char16_t>(data[i] | (data[i + 1] << 8));
    units.push_back(u);
    unit_values.push_back(u);
  }
  const std::uint32_t want16 = ref_h32(unit_values);
  const std::uint32_t got16 = ringlab::h32(units);
  CHECK_MSG(got16 == want16, "h32(" + fuzz::show(units) + ") = " + hex(got16) + ", reference " + hex(want16));

  // --- Streaming: split at a fuzzed point; a copied prefix state continues exactly.
  const std::size_t split = size == 0 ? 0 : data[0] % (size + 1);
  ringlab::Fnv1a prefix;
  prefix.bytes(text.substr(0, split));
  ringlab::Fnv1a whole(prefix);  // a copy: the prefix state must not be disturbed by continuing it
  whole.bytes(text.substr(split));
  CHECK(whole.finish() == want);
  CHECK(prefix.state() == ref_fnv(std::vector<std::uint32_t>(bytes.begin(), bytes.begin() + split)));
  // The same prefix continued twice gives the same answer (the copy holds a value, not a view).
  CHECK(ringlab::Fnv1a(prefix).bytes(text.substr(split)).finish() == want);

  const std::size_t split16 = units.empty() ? 0 : split % (units.size() + 1);
  const std::u16string_view uv(units);
  ringlab::Fnv1a p16;
  p16.units(uv.substr(0, split16));
  CHECK(ringlab::Fnv1a(p16).units(uv.substr(split16)).finish() == want16);
  // Unit by unit, as the JavaScript loop does.
  ringlab::Fnv1a one;
  for (char16_t u : units) one.unit(u);
  CHECK(one.finish() == want16);

  // --- h32_many: the units cut into strings (some empty) at points the input picks; four are
  // hashed side by side with uneven lengths, the rest one by one. Each must equal h32 of its own.
  {
    std::vector<std::uint32_t> offsets{0};
    for (std::size_t i = 0; i < units.size(); ++i) {
      if ((units[i] & 0x7) == 0) offsets.push_back(static_cast<std::uint32_t>(i));
      if ((units[i] & 0xF) == 1) offsets.push_back(static_cast<std::uint32_t>(i));  // an empty string
    }
    offsets.push_back(static_cast<std::uint32_t>(units.size()));
    std::vector<std::uint32_t> out(offsets.size() - 1, 0);
    ringlab::h32_many(std::span<const char16_t>(units.data(), units.size()), offsets, out);
    for (std::size_t i = 0; i < out.size(); ++i) {
      const std::u16string_view piece = uv.substr(offsets[i], offsets[i + 1] - offsets[i]);
      CHECK_MSG(out[i] == ringlab::h32(piece),
                "h32_many string " + std::to_string(i) + " of " + std::to_string(out.size()) + " " + fuzz::show(piece));
    }
  }

  // --- decimal(n) appends String(n): compare with the digits hashed as bytes.
  if (size >= 8) {
    std::uint64_t n = 0;
    for (int i = 0; i < 8; ++i) n |= static_cast<std::uint64_t>(data[size - 8 + i]) << (8 * i);
    if (data[1] & 1) n %= 1000;  // short numbers too, where most vnode indices live
    const std::string digits = std::to_string(n);
    CHECK(ringlab::Fnv1a(prefix).decimal(n).state() == ringlab::Fnv1a(prefix).bytes(digits).state());
  }

  // --- Rendezvous scores continue the `key + "|"` state: exact, as docs/algorithms.md#h32 says (a stream).
  const std::u16string_view key = uv.substr(0, split16);
  const std::u16string_view server = uv.substr(split16);
  std::u16string joined(key);
  joined += u'|';
  joined += server;
  CHECK(ringlab::rendezvous_score(key, server) == ringlab::h32(joined));
  return 0;
}
