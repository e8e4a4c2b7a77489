// Redis Cluster, Kafka, Cassandra, Guava and Erlang keys: the core against the golden files the
// real software wrote (scripts/gen-golden-systems-keyed.mjs), each documented rule, and each
// error.
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "golden.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/error.hpp"
#include "ringlab/systems/cassandra.hpp"
#include "ringlab/systems/erlang.hpp"
#include "ringlab/systems/guava.hpp"
#include "ringlab/systems/hashes.hpp"
#include "ringlab/systems/kafka.hpp"
#include "ringlab/systems/redis.hpp"
#include "ringlab/systems_cli.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_systems_keyed {

using ringlab::Error;
using ringlab::ErrorCode;
namespace sys = ringlab::systems;
using namespace std::string_literals;

namespace {

// One configuration of a golden file: its name, its flags, its keys and the real answers.
struct GoldenConfig {
  std::string name;
  std::map<std::string, std::string> flags;  // --flag -> value
  std::vector<std::string> keys;
  std::vector<std::string> answers;
};

std::string from_hex(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return out;
}

std::vector<GoldenConfig> read_golden(const std::string& system) {
  const std::string text = golden::read_file("systems/" + system + ".tsv");
  std::vector<std::string> table;
  std::vector<GoldenConfig> out;
  for (const std::string& line : golden::split(std::string_view(text).substr(0, text.size() - 1), '\n')) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = golden::split(line, '\t');
    if (f[0] == "key") table.push_back(from_hex(f.at(1)));
    else if (f[0] == "config") {
      GoldenConfig c;
      c.name = f.at(1);
      for (std::size_t i = 2; i + 1 < f.size(); i += 2) c.flags[f[i]] = f[i + 1];
      out.push_back(std::move(c));
    } else if (f[0] == "keys") {
      for (std::size_t i = 1; i < f.size(); ++i) out.back().keys.push_back(table.at(std::stoul(f[i])));
    } else if (f[0] == "result") {
      out.back().answers.assign(f.begin() + 1, f.end());
    } else {
      FAIL("systems/" << system << ".tsv: unknown record " << f[0]);
    }
  }
  for (const GoldenConfig& c : out) REQUIRE(c.keys.size() == c.answers.size());
  REQUIRE_FALSE(out.empty());
  return out;
}

std::optional<std::string> flag(const GoldenConfig& c, const std::string& name) {
  const auto it = c.flags.find(name);
  return it == c.flags.end() ? std::nullopt : std::optional<std::string>(it->second);
}

std::string hex_of(std::string_view key) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (char ch : key) {
    const auto b = static_cast<unsigned char>(ch);
    s.push_back(kHex[b >> 4]);
    s.push_back(kHex[b & 15]);
  }
  return s.size() > 80 ? s.substr(0, 80) + "..." : s;
}

// The message and code of the Error `f` throws.
template <typename F>
std::pair<std::string, ErrorCode> error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return {e.what(), e.code()};
  }
  return {"(no error)", ErrorCode::empty};
}

ringlab::CliResult cli(std::vector<std::string> args) { return ringlab::run_cli(args, sys::cli_commands()); }

}  // namespace

// --- Golden files --------------------------------------------------------------------------

TEST_CASE("redis: slots and redis-cli's split as redis-server 7.0 gives them", "[systems][redis][golden]") {
  std::size_t checked = 0;
  for (const GoldenConfig& c : read_golden("redis")) {
    INFO(c.name);
    const std::optional<std::string> nodes = flag(c, "--nodes");
    std::optional<sys::redis::ClusterSplit> split;
    if (nodes) split.emplace(std::stoll(*nodes));
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
      INFO("key " << hex_of(c.keys[i]));
      const std::uint32_t slot = sys::redis::key_slot(c.keys[i]);
      const std::string ours =
          split ? std::to_string(slot) + "," + std::to_string(split->node_of_slot(slot)) : std::to_string(slot);
      CHECK(ours == c.answers[i]);
      ++checked;
    }
  }
  CHECK(checked > 2000);
}

TEST_CASE("kafka: partitions as librdkafka 2.0.2 gives them", "[systems][kafka][golden]") {
  std::size_t checked = 0;
  for (const GoldenConfig& c : read_golden("kafka")) {
    INFO(c.name);
    const auto p = sys::kafka::partitioner_from_name(flag(c, "--partitioner").value());
    const std::int64_t n = std::stoll(flag(c, "--partitions").value());
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
      INFO("key " << hex_of(c.keys[i]));
      CHECK(std::to_string(sys::kafka::partition(c.keys[i], p, n)) == c.answers[i]);
      ++checked;
    }
  }
  CHECK(checked > 5000);
}

