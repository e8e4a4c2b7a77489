// The `ringlab/systems` API: Erlang terms and phash2, and Malachi's ring.
import type { systemAnswers, systemOptionTypes } from "./options.js";
import type { Handle, MemoryUsage } from "../main/types.js";

/** How term text is written. */
export type TermSyntax = "erlang" | "elixir";

/** The kinds of Erlang terms, in Erlang's term order. */
export type TermKind = "integer" | "float" | "atom" | "tuple" | "map" | "nil" | "list" | "binary" | "bitstring";

/**
 * An Erlang term read from text by {@link RinglabSystems.parseTerm}: an immutable value, with no
 * C++ object behind it (nothing to dispose).
 */
export interface ErlangTerm {
  /** The term in Erlang syntax, as erl writes it: `{range,7}` is `{range,7}`, a binary `<<"a">>`. */
  readonly erlang: string;
  /** The term in Elixir syntax: `{:range, 7}`, a binary `"a"`. */
  readonly elixir: string;
  readonly kind: TermKind;
  /** The Elixir text. */
  toString(): string;
}

/**
 * A key or a vnode id as JavaScript gives it: a string is an Elixir string (the binary of its
 * UTF-8 bytes, as Malachi's users write `"topic-a"`), a safe integer or a bigint is an integer,
 * and any other term comes from {@link RinglabSystems.parseTerm} (a float: `parseTerm("1.5")`).
 */
export type TermInput = string | number | bigint | ErlangTerm;

/**
 * A term handed back: a binary of UTF-8 text as a string, an integer as a number (a bigint
 * beyond the safe integers), anything else as an {@link ErlangTerm}.
 */
export type TermValue = string | number | bigint | ErlangTerm;

/** Options of {@link RinglabSystems.parseTerm}. */
export interface ParseTermOptions {
  /** @defaultValue `"elixir"`, what Malachi's users write */
  syntax?: TermSyntax;
}

/** Options of {@link RinglabSystems.malachiRing}. */
export interface MalachiRingOptions {
  /** The ring is [0, 2^ringBits), ringBits in 1 … 32. @defaultValue 32 */
  ringBits?: number;
}

/** A vnode of a {@link MalachiRing}, in token order. */
export interface MalachiVnode {
  id: TermValue;
  token: number;
}

/**
 * Malachi's `Malachi.Cluster.HashRing` (malachi v0.8.13), exactly (docs/algorithms.md#malachi):
 * vnodes placed at tokens you choose, each owning the arc (predecessor's token, its token],
 * wrapping; a key goes to the first vnode whose token is ≥ `:erlang.phash2(key, 2^ringBits)`.
 */
export interface MalachiRing extends Handle {
  /**
   * add_vnode. Throws `"token_out_of_range"` (outside 0 … 2^ringBits − 1), `"token_taken"` or
   * `"already_present"`, checked in that order; a failed call changes nothing. Ids are terms,
   * compared as Erlang compares them (`1` and `parseTerm("1.0")` are two ids).
   */
  addVnode(id: TermInput, token: number): void;
  /** remove_vnode. Throws `"not_found"`. */
  removeVnode(id: TermInput): void;
  /** route: the vnode owning the key. Throws `"empty"` on an empty ring. */
  route(key: TermInput): TermValue;
  /** route for many Elixir-string keys in one call: the vnode of each, in order. Throws `"empty"`. */
  routeMany(keys: readonly string[]): TermValue[];
  /** Where the key lands: `phash2(key, 2^ringBits)`. */
  position(key: TermInput): number;
  /**
   * boundaries: `[startExclusive, endInclusive]` of the vnode's arc, wrapping; start === end
   * when it is alone and owns the whole ring. Throws `"not_found"`.
   */
  boundaries(id: TermInput): [start: number, end: number];
  /** vnode_ids, in Erlang term order. */
  vnodeIds(): TermValue[];
  /** The vnodes in token order, with their tokens. */
  vnodes(): MalachiVnode[];
  /** An independent copy (a new handle: dispose it too). */
  clone(): MalachiRing;
  /** size: the number of vnodes. */
  readonly size: number;
  readonly ringBits: number;
}

