// The main module's raw embind API, registered by cpp/wasm/registrations.cpp (with adapters.hpp).
// Internal: the wrapper (main/api.ts and its parts) is the public surface. Every fallible call
// leaves a flag at errorFlagAddress() when it fails; numbers are doubles, strings are passed as
// UTF-16 units, batches of strings as units + offsets. The side modules' raw APIs (systems/raw.ts,
// claims/raw.ts, cli/raw.ts) extend RawCommon, and the loader takes any module's Factory.
//
// Parameter blocks (Raw…Args) and results are embind value_objects: plain objects with exactly
// the fields registrations.cpp lists, each interface here named as its registration. A parameter
// block must have every field (embind refuses a missing one; it ignores extra ones); a result has
// every field, none optional. tests/js/boundary.test.mjs checks both against these interfaces.
// Typed arrays carry bulk data (per key, per slot, per server, per point).

/** An embind class handle: C++ memory that JavaScript must release with delete(). */
export interface RawHandle {
  delete(): void;
  isDeleted(): boolean;
}

// ---------------------------------------------------------------------------------------------
// Parameter blocks

/** rl.ring: the course's S0 … S{servers-1} when `names` is undefined, else the servers named. */
export interface RawRingArgs {
  servers: number;
  names: string[] | undefined;
  weights: Float64Array | undefined;
  zones: string[] | undefined;
  vnodes: number;
}

/** One server: Ring.add. */
export interface RawServerArgs {
  name: string;
  weight: number;
  zone: string;
}

/**
 * rl.rendezvous / weightedRendezvous: S0 … S{servers-1} when `names` is undefined, else the
 * servers named (`weights` for the weighted kind; undefined for the plain one).
 */
export interface RawRendezvousArgs {
  servers: number;
  names: string[] | undefined;
  weights: Float64Array | undefined;
}

/** rl.maglev: S0 … S{backends-1} when `names` is undefined, else the backends named. */
export interface RawMaglevArgs {
  backends: number;
  names: string[] | undefined;
  weights: Float64Array | undefined;
  tableSize: number;
}

/** zoneOf: undefined (no zones) or one zone index per server. */
export interface RawPreferenceWalkArgs {
  tokens: Uint32Array;
  servers: Uint32Array;
  zoneOf: Uint32Array | undefined;
  hash: number;
  rf: number;
}

export interface RawHotKeysArgs {
  seed: number;
  keys: number;
  requests: number;
  s: number;
  hot: number;
  copies: number;
}

/** The change as given: `text` (the CLI's form) when kind is undefined, else its parts. */
export interface RawChangeArgs {
  text: string;
  kind: string | undefined;
  name: string;
  weight: number | undefined;
}

/** rl.compare: the servers as RawRingArgs gives them. */
export interface RawCompareArgs {
  servers: number;
  names: string[] | undefined;
  weights: Float64Array | undefined;
  zones: string[] | undefined;
  vnodes: number;
  seed: number;
  keys: number;
  change: RawChangeArgs;
  epsilon: number;
  tableSize: number;
  /** undefined: all cores (the module runs one). */
  threads: number | undefined;
}

export interface RawRingVsModArgs {
  seed: number;
  keys: number;
  servers: number;
  vnodes: number;
  /** undefined: all cores (the module runs one). */
  threads: number | undefined;
}

export interface RawVnodeSweepArgs {
  seed: number;
  servers: number;
  keys: number;
  vnodes: Float64Array;
  /** undefined: all cores (the module runs one). */
  threads: number | undefined;
}

export interface RawHrwJumpArgs {
  seed: number;
  keys: number;
  servers: number;
  remove: number;
  buckets: number;
  /** undefined: all cores (the module runs one). */
  threads: number | undefined;
}

export interface RawDigestArgs {
  seed: number;
  keys: number;
}

// ---------------------------------------------------------------------------------------------
// Results

