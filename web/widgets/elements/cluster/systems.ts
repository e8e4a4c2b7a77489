// The systems the cluster page offers: each one's options as fields, its example cluster, its
// ways of giving the servers (a list, the system's own text) and what a change can be.
import type { Messages } from "../../i18n/index";

export const SYSTEMS = [
  "nginx",
  "memcached",
  "libketama",
  "redis",
  "kafka",
  "cassandra",
  "guava",
  "erlang",
  "envoy-ring",
  "envoy-maglev",
] as const;
export type SystemName = (typeof SYSTEMS)[number];

/** Product names: the same in every language. */
export const NAMES: Record<SystemName, string> = {
  nginx: "nginx 1.22 (hash … consistent)",
  memcached: "libmemcached 1.1.4",
  libketama: "libketama",
  redis: "Redis Cluster",
  kafka: "Kafka",
  cassandra: "Cassandra (Murmur3Partitioner)",
  guava: "Guava consistentHash",
  erlang: "Erlang phash2",
  "envoy-ring": "Envoy ring_hash",
  "envoy-maglev": "Envoy Maglev",
};

/** A system option's field: the names the message catalogue labels. */
export type FieldName = keyof Messages["cluster"]["fields"];

export interface Field {
  name: FieldName;
  kind: "select" | "number" | "check";
  /** The page's value when the state has none ("" leaves the option to the system). */
  def: string;
  choices?: string[];
  /** Kept when the configuration is the system's own text (nginx's block has its own mode). */
  withText?: boolean;
  /** How the module's errors name this option (their `param`). */
  names: string[];
  /** The module's option, where the page's name (kept in addresses) differs. */
  opt?: string;
}

export interface SystemDef {
  /**
   * The option taking the server list, its example servers, a new server's name, and its weight
   * when a list entry always writes one (libketama's memory).
   */
  list?: { opt: "servers" | "hosts" | "tokens"; def: string[]; fresh: (i: number) => string; weight?: number };
  /** The option taking the system's own configuration text, and an example. */
  text?: { opt: "upstream" | "serverString" | "endpoints" | "ring"; def: string };
  fields: Field[];
  /** A count the change adds one to or takes one from (Kafka's partitions, …). */
  count?: FieldName;
  /** nginx: servers can be marked down. */
  down?: boolean;
}

const sel = (name: FieldName, def: string, choices: string[], names: string[], withText = true): Field => ({
  name,
  kind: "select",
  def,
  choices,
  names,
  withText,
});
const numF = (name: FieldName, def: string, names: string[], opt?: string): Field => ({
  name,
  kind: "number",
  def,
  names,
  withText: true,
  opt,
});
const check = (name: FieldName, names: string[]): Field => ({ name, kind: "check", def: "", names, withText: true });

const envoyHosts = ["10.0.0.1:443=2", "10.0.0.2:443", "10.0.0.3:443"];
export const SYS: Record<SystemName, SystemDef> = {
  nginx: {
    list: { opt: "servers", def: ["10.0.0.1:80=2", "10.0.0.2:80", "10.0.0.3:80"], fresh: (i) => `10.0.0.${i}:80` },
    text: {
      opt: "upstream",
      def: "upstream backend {\n    hash $request_uri consistent;\n    server 10.0.0.1:80 weight=2;\n    server 10.0.0.2:80;\n    server 10.0.0.3:80;\n}",
    },
    fields: [sel("mode", "consistent", ["consistent", "hash"], ["--mode", "mode"], false)],
    down: true,
  },
  memcached: {
    list: {
      opt: "servers",
      def: ["10.0.0.1:11211=2", "10.0.0.2:11211", "10.0.0.3:11212"],
      fresh: (i) => `10.0.0.${i}:11211`,
    },
    text: { opt: "serverString", def: "10.0.0.1:11211 2,10.0.0.2:11211,10.0.0.3:11212" },
    fields: [
      sel(
        "mode",
        "behavior_ketama_weighted",
        [
          "behavior_ketama_weighted",
          "behavior_ketama",
          "consistent_ketama",
          "consistent_weighted",
          "consistent_ketama_spy",
          "consistent",
          "modula",
        ],
        ["--mode", "mode"],
      ),
      sel(
        "hash",
        "",
        ["", "default", "md5", "crc", "fnv1_64", "fnv1a_64", "fnv1_32", "fnv1a_32", "murmur", "jenkins", "murmur3"],
        ["--hash", "hash"],
      ),
      check("sortHosts", ["sort-hosts", "sortHosts"]),
    ],
  },
  libketama: {
    list: {
      opt: "servers",
      def: ["10.0.0.1:11211=100", "10.0.0.2:11211=100", "10.0.0.3:11211=200"],
      fresh: (i) => `10.0.0.${i}:11211`,
      weight: 100,
    },
    fields: [],
  },
  redis: { fields: [numF("nodes", "3", ["nodes"])], count: "nodes" },
  kafka: {
    fields: [
      numF("partitions", "6", ["partitions"]),
      sel("partitioner", "murmur2", ["murmur2", "consistent", "fnv1a"], ["partitioner"]),
    ],
    count: "partitions",
  },
  cassandra: {
    list: {
      opt: "tokens",
      def: ["10.0.0.1=-6148914691236517206", "10.0.0.2=-1", "10.0.0.3=6148914691236517204"],
      fresh: (i) => `10.0.0.${i}=${BigInt(i) * 1000000000000000000n}`,
    },
    text: {
      opt: "ring",
      def: "Address   Rack   Status State   Load     Owns    Token\n10.0.0.1  rack1  Up     Normal  1.2 MiB  33.33%  -6148914691236517206\n10.0.0.2  rack1  Up     Normal  1.1 MiB  33.33%  -1\n10.0.0.3  rack1  Up     Normal  1.3 MiB  33.33%  6148914691236517204",
    },
    fields: [],
  },
  guava: {
    fields: [
      numF("buckets", "8", ["buckets"]),
      sel("input", "auto", ["auto", "long", "murmur3_128", "murmur3_32", "farmhash64"], ["input"]),
    ],
    count: "buckets",
  },
  erlang: {
    fields: [numF("range", "8", ["range"]), sel("term", "binary", ["binary", "charlist", "atom", "integer"], ["term"])],
    count: "range",
  },
  "envoy-ring": {
    list: { opt: "hosts", def: envoyHosts, fresh: (i) => `10.0.0.${i}:443` },
    text: { opt: "endpoints", def: "10.0.0.1:443=2\n10.0.0.2:443\n10.0.0.3:443" },
    fields: [
      sel("hash", "xxhash", ["xxhash", "murmur2"], ["--hash", "hash"]),
      numF("minRing", "", ["minRingSize", "--min-ring"], "minRingSize"),
      numF("maxRing", "", ["maxRingSize", "--max-ring"], "maxRingSize"),
      check("useHostname", ["useHostname", "use-hostname"]),
    ],
  },
  "envoy-maglev": {
    list: { opt: "hosts", def: envoyHosts, fresh: (i) => `10.0.0.${i}:443` },
    text: { opt: "endpoints", def: "10.0.0.1:443=2\n10.0.0.2:443\n10.0.0.3:443" },
    fields: [
      numF("table", "", ["tableSize", "--table"], "tableSize"),
      check("useHostname", ["useHostname", "use-hostname"]),
    ],
  },
};

export const DEFAULT_KEYS = [
  "user:1",
  "user:2",
  "user:3",
  "user:42",
  "session:9f2c",
  "cart:1001",
  "{user1000}.following",
  "{user1000}.followers",
  "photo/2024/cat.jpg",
  "café",
  "ঢাকা",
  "12345",
].join("\n");
