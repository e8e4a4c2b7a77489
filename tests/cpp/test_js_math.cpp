// js_math.hpp against Node's Math.log, Math.log2 and Math.exp (tests/golden/math.tsv and
// math_sweeps.tsv, made by scripts/gen-golden.mjs): the same bits, natively and in WebAssembly.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "golden.hpp"
#include "ringlab/js_math.hpp"
#include "ringlab/random.hpp"

namespace test_js_math {

using Fn = std::function<double(double)>;

const std::map<std::string, Fn>& functions() {
  static const std::map<std::string, Fn> fns = {{"log", [](double x) { return ringlab::js_math::log(x); }},
                                                {"log2", [](double x) { return ringlab::js_math::log2(x); }},
                                                {"exp", [](double x) { return ringlab::js_math::exp(x); }}};
  return fns;
}

// A double's bits, every NaN as the one NaN the golden files write.
std::uint64_t bits(double x) { return std::isnan(x) ? 0x7FF8000000000000u : ringlab::js_math::detail::to_bits(x); }
// 16 hex digits, as the golden files write a double's bits.
std::uint64_t hex64(const std::string& s) {
  REQUIRE(s.size() == 16);
  return (static_cast<std::uint64_t>(golden::parse_hex(s.substr(0, 8))) << 32) | golden::parse_hex(s.substr(8));
}
double from_bits(std::uint64_t b) { return ringlab::js_math::detail::from_bits(b); }
double from_words(std::uint32_t hi, std::uint32_t lo) { return from_bits((static_cast<std::uint64_t>(hi) << 32) | lo); }

// The sweeps' inputs, drawn as scripts/gen-golden.mjs draws them: three mulberry32 draws an input.
double sweep_input(const std::string& kind, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  if (kind == "unit") return (a == 0 ? 1 : a) / 4294967296.0;
  if (kind == "whole") return static_cast<double>(a % 1000000 + 1);
  if (kind == "positive") return from_words(((c % 2047) << 20) | (a & 0xFFFFF), b);
  if (kind == "near-one") return from_words(a & 1 ? 0x3FF00000 + (c & 3) : 0x3FEFFFFF - (c & 3), b);
  if (kind == "signed") return from_words(((c & 1) << 31) | ((0x3C0 + ((c >> 1) % 74)) << 20) | (a & 0xFFFFF), b);
  FAIL("unknown kind of input " << kind);
  return 0;
}

TEST_CASE("js_math gives Math.log's, Math.log2's and Math.exp's bits on the golden inputs", "[js_math][golden]") {
  const golden::Table t = golden::read_tsv("math.tsv", {"function", "x", "result"});
  REQUIRE(t.rows.size() >= 3 * 40);
  std::map<std::string, int> seen;
  for (const auto& row : t.rows) {
    const double x = from_bits(hex64(row[1]));
    INFO(row[0] << "(" << row[1] << ")");
    CHECK(bits(functions().at(row[0])(x)) == hex64(row[2]));
    ++seen[row[0]];
  }
  CHECK(seen.size() == 3);
}

TEST_CASE("js_math gives Math's bits on 100,000 inputs of each kind", "[js_math][golden]") {
  const golden::Table t = golden::read_tsv("math_sweeps.tsv", {"function", "inputs", "seed", "count", "fnv1a32"});
  REQUIRE(t.rows.size() >= 9);
  for (const auto& row : t.rows) {
    INFO(row[0] << " over " << row[1]);
    const Fn& fn = functions().at(row[0]);
    ringlab::Mulberry32 rng(golden::parse_i64(row[2]));
    const std::uint64_t count = golden::parse_u64(row[3]);
    std::uint32_t h = 0x811C9DC5u;
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint32_t a = rng.next_uint32();
      const std::uint32_t b = rng.next_uint32();
      const std::uint32_t c = rng.next_uint32();
      const std::uint64_t r = bits(fn(sweep_input(row[1], a, b, c)));
      for (int byte = 0; byte < 8; ++byte) h = (h ^ static_cast<std::uint32_t>((r >> (8 * byte)) & 0xFF)) * 0x01000193u;
    }
    CHECK(h == golden::parse_hex(row[4]));
  }
}

}  // namespace test_js_math
