// What the systems module registers (cpp/wasm/systems.cpp), as the wrapper sees it. Terms cross
// as tagged strings: "b" + text (the binary of its UTF-8), "i" + decimal (an integer), "e" +
// Erlang text (any term); see erlang-term.ts.
import type { RawCliResult, RawCommon, RawHandle, RawHeapUsage } from "./raw.js";

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
  /** run_cli with the systems' commands; files: [path, bytes, path, bytes, …]. */
  runCli(args: string[], files: (string | Uint8Array)[]): RawCliResult;
}

/** A real system configured from `place SYSTEM`'s flags (cpp/include/ringlab/systems/placement.hpp). */
export interface RawSystemHandle extends RawHandle {
  /**
   * The results of the keys (bytes, key i at offsets[i] … offsets[i+1]) as one JSON array in UTF-8,
   * a view of the module's heap valid until the next call; single:
   * one key, named "key" in errors (else "keys[i]").
   */
  results(bytes: Uint8Array, offsets: Uint32Array, single: boolean): Uint8Array;
}

export interface RawSystemsCalls {
  systemNames(): string[];
  /** [flag, option name, is a switch] for each of a system's flags. */
  systemOptions(name: string): [string, string, boolean][];
  makeSystem(name: string, flags: string[]): RawSystemHandle | null;
}
