// The `ringlab/systems` API: Erlang terms and phash2, and Malachi's ring.
import type { Handle, MemoryUsage } from "./types.js";

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
  /**
   * A real system configured with `options` (see {@link SystemOptions}): `system("kafka",
   * { partitions: 12 })`, `system("memcached", { servers: "10.0.0.1:11211=2,10.0.0.2", mode:
   * "consistent_ketama" })`. Its answers are the real software's, bit for bit
   * (docs/systems.md). Throws `"invalid_argument"` for an unknown system or option, and the
   * system's own errors for rejected values.
   */
  system(name: string, options?: SystemOptions): RealSystem;
}

/**
 * What a real system answers for a key, as `ringlab place SYSTEM` prints it: a server (its
 * string as configured), a number (a bigint beyond the safe integers, as Cassandra's tokens), an
 * object (`{ slot, node }`), or null where the system's answer does not depend on the key (nginx
 * falling back to round-robin).
 */
export type PlacementResult = string | number | bigint | null | PlacementResult[] | { [key: string]: PlacementResult };

/**
 * A system's options: the flags of `ringlab place SYSTEM`, named as the rest of the API names
 * them — the parameter's name where the flag is one of the core's parameters (`--table` is
 * `tableSize`, `--min-ring` is `minRingSize`), else the flag in camelCase (`--sort-hosts` is
 * `sortHosts`) — with the same values and defaults. A list is an array or the comma-separated
 * text; a switch is `true`; an option that names a file on the command line (Cassandra's `ring`,
 * nginx's `upstream`, …) takes the file's text itself. An unknown option's error lists the known
 * ones.
 */
export type SystemOptions = Record<string, string | number | bigint | boolean | readonly (string | number)[]>;

/** Keys as JavaScript strings (their UTF-8 bytes) or as bytes. */
export type SystemKey = string | Uint8Array;

/** One key that a change moved: where it was and where it goes. */
export interface SystemMove {
  key: SystemKey;
  from: PlacementResult;
  to: PlacementResult;
}

/** What changes between two configurations of a system on the same keys. */
export interface SystemDiff {
  /** Keys compared. */
  keys: number;
  /** Keys whose answer changed. */
  moved: number;
  /** Each moved key, in the keys' order. */
  moves: SystemMove[];
}

/** A real system configured as your cluster is: see {@link RinglabSystems.system}. */
export interface RealSystem extends Handle {
  /** The system's name, as `place` spells it. */
  readonly name: string;
  /** Where the system sends a key. */
  place(key: SystemKey): PlacementResult;
  /** {@link RealSystem.place} for many keys in one call. */
  placeMany(keys: readonly SystemKey[]): PlacementResult[];
  /** Which of `keys` move, from where to where, between this configuration and `other`. */
  diff(other: RealSystem, keys: readonly SystemKey[]): SystemDiff;
}
