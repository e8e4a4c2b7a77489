// The real systems' typed answers (placement.hpp's Answer: a server's index and the system's
// number), which the JavaScript API hands out as typed arrays, against the JSON text `place`
// prints, on every configuration of the golden files: the same answer, key for key, through
// answer(), try_answer() and the batch loops (UTF-16 units and bytes). Then the option table behind both the flags
// and the JavaScript options.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "golden.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/erlang_cli.hpp"
#include "ringlab/error.hpp"
#include "ringlab/systems/placement.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_systems_typed {

using namespace ringlab::systems;

namespace {

// A server's name as `place` writes it (the golden files' names are UTF-8 text).
std::string quoted(const std::string& name) { return ringlab::erlang::json_string(name); }

// A typed answer written as `place` writes the system's result.
std::string written(const Placement& p, const Answer& a) {
  const auto& servers = p.servers();
  switch (p.answer_kind()) {
    case AnswerKind::slot:
      if (servers.empty()) return std::to_string(a.value);
      return "{\"slot\": " + std::to_string(a.value) + ", \"node\": " + std::to_string(a.server) + "}";
    case AnswerKind::token:
      if (servers.empty()) return std::to_string(a.value);
      return quoted(servers.at(static_cast<std::size_t>(a.server)).name);
    case AnswerKind::partition:
    case AnswerKind::bucket:
    case AnswerKind::hash: return std::to_string(a.value);
    case AnswerKind::none: break;
  }
  return a.server < 0 ? "null" : quoted(servers.at(static_cast<std::size_t>(a.server)).name);
}

// Whether bytes are UTF-8 without surrogates (what a JavaScript string can give).
bool text(const std::string& s, std::u16string& units) {
  units.clear();
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::uint32_t c = 0;
    std::size_t len = 0;
    if (b < 0x80) c = b, len = 1;
    else if (b >= 0xC2 && b < 0xE0) c = b & 0x1F, len = 2;
    else if (b >= 0xE0 && b < 0xF0) c = b & 0x0F, len = 3;
    else if (b >= 0xF0 && b < 0xF5) c = b & 0x07, len = 4;
    else return false;
    if (i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k) {
      const auto n = static_cast<unsigned char>(s[i + k]);
      if ((n & 0xC0) != 0x80) return false;
      c = (c << 6) | (n & 0x3F);
    }
    if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10FFFF)) || (c >= 0xD800 && c <= 0xDFFF))
      return false;
    if (c >= 0x10000) {
      units.push_back(static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)));
      units.push_back(static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF)));
    } else {
      units.push_back(static_cast<char16_t>(c));
    }
    i += len;
  }
  return true;
}

}  // namespace

