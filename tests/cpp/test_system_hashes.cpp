// The real systems' hash functions against published vectors (RFCs, the reference code's own
// tests, the systems' unit tests) and values read from the real software on Debian 12
// (libmemcached 1.1.4's memcached_generate_hash_value, python3-cassandra's cmurmur3, Guava 31.1,
// python3-xxhash over libxxhash 0.8.1).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "ringlab/systems/hashes.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_system_hashes {

using namespace ringlab::systems;
using namespace std::string_literals;

namespace {

std::string hex_of(const std::array<std::uint8_t, 16>& d) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (std::uint8_t b : d) {
    s.push_back(kHex[b >> 4]);
    s.push_back(kHex[b & 15]);
  }
  return s;
}

// Guava prints a HashCode as its bytes in order: h1 little-endian, then h2 little-endian.
std::string guava_hex(const Hash128& h) {
  std::array<std::uint8_t, 16> d{};
  for (int i = 0; i < 8; ++i) {
    d[i] = static_cast<std::uint8_t>(h.h1 >> (8 * i));
    d[8 + i] = static_cast<std::uint8_t>(h.h2 >> (8 * i));
  }
  return hex_of(d);
}

std::int64_t as_signed(std::uint64_t v) { return static_cast<std::int64_t>(v); }
std::int32_t as_signed(std::uint32_t v) { return static_cast<std::int32_t>(v); }

const std::string kFox = "The quick brown fox jumps over the lazy dog";

}  // namespace

TEST_CASE("CRC-32/IEEE: check value, nginx's example, streaming", "[system-hashes]") {
  CHECK(crc32("") == 0u);
  CHECK(crc32("123456789") == 0xCBF43926u);
  CHECK(crc32("foo") == 2356372769u);
  CHECK(crc32(kFox) == 0x414FA339u);
  CHECK(crc32_update(crc32("1234"), "56789") == crc32("123456789"));
  CHECK(crc32_update(0, "foo") == crc32("foo"));
  // nginx's non-consistent hash: (crc32(key) >> 16) & 0x7fff.
  CHECK(((crc32("foo") >> 16) & 0x7fffu) == 3187u);
  CHECK(((crc32("1foo") >> 16) & 0x7fffu) == 6881u);
}

TEST_CASE("CRC16/XMODEM: check value and Redis's slots", "[system-hashes]") {
  CHECK(crc16_xmodem("") == 0u);
  CHECK(crc16_xmodem("123456789") == 0x31C3u);
  CHECK((crc16_xmodem("foo") & 0x3FFFu) == 12182u);
  CHECK((crc16_xmodem("bar") & 0x3FFFu) == 5061u);
  CHECK((crc16_xmodem("\xff\x80"
                      "abc") &
         0x3FFFu) == 6721u);
}

TEST_CASE("CRC16/XMODEM four bytes at a time is the bitwise definition", "[system-hashes]") {
  // The polynomial 0x1021 a bit at a time, from 0: every length through the four-byte steps and
  // the tail, every byte value.
  const auto bitwise = [](std::string_view bytes) {
    std::uint32_t crc = 0;
    for (char ch : bytes) {
      crc ^= static_cast<std::uint32_t>(static_cast<std::uint8_t>(ch)) << 8;
      for (int k = 0; k < 8; ++k) crc = (crc & 0x8000u) ? ((crc << 1) ^ 0x1021u) & 0xFFFFu : (crc << 1) & 0xFFFFu;
    }
    return static_cast<std::uint16_t>(crc);
  };
  std::string bytes;
  std::uint32_t x = 12345;
  for (int len = 0; len < 600; ++len) {
    INFO(len);
    REQUIRE(crc16_xmodem(bytes) == bitwise(bytes));
    x = x * 1103515245u + 12345u;
    bytes.push_back(static_cast<char>(len < 256 ? len : x >> 24));
  }
}

