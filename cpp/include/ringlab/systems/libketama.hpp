// The original libketama (last.fm's RJ/ketama, libketama/ketama.c): the continuum
// ketama_create_continuum() builds from a server list and the server ketama_get_server() returns.
//
// Each server gets floorf(pct * 40.0 * N) MD5 digests of "ADDR-k" (pct = its memory over the
// total, in single precision; the product in double, cut to float by floorf), four points per
// digest. Unlike libmemcached the address always keeps its port ("10.0.0.1:11211-0"), so the two
// libraries place keys differently whenever a server is on port 11211. Keys hash to the first
// four bytes of their MD5, little-endian; the lookup takes the first point >= that hash,
// wrapping to the first point.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ringlab::systems {

struct KetamaServer {
  std::string address;      // "10.0.1.1:11211": 1 to 21 bytes, as libketama's char addr[22] holds
  std::int64_t memory = 1;  // the server's memory, its weight: > 0
};

class Libketama {
 public:
  // Errors: no servers (servers), an address that is empty, longer than 21 bytes or holds
  // white space (invalid_argument), a memory of 0 or less (memory), two servers with one
  // address (duplicate_server), and a continuum beyond libketama's shared-memory segment
  // (limit_exceeded: at most kMaxPoints points).
  explicit Libketama(std::vector<KetamaServer> servers);

  // (512 KiB - 36 bytes of header) / 28-byte points: libketama copies the continuum there.
  static constexpr std::size_t kMaxPoints = 18723;

  // The index in servers() of the server for a key.
  [[nodiscard]] std::size_t place(std::string_view key) const noexcept;
  [[nodiscard]] std::size_t server_of_hash(std::uint32_t hash) const noexcept;
  // The index in continuum() of the point a hash lands on: the first point >= it, wrapping.
  [[nodiscard]] std::size_t point_of_hash(std::uint32_t hash) const noexcept;
  // ketama_hashi: the first four bytes of MD5(key), little-endian.
  [[nodiscard]] static std::uint32_t hash(std::string_view key) noexcept;

  [[nodiscard]] const std::vector<KetamaServer>& servers() const noexcept { return servers_; }
  struct Point {
    std::uint32_t value;
    std::uint32_t server;
  };
  [[nodiscard]] const std::vector<Point>& continuum() const noexcept { return continuum_; }

 private:
  std::vector<KetamaServer> servers_;
  std::vector<Point> continuum_;
};

// libketama's server file: one "ADDR<TAB or spaces>MEMORY" a line; blank lines and lines
// starting with '#' are skipped. Errors: Error(invalid_argument, "server list line L, column C:
// ..."), and the Libketama rules with the line of the server.
[[nodiscard]] std::vector<KetamaServer> parse_ketama_servers(std::string_view text);

}  // namespace ringlab::systems