TEST_CASE("cassandra: tokens and owners as the DataStax driver gives them", "[systems][cassandra][golden]") {
  std::size_t checked = 0;
  for (const GoldenConfig& c : read_golden("cassandra")) {
    INFO(c.name);
    const std::optional<std::string> tokens = flag(c, "--tokens");
    std::optional<sys::cassandra::TokenRing> ring;
    if (tokens) ring.emplace(sys::cassandra::tokens_from_list(*tokens));
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
      INFO("key " << hex_of(c.keys[i]));
      const std::int64_t t = sys::cassandra::token(c.keys[i]);
      CHECK((ring ? ring->owner(t).node : std::to_string(t)) == c.answers[i]);
      ++checked;
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("guava: consistentHash as Guava 31.1 gives it", "[systems][guava][golden]") {
  std::size_t checked = 0;
  for (const GoldenConfig& c : read_golden("guava")) {
    INFO(c.name);
    const auto input = sys::guava::input_from_name(flag(c, "--input").value());
    const std::int64_t buckets = std::stoll(flag(c, "--buckets").value());
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
      INFO("key " << hex_of(c.keys[i]));
      CHECK(std::to_string(sys::guava::bucket(c.keys[i], input, buckets)) == c.answers[i]);
      ++checked;
    }
  }
  CHECK(checked > 10000);
}

TEST_CASE("erlang: phash2 of keys as terms, as OTP 25 gives it", "[systems][erlang][golden]") {
  std::size_t checked = 0, refused = 0;
  for (const GoldenConfig& c : read_golden("erlang")) {
    INFO(c.name);
    const auto kind = sys::erlang_key_term_from_name(flag(c, "--term").value());
    std::optional<std::uint64_t> range;
    if (const auto r = flag(c, "--range")) range = std::stoull(*r);
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
      INFO("key " << hex_of(c.keys[i]));
      if (c.answers[i] == "refused") {
        CHECK_THROWS_AS(sys::erlang_place(c.keys[i], kind, range), Error);
        ++refused;
      } else {
        CHECK(std::to_string(sys::erlang_place(c.keys[i], kind, range)) == c.answers[i]);
        ++checked;
      }
    }
  }
  CHECK(checked > 5000);
  CHECK(refused > 100);
}

// --- Redis ---------------------------------------------------------------------------------

TEST_CASE("redis: hash tags, the spec's vectors", "[systems][redis]") {
  using sys::redis::key_slot;
  CHECK(key_slot("foo") == 12182);
  CHECK(key_slot("") == 0);
  CHECK(key_slot("123456789") == 12739);
  CHECK(key_slot("{user1000}.following") == 3443);
  CHECK(key_slot("{user1000}.followers") == 3443);
  CHECK(key_slot("foo{}{bar}") == 8363);     // {} is empty: the whole key
  CHECK(key_slot("foo{{bar}}zap") == 4015);  // "{bar"
  CHECK(key_slot("foo{bar}{zap}") == 5061);  // only the first tag: "bar"
  CHECK(key_slot("{}foo") == 9500);
  CHECK(key_slot("a{b") == 13340);  // no closing brace
  CHECK(key_slot("a{}b{c}") == 7353);
  CHECK(key_slot("\xff\x80"
                 "abc") == 6721);
  CHECK(key_slot("\xe2\x82\xac{\xff}") == 7920);
  CHECK(sys::redis::hashed_part("x{a}{b}") == "a");
  CHECK(sys::redis::hashed_part("x{}{b}") == "x{}{b}");
}

