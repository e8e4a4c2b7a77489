// The raw embind API registered by cpp/wasm/bindings.cpp. Internal: the wrapper (api.ts) is the
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
  owner(hash: number): number;
  ownerOfKey(key: string): number;
  ownersOfHashes(hashes: Uint32Array): Uint32Array;
  ownersOfKeys(units: Uint16Array, offsets: Uint32Array): Uint32Array;
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
  pick(key: string): number;
  pickMany(units: Uint16Array, offsets: Uint32Array): Int32Array;
  scores(key: string): Scores;
  top(key: string, k: number): Uint32Array;
}
export type RawRendezvous = RawRendezvousOf<Uint32Array>;
export type RawWeightedRendezvous = RawRendezvousOf<Float64Array>;

export interface RawMaglev extends RawHandle {
  lookup(hash: number): number;
  lookupKey(key: string): number;
  lookupHashes(hashes: Uint32Array): Uint32Array;
  lookupKeys(units: Uint16Array, offsets: Uint32Array): Uint32Array;
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
}

export interface RawCommon extends EmscriptenRuntime {
  errorFlagAddress(): number;
  takeError(): { code: string; message: string };
  version(): string;
}

export interface RawModule extends RawCommon {
  heapUsage(): { used: number; reserved: number };
  h32(s: string): number;
  h32Bytes(bytes: Uint8Array): number;
  h32Many(units: Uint16Array, offsets: Uint32Array): Uint32Array;
  mulberry32Fill(state: number, count: number): { values: Uint32Array; state: number };
  keyNumbers(seed: number, count: number): Uint32Array;
  jump(key: bigint, buckets: number): number;
  jumpMany32(keys: Uint32Array, buckets: number): Int32Array;
  jumpMany64(words: Uint32Array, buckets: number): Int32Array;
  modN(hash: number, n: number): number;
  modNMany(hashes: Uint32Array, n: number): Uint32Array;
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