/** The API `load()` from `ringlab/systems` resolves to. */
export interface RinglabSystems {
  /** The package version the module was built from. */
  readonly version: string;
  /**
   * `:erlang.phash2(term)` (no range: 27 bits) or `:erlang.phash2(term, range)`, range in
   * 1 … 2^32, bit-identical to Erlang/OTP.
   */
  phash2(term: TermInput, range?: number): number;
  /** phash2 of many Elixir-string keys (binaries of their UTF-8) in one call. */
  phash2Many(keys: readonly string[], range?: number, out?: Uint32Array): Uint32Array;
  /**
   * A term from Erlang or Elixir text (`{:range, 7}`, `<<"a">>`, `%{"k" => 1}`). Bad text throws
   * `"invalid_argument"` naming the column.
   */
  parseTerm(text: string, options?: ParseTermOptions): ErlangTerm;
  /**
   * The elements of a tuple or a proper list (`{:a, 1}` gives `[ErlangTerm :a, 1]`), handed out
   * as terms are. Throws `"invalid_argument"` for any other term.
   */
  termElements(term: TermInput): TermValue[];
  /** A new, empty Malachi ring. Throws `"out_of_range"` for ringBits outside 1 … 32. */
  malachiRing(options?: MalachiRingOptions): MalachiRing;
  /** The systems module's memory (its own heap, apart from the main module's), for leak checks. */
  memory(): MemoryUsage;
  /** The real systems {@link RinglabSystems.system} knows, as `ringlab place` names them. */
  systems(): string[];
  /** The options of a system, as the module's table defines them (names, types, ranges, defaults). */
  options(name: SystemName): SystemOptionSpec[];
  /**
   * A real system configured with `options` (see {@link SystemOptions}): `system("kafka",
   * { partitions: 12 })`, `system("memcached", { servers: "10.0.0.1:11211=2,10.0.0.2", mode:
   * "consistent_ketama" })`. Its answers are the real software's, bit for bit
   * (docs/systems.md). Throws `"invalid_argument"` for an unknown system or option, and the
   * system's own errors for rejected values.
   */
  system<N extends SystemName>(name: N, options?: SystemOptions<N>): RealSystem<N>;
}

/** The real systems, as `ringlab place` names them. */
export type SystemName = keyof typeof systemOptionTypes;

type OptionValue<T> = T extends "integer"
  ? number
  : T extends "list"
    ? string | readonly string[]
    : T extends "flag"
      ? boolean
      : T extends readonly (infer C)[]
        ? C
        : string;

/**
 * A system's options (see {@link systemOptionTypes}): `system("kafka", { partitions: 12 })`.
 * The names are the API's (`--table` is `tableSize`, `--sort-hosts` is `sortHosts`), the values
 * typed, with the command line's defaults and rules.
 */
export type SystemOptions<N extends SystemName = SystemName> = {
  -readonly [K in keyof (typeof systemOptionTypes)[N]]?: OptionValue<(typeof systemOptionTypes)[N][K]>;
};

/** An option as the module's table defines it. */
export interface SystemOptionSpec {
  name: string;
  /** The same option as `ringlab place SYSTEM` takes it: its flag ("--min-ring" for minRingSize). */
  flag: string;
  type: "integer" | "text" | "list" | "choice" | "file" | "flag";
  /** A choice's names. */
  choices: string[];
  /** The default as the command line would write it; undefined when none. */
  default: string | undefined;
  /** An integer's range. */
  range: [lo: number, hi: number] | undefined;
  required: boolean;
}

/** A real system's server, in the order its configuration lists it. */
export interface SystemServer {
  /** As the system spells it: "10.0.0.1:11211", a Cassandra node's address, Redis master "0". */
  readonly name: string;
  /**
   * nginx's weight=, libmemcached's weight, libketama's memory, Envoy's load_balancing_weight,
   * a Cassandra node's token count, a Redis master's slot count.
   */
  readonly weight: number;
  /**
   * Marked down (nginx's `down`: kept on the ring, never chosen) or ejected (a twemproxy server
   * in `ejected`: out of the pool, which is built over the live servers).
   */
  readonly down: boolean;
}

