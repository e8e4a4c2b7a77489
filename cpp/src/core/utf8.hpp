// UTF-8, one code point at a time: Erlang term text, atom names and Elixir strings, keys from
// the command line, and names shown in messages. Internal to the libraries (header-only); the
// course's own hashing works on UTF-16 units or raw bytes and never goes through it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ringlab::utf8 {

// One decoded code point and its length in bytes; len == 0 for bytes that are no UTF-8 (a stray
// continuation, a truncated sequence, an overlong form or a value past U+10FFFF). Surrogates
// decode: whether they are allowed is the caller's rule, and its message differs.
struct Decoded {
  std::uint32_t cp = 0;
  std::size_t len = 0;
};

inline Decoded decode(std::string_view s, std::size_t at) noexcept {
  const auto b0 = static_cast<unsigned char>(s[at]);
  if (b0 < 0x80) return {b0, 1};
  std::size_t len = 0;
  std::uint32_t cp = 0;
  if (b0 >= 0xC2 && b0 < 0xE0) {
    len = 2;
    cp = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 < 0xF0) {
    len = 3;
    cp = b0 & 0x0Fu;
  } else if (b0 >= 0xF0 && b0 < 0xF5) {
    len = 4;
    cp = b0 & 0x07u;
  } else {
    return {};
  }
  if (at + len > s.size()) return {};
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[at + k]);
    if ((b & 0xC0) != 0x80) return {};
    cp = (cp << 6) | (b & 0x3Fu);
  }
  if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return {};
  return {cp, len};
}

inline bool is_surrogate(std::uint32_t cp) noexcept { return cp >= 0xD800 && cp <= 0xDFFF; }

inline void put(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace ringlab::utf8