/** An error's data as the module records it (take_error in cpp/wasm/abi.hpp). */
export interface RawErrorDetail {
  rule: string;
  param: string;
  values: (number | bigint | string)[];
  inner?: RawErrorDetail;
}

export interface RawError extends RawErrorDetail {
  code: string;
  message: string;
}

export interface RawHeapUsage {
  used: number;
  reserved: number;
}

export interface RawMulberry32Fill {
  values: Uint32Array;
  state: number;
}

export interface RawSearchStep {
  lo: number;
  hi: number;
  mid: number;
  token: number;
  right: boolean;
}

/** key: the 64-bit key after this step, its bits as a signed BigInt (BigInt.asUintN(64, key) reads it). */
export interface RawJumpStep {
  bucket: number;
  key: bigint;
  next: number;
}

export interface RawServerInfo {
  name: string;
  weight: number;
  zone: string;
  points: number;
}

export interface RawRingPoints {
  tokens: Uint32Array;
  servers: Uint32Array;
}

export interface RawFillTurns {
  backend: Uint32Array;
  slot: Uint32Array;
  skipped: Uint32Array;
}

/** The arc (start, end] a token ring's virtual node owns. */
export interface RawTokenArc {
  start: number;
  end: number;
}

export interface RawBoundedLoads {
  servers: Uint32Array;
  walks: Uint32Array;
  loads: Uint32Array;
  capacities: Uint32Array;
  notFirstChoice: number;
  longestWalk: number;
}

export interface RawFlow {
  from: number;
  to: number;
  keys: number;
}

export interface RawMovement {
  keys: number;
  moved: number;
  movedToNew: number;
  movedBetweenOld: number;
  flows: RawFlow[];
}

export interface RawLoadStats {
  min: number;
  max: number;
  mean: number;
  sd: number;
  maxOverMean: number;
  sdOverMean: number;
}

export interface RawCacheWhatIf {
  hitBefore: number;
  moved: number;
  hitAfter: number;
  dbMultiplier: number;
}

export interface RawHotKeys {
  requestsPerServer: Float64Array;
  hottestKeyRequests: number;
  hottestServer: number;
  maxOverMean: number;
}

/**
 * reasonCode is ringlab::ReasonCode's value, 0 for a supported row (core/compare-row.ts spells it);
 * reason is "" for a supported row.
 */
export interface RawComparisonRow {
  algorithm: string;
  reasonCode: number;
  reason: string;
  moved: number;
  movedToNew: number;
  movedBetweenOld: number;
  movedNeedlessly: number;
  maxOverMean: number;
  sdOverMean: number;
  memoryBytes: number;
  buildMs: number;
}

export interface RawRingVsModResult {
  keys: number;
  serversBefore: number;
  serversAfter: number;
  modMoved: number;
  modMovedToNew: number;
  ringMoved: number;
  ringMovedToNew: number;
  text: string;
}

export interface RawVnodeSweepRow {
  vnodes: number;
  points: number;
  counts: Uint32Array;
  min: number;
  max: number;
  sd: number;
  maxOverAvg: number;
  sdOverAvg: number;
}

export interface RawVnodeSweepResult {
  servers: number;
  keys: number;
  average: number;
  rows: RawVnodeSweepRow[];
  text: string;
}

/** counts: undefined for a server that won no key. */
export interface RawHrwJumpResult {
  keys: number;
  counts: (number | undefined)[];
  removed: number;
  hrwMoved: number;
  hrwMovedNotFromRemoved: number;
  buckets: number;
  jumpMoved: number;
  jumpMovedNotToNew: number;
  text: string;
}

export interface RawDigestPart {
  name: string;
  digest: number;
}

export interface RawPlacementDigest {
  all: number;
  parts: RawDigestPart[];
}

/** The core's defaults (ringlab::Defaults), one part per function or options. */
export interface RawDefaults {
  ringVsMod: RawRingVsModDefaults;
  vnodeSweep: RawVnodeSweepDefaults;
  hrwJump: RawHrwJumpDefaults;
  compare: RawCompareDefaults;
  placementDigest: RawPlacementDigestDefaults;
  ring: RawRingDefaults;
  maglev: RawMaglevDefaults;
  tokenRing: RawTokenRingDefaults;
  hotKeys: RawHotKeysDefaults;
}