TEST_CASE("redis: redis-cli --cluster create's split", "[systems][redis]") {
  using R = sys::redis::SlotRange;
  CHECK(sys::redis::cluster_create_split(3) == std::vector<R>{{0, 5460}, {5461, 10922}, {10923, 16383}});
  for (std::int64_t n : {3, 4, 5, 7, 10, 100, 1000, 16383, 16384}) {
    INFO(n);
    const std::vector<R> split = sys::redis::cluster_create_split(n);
    REQUIRE(split.size() == static_cast<std::size_t>(n));
    // Contiguous, from 0 to 16383, each master at least one slot.
    CHECK(split.front().first == 0);
    CHECK(split.back().last == 16383);
    for (std::size_t i = 0; i < split.size(); ++i) {
      CHECK(split[i].first <= split[i].last);
      if (i > 0) CHECK(split[i].first == split[i - 1].last + 1);
    }
  }
  const auto [message, code] = error_of([] { (void)sys::redis::cluster_create_split(2); });
  CHECK(message == "nodes must be between 3 and 16384, got 2");
  CHECK(code == ErrorCode::out_of_range);
  CHECK_THROWS_AS(sys::redis::ClusterSplit(16385), Error);
}

// --- Kafka ---------------------------------------------------------------------------------

TEST_CASE("kafka: the partitioners' rules", "[systems][kafka]") {
  using sys::kafka::partition;
  using P = sys::kafka::Partitioner;
  // rd_kafka_msg_partitioner_murmur2 (the spec's table), the Java client's rule.
  CHECK(partition("", P::murmur2, 100) == 81);
  CHECK(partition("topic-a", P::murmur2, 100) == 29);
  CHECK(partition("\xff\xfe\x80", P::murmur2, 6) == 3);
  CHECK(partition("21", P::murmur2, 100) == 40);
  CHECK(partition("foobar", P::murmur2, 100) == 66);
  // consistent: CRC-32 % n; the empty key's CRC is 0.
  CHECK(partition("", P::consistent, 7) == 0);
  CHECK(partition("foo", P::consistent, 1000) == 2356372769u % 1000);
  // fnv1a: |h| as an int32 (Sarama's rule); h = 0x811c9dc5 for the empty key is negative.
  CHECK(sys::kafka::rdkafka_fnv1a("") == 0u - 0x811c9dc5u);
  CHECK(partition("", P::fnv1a, 1000) == (0u - 0x811c9dc5u) % 1000);
  CHECK(sys::kafka::rdkafka_fnv1a("a") == 0u - 0xe40c292cu);
  CHECK(partition("x", P::murmur2, 1) == 0);
}

TEST_CASE("kafka: errors", "[systems][kafka]") {
  auto [m1, c1] = error_of([] { (void)sys::kafka::partition("k", sys::kafka::Partitioner::murmur2, 0); });
  CHECK(m1 == "partitions must be between 1 and 2147483647, got 0");
  CHECK(c1 == ErrorCode::out_of_range);
  auto [m2, c2] = error_of([] { (void)sys::kafka::partitioner_from_name("random"); });
  CHECK(m2 == "partitioner must be murmur2, consistent or fnv1a, got \"random\"");
  CHECK(c2 == ErrorCode::invalid_argument);
}

// --- Cassandra -----------------------------------------------------------------------------

TEST_CASE("cassandra: Murmur3Partitioner tokens", "[systems][cassandra]") {
  using sys::cassandra::token;
  CHECK(token("a") == -8839064797231613815);
  CHECK(token("topic-a") == -864436883682879923);
  CHECK(token("\xff") == -4442228696663692417);  // signed tail byte
  CHECK(token("123") == -7468325962851647638);
  CHECK(token("") == sys::cassandra::kMinToken);  // the empty key is the minimum
}

TEST_CASE("cassandra: ownership is the first token >= the key's, wrapping", "[systems][cassandra]") {
  const sys::cassandra::TokenRing ring(sys::cassandra::tokens_from_list("b=0, a = -100 ,c=100"));
  CHECK(ring.sorted().front().node == "a");
  CHECK(ring.owner(-100).node == "a");  // an exact match belongs to that token
  CHECK(ring.owner(-99).node == "b");
  CHECK(ring.owner(0).node == "b");
  CHECK(ring.owner(100).node == "c");
  CHECK(ring.owner(101).node == "a");  // past the last token: the first
  CHECK(ring.owner(sys::cassandra::kMinToken).node == "a");
  CHECK(ring.owner(sys::cassandra::kMaxToken).node == "a");
  // A node named once per token (vnodes).
  const sys::cassandra::TokenRing vnodes(sys::cassandra::tokens_from_list("x=1,y=2,x=3"));
  CHECK(vnodes.owner(3).node == "x");
  CHECK(vnodes.owner(2).node == "y");
}