TEST_CASE("MD5: RFC 1321's test suite and ketama's words", "[system-hashes]") {
  CHECK(hex_of(md5("")) == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(hex_of(md5("a")) == "0cc175b9c0f1b6a831c399e269772661");
  CHECK(hex_of(md5("abc")) == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(hex_of(md5("message digest")) == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(hex_of(md5("abcdefghijklmnopqrstuvwxyz")) == "c3fcd3d76192e4007dfb496cca67e13b");
  CHECK(hex_of(md5("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")) ==
        "d174ab98d277d9f5a5611c2c9f419d9f");
  CHECK(hex_of(md5("12345678901234567890123456789012345678901234567890123456789012345678901234567890")) ==
        "57edf4a22be3c955ac49da2e2107b67a");
  // 55, 56 and 64 bytes: the padding's one-block and two-block cases.
  CHECK(hex_of(md5(std::string(55, 'a'))) == "ef1772b6dff9a122358552954ad0df65");
  CHECK(hex_of(md5(std::string(56, 'a'))) == "3b0c8ac703f828b04c6c197006d17218");
  CHECK(hex_of(md5(std::string(64, 'a'))) == "014842d480b571495a4a0363793f7367");
  // libketama's ketama_hashi("test") (python_ketama/tests.py).
  CHECK(md5_word(md5("test"), 0) == 3446378249u);
  // libmemcached's fixture: md5_32 of a key, and VDEAAAAA's 0xfffcd1b5.
  CHECK(md5_word(md5("SVa_]_V41)"), 0) == 443691461u);
  CHECK(md5_word(md5("VDEAAAAA"), 0) == 0xfffcd1b5u);
  const auto d = md5("abc");
  CHECK(md5_word(d, 1) == 0xb04fd23cu);
  CHECK(md5_word(d, 3) == 0x727fe128u);
}

TEST_CASE("libhashkit's hashes as memcached_generate_hash_value gives them", "[system-hashes]") {
  // Columns: DEFAULT (one-at-a-time, signed chars), MD5, CRC, FNV1_64, FNV1A_64, FNV1_32,
  // FNV1A_32, MURMUR, JENKINS, MURMUR3, read from libmemcached 1.1.4 on x86-64.
  struct Row {
    std::string key;
    std::uint32_t oaat, md5, crc, fnv1_64, fnv1a_64, fnv1_32, fnv1a_32, murmur, jenkins, murmur3;
  };
  const Row rows[] = {
      {"", 0u, 3649838548u, 0u, 2216829733u, 2216829733u, 2166136261u, 2166136261u, 0u, 3735928572u, 0u},
      {"a", 3392050242u, 3111502092u, 26807u, 2248259518u, 2248273036u, 84696446u, 3826002220u, 1262581116u,
       3768813200u, 2289228744u},
      {"foo", 596015325u, 3675831724u, 3187u, 1805727027u, 4275688823u, 1083137555u, 2851307223u, 3303027599u,
       2583187353u, 2784297138u},
      {"topic-a", 3787826179u, 1075459729u, 4891u, 1645023644u, 3871798302u, 3468119356u, 1891927710u, 1472029265u,
       1446947153u, 688124613u},
      {"hello", 3372029979u, 708854109u, 13840u, 3183334599u, 2158673163u, 3069866343u, 1335831723u, 1377504255u,
       772589811u, 1067880409u},
      {"caf\xc3\xa9", 3650908318u, 3833532679u, 6317u, 2315714289u, 3472276361u, 3598905713u, 1970454601u, 3658586143u,
       3412207021u, 592794272u},
      {"\xff", 2925896852u, 3561969920u, 32512u, 2046707744u, 2046707310u, 4210270944u, 4193493326u, 3679652508u,
       3784723880u, 2014273854u},
      {"abcdefghijkl", 1616577344u, 114739615u, 30328u, 3665453173u, 3764018357u, 1705886421u, 3908779541u, 3087340362u,
       4220209635u, 35528508u},
      {"abcdefghijklm", 1838806748u, 3518869026u, 24052u, 1039263394u, 965460744u, 3851007266u, 998463208u, 696768699u,
       3055675487u, 339839718u},
      {"\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c", 2749814950u, 2623180903u, 32718u, 3150082911u,
       693656847u, 1483364127u, 1611215439u, 114699268u, 1950961613u, 4208884355u},
      {kFox, 1369346549u, 2642219166u, 16719u, 2112060110u, 3890508048u, 3922226286u, 76545936u, 818385189u, 314054204u,
       2603515018u},
  };
  constexpr auto S = ByteSign::sign_extended;
  for (const Row& r : rows) {
    INFO("key of " << r.key.size() << " bytes: " << r.key);
    CHECK(one_at_a_time(r.key, S) == r.oaat);
    CHECK(md5_word(md5(r.key), 0) == r.md5);
    CHECK(((crc32(r.key) >> 16) & 0x7fffu) == r.crc);
    CHECK(static_cast<std::uint32_t>(fnv1_64(r.key, S)) == r.fnv1_64);
    CHECK(static_cast<std::uint32_t>(fnv1a_64(r.key, S)) == r.fnv1a_64);
    CHECK(fnv1_32(r.key, S) == r.fnv1_32);
    CHECK(fnv1a_32(r.key, S) == r.fnv1a_32);
    CHECK(hashkit_murmur(r.key) == r.murmur);
    CHECK(hashkit_jenkins(r.key) == r.jenkins);
    CHECK(hashkit_murmur3(r.key) == r.murmur3);
  }
}

TEST_CASE("Jenkins one-at-a-time and lookup3 as published", "[system-hashes]") {
  // Textbook one-at-a-time reads bytes unsigned; ASCII is the same either way.
  CHECK(one_at_a_time("a") == 0xca2e9442u);
  CHECK(one_at_a_time(kFox) == 0x519e91f5u);
  CHECK(one_at_a_time("foo") == one_at_a_time("foo", ByteSign::sign_extended));
  CHECK(one_at_a_time("\xff") != one_at_a_time("\xff", ByteSign::sign_extended));
  // lookup3.c's driver5(): hashlittle("", 0, 0) = 0xdeadbeef, ("", 0, 0xdeadbeef) = 0xbd5b7dde,
  // "Four score and seven years ago" with 0 and 1.
  CHECK(jenkins_lookup3("", 0) == 0xdeadbeefu);
  CHECK(jenkins_lookup3("", 0xdeadbeefu) == 0xbd5b7ddeu);
  CHECK(jenkins_lookup3("Four score and seven years ago", 0) == 0x17770551u);
  CHECK(jenkins_lookup3("Four score and seven years ago", 1) == 0xcd628161u);
}

TEST_CASE("FNV-1 and FNV-1a, 32 and 64 bits, as published", "[system-hashes]") {
  CHECK(fnv1_32("") == 0x811c9dc5u);
  CHECK(fnv1a_32("") == 0x811c9dc5u);
  CHECK(fnv1_64("") == 0xcbf29ce484222325ull);
  CHECK(fnv1a_64("") == 0xcbf29ce484222325ull);
  CHECK(fnv1_32("a") == 0x050c5d7eu);
  CHECK(fnv1a_32("a") == 0xe40c292cu);
  CHECK(fnv1_64("a") == 0xaf63bd4c8601b7beull);
  CHECK(fnv1a_64("a") == 0xaf63dc4c8601ec8cull);
  CHECK(fnv1_32("foobar") == 0x31f0b262u);
  CHECK(fnv1a_32("foobar") == 0xbf9cf968u);
  CHECK(fnv1_64("foobar") == 0x340d8765a4dda9c2ull);
  CHECK(fnv1a_64("foobar") == 0x85944171f73967e8ull);
  // Textbook FNV-1a of 0xFF against libhashkit's sign-extended read.
  CHECK(fnv1a_32("\xff") == 2047574606u);
  CHECK(fnv1a_32("\xff", ByteSign::sign_extended) == 4193493326u);
}

TEST_CASE("MurmurHash2: Kafka's and librdkafka's vectors", "[system-hashes]") {
  // Kafka's UtilsTest.testMurmur2 (Java's signed int).
  CHECK(as_signed(kafka_murmur2("21")) == -973932308);
  CHECK(as_signed(kafka_murmur2("foobar")) == -790332482);
  CHECK(as_signed(kafka_murmur2("a-little-bit-long-string")) == -985981536);
  CHECK(as_signed(kafka_murmur2("a-little-bit-longer-string")) == -1486304829);
  CHECK(as_signed(kafka_murmur2("lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8")) == -58897971);
  CHECK(as_signed(kafka_murmur2("abc")) == 479470107);
  // librdkafka's unittest_murmur2.
  CHECK(kafka_murmur2("kafka") == 0xd067cf64u);
  CHECK(kafka_murmur2("giberish123456789") == 0x8f552b0cu);
  CHECK(kafka_murmur2("1234") == 0x9fc97b14u);
  CHECK(kafka_murmur2("234") == 0xe7c009cau);
  CHECK(kafka_murmur2("34") == 0x873930dau);
  CHECK(kafka_murmur2("4") == 0x5a4b5ca1u);
  CHECK(kafka_murmur2("PreAmbleWillBeRemoved,ThePrePartThatIs") == 0x78424f1cu);
  CHECK(kafka_murmur2("") == 0x106e08d9u);
  // rd_kafka_msg_partitioner_murmur2's hashes, bytes >= 0x80 included.
  CHECK(kafka_murmur2("topic-a") == 2827977777u);
  CHECK(kafka_murmur2("\xff\xfe\x80") == 4134240899u);
  CHECK(kafka_murmur2("\xe6\x97\xa5\xe6\x9c\xac") == 3594156275u);
  CHECK(murmur2_32("abc", kKafkaMurmur2Seed) == kafka_murmur2("abc"));
}

TEST_CASE("MurmurHash3 x86_32: reference vectors and Guava's murmur3_32_fixed", "[system-hashes]") {
  CHECK(murmur3_x86_32("", 0) == 0u);
  CHECK(murmur3_x86_32("", 1) == 0x514E28B7u);
  CHECK(murmur3_x86_32("", 0xffffffffu) == 0x81F16F39u);
  CHECK(murmur3_x86_32("\0\0\0\0"s, 0) == 0x2362F9DEu);
  CHECK(murmur3_x86_32("aaaa", 0x9747b28cu) == 0x5A97808Au);
  CHECK(murmur3_x86_32("abc", 0) == 0xB3DD93FAu);
  CHECK(murmur3_x86_32("Hello, world!", 0x9747b28cu) == 0x24884CBAu);
  CHECK(murmur3_x86_32(kFox, 0x9747b28cu) == 0x2FA826CDu);
  // Guava 31.1: murmur3_32_fixed().hashString(k, UTF_8).asInt().
  CHECK(as_signed(murmur3_x86_32("topic-a", 0)) == 1546857653);
  CHECK(as_signed(murmur3_x86_32("a", 0)) == 1009084850);
  CHECK(as_signed(murmur3_x86_32("hello world!", 0)) == 774705101);
  CHECK(as_signed(murmur3_x86_32(std::string(100, 'x'), 0)) == -1669795694);
}

TEST_CASE("MurmurHash3 x64_128: Guava's form and Cassandra's signed tail", "[system-hashes]") {
  CHECK(murmur3_x64_128("", 0) == Hash128{0, 0});
  CHECK(guava_hex(murmur3_x64_128(kFox, 0)) == "6c1b07bc7bbc4be347939ac4a93c437a");
  CHECK(guava_hex(murmur3_x64_128("topic-a", 0)) == "4d1656f93be700f40a72015574781425");
  CHECK(guava_hex(murmur3_x64_128("a", 0)) == "897859f6655555855a890e51483ab5e6");
  CHECK(guava_hex(murmur3_x64_128("hello world!", 0)) == "e3bb21fe7703a85ae7a7ce20146bf5ed");
  CHECK(guava_hex(murmur3_x64_128(std::string(100, 'x'), 0)) == "e26a598802e50404c37caf2e4057afde");
  CHECK(as_signed(murmur3_x64_128("topic-a", 0).h1) == -864436883682879923);

  constexpr auto S = ByteSign::sign_extended;
  // The DataStax driver's tests.
  CHECK(as_signed(murmur3_x64_128("123", 0, S).h1) == -7468325962851647638);
  std::string rep;
  for (int i = 0; i < 10; ++i) rep += "\x00\xff\x10\xfa\x99"s;
  CHECK(as_signed(murmur3_x64_128(rep, 0, S).h1) == 5837342703291459765);
  CHECK(as_signed(murmur3_x64_128(std::string(8, '\xfe'), 0, S).h1) == -8927430733708461935);
  CHECK(as_signed(murmur3_x64_128(std::string(8, '\x10'), 0, S).h1) == 1446172840243228796);
  CHECK(as_signed(murmur3_x64_128("9223372036854775807", 0, S).h1) == 7162290910810015547);
  // python3-cassandra's cmurmur3, and the unsigned form for the same bytes.
  CHECK(as_signed(murmur3_x64_128("a", 0, S).h1) == -8839064797231613815);
  CHECK(as_signed(murmur3_x64_128("jsmith", 0, S).h1) == 3387803449176249109);
  CHECK(as_signed(murmur3_x64_128("\xff", 0, S).h1) == -4442228696663692417);
  CHECK(as_signed(murmur3_x64_128("\xff", 0).h1) == 5177511712917721324);
  CHECK(as_signed(murmur3_x64_128("\x80\x81\x82\x83\x84\x85\x86\x87\x88", 0, S).h1) == 7770289513489161555);
  CHECK(as_signed(murmur3_x64_128(std::string(8, '\xfe'), 0).h1) == -3927725473986473217);
  std::string zero_to_39;
  for (int i = 0; i < 40; ++i) zero_to_39.push_back(static_cast<char>(i));
  CHECK(as_signed(murmur3_x64_128(zero_to_39, 0, S).h1) == -4350383952250503068);
}

TEST_CASE("libstdc++'s _Hash_bytes: Envoy's MURMUR_HASH_2 ring", "[system-hashes]") {
  // Envoy's ring_hash test: hosts 127.0.0.1:80 .. :85, two entries each ("<addr>_0", "<addr>_1").
  CHECK(libstdcxx_hash_bytes("127.0.0.1:80_0") == 17613279263364193813ull);
  CHECK(libstdcxx_hash_bytes("127.0.0.1:80_1") == 15427156902705414897ull);
  CHECK(libstdcxx_hash_bytes("127.0.0.1:85_0") == 1358027074129602068ull);
  CHECK(libstdcxx_hash_bytes("127.0.0.1:85_1") == 16375050414328759093ull);
#if defined(__GLIBCXX__)
  // The same as this platform's own std::_Hash_bytes, at every tail length.
  std::string s;
  for (int len = 0; len < 40; ++len) {
    INFO("length " << len);
    CHECK(libstdcxx_hash_bytes(s) == std::_Hash_bytes(s.data(), s.size(), kLibstdcxxHashSeed));
    CHECK(libstdcxx_hash_bytes(s, 7) == std::_Hash_bytes(s.data(), s.size(), 7));
    s.push_back(static_cast<char>(0x61 + len * 37));
  }
#endif
}

TEST_CASE("xxHash64: XXH64 as libxxhash 0.8.1 gives it", "[system-hashes]") {
  CHECK(xxhash64("") == 17241709254077376921ull);
  CHECK(xxhash64("", 1) == 15397730242686860875ull);
  CHECK(xxhash64("a") == 15154266338359012955ull);
  CHECK(xxhash64("foo") == 3728699739546630719ull);
  CHECK(xxhash64("foo", 1) == 14071536367944281277ull);
  CHECK(xxhash64("topic-a") == 5039977448354026024ull);
  CHECK(xxhash64("topic-a", 1) == 14123905974725127436ull);
  CHECK(xxhash64(std::string(100, 'x')) == 10588207204368892052ull);
  CHECK(xxhash64(std::string(100, 'x'), 1) == 11707929735834287534ull);
  // Envoy's ring, hosts 127.0.0.1:90 .. :95: ":94"'s two entries.
  CHECK(xxhash64("127.0.0.1:94_0") == 15516499411664133160ull);
  CHECK(xxhash64("127.0.0.1:94_1") == 833437586790550860ull);
}

TEST_CASE("FarmHash Fingerprint64 as Guava's farmHashFingerprint64", "[system-hashes]") {
  // Guava 31.1: farmHashFingerprint64().hashString(k, UTF_8).padToLong(); every length class
  // (0-16, 17-32, 33-64, above 64).
  CHECK(as_signed(farmhash_fingerprint64("")) == -7286425919675154353);
  CHECK(as_signed(farmhash_fingerprint64("a")) == -5528939962900187677);
  CHECK(as_signed(farmhash_fingerprint64("topic-a")) == -8749541927147639451);
  CHECK(as_signed(farmhash_fingerprint64("hello world!")) == 4577883861590986596);
  CHECK(as_signed(farmhash_fingerprint64("abcdefghijklmnopqrstuvwxyz")) == 6822236678030897597);
  CHECK(as_signed(farmhash_fingerprint64(kFox)) == -6071270166956912332);
  CHECK(as_signed(farmhash_fingerprint64(std::string(100, 'x'))) == 6590480085648050719);
  std::string digits;
  for (int i = 0; i < 20; ++i) digits += "0123456789";
  CHECK(as_signed(farmhash_fingerprint64(digits)) == -8783659046506036331);
}

}  // namespace test_system_hashes