export interface RawRingVsModDefaults {
  seed: number;
  keys: number;
  servers: number;
  vnodes: number;
}

export interface RawVnodeSweepDefaults {
  seed: number;
  servers: number;
  keys: number;
  vnodes: number[];
}

export interface RawHrwJumpDefaults {
  seed: number;
  keys: number;
  servers: number;
  remove: number;
  buckets: number;
}

export interface RawCompareDefaults {
  servers: number;
  vnodes: number;
  seed: number;
  keys: number;
  change: string;
  epsilon: number;
  tableSize: number;
}

export interface RawPlacementDigestDefaults {
  seed: number;
  keys: number;
}

export interface RawRingDefaults {
  vnodes: number;
  weight: number;
}

export interface RawMaglevDefaults {
  tableSize: number;
}

export interface RawTokenRingDefaults {
  bits: number;
}

export interface RawHotKeysDefaults {
  seed: number;
  keys: number;
  requests: number;
  s: number;
  hot: number;
  copies: number;
}

// ---------------------------------------------------------------------------------------------
// Handles

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
  add(server: RawServerArgs): void;
  remove(name: string): void;
  setWeight(name: string, weight: number): void;
  servers(): RawServerInfo[];
  size(): number;
  vnodes(): number;
  indexOf(name: string): number;
  /** The ring's bytes in the module (Ring.memoryBytes). */
  memoryBytes(): number;
  points(): RawRingPoints;
  searchTrace(hash: number): RawSearchStep[];
}

/** A comparison in parts (ringlab::ComparisonRun). A tally is a Float64Array of counts of keys. */
export interface RawComparisonRun extends RawHandle {
  chunks(): number;
  tallySize(): number;
  /** Chunks [first, end) placed into (a copy of) tally: every row but bounded loads, or bounded loads in order. */
  place(first: number, end: number, tally: Float64Array, bounded: boolean): Float64Array;
  rows(tally: Float64Array): RawComparisonRow[];
}

/** An experiment in parts (ringlab::ExperimentRun). A tally is a Float64Array of counts. */
export interface RawExperimentRun extends RawHandle {
  steps(): number;
  chunks(): number;
  tallySize(): number;
  work(step: number, first: number, end: number): number;
  /** Chunks [first, end) of a step counted into (a copy of) tally. */
  place(step: number, first: number, end: number, tally: Float64Array): Float64Array;
  ringVsMod(tally: Float64Array): RawRingVsModResult;
  vnodeSweep(tally: Float64Array): RawVnodeSweepResult;
  hrwJump(tally: Float64Array): RawHrwJumpResult;
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
  /** Names in list order (S0 … S{n-1} for a count). */
  servers(): string[];
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
  fillTurns(): RawFillTurns;
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
  boundaries(id: string): RawTokenArc;
  tokenOf(id: string): number;
  ids(): string[];
  tokens(): Uint32Array;
  size(): number;
  bits(): number;
  clone(): RawTokenRing | null;
  searchTrace(hash: number): RawSearchStep[];
}

// ---------------------------------------------------------------------------------------------
// The module

/** A progress callback as the module calls it: returning true stops the run. */
export type RawProgress = ((done: number, total: number) => boolean) | undefined;

/**
 * The instance's plain exports for single-key calls (no embind; extern "C" in cpp/wasm/direct.cpp):
 * objects by address(), keys as their length after the units were written at
 * keyScratchAddress(). 32-bit results arrive signed.
 */