TEST_CASE("cassandra: nodetool ring text", "[systems][cassandra]") {
  const std::string text =
      "\n"
      "Datacenter: datacenter1\n"
      "==========\n"
      "Address    Rack        Status State   Load            Owns                Token\n"
      "                                                                          3074457345618258602\n"
      "127.0.0.1  rack1       Up     Normal  98.96 KiB       33.33%              -9223372036854775808\n"
      "127.0.0.2  rack1       Down   Normal  98.96 KiB       33.33%              -3074457345618258603\r\n"
      "127.0.0.3  rack1       Up     Normal  98.96 KiB       33.33%              3074457345618258602\n"
      "\n"
      "  Warning: \"nodetool ring\" is used to output all the tokens of a node.\n"
      "  To view status related info of a node use \"nodetool status\" instead.\n";
  const std::vector<sys::cassandra::NodeToken> tokens = sys::cassandra::tokens_from_nodetool_ring(text);
  REQUIRE(tokens.size() == 3);
  CHECK(tokens[0] == sys::cassandra::NodeToken{"127.0.0.1", sys::cassandra::kMinToken});
  CHECK(tokens[1] == sys::cassandra::NodeToken{"127.0.0.2", -3074457345618258603});
  CHECK(tokens[2] == sys::cassandra::NodeToken{"127.0.0.3", 3074457345618258602});
  const sys::cassandra::TokenRing ring(tokens);
  CHECK(ring.owner(sys::cassandra::token("topic-a")).node == "127.0.0.3");
  CHECK(ring.owner(-3074457345618258604).node == "127.0.0.2");

  // Errors carry the line and the column of the bad field.
  auto [m1, c1] = error_of(
      [] { (void)sys::cassandra::tokens_from_nodetool_ring("Address Rack Token\n10.0.0.1  rack1  Up  12x\n"); });
  CHECK(m1 == "ring line 2, column 22: token must be a signed 64-bit integer, got \"12x\"");
  CHECK(c1 == ErrorCode::invalid_argument);
  auto [m2, c2] = error_of([] { (void)sys::cassandra::tokens_from_nodetool_ring("\n\n  garbage\n"); });
  CHECK(m2 == "ring line 3, column 3: token must be a signed 64-bit integer, got \"garbage\"");
  auto [m3, c3] = error_of([] { (void)sys::cassandra::tokens_from_nodetool_ring("a 9223372036854775808\n"); });
  CHECK(m3 ==
        "ring line 1, column 3: token must be between -9223372036854775808 and 9223372036854775807, got "
        "9223372036854775808");
  CHECK(c3 == ErrorCode::out_of_range);
  // No rows: no ring.
  CHECK(sys::cassandra::tokens_from_nodetool_ring("Datacenter: dc1\n").empty());
  auto [m4, c4] = error_of([] { sys::cassandra::TokenRing r(sys::cassandra::tokens_from_nodetool_ring("")); });
  CHECK(m4 == "tokens must be between 1 and 16777216, got 0");
  CHECK(c4 == ErrorCode::out_of_range);
}

TEST_CASE("cassandra: --tokens errors", "[systems][cassandra]") {
  auto [m1, c1] = error_of([] { (void)sys::cassandra::tokens_from_list("a=1,b"); });
  CHECK(m1 == "--tokens entry 2 must be NODE=TOKEN, got \"b\"");
  CHECK(c1 == ErrorCode::invalid_argument);
  auto [m2, c2] = error_of([] { (void)sys::cassandra::tokens_from_list("=5"); });
  CHECK(m2 == "--tokens entry 1 must be NODE=TOKEN, got \"=5\"");
  auto [m3, c3] = error_of([] { (void)sys::cassandra::tokens_from_list("a=1.5"); });
  CHECK(m3 == "--tokens entry 1: token must be a signed 64-bit integer, got 1.5");
  auto [m4, c4] = error_of([] { (void)sys::cassandra::tokens_from_list("a=-9223372036854775809"); });
  CHECK(m4 ==
        "--tokens entry 1: token must be between -9223372036854775808 and 9223372036854775807, got "
        "-9223372036854775809");
  CHECK(c4 == ErrorCode::out_of_range);
  auto [m5, c5] = error_of([] { sys::cassandra::TokenRing r(sys::cassandra::tokens_from_list("a=7,b=7")); });
  CHECK(m5 == "token 7 is given to both a and b");
  CHECK(c5 == ErrorCode::token_taken);
  CHECK(sys::cassandra::token_from_text("-9223372036854775808", "t") == sys::cassandra::kMinToken);
  CHECK(sys::cassandra::token_from_text("+42", "t") == 42);
}

