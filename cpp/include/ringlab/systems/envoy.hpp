// Envoy's two hashing load balancers, `ring_hash` and `maglev` (the RingHashLoadBalancer and
// MaglevLoadBalancer of source/extensions/load_balancing_policies/), for one priority of healthy
// hosts in one locality: which host a request whose hash is h goes to. See docs/systems.md#envoy.
//
// What ringlab reproduces: the table each balancer builds from the hosts (bit for bit: the
// weights normalized as doubles, the fractional ring counts carried from host to host, Maglev's
// fill passes) and the lookup of a 64-bit request hash in it. What a request's hash is comes
// from the route's hash policy; place() takes the bytes Envoy hashes for a `header` (or
// `cookie`, `query_parameter`, source IP) policy, whose hash is XXH64 of those bytes with seed 0.
// Not reproduced: several hash policies combined, multi-valued headers, bounded loads
// (hash_balance_factor, which depends on live request counts), priorities and locality weights.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ringlab::systems::envoy {

// Envoy's defaults (ring_hash.proto, maglev.proto) and the limits its configuration validates.
inline constexpr std::int64_t kDefaultMinRingSize = 1024;
inline constexpr std::int64_t kDefaultMaxRingSize = 8388608;
inline constexpr std::int64_t kMaxRingSize = 8388608;
inline constexpr std::int64_t kDefaultTableSize = 65537;
inline constexpr std::int64_t kMaxTableSize = 5000011;
// Envoy refuses a locality whose weights add up to more than a uint32.
inline constexpr std::uint64_t kMaxTotalWeight = 4294967295u;

struct Host {
  // What ringlab answers with: the host as the configuration wrote it ("127.0.0.1:90").
  std::string address;
  // The endpoint's hostname, hashed instead of the address with use_hostname_for_hashing.
  std::string hostname;
  // filter_metadata["envoy.lb"]["hash_key"]: when not empty, hashed instead of either.
  std::string hash_key;
  std::int64_t weight = 1;  // load_balancing_weight, SystemParam::envoy_weight
};

// Envoy's address()->asString() of "IPV4:PORT" or "[IPV6]:PORT": IPv4 in dotted decimal (as
// inet_pton reads it: four decimal parts 0..255 without leading zeros), IPv6 as glibc's
// inet_ntop prints it (lower-case hex, the first longest run of two or more zero groups as
// "::", "::ffff:a.b.c.d" for IPv4-mapped addresses), the port 0..65535 in decimal.
// Anything else is invalid_argument: "host "x" must be IPV4:PORT or [IPV6]:PORT".
[[nodiscard]] std::string canonical_address(std::string_view address);

// The bytes Envoy hashes for a host: hash_key if not empty, else the hostname with
// use_hostname, else canonical_address(address).
[[nodiscard]] std::string host_key(const Host& host, bool use_hostname);

// A request's hash where the route's hash policy hashes `key` (a header's, a cookie's, ... bytes):
// XXH64 with seed 0, what both balancers look up.
[[nodiscard]] std::uint64_t request_hash(std::string_view key) noexcept;

enum class RingHash : std::uint8_t {
  xxhash,   // XXH64 with seed 0 (Envoy's default, XX_HASH)
  murmur2,  // MURMUR_HASH_2: libstdc++'s 64-bit _Hash_bytes with seed 0xc70f6907
};
// "xxhash" or "murmur2"; anything else is invalid_argument "hash must be xxhash or murmur2, got "x"".
[[nodiscard]] RingHash ring_hash_from_name(std::string_view name);

struct RingOptions {
  std::int64_t min_ring_size = kDefaultMinRingSize;  // SystemParam::envoy_min_ring, <= max_ring_size
  std::int64_t max_ring_size = kDefaultMaxRingSize;  // SystemParam::envoy_max_ring
  RingHash hash = RingHash::xxhash;
  bool use_hostname = false;  // use_hostname_for_hashing
};

// Errors shared by both balancers: no hosts or too many (SystemParam::envoy_hosts), a weight out of
// range (SystemParam::envoy_weight), weights adding up to more than kMaxTotalWeight (limit_exceeded),
// an address that is not IP:PORT when it is what is hashed (invalid_argument), two hosts with
// one address or one hashed key (duplicate_server: Envoy would order their equal hashes
// arbitrarily).
class Ring {
 public:
  Ring(std::vector<Host> hosts, RingOptions options = {});

