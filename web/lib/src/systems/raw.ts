// What the systems module registers (cpp/wasm/systems.cpp), as the wrapper sees it. Terms cross
// as tagged strings: "b" + text (the binary of its UTF-8), "i" + decimal (an integer), "e" +
// Erlang text (any term); see erlang-term.ts.
import type { RawCommon, RawHandle, RawHeapUsage } from "../core/raw.js";

/** A term as the module describes it. */
export interface RawTerm {
  erlang: string;
  elixir: string;
  kind: string;
  /** How it is passed back: "b…" for a binary of UTF-8 text, "i…" for an integer, else "e…". */
  tagged: string;
}

export interface RawBoundaries {
  start: number;
  end: number;
}

export interface RawMalachiRing extends RawHandle {
  addVnode(id: string, token: number): void;
  removeVnode(id: string): void;
  /** The owner's index in token order (sorted()). */
  route(key: string): number;
  /** Staged: n strings (Elixir strings), owners' indices in token order in the results region. */
  routeMany(n: number): void;
  position(key: string): number;
  boundaries(id: string): RawBoundaries;
  /** [tagged id, token, tagged id, token, …] in token order. */
  sorted(): (string | number)[];
  /** Tagged ids in Erlang term order. */
  vnodeIds(): string[];
  size(): number;
  bits(): number;
  /** The C++ object's address, for the direct exports. */
  address(): number;
  clone(): RawMalachiRing | null;
}

/** The instance's plain exports (extern "C" in cpp/wasm/systems.cpp), keys in the key scratch. */
export interface SystemsDirect {
  /** phash2 of the key's UTF-8 binary (range 0: phash2/1), or -1 when it has no UTF-8. */
  ringlab_phash2_scratch(len: number, range: number): number;
  /** The owner's index in token order, or -1 (an empty ring, a key without UTF-8). */
  ringlab_malachi_route_scratch(ring: number, len: number): number;
}

export interface RawSystemsModule extends RawCommon, RawSystemsCalls {
  version(): string;
  heapUsage(): RawHeapUsage;
  parseTerm(text: string, syntax: string): RawTerm;
  describeTerm(tagged: string): RawTerm;
  /** The elements of a tuple or a proper list, tagged. */
  termElements(tagged: string): string[];
  /** ranged false: phash2/1 (range ignored). */
  phash2(tagged: string, range: number, ranged: boolean): number;
  /** Staged: n strings (Elixir strings), their phash2 in the results region. */
  phash2Many(n: number, range: number, ranged: boolean): void;
  makeMalachiRing(bits: number): RawMalachiRing | null;
}

/** An option of a system, from the core's table (cpp/include/ringlab/systems/placement.hpp). */
export interface RawSystemOption {
  name: string;
  /** The command line's flag ("--min-ring" for minRingSize). */
  flag: string;
  type: "integer" | "text" | "list" | "choice" | "file" | "flag";
  /** A choice's names, separated by "|". */
  choices: string;
  /** The default as text, "" when none. */
  fallback: string;
  /** An integer's range (0 … 0 when none). */
  lo: number;
  hi: number;
  required: boolean;
}

/** A typed option value: `text` for text, list, choice and file options, `number`, `on` for switches. */
export interface RawOptionValue {
  name: string;
  text: string;
  number: number;
  on: boolean;
}

export interface RawServer {
  name: string;
  weight: number;
  down: boolean;
}

/** A real system (cpp/include/ringlab/systems/placement.hpp). */
export interface RawSystemHandle extends RawHandle {
  /** "none", "slot", "partition", "token", "bucket" or "hash". */
  kind(): string;
  servers(): RawServer[];
  /**
   * Staged: n strings (as bytes where `ascii`: every key of the chunk ASCII); server indices in
   * the results region, values (32-bit, or 64-bit for tokens) at the address returned (0 when the
   * system answers none). single: errors say "key".
   */
  placeMany(n: number, single: boolean, ascii: boolean): number;
  /** Keys as bytes: servers at serversAddress(), values at the address returned. */
  placeBytes(bytes: Uint8Array, offsets: Uint32Array, single: boolean): number;
  serversAddress(): number;
  valuesAddress(): number;
  /**
   * Staged: n strings through this and `other`; the indices of the keys that moved in the
   * results region (their count returned), from and to servers at serversAddress() and from
   * and to values (64-bit) at valuesAddress().
   */
  diff(other: RawSystemHandle, n: number): number;
  /**
   * diff for keys as bytes (one block, n + 1 offsets): the moved keys' indices at movedAddress()
   * (their count returned), from and to as diff() leaves them.
   */
  diffBytes(other: RawSystemHandle, bytes: Uint8Array, offsets: Uint32Array): number;
  movedAddress(): number;
  /** Why a key (its bytes) goes to its server; its hash and point (or slot), 64 bits each, at valuesAddress(). */
  why(key: Uint8Array): RawReason;
  /** nginx's failover order: server indices, -1 where round-robin takes over. */
  tries(key: string): number[];
  /** A new system with an edit made to the servers. */
  edited(edit: RawEdit): RawSystemHandle | null;
  /** The options that gave the system its servers, written back as text. */
  config(): Record<string, string>;
  /**
   * The ring's tokens in ring order (Cassandra's; none for other systems): tokens (64-bit) at
   * valuesAddress(), their servers' indices at serversAddress(); their count returned.
   */
  tokens(): number;
}

export interface RawReason {
  kind: "answer" | "point" | "slot";
  /** The server's index, -1 where the key decides none. */
  server: number;
  /** The hash's width: 32, or 64 (Envoy's XXH64). */
  bits: number;
}

export interface RawEdit {
  kind: "add" | "remove" | "down" | "up" | "weight";
  server: string;
  weight: number;
}

export interface RawSystemsCalls {
  systemNames(): string[];
  systemOptions(name: string): RawSystemOption[];
  makeSystem(name: string, options: RawOptionValue[]): RawSystemHandle | null;
}
