// Handles are Disposable (`using`): consumers get Symbol.dispose's type from this lib (TS >= 5.2)
// whatever their own "lib" setting says.
/// <reference lib="esnext.disposable" preserve="true" />
/**
 * The public types of ringlab. Everything is created from the object `load()` resolves to.
 * @module
 */

/**
 * A server on a {@link Ring}, as given to {@link Ringlab.ring} or {@link Ring.add}. A plain string
 * is the same as `{ name }`.
 */
export interface ServerSpec {
  /** The server's name; its tokens are `h32(name + "#" + i)`. Must be non-empty and unique on the ring. */
  name: string;
  /**
   * Capacity relative to the others: the server gets `max(1, round(vnodes × weight))` virtual
   * nodes (halves round up). Finite and > 0.
   * @defaultValue 1
   */
  weight?: number;
  /**
   * Failure domain (rack, availability zone) for zone-aware preference lists. `""` is a zone like
   * any other.
   * @defaultValue ""
   */
  zone?: string;
}

/** A server as the ring holds it. */
export interface ServerInfo {
  /** The server's name. */
  name: string;
  /** Its weight (1 unless set). */
  weight: number;
  /** Its zone (`""` unless set). */
  zone: string;
  /** How many points (virtual nodes) it has on the ring. */
  points: number;
}

/** Options of {@link Ringlab.ring}. */
export interface RingOptions {
  /**
   * The servers, in list order (which breaks ties between equal tokens): names, {@link ServerSpec}
   * objects, or a count `n` meaning the course's servers `S0` … `S{n-1}`.
   */
  servers: number | readonly (string | ServerSpec)[];
  /**
   * Virtual nodes (points) per server, per unit of weight. At most 16,777,216 points per ring.
   * @defaultValue 100
   */
  vnodes?: number;
}

/** Options of {@link Ring.preferenceList}. */
export interface PreferenceListOptions {
  /**
   * Zone-aware: the first lap around the ring takes only servers whose zone is not yet in the
   * list; a second lap fills up with the rest in walk order.
   * @defaultValue false
   */
  zones?: boolean;
}

/** The points of a ring, copied out of the module (yours to keep). */
export interface RingPoints {
  /** The tokens, ascending. Equal tokens keep list order (server position, then virtual node). */
  tokens: Uint32Array;
  /** For each point, the index of its server in {@link Ring.servers}. */
  servers: Uint32Array;
}

/**
 * Things that hold WebAssembly memory. Call `dispose()` when done (or declare them with `using`);
 * a FinalizationRegistry frees forgotten ones eventually, but only eventually.
 */
export interface Handle {
  /** Frees the C++ object. Idempotent. Any later use throws RinglabError `"disposed"`. */
  dispose(): void;
  /** Same as {@link Handle.dispose}, so `using ring = rl.ring(...)` works. */
  [Symbol.dispose](): void;
  /** True after `dispose()`. */
  readonly disposed: boolean;
}

/**
 * A hash ring with virtual nodes (spec §4): server `s` owns the points
 * `h32(name_s + "#" + i)`; a hash belongs to the first point whose token is ≥ it, wrapping to
 * the first point. Changing membership gives exactly the ring a fresh build would.
 */
export interface Ring extends Handle {
  /** The server that owns a key (`owner(h32(key))`). */
  owner(key: string): string;
  /** The server that owns a 32-bit hash (an integer 0 … 2^32 − 1). */
  ownerOfHash(hash: number): string;
  /** The index in {@link Ring.servers} of the server that owns a key. */
  ownerIndex(key: string): number;
  /** Batch twin of {@link Ring.ownerOfHash}: server indices, one call into the module. */
  ownersOfHashes(hashes: Uint32Array): Uint32Array;
  /** Batch twin of {@link Ring.ownerIndex}: server indices for many keys, one call into the module. */
  ownersOfKeys(keys: readonly string[]): Uint32Array;
  /**
   * Replicas (spec §4a): walking clockwise from the owner, the first `rf` distinct servers (fewer
   * when the ring has fewer servers). `keyOrHash` is a key, or a 32-bit hash as a number.
   * `rf` must be ≥ 1.
   */
  preferenceList(keyOrHash: string | number, rf: number, options?: PreferenceListOptions): string[];
  /** Adds a server at the end of the list. Throws `"duplicate_server"` if the name is taken. */
  add(server: string | ServerSpec): void;
  /** Removes a server. Throws `"unknown_server"`, or `"out_of_range"` for the last one. */
  remove(name: string): void;
  /** Changes a server's weight: raising it only adds points (i keeps counting). */
  setWeight(name: string, weight: number): void;
  /** Index of a server in {@link Ring.servers}, or −1. */
  indexOf(name: string): number;
  /** All points, copied out. */
  points(): RingPoints;
  /** Every server with its weight, zone and number of points, in list order. */
  serverInfo(): ServerInfo[];
  /** Server names in list order (a frozen array). */
  readonly servers: readonly string[];
  /** Number of points on the ring (the sum of every server's virtual nodes). */
  readonly size: number;
  /** Virtual nodes per unit of weight, as given at creation. */
  readonly vnodes: number;
}

