// The raw embind API registered by cpp/wasm/registrations.cpp. Internal: the wrapper (api.ts) is the
// public surface. Every fallible call leaves a flag at errorFlagAddress() when it fails; numbers
// are doubles, strings are passed as UTF-16 units, batches of strings as units + offsets.

/** An embind class handle: C++ memory that JavaScript must release with delete(). */
export interface RawHandle {
  delete(): void;
  isDeleted(): boolean;
}

export interface RawServerInfo {
  name: string;
  weight: number;
  zone: string;
  points: number;
}

export interface RawRing extends RawHandle {
  /** The C++ object's address, for the direct exports. */
  address(): number;
  owner(key: string): number;
  ownerOfHash(hash: number): number;
  /** Staged (see Staging in cpp/wasm/abi.cpp): n strings in, owners in the results region. */
  ownerMany(n: number): void;
  /** Staged: n hashes in, owners in place. */
  ownerOfHashMany(n: number): void;
  preferenceList(hash: number, rf: number, zones: boolean): Uint32Array;
  add(name: string, weight: number, zone: string): void;
  remove(name: string): void;
  setWeight(name: string, weight: number): void;
  servers(): RawServerInfo[];
  serverCount(): number;
  size(): number;
  vnodes(): number;
  indexOf(name: string): number;
  memoryBytes(): number;
  points(): { tokens: Uint32Array; servers: Uint32Array };
  /** (lo, hi, mid, token, right) per step. */
  searchTrace(hash: number): Uint32Array;
}

/** Plain and weighted rendezvous share one shape; only the scores' type differs. */
export interface RawRendezvousOf<Scores> extends RawHandle {
  /** The C++ object's address, for the direct exports. */
  address(): number;
  pick(key: string): number;
  /** Staged: n strings in, indices (int32 bit patterns, -1: none) in the results region. */
  pickMany(n: number): void;
  scores(key: string): Scores;
  top(key: string, k: number): Uint32Array;
}
export type RawRendezvous = RawRendezvousOf<Uint32Array>;
export type RawWeightedRendezvous = RawRendezvousOf<Float64Array>;

export interface RawMaglev extends RawHandle {
  /** The C++ object's address, for the direct exports. */
  address(): number;
  lookup(key: string): number;
  lookupHash(hash: number): number;
  /** Staged: n strings in, backends in the results region. */
  lookupMany(n: number): void;
  /** Staged: n hashes in, backends in place. */
  lookupHashMany(n: number): void;
  table(): Uint32Array;
  entryCounts(): Uint32Array;
  /** (backend, slot, skipped) per turn. */
  fillTurns(): Uint32Array;
  offset(backend: number): number;
  skip(backend: number): number;
  tableSize(): number;
  backends(): string[];
}

export interface RawTokenRing extends RawHandle {
  add(id: string, token: number): void;
  remove(id: string): void;
  route(key: string): string;
  routeHash(hash: number): string;
  position(key: string): number;
  boundaries(id: string): Uint32Array;
  tokenOf(id: string): number;
  ids(): string[];
  tokens(): Uint32Array;
  size(): number;
  bits(): number;
  clone(): RawTokenRing | null;
  searchTrace(hash: number): Uint32Array;
}

/** A progress callback as the module calls it: returning true stops the run. */
export type RawProgress = ((done: number, total: number) => boolean) | undefined;

/** What the Emscripten runtime itself puts on the module object. */
export interface EmscriptenRuntime {
  HEAP32: Int32Array;
  HEAPU8: Uint8Array;
  HEAPU16: Uint16Array;
  HEAPU32: Uint32Array;
}

/**
 * The module's plain exports for single-key calls (no embind): objects by address(), keys as
 * their length after the units were written at keyScratchAddress(). 32-bit results arrive signed.
 */
export interface Direct {
  ringlab_h32(len: number): number;
  ringlab_ring_owner(ring: number, len: number): number;
  ringlab_ring_owner_of_hash(ring: number, hash: number): number;
  ringlab_maglev_lookup(maglev: number, len: number): number;
  ringlab_maglev_lookup_hash(maglev: number, hash: number): number;
  ringlab_rendezvous_pick(rendezvous: number, len: number): number;
  ringlab_weighted_rendezvous_pick(rendezvous: number, len: number): number;
  /** buckets must be 1 … 2^31 − 1. */
  ringlab_jump(key: bigint, buckets: number): number;
}