// --- Guava ---------------------------------------------------------------------------------

TEST_CASE("guava: consistentHash, Guava's own vectors and its divergences from jump", "[systems][guava]") {
  using sys::guava::consistent_hash;
  const int expected[] = {0, 55, 62, 8, 45, 59, 86, 97, 82, 59, 73, 37, 17, 56, 86, 21, 90, 37, 38, 83};
  for (int i = 0; i < 20; ++i) CHECK(consistent_hash(i, 100) == expected[i]);
  CHECK(consistent_hash(10863919174838991, 11) == 6);
  CHECK(consistent_hash(2016238256797177309, 11) == 3);
  CHECK(consistent_hash(1673758223894951030, 11) == 5);
  CHECK(consistent_hash(2, 100001) == 80343);
  CHECK(consistent_hash(2201, 100001) == 22152);
  CHECK(consistent_hash(2202, 100001) == 15018);
  CHECK(consistent_hash(-1, 7) == 2);
  CHECK(consistent_hash(INT64_MIN, 7) == 5);
  CHECK(consistent_hash(INT64_MAX, 7) == 2);
  CHECK(consistent_hash(static_cast<std::int64_t>(0x9999999999999999ull), 5555) == 1754);
  CHECK(consistent_hash(1, 2147483647) == 262355607);
  CHECK(consistent_hash(42, 2147483647) == 1603940301);
  CHECK(consistent_hash(-42, 65536) == 60570);
  // The division rounds where jump's multiplication does not.
  CHECK(consistent_hash(static_cast<std::int64_t>(10560583522357363147ull), 2147483647) == 446314178);
  // The first LCG state's top 31 bits are all ones: (int) + 1 overflows, every n gives 0.
  CHECK(consistent_hash(3331094687578809748, 10) == 0);
  CHECK(consistent_hash(3331094687578809748, 1000) == 0);
}

TEST_CASE("guava: what each --input makes of a key", "[systems][guava]") {
  using sys::guava::Input;
  using sys::guava::input_long;
  CHECK(input_long("topic-a", Input::murmur3_128) == -864436883682879923);
  CHECK(input_long("topic-a", Input::murmur3_32) == 1546857653);
  CHECK(sys::guava::bucket("topic-a", Input::murmur3_128, 10) == 8);
  CHECK(sys::guava::bucket("topic-a", Input::murmur3_32, 10) == 4);
  CHECK(input_long("topic-a", Input::farmhash64) == -8749541927147639451);
  // auto: a decimal that fits a signed long is the long ("007" is 7), anything else murmur3_128.
  CHECK(input_long("007", Input::automatic) == 7);
  CHECK(input_long("-42", Input::automatic) == -42);
  CHECK(input_long("+5", Input::automatic) == 5);
  CHECK(input_long("9223372036854775807", Input::automatic) == INT64_MAX);
  CHECK(input_long("9223372036854775808", Input::automatic) == input_long("9223372036854775808", Input::murmur3_128));
  CHECK(input_long("0x10", Input::automatic) == input_long("0x10", Input::murmur3_128));
  CHECK(input_long("", Input::automatic) == input_long("", Input::murmur3_128));
  // long: signed or unsigned decimal, or 0x hex.
  CHECK(input_long("18446744073709551615", Input::long_value) == -1);
  CHECK(input_long("-9223372036854775808", Input::long_value) == INT64_MIN);
  CHECK(input_long("0xffffffffffffffff", Input::long_value) == -1);
  CHECK(input_long("0X2E3A6CF82E536594", Input::long_value) == 3331094687578809748);
  auto [m1, c1] = error_of([] { (void)input_long("abc", Input::long_value, "key 3"); });
  CHECK(m1 == "key 3 must be a 64-bit integer (decimal or 0x hex), got \"abc\"");
  CHECK(c1 == ErrorCode::invalid_argument);
  auto [m2, c2] = error_of([] { (void)input_long("18446744073709551616", Input::long_value); });
  CHECK(m2 == "key must be between -9223372036854775808 and 18446744073709551615, got 18446744073709551616");
  CHECK(c2 == ErrorCode::out_of_range);
  CHECK_THROWS_AS(input_long("0x", Input::long_value), Error);
  CHECK_THROWS_AS(input_long("0x10000000000000000", Input::long_value), Error);
  CHECK_THROWS_AS(input_long("", Input::long_value), Error);
  CHECK_THROWS_AS(input_long("-9223372036854775809", Input::long_value), Error);
}

