// Shared helpers for the fuzz targets: a byte reader that takes its values from the front of the
// input (so seed inputs are easy to write by hand or by tests/fuzz/gen-corpus.mjs), and a check
// that reports a broken invariant and aborts, which libFuzzer records as a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

namespace fuzz {

// Values are read little-endian from the front. Past the end every read returns 0 and
// `empty()` turns true; the targets stop their op loops there.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  [[nodiscard]] bool empty() const noexcept { return pos_ >= size_; }
  [[nodiscard]] std::size_t left() const noexcept { return pos_ >= size_ ? 0 : size_ - pos_; }

  std::uint8_t u8() noexcept { return pos_ < size_ ? data_[pos_++] : 0; }
  std::uint16_t u16() noexcept { return static_cast<std::uint16_t>(u8() | (u8() << 8)); }
  std::uint32_t u32() noexcept { return static_cast<std::uint32_t>(u16()) | (static_cast<std::uint32_t>(u16()) << 16); }
  std::uint64_t u64() noexcept { return static_cast<std::uint64_t>(u32()) | (static_cast<std::uint64_t>(u32()) << 32); }
  double f64() noexcept {
    const std::uint64_t bits = u64();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }
  // One of `n` choices (n >= 1).
  std::size_t pick(std::size_t n) noexcept { return n <= 256 ? u8() % n : u16() % n; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// Prints the broken invariant (with the caller's detail) and aborts.
[[noreturn]] inline void fail(const char* file, int line, const char* what, const std::string& detail) {
  std::fprintf(stderr, "\n%s:%d: invariant broken: %s\n", file, line, what);
  if (!detail.empty()) std::fprintf(stderr, "  %s\n", detail.c_str());
  std::fflush(stderr);
  std::abort();
}

// A printable rendering of UTF-16 units for messages: ASCII as is, the rest as \uXXXX.
inline std::string show(std::u16string_view s) {
  std::string out = "\"";
  for (char16_t u : s) {
    if (u >= 0x20 && u < 0x7F && u != '"' && u != '\\') {
      out += static_cast<char>(u);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(u));
      out += buf;
    }
  }
  return out + "\"";
}
inline std::string show(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F && c != '"' && c != '\\') {
      out += c;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", u);
      out += buf;
    }
  }
  return out + "\"";
}

}  // namespace fuzz

// CHECK(cond) / CHECK_MSG(cond, detail): abort with the invariant's text when cond is false.
#define CHECK(cond) \
  do { \
    if (!(cond)) ::fuzz::fail(__FILE__, __LINE__, #cond, std::string()); \
  } while (0)
#define CHECK_MSG(cond, detail) \
  do { \
    if (!(cond)) ::fuzz::fail(__FILE__, __LINE__, #cond, (detail)); \
  } while (0)