/**
 * Rendezvous (highest random weight) hashing (spec §5): `score(key, server) =
 * h32(key + "|" + name)`, the highest wins, ties go to the server listed first.
 */
export interface Rendezvous extends Handle {
  /** The winning server, or `undefined` when there are no servers. */
  pick(key: string): string | undefined;
  /** Index of the winning server, or −1 when there are no servers. */
  pickIndex(key: string): number;
  /** Batch twin of {@link Rendezvous.pickIndex}: indices (−1: no servers), one call into the module. */
  pickMany(keys: readonly string[]): Int32Array;
  /** The first `k` servers by score, descending, ties in list order (replicas). `k` ≥ 0. */
  top(key: string, k: number): string[];
  /** Every server's score for a key, in list order. */
  scores(key: string): Uint32Array;
  /** Server names in list order (a frozen array). */
  readonly servers: readonly string[];
}

/**
 * The course's seeded PRNG (spec §2). A plain JavaScript object (no WebAssembly memory, nothing to
 * dispose); values are generated by the module in batches.
 */
export interface Mulberry32 {
  /** The published `rand()`: the next value / 2^32, a double in [0, 1). */
  next(): number;
  /** The next raw value, an integer 0 … 2^32 − 1. */
  nextUint32(): number;
  /** The next `count` raw values at once. */
  nextUint32Many(count: number): Uint32Array;
}

/** Options of {@link Ringlab.ringVsMod}; each replaces one constant of the published program. */
export interface RingVsModOptions {
  /** PRNG seed for the keys, |seed| ≤ 2^53 − 1. @defaultValue 16 */
  seed?: number;
  /** Number of keys, 0 … 100,000,000. @defaultValue 10000 */
  keys?: number;
  /** Servers before the change (n → n + 1), 1 … 100,000. @defaultValue 4 */
  servers?: number;
  /** Virtual nodes per server; (servers + 1) × vnodes ≤ 16,777,216. @defaultValue 100 */
  vnodes?: number;
}

/** What {@link Ringlab.ringVsMod} measured. */
export interface RingVsModResult {
  /** Number of keys. */
  keys: number;
  /** n, servers before. */
  serversBefore: number;
  /** n + 1, servers after. */
  serversAfter: number;
  /** Keys whose mod-N server changed. */
  modMoved: number;
  /** …of which went to the new server. */
  modMovedToNew: number;
  /** Keys whose ring owner changed. */
  ringMoved: number;
  /** …of which went to the new server. */
  ringMovedToNew: number;
  /** Exactly what the published program prints (byte-identical stdout). */
  text: string;
}

/** Options of {@link Ringlab.vnodeSweep}. */
export interface VnodeSweepOptions {
  /** PRNG seed for the keys, |seed| ≤ 2^53 − 1. @defaultValue 16 */
  seed?: number;
  /** Servers, 1 … 100,000. @defaultValue 10 */
  servers?: number;
  /** Number of keys, 0 … 100,000,000. @defaultValue 100000 */
  keys?: number;
  /** The V values, one row each (1 … 100 values, servers × V ≤ 16,777,216). @defaultValue [1, 10, 100, 1000] */
  vnodes?: readonly number[];
}

/** One row of {@link VnodeSweepResult}. */
export interface VnodeSweepRow {
  /** V, virtual nodes per server. */
  vnodes: number;
  /** Points on the ring (servers × V). */
  points: number;
  /** Keys per server, in server order. */
  counts: Uint32Array;
  /** Fewest keys on a server. */
  min: number;
  /** Most keys on a server. */
  max: number;
  /** Population standard deviation of the counts. */
  sd: number;
  /** max / average (NaN with no keys). */
  maxOverAvg: number;
  /** sd / average as a fraction (the text prints it as a percentage; NaN with no keys). */
  sdOverAvg: number;
}

/** What {@link Ringlab.vnodeSweep} measured. */
export interface VnodeSweepResult {
  /** Number of servers. */
  servers: number;
  /** Number of keys. */
  keys: number;
  /** keys / servers. */
  average: number;
  /** One row per V, in the order given. */
  rows: VnodeSweepRow[];
  /** Exactly what the published program prints (byte-identical stdout). */
  text: string;
}

/** Options of {@link Ringlab.hrwJump}. */
export interface HrwJumpOptions {
  /** PRNG seed for the keys, |seed| ≤ 2^53 − 1. @defaultValue 16 */
  seed?: number;
  /** Number of keys, 0 … 100,000,000 (keys × servers ≤ 10^10). @defaultValue 10000 */
  keys?: number;
  /** Rendezvous servers S0 … S{n-1}, 1 … 100,000. @defaultValue 5 */
  servers?: number;
  /** Index of the server removed, 0 … servers − 1. @defaultValue 2 */
  remove?: number;
  /** Jump buckets before growing to buckets + 1, 1 … 2^31 − 2. @defaultValue 10 */
  buckets?: number;
}

