// libmemcached 1.1.4 (Debian 12's libmemcached11): which server memcached_server_by_key() picks
// for a key, for every distribution and key hash the library offers, built the way an
// application builds its memcached_st: behaviours first, then the servers in order.
//
// What the library really does, where it differs from its documentation (all reproduced):
//   - the one-at-a-time and FNV key hashes read bytes through a signed char on x86, so a byte
//     >= 0x80 counts as 0xFFFFFF80.. (sign-extended);
//   - a continuum point string leaves the port out when it is 11211 ("host-3", not
//     "host:11211-3"), except in the spymemcached-compatible mode ("/host:11211-3");
//   - MEMCACHED_BEHAVIOR_KETAMA does not switch the key hash to MD5;
//     MEMCACHED_BEHAVIOR_KETAMA_WEIGHTED switches it to MD5;
//   - adding a server with a weight above 1 under a consistent distribution turns on the
//     weighted continuum (MD5 points, 160 per server scaled by weight) whatever the mode said;
//   - keys of 0 or more than 250 bytes are refused (MEMCACHED_BAD_KEY_PROVIDED): no server.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ringlab::systems {

// What the application sets before adding servers. The first five are
// memcached_behavior_set_distribution(MEMCACHED_DISTRIBUTION_<M>); the last two are
// memcached_behavior_set(MEMCACHED_BEHAVIOR_KETAMA, 1) and (..._KETAMA_WEIGHTED, 1).
enum class MemcachedMode : std::uint8_t {
  modula,  // the library's default
  consistent,
  consistent_ketama,
  consistent_ketama_spy,
  consistent_weighted,
  behavior_ketama,
  behavior_ketama_weighted,
};

// memcached_behavior_set(MEMCACHED_BEHAVIOR_HASH, MEMCACHED_HASH_<H>), set after the mode.
// (HSIEH is left out: Debian's build has no Hsieh hash and refuses it.)
enum class MemcachedHash : std::uint8_t {
  default_hash,  // one-at-a-time
  md5,
  crc,
  fnv1_64,
  fnv1a_64,
  fnv1_32,
  fnv1a_32,
  murmur,
  jenkins,
  murmur3,
};

// The names the CLI and the messages use: "consistent_ketama", "fnv1a_32", "default", ...
[[nodiscard]] std::string_view memcached_mode_name(MemcachedMode mode) noexcept;
[[nodiscard]] std::string_view memcached_hash_name(MemcachedHash hash) noexcept;
// The reverse; Error(invalid_argument, "mode must be modula, consistent, ..., got "x"").
[[nodiscard]] MemcachedMode memcached_mode_from_name(std::string_view name);
[[nodiscard]] MemcachedHash memcached_hash_from_name(std::string_view name);

// libhashkit's key hash H of bytes, as memcached_generate_hash_value() returns it.
[[nodiscard]] std::uint32_t memcached_hash_value(MemcachedHash hash, std::string_view bytes) noexcept;

struct MemcachedServer {
  std::string host;           // the host name as given (no DNS is involved in placement)
  std::int64_t port = 11211;  // 1 .. 65535
  std::int64_t weight = 1;    // 1 .. 2^32 - 1
};

struct MemcachedOptions {
  MemcachedMode mode = MemcachedMode::modula;
  std::optional<MemcachedHash> hash;  // none: the hash the mode leaves (one-at-a-time, or MD5)
  bool sort_hosts = false;            // MEMCACHED_BEHAVIOR_SORT_HOSTS: servers by host, then port
};

class Memcached {
 public:
  // Errors: no servers or too many (servers), a port or weight out of range, an empty host or
  // one of 1025 bytes or more (libmemcached's NI_MAXHOST), two servers with one host:port
  // (duplicate_server).
  Memcached(std::vector<MemcachedServer> servers, const MemcachedOptions& options);

  // The index in servers() of the server for this key, or nullopt for a key the library
  // refuses (0 or more than 250 bytes).
  [[nodiscard]] std::optional<std::size_t> place(std::string_view key) const noexcept;
  // The index for a key hash (dispatch_host), whatever the key's length.
  [[nodiscard]] std::size_t server_of_hash(std::uint32_t hash) const noexcept;
  // With a continuum (consistent()): the index in continuum() of the point a hash lands on, the
  // first point >= it, wrapping to the first.
  [[nodiscard]] std::size_t point_of_hash(std::uint32_t hash) const noexcept;
  // The key hash the lookup uses (0 with a single server: the library skips hashing then).
  [[nodiscard]] std::uint32_t key_hash(std::string_view key) const noexcept;

  // The servers in the library's order (sorted with sort_hosts).
  [[nodiscard]] const std::vector<MemcachedServer>& servers() const noexcept { return servers_; }
  // "host:port", as memcached_server_name() and memcached_server_port() give them.
  [[nodiscard]] std::string server_name(std::size_t index) const;
  // What the behaviours and the servers left: the key hash, the distribution, whether the
  // continuum is the weighted MD5 one.
  [[nodiscard]] MemcachedHash hash() const noexcept { return hash_; }
  [[nodiscard]] bool weighted() const noexcept { return weighted_; }
  [[nodiscard]] bool consistent() const noexcept { return consistent_; }

  struct Point {
    std::uint32_t value;
    std::uint32_t server;
  };
  // The continuum, sorted (empty under modula).
  [[nodiscard]] const std::vector<Point>& continuum() const noexcept { return continuum_; }

 private:
  std::vector<MemcachedServer> servers_;
  MemcachedHash hash_ = MemcachedHash::default_hash;
  bool consistent_ = false;
  bool spy_ = false;
  bool weighted_ = false;
  std::vector<Point> continuum_;
};

// libmemcached's server string, as memcached_servers_parse() reads it: entries separated by
// commas, each "host[:port[ weight]]" (the weight after a space or a second ':'), an IPv6
// address in brackets ("[::1]:11212 2", the brackets kept in the host name, as the library
// keeps them). ringlab is stricter than the library, which reads nearly anything: an empty
// entry (the library's "localhost"), a port or weight that is not a plain decimal in range, a
// space inside a host name, and a duplicate server are errors, each
// Error(invalid_argument / out_of_range / duplicate_server, "server string column C: ...").
// A single space after a comma is skipped, as the library skips it.
[[nodiscard]] std::vector<MemcachedServer> parse_memcached_servers(std::string_view text);

}  // namespace ringlab::systems
