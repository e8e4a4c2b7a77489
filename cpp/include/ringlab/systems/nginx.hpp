// nginx 1.22's `hash KEY consistent;` and plain `hash KEY;` upstreams (ngx_http_upstream_hash_module):
// which server of the upstream a request whose key evaluates to given bytes goes to, and the
// servers tried after it when each one fails (proxy_next_upstream).
//
// Each `server` line is one peer: its address text exactly as written (nginx's peer.server,
// which is what the consistent ring hashes and what this library returns). A name that DNS
// resolves to several addresses would give nginx several peers with that one text; ringlab
// takes every server line as one address.
//
// Where nginx does not choose by the key it uses its round-robin balancer, whose choice depends
// on the requests before: with an empty key, with a single server, and after 20 candidates in a
// row were unusable (down or already tried). Such a choice is NginxChoice::round_robin, unless
// only one server could be chosen (then that server) or none (nginx answers 502: none).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ringlab::systems {

enum class NginxMode : std::uint8_t {
  hash,        // `hash KEY;`: nginx's default for the hash method
  consistent,  // `hash KEY consistent;` (ketama-like, Cache::Memcached::Fast compatible)
};

struct NginxServer {
  std::string address;      // as written: "127.0.0.1:8080", "backend1", "[::1]:80", "unix:/tmp/s"
  std::int64_t weight = 1;  // weight=
  bool down = false;        // down
  // Accepted as nginx accepts them; they act on live traffic (failures, connections) and do
  // not change where a key goes while every server answers.
  std::int64_t max_fails = 1;
  std::int64_t fail_timeout = 10;  // seconds
  std::int64_t max_conns = 0;
};

struct NginxChoice {
  enum class Kind : std::uint8_t {
    server,       // `server` is the index of the server chosen
    round_robin,  // round-robin among two or more servers: not decided by the key
    none,         // no server can be chosen: nginx answers 502
  };
  Kind kind = Kind::none;
  std::size_t server = 0;
  friend bool operator==(const NginxChoice&, const NginxChoice&) = default;
};

class NginxUpstream {
 public:
  // Errors: no servers or too many (servers), a weight out of range (weight), an empty
  // address, two servers with one address (duplicate_server), a consistent ring beyond the
  // library's cap on points (limit_exceeded).
  NginxUpstream(std::vector<NginxServer> servers, NginxMode mode);

  // The server nginx sends a request with this key to (the first try).
  [[nodiscard]] NginxChoice place(std::string_view key) const;
  // place() without allocating, where the key's first candidate is usable (nginx's first
  // pick): nullopt where place() has more to do (a down server, one server, the empty key).
  [[nodiscard]] std::optional<std::size_t> first_pick(std::string_view key) const noexcept;
  // In consistent mode, the index in points() of the point whose server place() chooses: the
  // first point >= crc32(key), wrapping, then the points after it while their servers are down,
  // as nginx walks them. nullopt where the ring does not choose (hash mode, one server, the empty
  // key, the round-robin balancer after 20 unusable points in a row).
  [[nodiscard]] std::optional<std::size_t> point_of(std::string_view key) const;
  // The servers tried in order when every try fails (connection refused, or an error
  // proxy_next_upstream retries): at most one try per server that is not down, as nginx's
  // upstream tries. Ends early with a round_robin entry (what follows depends on the
  // balancer's state) or a none entry (nothing left: 502).
  [[nodiscard]] std::vector<NginxChoice> tries(std::string_view key) const;
  // place() for a request whose hash is h, for a key that is not empty: in consistent mode h is
  // crc32(key), the ring's lookup; in hash mode h is the first round's
  // (crc32(key) >> 16) & 0x7fff, and nullopt where that round picks a down server (the next
  // rounds hash the key again, so the key itself decides).
  [[nodiscard]] std::optional<NginxChoice> choice_of_hash(std::uint32_t h) const;

  [[nodiscard]] const std::vector<NginxServer>& servers() const noexcept { return servers_; }
  [[nodiscard]] NginxMode mode() const noexcept { return mode_; }
  // The servers' weights added up, down ones included, as nginx adds them (the plain hash's modulus).
  [[nodiscard]] std::int64_t total_weight() const noexcept { return total_weight_; }

  struct Point {
    std::uint32_t hash;
    std::uint32_t server;  // the first server (in config order) with that address text
  };
  // The consistent ring after sorting and dropping repeated values (empty in hash mode).
  [[nodiscard]] const std::vector<Point>& points() const noexcept { return points_; }
  // The host and port parts of an address that the ring hashes: "unix:" + path gives the path
  // and no port; otherwise the digits after the last ':' are the port, if the address ends so.
  struct HostPort {
    std::string_view host;
    std::string_view port;
  };
  [[nodiscard]] static HostPort split_address(std::string_view address) noexcept;
  // The constructor's checks without building the ring (the errors above); returns the total
  // weight.
  static std::int64_t check(const std::vector<NginxServer>& servers, NginxMode mode);

 private:
  std::vector<NginxServer> servers_;
  NginxMode mode_;
  std::int64_t total_weight_ = 0;
  std::vector<Point> points_;

  struct State;
  // A key's walk before its first pick: in consistent mode at the first point >= crc32(key).
  State start(std::string_view key) const;
  NginxChoice next(State& state) const;
};

// An upstream as configuration text: either a whole block
//     upstream backend { hash $request_uri consistent; server 10.0.0.1:80 weight=2; ... }
// or the directives inside one. Tokens, quotes ("..." and '...'), `#` comments and `;` as
// nginx's configuration reader has them. Directives: `hash KEY [consistent]` (exactly one),
// `server ADDRESS [weight=N] [max_fails=N] [fail_timeout=TIME] [max_conns=N] [down]`, and
// `zone`, `keepalive`, `keepalive_requests`, `keepalive_time`, `keepalive_timeout`, which do
// not affect placement. Errors are Error(invalid_argument, "upstream line L, column C: ...")
// in nginx's words where it has them ("invalid parameter "backup"..."), and the
// NginxUpstream's own rules (weights, duplicates) with the line and column of the server.
struct NginxConfig {
  std::vector<NginxServer> servers;
  NginxMode mode = NginxMode::hash;
  std::string key;   // the hash directive's key as written ("$request_uri")
  std::string name;  // the block's name ("backend"); empty for the directives alone
};
[[nodiscard]] NginxConfig parse_nginx_upstream(std::string_view text);

// One parameter of nginx's `server` directive applied to s, as nginx 1.22 reads it: weight=N,
// max_fails=N, fail_timeout=TIME, max_conns=N, down. Throws nginx's "invalid parameter" for
// anything else, and its "backup" refusal (the hash method has no backup servers).
void apply_server_parameter(NginxServer& s, std::string_view parameter);

}  // namespace ringlab::systems
