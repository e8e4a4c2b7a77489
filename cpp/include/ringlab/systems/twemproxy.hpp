// twemproxy (nutcracker 0.5.0, Debian 12's nutcracker): which server of a pool a key is sent to,
// for the pool's `distribution` (ketama or modula), its `hash` (every key hash nutcracker
// offers), its `hash_tag`, and the servers that auto_eject_hosts has ejected.
//
// What nutcracker really does (src/hashkit/, src/nc_server.c, src/nc_conf.c), all reproduced:
//   - the servers are sorted by name when the configuration is read (conf_validate_server:
//     shorter names first, then byte by byte), and that order is the pool's: modula's, and the
//     continuum's order of equal points;
//   - a server's name is the one after the space in "host:port:weight name", else "host:port",
//     else "host" alone when the port is 11211 (libmemcached's habit);
//   - ketama: floorf(pct * 160 / 4 * live + 1e-10) * 4 points per live server in float, pct its
//     weight over the live servers' total, 4 points per MD5 of "name-i"; the first point >= the
//     key's hash, wrapping;
//   - modula: each live server `weight` times, in order; the key's hash modulo the total weight;
//   - the "64-bit" FNVs return 32 bits, "fnv1a_64" even computes in 32 bits; one-at-a-time, the
//     FNVs and Hsieh's tail read bytes as a signed char (sign-extended); "crc16" keeps 32 bits;
//   - with a single server, or an empty key (or tag), no hash: the hash is 0;
//   - hash_tag "XY": the bytes between the first X and the first Y after it are hashed, when
//     there is at least one; else the whole key;
//   - distribution random draws a live server with random() for each request: no placement.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ringlab::systems {

enum class TwemproxyDistribution : std::uint8_t { ketama, modula };

// The pool's `hash:`, as nc_hashkit.h lists them; fnv1a_64 is nutcracker's default.
enum class TwemproxyHash : std::uint8_t {
  one_at_a_time,
  md5,
  crc16,
  crc32,
  crc32a,
  fnv1_64,
  fnv1a_64,
  fnv1_32,
  fnv1a_32,
  hsieh,
  murmur,
  jenkins,
};

[[nodiscard]] std::string_view twemproxy_distribution_name(TwemproxyDistribution d) noexcept;
[[nodiscard]] std::string_view twemproxy_hash_name(TwemproxyHash h) noexcept;
// The reverse, as the YAML spells them; Error(invalid_argument, oneOf) for another name, and
// twRandom for "random".
[[nodiscard]] TwemproxyDistribution twemproxy_distribution_from_name(std::string_view name);
[[nodiscard]] TwemproxyHash twemproxy_hash_from_name(std::string_view name);

// nutcracker's key hash H of bytes.
[[nodiscard]] std::uint32_t twemproxy_hash_value(TwemproxyHash hash, std::string_view bytes) noexcept;

struct TwemproxyServer {
  std::string host;
  std::int64_t port = 11211;  // 1 .. 65535
  std::int64_t weight = 1;    // 1 .. 2^31 - 1
  std::string name;           // the name after the space; empty when none was given
  bool ejected = false;       // auto_eject_hosts has taken it out of the pool for now
};

struct TwemproxyOptions {
  TwemproxyDistribution distribution = TwemproxyDistribution::ketama;
  TwemproxyHash hash = TwemproxyHash::fnv1a_64;
  std::string hash_tag;  // empty, or two bytes
};

// A server line as nutcracker reads it (conf_add_server, from the end): "host:port:weight" and
// an optional " name". Errors: the form, the port, the weight, an empty host or name, a unix
// socket (not reproduced).
[[nodiscard]] TwemproxyServer parse_twemproxy_server(std::string_view line);

// A pool of nutcracker's YAML configuration (nutcracker -c FILE), as ringlab reads it.
struct TwemproxyPool {
  std::string name;
  std::vector<TwemproxyServer> servers;  // as listed (the pool's order is Twemproxy's)
  TwemproxyOptions options;
  bool auto_eject_hosts = false;
};

// Reads nutcracker's YAML configuration: pools (NAME: at the line's start), each with its
// directives (KEY: VALUE, indented; nutcracker's seventeen, the placement's read and the others
// checked for nothing but their place) and its servers (- HOST:PORT:WEIGHT [NAME] under
// servers:), values plain or quoted, # comments. `pool` names the pool to read; empty, the file
// must have one. Errors name the line and column: a line of another form (flow collections,
// anchors, ...), an unknown or repeated directive, a server or value nutcracker would refuse,
// no such pool, several pools and none named, a pool without servers.
[[nodiscard]] TwemproxyPool parse_twemproxy_config(std::string_view text, std::string_view pool = {});

class Twemproxy {
 public:
  // Errors: no servers or too many, a port or weight out of range, two servers with one name
  // (duplicate_server), a hash_tag that is not two bytes, a live total weight above 2^32 - 1.
  Twemproxy(std::vector<TwemproxyServer> servers, const TwemproxyOptions& options);

  // The index in servers() of the key's server, or nullopt when every server is ejected.
  [[nodiscard]] std::optional<std::size_t> place(std::string_view key) const noexcept;
  // The bytes hash_tag picks from the key (the key itself without a tag).
  [[nodiscard]] std::string_view tagged(std::string_view key) const noexcept;
  // The hash the dispatch uses: of the tagged bytes, 0 for a single server or no bytes.
  [[nodiscard]] std::uint32_t key_hash(std::string_view key) const noexcept;
  // The index of the server for a key hash (place() after key_hash()), or nullopt when every
  // server is ejected.
  [[nodiscard]] std::optional<std::size_t> server_of_hash(std::uint32_t hash) const noexcept;
  // Under modula: the live servers' weights added up, the modulus of the key's hash.
  [[nodiscard]] std::uint64_t live_weight() const noexcept { return total_weight_; }
  // Under ketama, with a live server: the index in continuum() of the hash's point.
  [[nodiscard]] std::size_t point_of_hash(std::uint32_t hash) const noexcept;

  // The servers in the pool's order (sorted by name).
  [[nodiscard]] const std::vector<TwemproxyServer>& servers() const noexcept { return servers_; }
  // The name nutcracker hashes and reports the server by.
  [[nodiscard]] const std::string& name(std::size_t index) const { return names_.at(index); }
  [[nodiscard]] const TwemproxyOptions& options() const noexcept { return options_; }
  [[nodiscard]] std::size_t live() const noexcept { return live_; }

  struct Point {
    std::uint32_t value;
    std::uint32_t server;
  };
  // Under ketama, the continuum over the live servers, sorted (empty under modula).
  [[nodiscard]] const std::vector<Point>& continuum() const noexcept { return continuum_; }

 private:
  std::vector<TwemproxyServer> servers_;
  std::vector<std::string> names_;
  TwemproxyOptions options_;
  std::size_t live_ = 0;
  std::vector<Point> continuum_;
  // Under modula: the running total of the live servers' weights and their indexes.
  std::vector<std::uint64_t> modula_end_;
  std::vector<std::uint32_t> modula_server_;
  std::uint64_t total_weight_ = 0;
};

// A server's name as nutcracker makes it: the given name, else host:port, else host when the
// port is 11211.
[[nodiscard]] std::string twemproxy_server_name(const TwemproxyServer& s);

}  // namespace ringlab::systems
