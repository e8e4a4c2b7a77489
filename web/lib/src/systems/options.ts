// The declared options and answers of each real system, as values: the package's option types
// (SystemOptions) are derived from them, and tests/js/systems-options.test.mjs holds them to the
// core's table (cpp/include/ringlab/systems/placement.hpp, through the module's options()), so a
// type cannot drift from what the module takes.

/**
 * Each system's options and what each takes: `"integer"` (a number, its range the core's),
 * `"text"`, `"list"` (an array of strings, or the comma-separated text), `"file"` (the text of
 * the file the command line would read: nginx's upstream block, libketama's server file, a
 * `nodetool ring` listing, Envoy's endpoints, nutcracker's YAML), `"flag"` (a boolean switch), or the names of a choice.
 */
export const systemOptionTypes = {
  nginx: { servers: "list", mode: ["consistent", "hash"], down: "list", upstream: "file" },
  memcached: {
    servers: "list",
    serverString: "text",
    mode: [
      "modula",
      "consistent",
      "consistent_ketama",
      "consistent_ketama_spy",
      "consistent_weighted",
      "behavior_ketama",
      "behavior_ketama_weighted",
    ],
    hash: ["default", "md5", "crc", "fnv1_64", "fnv1a_64", "fnv1_32", "fnv1a_32", "murmur", "jenkins", "murmur3"],
    sortHosts: "flag",
  },
  libketama: { servers: "list", serverFile: "file" },
  twemproxy: {
    servers: "list",
    conf: "file",
    pool: "text",
    distribution: ["ketama", "modula"],
    hash: [
      "one_at_a_time",
      "md5",
      "crc16",
      "crc32",
      "crc32a",
      "fnv1_64",
      "fnv1a_64",
      "fnv1_32",
      "fnv1a_32",
      "hsieh",
      "murmur",
      "jenkins",
    ],
    hashTag: "text",
    ejected: "list",
  },
  redis: { nodes: "integer" },
  kafka: { partitions: "integer", partitioner: ["murmur2", "consistent", "fnv1a"] },
  cassandra: { tokens: "list", ring: "file" },
  guava: { buckets: "integer", input: ["auto", "long", "murmur3_128", "murmur3_32", "farmhash64"] },
  erlang: { range: "integer", term: ["binary", "charlist", "atom", "integer"] },
  "envoy-ring": {
    hosts: "list",
    endpoints: "file",
    minRingSize: "integer",
    maxRingSize: "integer",
    hash: ["xxhash", "murmur2"],
    useHostname: "flag",
  },
  "envoy-maglev": { hosts: "list", endpoints: "file", tableSize: "integer", useHostname: "flag" },
} as const;

/** The number each system answers besides its server (`"none"`: the server alone). */
export const systemAnswers = {
  nginx: "none",
  memcached: "none",
  libketama: "none",
  twemproxy: "none",
  redis: "slot",
  kafka: "partition",
  cassandra: "token",
  guava: "bucket",
  erlang: "hash",
  "envoy-ring": "none",
  "envoy-maglev": "none",
} as const;
