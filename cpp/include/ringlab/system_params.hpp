// The parameters of the real systems (ringlab_systems) and of the Erlang library (ringlab_erlang):
// the entries of params.hpp's table that only those libraries use, in a table of their own so
// that the main WebAssembly module, which has neither, does not carry them (nor their help and
// names). Same entries, same rules: check_integer() and the messages are params.hpp's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>

#include "ringlab/params.hpp"

namespace ringlab {

enum class SystemParam : std::uint8_t {
  // Keyed systems (ringlab_systems): redis-cli's cluster split, Kafka's partitions, Cassandra's
  // token ring, Guava's buckets
  redis_nodes,
  kafka_partitions,
  cassandra_tokens,
  guava_buckets,
  // Erlang terms and Malachi's ring (the ringlab_erlang library): Malachi's ring_bits,
  // phash2/2's range, and the limits on a term that is built or read
  malachi_ring_bits,
  phash2_range,
  term_depth,
  atom_characters,
  integer_bits,
  bitstring_bits,
  // Cache clients and proxies (ringlab_systems): nginx's upstream, libmemcached's and the
  // original libketama's server lists
  nginx_servers,
  nginx_weight,
  memcached_servers,
  memcached_weight,
  memcached_port,
  libketama_servers,
  libketama_memory,
  twemproxy_servers,
  twemproxy_weight,
  twemproxy_port,
  // Envoy's ring_hash and maglev load balancers (ringlab_systems)
  envoy_hosts,
  envoy_weight,
  envoy_min_ring,
  envoy_max_ring,
  envoy_table_size,
  // Cassandra's migration plans (ringlab_systems): a keyspace's replication factor
  cassandra_rf,
};

// clang-format off
// In SystemParam's order; an entry's id is unused (Param names no system's parameter).
inline constexpr ParamSpec kSystemParamTable[] = {
  // redis-cli --cluster create refuses fewer than 3 masters; above 16384 its split would give
  // masters slots past the last one.
  {.where = "redis", .name = "nodes", .flag = "--nodes", .metavar = "N",
   .help = "masters, slots split as redis-cli --cluster create does", .lo = 3, .hi = 16384},
  // Both clients take the count as an int32.
  {.where = "kafka", .name = "partitions", .flag = "--partitions", .metavar = "N",
   .help = "partitions of the topic", .lo = 1, .hi = 2147483647},
  // Tokens on a ring given by --tokens or a nodetool ring listing; an owner needs one at least.
  {.where = "cassandra", .name = "tokens", .help = "tokens on the ring", .lo = 1,
   .hi = static_cast<std::int64_t>(kMaxRingPoints), .above = ErrorCode::limit_exceeded},
  // Java's int buckets, > 0 (Guava's checkArgument).
  {.where = "guava", .name = "buckets", .flag = "--buckets", .metavar = "N",
   .help = "buckets of consistentHash", .lo = 1, .hi = kMaxBuckets},

  // Malachi calls it ring_bits; its own name keeps its messages apart from tokenRing's bits.
  {.where = "malachi", .name = "ringBits", .flag = "--bits", .metavar = "B",
   .help = "the ring is [0, 2^B)", .lo = 1, .hi = 32, .has_default = true, .default_integer = 32},
  // Without a range, phash2/1: 27 bits.
  {.where = "phash2", .name = "range", .flag = "--range", .metavar = "N",
   .help = "phash2(TERM, N): a hash in 0 .. N-1", .lo = 1, .hi = std::int64_t{1} << 32},
  // Limits on a term, not settings: a term beyond one is refused (limit_exceeded) when built or read.
  // Erlang's own limit on an atom is 255 characters; erl allows larger integers and
  // bitstrings, which no key or vnode id needs, and the caps keep reading and printing quick.
  {.where = "Term", .name = "depth", .help = "containers inside containers", .lo = 0,
   .hi = 100'000, .above = ErrorCode::limit_exceeded},
  {.where = "Term", .name = "atomLength", .help = "an atom's name, in characters",
   .lo = 0, .hi = 255, .above = ErrorCode::limit_exceeded},
  {.where = "Term", .name = "integerBits", .help = "an integer's magnitude, in bits",
   .lo = 0, .hi = 65'536, .above = ErrorCode::limit_exceeded},
  {.where = "Term", .name = "bitstringBits", .help = "a bitstring's length, in bits",
   .lo = 0, .hi = std::int64_t{1} << 27, .above = ErrorCode::limit_exceeded},

  // nginx refuses an upstream without servers and weight=0; its own ceiling on a weight is far
  // above anything useful, and `hash ... consistent` makes 160 points per unit of weight.
  {.where = "nginx", .name = "servers", .help = "servers of the upstream", .lo = 1,
   .hi = kMaxServers, .above = ErrorCode::limit_exceeded},
  {.where = "nginx", .name = "weight", .help = "a server's weight=", .lo = 1,
   .hi = 1'000'000},
  // libmemcached stores a weight as uint32_t and reads 0 as 1; ringlab refuses 0 instead of
  // guessing. Ports are in_port_t; 0 would silently mean 11211.
  {.where = "memcached", .name = "servers", .help = "servers added", .lo = 1,
   .hi = kMaxServers, .above = ErrorCode::limit_exceeded},
  {.where = "memcached", .name = "weight", .help = "a server's weight", .lo = 1,
   .hi = 4294967295},
  {.where = "memcached", .name = "port", .help = "a server's port", .lo = 1,
   .hi = 65535, .has_default = true, .default_integer = 11211},
  // libketama keeps its continuum in a 512 KiB shared-memory segment (see libketama.hpp).
  {.where = "libketama", .name = "servers", .help = "servers of the list", .lo = 1,
   .hi = kMaxServers, .above = ErrorCode::limit_exceeded},
  {.where = "libketama", .name = "memory", .help = "a server's memory (its weight)",
   .lo = 1, .hi = kMaxSafeInteger},

  // nutcracker refuses a pool without servers, a weight of 0 and a port outside 1 .. 65535
  // (nc_valid_port); it reads a weight as a C int, so above 2^31 - 1 it would overflow.
  {.where = "twemproxy", .name = "servers", .help = "servers of the pool", .lo = 1,
   .hi = kMaxServers, .above = ErrorCode::limit_exceeded},
  {.where = "twemproxy", .name = "weight", .help = "a server's weight", .lo = 1,
   .hi = 2147483647},
  {.where = "twemproxy", .name = "port", .help = "a server's port", .lo = 1,
   .hi = 65535},

  // Envoy validates load_balancing_weight >= 1 (a uint32), minimum_ring_size and
  // maximum_ring_size <= 8M (a ring of 0 entries would answer no host, so >= 1 here), and
  // maglev's table_size <= 5000011, which must be a prime.
  {.where = "envoyRing, envoyMaglev", .name = "hosts", .help = "hosts of the cluster",
   .lo = 1, .hi = kMaxServers, .above = ErrorCode::limit_exceeded},
  {.where = "envoyRing, envoyMaglev", .name = "weight",
   .help = "a host's load_balancing_weight", .lo = 1, .hi = 4294967295},
  {.where = "envoyRing", .name = "minRingSize", .flag = "--min-ring", .metavar = "N",
   .help = "minimum_ring_size", .lo = 1, .hi = 8388608, .range_note = "1 to --max-ring", .has_default = true,
   .default_integer = 1024},
  {.where = "envoyRing", .name = "maxRingSize", .flag = "--max-ring", .metavar = "N",
   .help = "maximum_ring_size", .lo = 1, .hi = 8388608, .has_default = true, .default_integer = 8388608},
  {.where = "envoyMaglev", .name = "tableSize", .flag = "--table", .metavar = "M",
   .help = "Maglev's table_size", .lo = 2, .hi = 5000011, .range_note = "a prime, 2 to {hi}", .has_default = true,
   .default_integer = 65537},
  // Cassandra takes any factor >= 0 (0: no replica there); one larger than the nodes it is to be
  // found among is refused by the plan itself (impossibleReplicationFactor), so the ceiling is
  // only the most servers anything here holds.
  {.where = "cassandraPlan", .name = "rf", .help = "a replication factor", .lo = 0, .hi = kMaxServers},
};
// clang-format on

inline constexpr std::size_t kSystemParamCount = std::size(kSystemParamTable);

// Each entry sits at its SystemParam's index, so param() is an index: the first and the last
// are where they belong, and there are as many entries as SystemParams.
static_assert(kSystemParamTable[0].where == "redis" && kSystemParamTable[0].name == "nodes");
static_assert(kSystemParamCount == static_cast<std::size_t>(SystemParam::cassandra_rf) + 1);
static_assert(kSystemParamTable[kSystemParamCount - 1].where == "cassandraPlan" &&
              kSystemParamTable[kSystemParamCount - 1].name == "rf");
static_assert(kSystemParamTable[static_cast<std::size_t>(SystemParam::malachi_ring_bits)].name == "ringBits");
static_assert(kSystemParamTable[static_cast<std::size_t>(SystemParam::nginx_servers)].where == "nginx");

[[nodiscard]] constexpr const ParamSpec& param(SystemParam p) noexcept {
  return kSystemParamTable[static_cast<std::size_t>(p)];
}
// The whole table, in SystemParam's order.
[[nodiscard]] constexpr std::span<const ParamSpec> system_params() noexcept { return kSystemParamTable; }

inline std::int64_t check_integer(SystemParam p, std::int64_t value) { return check_integer(param(p), value); }
inline std::int64_t check_integer(SystemParam p, std::int64_t value, std::int64_t lo, std::int64_t hi) {
  return check_integer(param(p), value, lo, hi);
}

// The defaults of the Erlang library (ringlab_erlang), apart from Defaults until its JavaScript
// API exists.
struct ErlangDefaults {
  std::int64_t ring_bits;  // Malachi's ring_bits
};
[[nodiscard]] inline ErlangDefaults erlang_defaults() {
  return {param(SystemParam::malachi_ring_bits).default_integer};
}

}  // namespace ringlab