TEST_CASE("guava: errors", "[systems][guava]") {
  auto [m1, c1] = error_of([] { (void)sys::guava::consistent_hash(1, 0); });
  CHECK(m1 == "buckets must be between 1 and 2147483647, got 0");
  CHECK(c1 == ErrorCode::out_of_range);
  CHECK_THROWS_AS(sys::guava::consistent_hash(1, 2147483648), Error);
  auto [m2, c2] = error_of([] { (void)sys::guava::input_from_name("md5"); });
  CHECK(m2 == "input must be auto, long, murmur3_128, murmur3_32 or farmhash64, got \"md5\"");
  CHECK(c2 == ErrorCode::invalid_argument);
}

// --- Erlang --------------------------------------------------------------------------------

TEST_CASE("erlang: keys as terms, the spec's vectors", "[systems][erlang]") {
  using K = sys::ErlangKeyTerm;
  constexpr std::uint64_t kAll = 4294967296;
  CHECK(sys::erlang_place("topic-a", K::binary, kAll) == 2957735024u);
  CHECK(sys::erlang_place("", K::binary, kAll) == 147926629u);
  CHECK(sys::erlang_place("", K::binary, std::nullopt) == 13708901u);
  CHECK(sys::erlang_place("h\xc3\xa9llo", K::binary, 4) == 3u);
  CHECK(sys::erlang_place("0", K::integer, kAll) == 3175731469u);
  CHECK(sys::erlang_place("-42", K::integer, kAll) == 2630556568u);
  CHECK(sys::erlang_place("+42", K::integer, kAll) == 701417368u);
  CHECK(sys::erlang_place("0042", K::integer, kAll) == 701417368u);
  CHECK(sys::erlang_place("134217728", K::integer, kAll) == 2562491755u);
  CHECK(sys::erlang_place("576460752303423488", K::integer, kAll) == 2442888721u);  // 2^59, a bignum
  CHECK(sys::erlang_place("18446744073709551615", K::integer, std::nullopt) == 53435350u);
  // A charlist and an atom are other terms than the binary.
  CHECK(sys::erlang_place("topic-a", K::charlist, kAll) != 2957735024u);
  CHECK(sys::erlang_place("a", K::atom, kAll) == ringlab::erlang::atom_hash("a"));
  CHECK(sys::erlang_key_term("", K::charlist) == ringlab::erlang::Term::nil());
}

TEST_CASE("erlang: errors", "[systems][erlang]") {
  using K = sys::ErlangKeyTerm;
  auto [m1, c1] = error_of([] { (void)sys::erlang_place("\xff", K::charlist, std::nullopt, "key 2"); });
  CHECK(m1 == "key 2 is not valid UTF-8");
  CHECK(c1 == ErrorCode::invalid_argument);
  auto [m2, c2] = error_of([] { (void)sys::erlang_place("\xed\xa0\x80", K::atom, std::nullopt); });
  CHECK(m2 == "key is not valid UTF-8");
  auto [m3, c3] = error_of([] { (void)sys::erlang_place(std::string(256, 'a'), K::atom, std::nullopt, "key 1"); });
  CHECK(m3.rfind("key 1: ", 0) == 0);
  CHECK(c3 == ErrorCode::limit_exceeded);
  CHECK_NOTHROW(sys::erlang_place(std::string(255, 'a'), K::atom, std::nullopt));
  auto [m4, c4] = error_of([] { (void)sys::erlang_place("12a", K::integer, std::nullopt, "key 4"); });
  CHECK(m4 == "key 4 must be a decimal integer, got \"12a\"");
  CHECK(c4 == ErrorCode::invalid_argument);
  CHECK_THROWS_AS(sys::erlang_place("", K::integer, std::nullopt), Error);
  CHECK_THROWS_AS(sys::erlang_place("-", K::integer, std::nullopt), Error);
  auto [m5, c5] = error_of([] { (void)sys::erlang_place(std::string(30000, '9'), K::integer, std::nullopt, "key 1"); });
  CHECK(c5 == ErrorCode::limit_exceeded);
  auto [m6, c6] = error_of([] { (void)sys::erlang_place("a", K::binary, 0); });
  CHECK(m6 == "range must be between 1 and 4294967296, got 0");
  CHECK(c6 == ErrorCode::out_of_range);
  CHECK_THROWS_AS(sys::erlang_place("a", K::binary, 4294967297), Error);
  auto [m7, c7] = error_of([] { (void)sys::erlang_key_term_from_name("tuple"); });
  CHECK(m7 == "term must be binary, charlist, atom or integer, got \"tuple\"");
}