/** What {@link Ringlab.hrwJump} measured. */
export interface HrwJumpResult {
  /** Number of keys. */
  keys: number;
  /**
   * Keys won by each server; `undefined` for a server that won none (the published program
   * prints `undefined` there, because its count was never set).
   */
  counts: (number | undefined)[];
  /** Index of the removed server. */
  removed: number;
  /** Keys whose rendezvous winner changed when the server was removed. */
  hrwMoved: number;
  /** …of which were not on the removed server (0 for rendezvous). */
  hrwMovedNotFromRemoved: number;
  /** Jump buckets before growing. */
  buckets: number;
  /** Keys whose jump bucket changed from buckets to buckets + 1. */
  jumpMoved: number;
  /** …of which did not go to the new bucket (0 for jump). */
  jumpMovedNotToNew: number;
  /** Exactly what the published program prints (byte-identical stdout). */
  text: string;
}

/** The module's memory, for leak checks and dashboards. */
export interface MemoryUsage {
  /** Bytes allocated in the WebAssembly heap and not yet freed. */
  heapUsed: number;
  /** Bytes the allocator has taken from the memory so far. */
  heapReserved: number;
  /** Size of the WebAssembly memory (it grows on demand up to 2 GiB and never shrinks). */
  memoryBytes: number;
}

/**
 * A loaded ringlab module: every function of the core, bit-identical to the course's published
 * programs. Get one with `await load()`. Errors are thrown as `RinglabError`; the module keeps
 * working after any of them.
 */
export interface Ringlab {
  /** The package version the module was built from. */
  readonly version: string;

  /**
   * h32 (FNV-1a 32-bit, then MurmurHash3's fmix32; spec §1). A string is hashed as its UTF-16
   * code units — equal to the published `h32` for every JavaScript string, lone surrogates
   * included; a Uint8Array is hashed as bytes (one unit per byte).
   */
  h32(input: string | Uint8Array): number;
  /** Batch twin of {@link Ringlab.h32} for strings: one call into the module. */
  h32Many(keys: readonly string[]): Uint32Array;

  /**
   * Jump consistent hash (Lamping & Veach; spec §6): the bucket in [0, buckets) for a 64-bit key.
   * `key` is a bigint 0 … 2^64 − 1 or a non-negative safe integer; `buckets` is 1 … 2^31 − 1.
   */
  jump(key: bigint | number, buckets: number): number;
  /** Batch twin of {@link Ringlab.jump}: 64-bit keys (BigUint64Array) or 32-bit keys (Uint32Array, e.g. hashes). */
  jumpMany(keys: BigUint64Array | Uint32Array, buckets: number): Int32Array;

  /** mod-N (spec §3): `hash mod n`, for a hash 0 … 2^32 − 1 and n 1 … 2^32 − 1. */
  modN(hash: number, n: number): number;
  /** Batch twin of {@link Ringlab.modN}. */
  modNMany(hashes: Uint32Array, n: number): Uint32Array;

  /** The course's PRNG for a seed (an integer, |seed| ≤ 2^53 − 1). */
  mulberry32(seed: number): Mulberry32;
  /**
   * The course's keys for a seed: `"user:" + Math.floor(rand() * 1e9)`, so seed 16 gives
   * `"user:631395207"`, `"user:144321889"`, … `count` is 0 … 100,000,000.
   */
  keys(seed: number, count: number): string[];
  /** The numbers of {@link Ringlab.keys} (key i is `"user:" + numbers[i]`), without making strings. */
  keyNumbers(seed: number, count: number): Uint32Array;

  /** A hash ring with virtual nodes (and weights, zones). Dispose it when done. */
  ring(options: RingOptions): Ring;
  /**
   * Rendezvous hashing over servers (names in list order, or a count n meaning `S0` … `S{n-1}`).
   * An empty list is allowed: `pick` then answers `undefined`. Dispose it when done.
   */
  rendezvous(servers: number | readonly string[]): Rendezvous;

  /** The published ring-vs-mod program: n → n + 1 servers, keys moved by mod-N and by a ring. */
  ringVsMod(options?: RingVsModOptions): RingVsModResult;
  /** The published vnode-sweep program: load spread over servers as virtual nodes grow. */
  vnodeSweep(options?: VnodeSweepOptions): VnodeSweepResult;
  /** The published hrw-jump program: rendezvous losing one server; jump growing b → b + 1. */
  hrwJump(options?: HrwJumpOptions): HrwJumpResult;

  /** The module's memory use. */
  memory(): MemoryUsage;
}