export interface RawCommon extends EmscriptenRuntime {
  /** The instance's exports (Emscripten's Module.asm). */
  asm?: Partial<Record<keyof Direct, unknown>>;
  errorFlagAddress(): number;
  keyScratchAddress(): number;
  takeError(): { code: string; message: string };
  version(): string;
  /**
   * A heap block for a batch of n strings of `units` UTF-16 units in all, n + 1 offsets at word
   * 0, n results at word n + 1, the units from word 2n + 1; returns its address (0 on error).
   * One block at a time, released by unstage().
   */
  stageStrings(n: number, units: number): number;
  /** The string block made to hold `units` units, what was written kept; returns its address. */
  restageStrings(n: number, units: number): number;
  /** A heap block of `words` 32-bit words for a batch of n values; returns its address (0 on error). */
  stageWords(n: number, words: number): number;
  unstage(): void;
}

export interface RawModule extends RawCommon {
  heapUsage(): { used: number; reserved: number };
  h32(s: string): number;
  h32Bytes(bytes: Uint8Array): number;
  /** Staged: n strings in, their h32 in the results region. */
  h32Many(n: number): void;
  mulberry32Fill(state: number, count: number): { values: Uint32Array; state: number };
  keyNumbers(seed: number, count: number): Uint32Array;
  /** Staged: the h32 of the first n course keys for a seed, into the block's n words. */
  keyHashes(seed: number, n: number): void;
  jump(key: bigint, buckets: number): number;
  /** Staged: n keys (32-bit words, or (low, high) pairs when wide), n results after them. */
  jumpMany(n: number, buckets: number, wide: boolean): void;
  modN(hash: number, n: number): number;
  /** Staged: n hashes in, servers in place. */
  modNMany(count: number, n: number): void;
  makeRing(names: string[], weights: Float64Array, zones: string[], vnodes: number): RawRing | null;
  makeUniformRing(servers: number, vnodes: number): RawRing | null;
  makeRendezvous(names: string[]): RawRendezvous | null;
  makeWeightedRendezvous(names: string[], weights: Float64Array): RawWeightedRendezvous | null;
  makeMaglev(names: string[], weights: Float64Array, count: number, tableSize: number): RawMaglev | null;
  makeTokenRing(bits: number): RawTokenRing | null;
  boundedLoads(ring: RawRing, hashes: Uint32Array, epsilon: number): unknown;
  /** (lo, hi, mid, token, right) per step. */
  searchTrace(tokens: Uint32Array, hash: number): Uint32Array;
  /** Server indices in preference order; zoneOf is empty (no zones) or one zone index per server. */
  preferenceWalk(tokens: Uint32Array, servers: Uint32Array, zoneOf: Uint32Array, hash: number, rf: number): Uint32Array;
  /** steps: (bucket, next) pairs; keys: (low, high) words. */
  jumpTrace(key: bigint, buckets: number): { steps: Float64Array; keys: Uint32Array };
  /** (keys, moved, movedToNew, movedBetweenOld, then (from, to, keys) per flow). */
  movement(before: Uint32Array, after: Uint32Array, isNew: Uint8Array): Float64Array;
  /** (min, max, mean, sd, maxOverMean, sdOverMean). */
  loadStats(loads: Float64Array): Float64Array;
  theorySdOverMean(n: number, v: number): number;
  theoryVnodesFor(n: number, target: number): number;
  theoryHarmonic(n: number): number;
  theoryModNKept(n: number, m: number): number;
  theoryMinimumMoved(n: number, m: number): number;
  /** (hitBefore, moved, hitAfter, dbMultiplier). */
  cacheWhatIf(hitRatio: number, movedFraction: number): Float64Array;
  hotKeys(ring: RawRing, seed: number, keys: number, requests: number, s: number, hot: number, copies: number): unknown;
  compare(
    names: string[],
    weights: Float64Array,
    zones: string[],
    count: number,
    vnodes: number,
    seed: number,
    keys: number,
    changeKind: number,
    changeName: string,
    changeWeight: number,
    epsilon: number,
    tableSize: number,
  ): unknown;
  ringVsMod(seed: number, keys: number, servers: number, vnodes: number, onProgress: RawProgress): unknown;
  vnodeSweep(seed: number, servers: number, keys: number, vnodes: Float64Array, onProgress: RawProgress): unknown;
  hrwJump(seed: number, keys: number, servers: number, remove: number, buckets: number, onProgress: RawProgress): unknown;
  placementDigest(seed: number, keys: number): unknown;
  runCli(args: string[]): { exitCode: number; out: string; err: string };
  cliHelp(): string;
}

/** The argument Emscripten's factory takes (the parts we use). */
export interface ModuleArg {
  instantiateWasm?(
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
  ): object;
  wasmBinary?: ArrayBuffer | Uint8Array;
}

export type Factory<M> = (moduleArg?: ModuleArg) => Promise<M>;