// --- The command line ----------------------------------------------------------------------

TEST_CASE("place echoes each key's bytes as JSON, runs of plain text between escapes", "[systems][cli]") {
  // Plain runs of every length around each kind of escape: a control character, a quote, a
  // backslash, DEL (0x7f, not escaped), UTF-8 of two to four bytes, a byte that is no UTF-8 and
  // UTF-8's form of a surrogate (each of its bytes escaped).
  const std::string run(300, 'k');
  const std::vector<std::pair<std::string, std::string>> cases = {
      {run, run},
      {"\t" + run + "\"", "\\t" + run + "\\\""},
      {run + "\\" + run, run + "\\\\" + run},
      {"a\x7f" + run + "\x01", "a\x7f" + run + "\\u0001"},
      {"\xc3\xa9" + run + "\xe0\xa6\x95\xf0\x9f\x98\x80z", "\xc3\xa9" + run + "\xe0\xa6\x95\xf0\x9f\x98\x80z"},
      {"x\xffy", "x\\udcffy"},
      {"\xed\xa0\x80" + run, "\\udced\\udca0\\udc80" + run},
  };
  for (const auto& [key, shown] : cases) {
    const auto r = cli({"place", "redis", "--", key});
    CAPTURE(shown);
    CHECK(r.exit_code == 0);
    CHECK(r.out == "{\"key\": \"" + shown + "\", \"result\": " + std::to_string(sys::redis::key_slot(key)) + "}\n");
  }
}

TEST_CASE("place redis|kafka|cassandra|guava|erlang: lines, flags, defaults", "[systems][cli]") {
  auto r = cli({"place", "redis", "foo", "", "{user1000}.following"});
  CHECK(r.exit_code == 0);
  CHECK(r.out ==
        "{\"key\": \"foo\", \"result\": 12182}\n{\"key\": \"\", \"result\": 0}\n"
        "{\"key\": \"{user1000}.following\", \"result\": 3443}\n");
  r = cli({"place", "redis", "--nodes", "3", "foo"});
  CHECK(r.out == "{\"key\": \"foo\", \"result\": {\"slot\": 12182, \"node\": 2}}\n");
  r = cli({"place", "kafka", "--partitions", "100", "21", "\xff\xfe\x80"});
  CHECK(r.out == "{\"key\": \"21\", \"result\": 40}\n{\"key\": \"\\udcff\\udcfe\\udc80\", \"result\": 51}\n");
  r = cli({"place", "kafka", "--partitions", "12", "--partitioner", "consistent", "--", "--x"});
  CHECK(r.out == "{\"key\": \"--x\", \"result\": " + std::to_string(ringlab::systems::crc32("--x") % 12) + "}\n");
  r = cli({"place", "cassandra", "", "a"});
  CHECK(r.out ==
        "{\"key\": \"\", \"result\": -9223372036854775808}\n{\"key\": \"a\", \"result\": -8839064797231613815}\n");
  r = cli({"place", "cassandra", "--tokens", "n1=-100,n2=0", "a"});
  CHECK(r.out == "{\"key\": \"a\", \"result\": \"n1\"}\n");
  r = cli({"place", "guava", "--buckets", "10", "topic-a", "42"});  // --input auto
  CHECK(r.out == "{\"key\": \"topic-a\", \"result\": 8}\n{\"key\": \"42\", \"result\": 2}\n");
  r = cli({"place", "erlang", "topic-a"});  // a binary, phash2/1
  CHECK(r.out == "{\"key\": \"topic-a\", \"result\": 4945008}\n");
  r = cli({"place", "erlang", "--range", "4", "--term", "integer", "-42"});
  CHECK(r.out == "{\"key\": \"-42\", \"result\": 0}\n");
}