/**
 * What one key's answer holds: its server's index in {@link RealSystem.servers} (-1 where the
 * key decides none: nginx's round-robin, a key libmemcached refuses, a system without servers),
 * and the number the system answers, by its name.
 */
export type Placement<N extends SystemName = SystemName> = { server: number } & {
  [K in AnswerOf<N>]: K extends "token" ? bigint : number;
};

/** {@link Placement} for many keys: one typed array per field, key i at index i. */
export type Placements<N extends SystemName = SystemName> = { server: Int32Array } & {
  [K in AnswerOf<N>]: K extends "token" ? BigInt64Array : Uint32Array;
};

/** The number a system answers, as the field of {@link Placement} that holds it. */
export type AnswerOf<N extends SystemName> = Exclude<(typeof systemAnswers)[N], "none">;

/**
 * Why a key goes to its server ({@link RealSystem.why}), in the system's own numbers. `server` is
 * always {@link RealSystem.place}'s server (an index in {@link RealSystem.servers}, -1 where the
 * key decides none).
 *  - `"point"`: a ring (nginx's `hash $key consistent`, memcached's ketama continuum, libketama,
 *    twemproxy's ketama, Envoy's ring_hash): `hash` is the key's hash as the system computes it
 *    (nginx's CRC32, libmemcached's and twemproxy's key hash, libketama's MD5 word; Envoy's XXH64,
 *    a bigint) and `point` the ring
 *    point it lands on, the first point ≥ `hash`, wrapping to the first (nginx walks on past the
 *    points of servers marked down); `point`'s server is `server`.
 *  - `"slot"`: Envoy's Maglev: the key's XXH64 `hash` and the `slot` of the lookup table it reads
 *    (`hash` mod the table size), which holds `server`.
 *  - `"answer"`: the system's answer says it (Redis's slot, Kafka's partition, Cassandra's token,
 *    Guava's bucket, Erlang's phash2: see {@link Placement}), or no number of the system does
 *    (nginx's plain `hash`, its round-robin for an empty key or a single server, memcached's and
 *    twemproxy's modula, a key libmemcached refuses, a twemproxy pool whose servers are all ejected).
 */
export type SystemReason<N extends SystemName = SystemName> = N extends "envoy-ring"
  ? PointReason<bigint>
  : N extends "envoy-maglev"
    ? SlotReason
    : N extends "nginx" | "memcached" | "libketama" | "twemproxy"
      ? PointReason<number> | AnswerReason
      : AnswerReason;

/** A key on a ring: its hash and the ring point it lands on (32-bit as numbers, Envoy's 64-bit as bigints). */
export interface PointReason<T extends number | bigint = number | bigint> {
  readonly kind: "point";
  readonly hash: T;
  readonly point: T;
  readonly server: number;
}

/** A key in Maglev's lookup table: its 64-bit hash and the table's slot. */
export interface SlotReason {
  readonly kind: "slot";
  readonly hash: bigint;
  readonly slot: number;
  readonly server: number;
}

/** A key whose answer says why (see {@link SystemReason}). */
export interface AnswerReason {
  readonly kind: "answer";
  readonly server: number;
}

/** Keys as JavaScript strings (their UTF-8 bytes) or as bytes. */
export type SystemKey = string | Uint8Array;

/** One key that a change moved: where it was and where it goes. */
export interface SystemMove<N extends SystemName = SystemName> {
  key: SystemKey;
  /** The key's index in the keys given. */
  index: number;
  from: Placement<N>;
  to: Placement<N>;
}

/** What changes between two configurations of a system on the same keys. */
export interface SystemDiff<N extends SystemName = SystemName> {
  /** Keys compared. */
  keys: number;
  /** Keys whose answer changed. */
  moved: number;
  /** Each moved key, in the keys' order. */
  moves: SystemMove<N>[];
}