  struct Entry {
    std::uint64_t hash;
    std::uint32_t host;  // index in hosts()
    friend bool operator==(const Entry&, const Entry&) = default;
  };
  // Sorted by hash. Envoy's ring size is entries().size().
  [[nodiscard]] const std::vector<Entry>& entries() const noexcept { return entries_; }
  [[nodiscard]] const std::vector<Host>& hosts() const noexcept { return hosts_; }

  // The host for request hash h: the first entry whose hash is >= h, else the first entry.
  // attempt > 0 is the k-th retry with a retry host predicate: the entry k places further on.
  [[nodiscard]] std::size_t host_of_hash(std::uint64_t h, std::uint64_t attempt = 0) const noexcept;
  // The index in entries() of that entry: the ring point the request lands on.
  [[nodiscard]] std::size_t entry_of_hash(std::uint64_t h, std::uint64_t attempt = 0) const noexcept;
  // The host for a request whose hash policy hashes `key`: host_of_hash(xxhash64(key, 0)).
  [[nodiscard]] std::size_t place(std::string_view key) const noexcept;

 private:
  std::vector<Host> hosts_;
  std::vector<Entry> entries_;
};

class Maglev {
 public:
  // table_size: SystemParam::envoy_table_size, and a prime (invalid_argument "tableSize must be a
  // prime, got 8"). Envoy allows more hosts than slots: the last ones then get none.
  Maglev(std::vector<Host> hosts, std::int64_t table_size = kDefaultTableSize, bool use_hostname = false);

  // The host index of each slot.
  [[nodiscard]] const std::vector<std::uint32_t>& table() const noexcept { return table_; }
  [[nodiscard]] const std::vector<Host>& hosts() const noexcept { return hosts_; }

  // table[h % M]; attempt k > 0 first replaces h with h ^ (2^64 - k), as Envoy's retries do.
  [[nodiscard]] std::size_t host_of_hash(std::uint64_t h, std::uint64_t attempt = 0) const noexcept;
  // The slot of table() host_of_hash() reads: h % M (after the retry's XOR).
  [[nodiscard]] std::size_t slot_of_hash(std::uint64_t h, std::uint64_t attempt = 0) const noexcept;
  [[nodiscard]] std::size_t place(std::string_view key) const noexcept;

 private:
  std::vector<Host> hosts_;
  std::vector<std::uint32_t> table_;
};

// A host list as the CLI's --hosts takes it: ENTRY[=W],ENTRY[=W],... where ENTRY is the
// address (IP:PORT), or with use_hostname the hostname hashed (any text without ',' or '=').
// Errors name the entry: "--hosts entry 2 ("a=0"): weight must be between 1 and 4294967295, got 0".
[[nodiscard]] std::vector<Host> hosts_from_list(std::string_view list, bool use_hostname);

// An Envoy cluster's endpoints as configuration text, in either of two forms:
//  - YAML as a cluster's load_assignment writes it: every list item under `lb_endpoints:` is a
//    host, with `address:` (the socket address's IP) and `port_value:`, and optionally
//    `load_balancing_weight:`, `hostname:` and a `hash_key:` (under metadata's envoy.lb). Block
//    and flow style (`socket_address: { address: 10.0.0.1, port_value: 80 }`) are both read;
//    other keys (health checks, locality, ...) are skipped. The host's address is
//    "IP:PORT" ("[IP]:PORT" for IPv6), as Envoy names it.
//  - lines or commas of ADDR:PORT[=W], `#` starting a comment.
// Errors are Error(invalid_argument or the weight's own code, "endpoints line L, column C: ...").
[[nodiscard]] std::vector<Host> parse_endpoints(std::string_view text);
// Whether parse_endpoints() reads `text` as YAML (a line starts with a `key:`), not as a list.
[[nodiscard]] bool endpoints_are_yaml(std::string_view text);
// The hosts written back as parse_endpoints() reads them: YAML, an `lb_endpoints:` list (each
// host's socket address, load_balancing_weight when not 1, hostname and hash_key when set), or
// ADDR:PORT[=W] lines.
[[nodiscard]] std::string endpoints_text(const std::vector<Host>& hosts, bool yaml);

}  // namespace ringlab::systems::envoy