TEST_CASE("place redis|kafka|cassandra|guava|erlang: errors", "[systems][cli]") {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"place", "redis", "--nodes", "2", "k"}, "ringlab: --nodes must be between 3 and 16384, got 2\n"},
      {{"place", "redis", "--nodes", "x", "k"}, "ringlab: --nodes must be a safe integer, got \"x\"\n"},
      {{"place", "redis"}, "ringlab: place redis needs keys: --keys FILE or KEY...\n"},
      {{"place", "kafka", "k"}, "ringlab: place kafka needs --partitions N\n"},
      {{"place", "kafka", "--partitions", "0", "k"}, "ringlab: --partitions must be between 1 and 2147483647, got 0\n"},
      {{"place", "kafka", "--partitions", "3", "--partitioner", "random", "k"},
       "ringlab: partitioner must be murmur2, consistent or fnv1a, got \"random\"\n"},
      {{"place", "kafka", "--partitions", "3", "--hash", "x", "k"},
       "ringlab: unknown flag --hash for place kafka (see ringlab --help)\n"},
      {{"place", "cassandra", "--tokens", "a=1", "--ring", "f", "k"},
       "ringlab: place cassandra takes --tokens or --ring, not both\n"},
      {{"place", "cassandra", "--tokens", "a=1,a=1", "k"}, "ringlab: token 1 is given to both a and a\n"},
      {{"place", "cassandra", "--ring", "/nonexistent/ring.txt", "k"},
       "ringlab: cannot read --ring file \"/nonexistent/ring.txt\"\n"},
      {{"place", "guava", "k"}, "ringlab: place guava needs --buckets N\n"},
      {{"place", "guava", "--buckets", "0", "k"}, "ringlab: --buckets must be between 1 and 2147483647, got 0\n"},
      {{"place", "guava", "--buckets", "-5", "k"}, "ringlab: --buckets must be between 1 and 2147483647, got -5\n"},
      {{"place", "guava", "--buckets", "3", "--input", "long", "1", "x1"},
       "ringlab: key 2 must be a 64-bit integer (decimal or 0x hex), got \"x1\"\n"},
      {{"place", "erlang", "--range", "4294967297", "k"},
       "ringlab: --range must be between 1 and 4294967296, got 4294967297\n"},
      {{"place", "erlang", "--term", "integer", "1", "one"}, "ringlab: key 2 must be a decimal integer, got \"one\"\n"},
      {{"place", "erlang", "--term", "atom", "\xff"}, "ringlab: key 1 is not valid UTF-8\n"},
  };
  for (const auto& [args, err] : cases) {
    INFO(args[1] << " " << (args.size() > 2 ? args[2] : ""));
    const ringlab::CliResult r = cli(args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == err);
  }
}

TEST_CASE("place cassandra --ring reads nodetool ring text through ReadFile", "[systems][cli]") {
  const ringlab::ReadFile read = [](const std::string& path) -> std::optional<std::string> {
    if (path == "ring.txt") return "Address  Rack  Token\n10.0.0.1  r1  -5\n10.0.0.2  r1  5\n"s;
    if (path == "bad.txt") return "Address  Rack  Token\n10.0.0.1  r1  five\n"s;
    return std::nullopt;
  };
  auto r = ringlab::run_cli({"place", "cassandra", "--ring", "ring.txt", "a", "topic-a"}, sys::cli_commands(), read);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "{\"key\": \"a\", \"result\": \"10.0.0.1\"}\n{\"key\": \"topic-a\", \"result\": \"10.0.0.1\"}\n");
  r = ringlab::run_cli({"place", "cassandra", "--ring", "bad.txt", "a"}, sys::cli_commands(), read);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "ringlab: ring line 2, column 15: token must be a signed 64-bit integer, got \"five\"\n");
}

TEST_CASE("cassandra: a token list one entry a line, and control characters in a node's name refused",
          "[systems][cassandra]") {
  const auto one_a_line = sys::cassandra::tokens_from_list("a=1,\nb=2,\r\nc=3\n");
  REQUIRE(one_a_line.size() == 3);
  CHECK(one_a_line[1].node == "b");
  CHECK(one_a_line[2].node == "c");
  try {
    (void)sys::cassandra::tokens_from_list("a=1,b\x01=2");
    FAIL("a control character in a node's name was accepted");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::invalid_argument);
    CHECK(std::string(e.what()) == "--tokens entry 2: a node's name must not hold control characters, got \"b\x01\"");
  }
}

}  // namespace test_systems_keyed