TEST_CASE("typed answers are place's answers on every golden configuration") {
  std::size_t compared = 0, batched = 0, batched_bytes = 0;
  for (const char* system : {"nginx", "memcached", "redis", "kafka", "cassandra", "guava", "erlang"}) {
    std::vector<std::string> keys;
    std::vector<std::vector<std::string>> configs;
    for (const std::string& line : golden::split(golden::read_file(std::string("systems/") + system + ".tsv"), '\n')) {
      const std::vector<std::string> f = golden::split(line, '\t');
      if (f[0] == "key") keys.push_back(golden::unhex(f.size() > 1 ? f[1] : ""));
      if (f[0] == "config") configs.emplace_back(f.begin() + 2, f.end());
    }
    for (std::vector<std::string> flags : configs) {
      while (!flags.empty() && flags.back().empty()) flags.pop_back();
      INFO(system << " " << (flags.empty() ? "" : flags[0]));
      const auto p = configure(system, flags, ringlab::read_file_system);
      std::u16string units;
      std::vector<std::uint32_t> offsets{0};
      std::vector<std::string> expected, text_keys;
      // Every answered key as bytes, for the bytes loop.
      std::string bytes;
      std::vector<std::uint32_t> byte_offsets{0};
      std::vector<std::string> byte_expected, byte_keys;
      for (std::size_t i = 0; i < keys.size(); ++i) {
        const std::string name = "key " + std::to_string(i + 1);
        std::string json;
        try {
          json = p->result(keys[i], name);
        } catch (const ringlab::Error& e) {
          REQUIRE_THROWS_WITH(p->answer(keys[i], name), e.what());
          Answer ignored;
          REQUIRE_FALSE(p->try_answer(keys[i], ignored));
          continue;
        }
        const Answer a = p->answer(keys[i], name);
        REQUIRE(written(*p, a) == json);
        Answer quick;
        if (p->try_answer(keys[i], quick)) REQUIRE(quick == a);
        ++compared;
        bytes += keys[i];
        byte_offsets.push_back(static_cast<std::uint32_t>(bytes.size()));
        byte_expected.push_back(json);
        byte_keys.push_back(keys[i]);
        std::u16string u;
        if (text(keys[i], u)) {
          units += u;
          offsets.push_back(static_cast<std::uint32_t>(units.size()));
          expected.push_back(json);
          text_keys.push_back(keys[i]);
        }
      }
      // The batch loop, resumed after each key it leaves to answer(), as the module runs it.
      const std::size_t n = offsets.size() - 1;
      std::vector<std::int32_t> server(n);
      std::vector<std::uint32_t> v32(n);
      std::vector<std::int64_t> v64(n);
      const bool wide = p->answer_kind() == AnswerKind::token;
      const std::span<std::uint32_t> values32 = wide ? std::span<std::uint32_t>() : std::span<std::uint32_t>(v32);
      const std::span<std::int64_t> values64 = wide ? std::span<std::int64_t>(v64) : std::span<std::int64_t>();
      for (std::size_t i = p->answer_utf16_many(units, offsets, 0, server, values32, values64); i < n;
           i = p->answer_utf16_many(units, offsets, i + 1, server, values32, values64)) {
        const Answer a = p->answer(text_keys[i], "key");
        server[i] = a.server;
        v32[i] = static_cast<std::uint32_t>(a.value);
        v64[i] = a.value;
      }
      for (std::size_t i = 0; i < n; ++i) {
        REQUIRE(written(*p, Answer{server[i], wide ? v64[i] : static_cast<std::int64_t>(v32[i])}) == expected[i]);
        ++batched;
      }
      // The bytes loop, the same way, on every answered key.
      const std::size_t m = byte_offsets.size() - 1;
      std::vector<std::int32_t> bserver(m, -2);
      std::vector<std::uint32_t> b32(m);
      std::vector<std::int64_t> b64(m);
      const std::span<std::uint32_t> bvalues32 = wide ? std::span<std::uint32_t>() : std::span<std::uint32_t>(b32);
      const std::span<std::int64_t> bvalues64 = wide ? std::span<std::int64_t>(b64) : std::span<std::int64_t>();
      for (std::size_t i = p->answer_bytes_many(bytes, byte_offsets, 0, bserver, bvalues32, bvalues64); i < m;
           i = p->answer_bytes_many(bytes, byte_offsets, i + 1, bserver, bvalues32, bvalues64)) {
        const Answer a = p->answer(byte_keys[i], "key");
        bserver[i] = a.server;
        b32[i] = static_cast<std::uint32_t>(a.value);
        b64[i] = a.value;
      }
      for (std::size_t i = 0; i < m; ++i) {
        REQUIRE(written(*p, Answer{bserver[i], wide ? b64[i] : static_cast<std::int64_t>(b32[i])}) == byte_expected[i]);
        ++batched_bytes;
      }
    }
  }
  CHECK(compared > 10000);
  CHECK(batched > 10000);
  CHECK(batched_bytes == compared);
}

TEST_CASE("the option table: the command line's flags and the JavaScript options, once") {
  for (const std::string& system : placement_systems()) {
    INFO(system);
    const auto options = system_options(system);
    REQUIRE_FALSE(options.empty());
    const SystemFlags flags = system_flags(system);
    std::size_t switches = 0;
    for (const SystemOption& o : options) {
      REQUIRE(o.flag.substr(0, 2) == "--");
      REQUIRE_FALSE(o.name.empty());
      if (o.type == OptionType::flag) ++switches;
      if (o.type == OptionType::choice) {
        REQUIRE_FALSE(o.choices.empty());
        if (!o.fallback.empty()) REQUIRE(golden::split(std::string(o.choices), '|').size() > 1);
      }
      // An integer's range is the parameter table's, for every integer option.
      REQUIRE(option_range(system, o).has_value() == (o.type == OptionType::integer));
    }
    REQUIRE(flags.switches.size() == switches);
    REQUIRE(flags.values.size() + flags.switches.size() == options.size());
  }
  // A typed configuration meets the flags' rules and errors.
  REQUIRE_THROWS_WITH(configure("kafka", std::vector<OptionValue>{{"partitions", "", 0, false}}),
                      "partitions must be between 1 and 2147483647, got 0");
  REQUIRE_THROWS_WITH(configure("kafka", std::vector<OptionValue>{{"partitions", "", 1.5, false}}),
                      Catch::Contains("partitions"));
  const auto k = configure("kafka", std::vector<OptionValue>{{"partitions", "", 12, false}});
  REQUIRE(k->answer_kind() == AnswerKind::partition);
  REQUIRE(k->answer("topic-a", "key").value == std::stoll(k->result("topic-a", "key")));
  const auto n =
      configure("nginx", std::vector<OptionValue>{{"servers", "a:1,b:1=2", 0, false}, {"down", "a:1", 0, false}});
  REQUIRE(n->servers() == std::vector<ServerInfo>{{"a:1", 1, true}, {"b:1", 2, false}});
  REQUIRE(n->tries("k") == std::vector<std::int32_t>{1});
  REQUIRE_THROWS_AS(configure("kafka", std::vector<OptionValue>{{"tries", "", 0, true}}), ringlab::Error);
}

}  // namespace test_systems_typed