export interface Direct {
  ringlab_h32(len: number): number;
  ringlab_ring_owner(ring: number, len: number): number;
  ringlab_ring_owner_of_hash(ring: number, hash: number): number;
  ringlab_maglev_lookup(maglev: number, len: number): number;
  ringlab_maglev_lookup_hash(maglev: number, hash: number): number;
  ringlab_rendezvous_pick(rendezvous: number, len: number): number;
  ringlab_weighted_rendezvous_pick(rendezvous: number, len: number): number;
  /** buckets: an int32 exactly; below 1 the answer is -1 (the embind call then words the error). */
  ringlab_jump(key: bigint, buckets: number): number;
}

export interface RawCommon {
  errorFlagAddress(): number;
  keyScratchAddress(): number;
  /** The direct entry points' places in the exported function table, in the wrapper's order (none in the claims module). */
  directFunctions?(): Uint32Array;
  takeError(): RawError;
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
  version(): string;
  defaults(): RawDefaults;
  heapUsage(): RawHeapUsage;
  h32(s: string): number;
  h32Bytes(bytes: Uint8Array): number;
  /** Staged: n strings in, their h32 in the results region. */
  h32Many(n: number): void;
  /** The next `count` values from `state`, after skipping `skip` (values already read). */
  mulberry32Fill(state: number, count: number, skip: number): RawMulberry32Fill;
  keyNumbers(seed: number, count: number): Uint32Array;
  /** Staged: the h32 of the first n course keys for a seed, into the block's n words. */
  keyHashes(seed: number, n: number): void;
  /**
   * A jump key from a number or the decimal text of a bigint, checked by the core (the wrapper
   * converts the keys it can exactly and comes here for the error of the others).
   */
  jumpKey(key: number | string): bigint;
  jump(key: bigint, buckets: number): number;
  /** Staged: n keys (32-bit words, or (low, high) pairs when wide), n results after them. */
  jumpMany(n: number, buckets: number, wide: boolean): void;
  modN(hash: number, n: number): number;
  /** Staged: n hashes in, servers in place. */
  modNMany(count: number, n: number): void;
  makeRing(args: RawRingArgs): RawRing | null;
  makeRendezvous(args: RawRendezvousArgs): RawRendezvous | null;
  makeWeightedRendezvous(args: RawRendezvousArgs): RawWeightedRendezvous | null;
  makeMaglev(args: RawMaglevArgs): RawMaglev | null;
  makeTokenRing(bits: number): RawTokenRing | null;
  boundedLoads(ring: RawRing, hashes: Uint32Array, epsilon: number): RawBoundedLoads;
  searchTrace(tokens: Uint32Array, hash: number): RawSearchStep[];
  /** Server indices in preference order. */
  preferenceWalk(args: RawPreferenceWalkArgs): Uint32Array;
  jumpTrace(key: bigint, buckets: number): RawJumpStep[];
  movement(before: Uint32Array, after: Uint32Array, isNew: Uint8Array): RawMovement;
  loadStats(loads: Float64Array): RawLoadStats;
  theorySdOverMean(n: number, v: number): number;
  theoryVnodesFor(n: number, target: number): number;
  theoryHarmonic(n: number): number;
  theoryModNKept(n: number, m: number): number;
  theoryMinimumMoved(n: number, m: number): number;
  cacheWhatIf(hitRatio: number, movedFraction: number): RawCacheWhatIf;
  hotKeys(ring: RawRing, args: RawHotKeysArgs): RawHotKeys;
  makeComparisonRun(args: RawCompareArgs): RawComparisonRun | null;
  ringVsMod(args: RawRingVsModArgs, onProgress: RawProgress): RawRingVsModResult;
  vnodeSweep(args: RawVnodeSweepArgs, onProgress: RawProgress): RawVnodeSweepResult;
  hrwJump(args: RawHrwJumpArgs, onProgress: RawProgress): RawHrwJumpResult;
  makeRingVsModRun(args: RawRingVsModArgs): RawExperimentRun | null;
  makeVnodeSweepRun(args: RawVnodeSweepArgs): RawExperimentRun | null;
  makeHrwJumpRun(args: RawHrwJumpArgs): RawExperimentRun | null;
  placementDigest(args: RawDigestArgs): RawPlacementDigest;
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