/** A real system configured as your cluster is: see {@link RinglabSystems.system}. */
export interface RealSystem<N extends SystemName = SystemName> extends Handle {
  /** The system's name, as `place` spells it. */
  readonly name: N;
  /** Its servers, in configuration order (empty for Kafka, Guava, Erlang, and Redis or Cassandra without nodes). */
  servers(): SystemServer[];
  /** Where the system sends a key. */
  place(key: SystemKey): Placement<N>;
  /**
   * {@link RealSystem.place} for many keys in one call, as typed arrays; `out`, from an earlier
   * call with as many keys, is filled in instead of new arrays.
   */
  placeMany(keys: readonly SystemKey[], out?: Placements<N>): Placements<N>;
  /**
   * Which of `keys` move, from where to where, between this configuration and `other` (of the same
   * system): a key moves when its server is another server (servers are compared by name, so a
   * server removed before it in the list does not move its keys) or its number changed.
   */
  diff(other: RealSystem<N>, keys: readonly SystemKey[]): SystemDiff<N>;
  /**
   * Why the system sends a key where {@link RealSystem.place} does: for a ring, the key's hash
   * and the ring point it lands on; for Maglev, the hash and the table's slot (see
   * {@link SystemReason}). The key's errors are place's.
   */
  why(key: SystemKey): SystemReason<N>;
  /**
   * nginx's failover order for a key: the indices of the servers nginx tries in turn when each
   * try fails, -1 where the round-robin balancer takes over (the list ends at a 502). Throws
   * `"invalid_argument"` for other systems.
   */
  tries(key: string): number[];
  /**
   * A new system: this one with a change made to its servers (dispose it too; this one is left
   * as it is). `{ add: "10.0.0.4:11211", weight?: 2 }` adds a server written as the system's
   * server list writes one; `{ remove: name }`, `{ down: name }` and `{ up: name }` (nginx's down
   * mark) and `{ reweight: name, weight }` name one of {@link RealSystem.servers}. The system's
   * own rules apply (a duplicate, no server left, a weight out of range); a name that is no
   * server throws `"unknown_server"`, and a system whose servers are not a list (Kafka, Redis,
   * Guava, Erlang, Cassandra without a ring) `"invalid_argument"`. Cassandra's nodes are added
   * with their tokens, written as `tokens` writes them (`{ add: "10.0.0.4=3074457345618258602" }`,
   * an entry per token, comma-separated), and removed with all of them; a node's weight is its
   * token count, which no change sets (`reweight`, `down` and `up` throw `"invalid_argument"`).
   */
  edit(change: ServerChange): RealSystem<N>;
  /**
   * The options that gave this system its servers, written back as text in the form they were
   * given in, with the edits of {@link RealSystem.edit} made: nginx's `upstream` block (or
   * `servers` and `down` lists), memcached's `serverString` (or `servers`), libketama's
   * `servers`, twemproxy's `servers` (and `ejected`), Envoy's `endpoints` (YAML stays YAML: its `lb_endpoints` alone; lines stay lines)
   * or `hosts`, Cassandra's `tokens` (NODE=TOKEN entries) or `ring` (the `nodetool ring` text, its
   * rows of kept tokens as they were, a row in nodetool's columns for each token added). Given
   * back to {@link RinglabSystems.system} with the other options, they make a system with the
   * same servers and the same answers. Throws `"invalid_argument"` for a system whose servers are
   * not a list (Kafka, Redis, Guava, Erlang, Cassandra without a ring).
   */
  config(): SystemConfigText;
  /**
   * The ring's tokens in ring order (ascending), each with the index in {@link RealSystem.servers}
   * of the server holding it: Cassandra's ring; empty arrays for a system without one. A key's
   * token belongs to the first token at or after it, wrapping.
   */
  tokens(): SystemTokens;
}

/**
 * A system's server options as text, by option name: `{ upstream: "upstream backend {\n…}\n" }`,
 * `{ servers: "10.0.0.1:80=2,10.0.0.2:80", down: "10.0.0.2:80" }`, `{ endpoints: "lb_endpoints:\n…" }`.
 */
export type SystemConfigText = Readonly<
  Partial<Record<"upstream" | "servers" | "down" | "serverString" | "endpoints" | "hosts" | "tokens" | "ring", string>>
>;

/** A system's token ring: token i (ascending) and the index of the server holding it. */
export interface SystemTokens {
  token: BigInt64Array;
  server: Int32Array;
}

/** A change to a system's servers: see {@link RealSystem.edit}. */
export type ServerChange =
  | { add: string; weight?: number }
  | { remove: string }
  | { down: string }
  | { up: string }
  | { reweight: string; weight: number };
