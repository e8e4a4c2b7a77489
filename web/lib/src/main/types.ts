// Handles are Disposable (`using`): consumers get Symbol.dispose's type from this lib (TS >= 5.2)
// whatever their own "lib" setting says.
/// <reference lib="esnext.disposable" preserve="true" />
/**
 * The public types of ringlab. Everything is created from the object `load()` resolves to.
 * @module
 */

import type { AlgorithmInfo, ComparisonAlgorithm } from "./algorithms.js";
// The registry's types are derived from its data (algorithms.ts, generated from the core's
// registry); they are part of the public types as these are.
export type {
  AlgorithmInfo,
  AlgorithmName,
  AlgorithmParam,
  ComparisonAlgorithm,
  MainAlgorithmName,
} from "./algorithms.js";

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

/** Options of {@link Ringlab.preferenceWalk}: any ring given by its points. */
export interface PreferenceWalkOptions {
  /** The points' tokens, ascending (a ring's {@link RingPoints.tokens}, a token ring's, one drawn by hand). */
  tokens: Uint32Array;
  /** The server index of each point, in the same order as `tokens` (as {@link RingPoints.servers}). */
  servers: Uint32Array;
  /** The 32-bit hash whose list is walked: the walk starts at its owner point. */
  hash: number;
  /** The replication factor: how many distinct servers to collect (≥ 1). */
  rf: number;
  /**
   * The zone of each server (indexed by server index; equal values share a zone). Given, the
   * walk is zone-aware: the first lap takes only servers whose zone is not yet in the list, a
   * second lap fills up with the rest in walk order. Every server index on a point must then be
   * below `zones.length`.
   */
  zones?: readonly (string | number)[];
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
 * A hash ring with virtual nodes (see docs/algorithms.md#ring): server `s` owns the points
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
  /** The batch of {@link Ring.owner}: for many keys, one call into the module, the owners as indices in {@link Ring.servers} (what {@link Ring.ownerIndex} answers). Pass `out` (a reused array of the batch's length) to have it filled in and returned: nothing is allocated per call. */
  ownerMany(keys: readonly string[], out?: Uint32Array): Uint32Array;
  /** The batch of {@link Ring.ownerOfHash}: for many hashes, one call into the module, the owners as server indices. Pass `out` (a reused array of the batch's length) to have it filled in and returned: nothing is allocated per call. */
  ownerOfHashMany(hashes: Uint32Array, out?: Uint32Array): Uint32Array;
  /**
   * Replicas (see docs/algorithms.md#preference-list): walking clockwise from the owner, the first `rf` distinct servers (fewer
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
  /**
   * The steps of the owner search for a 32-bit hash (the published binary search over
   * {@link RingPoints.tokens}), for steppers. The search ends on the point where the range left
   * after the last step begins (`mid + 1` if the last step went right, else `mid`): the owner,
   * or past the end, which wraps to point 0. A ring has a point, so there is at least one step.
   */
  searchTrace(hash: number): SearchStep[];
  /** Server names in list order (a frozen array). */
  readonly servers: readonly string[];
  /** Number of points on the ring (the sum of every server's virtual nodes). */
  readonly size: number;
  /** Virtual nodes per unit of weight, as given at creation. */
  readonly vnodes: number;
  /**
   * Bytes the ring's lookup structure holds in the module: per point a 4-byte token and its
   * server packed in as few bytes as the server count needs, plus the bucket index that starts
   * the search (see docs/algorithms.md#ring). Names and weights are not counted.
   */
  readonly memoryBytes: number;
}

/**
 * Rendezvous (highest random weight) hashing (see docs/algorithms.md#rendezvous): `score(key, server) =
 * h32(key + "|" + name)`, the highest wins, ties go to the server listed first.
 */
export interface Rendezvous extends Handle {
  /** The winning server, or `undefined` when there are no servers. */
  pick(key: string): string | undefined;
  /** Index of the winning server, or −1 when there are no servers. */
  pickIndex(key: string): number;
  /** The batch of {@link Rendezvous.pick}: for many keys, one call into the module, the winners as indices (what {@link Rendezvous.pickIndex} answers; −1: no servers). Pass `out` (a reused array of the batch's length) to have it filled in and returned: nothing is allocated per call. */
  pickMany(keys: readonly string[], out?: Int32Array): Int32Array;
  /** The first `k` servers by score, descending, ties in list order (replicas). `k` ≥ 0. */
  top(key: string, k: number): string[];
  /** Every server's score for a key, in list order. */
  scores(key: string): Uint32Array;
  /** Server names in list order (a frozen array). */
  readonly servers: readonly string[];
}

/**
 * A server for {@link Ringlab.weightedRendezvous}. A plain string is the same as `{ name }`.
 */
export interface WeightedServerSpec {
  /** The server's name; scores are `h32(key + "|" + name)`. Non-empty and unique. */
  name: string;
  /**
   * Capacity relative to the others: the weighted score is `−weight / ln(score / 2^32)`, so a
   * server of weight 2 wins about twice as many keys as one of weight 1. Finite and > 0.
   * @defaultValue 1
   */
  weight?: number;
}

/**
 * Weighted rendezvous hashing (see docs/algorithms.md#weighted-rendezvous): with `u = h32(key + "|" + name) / 2^32`, the server with
 * the highest `−weight / ln(u)` wins, ties to the server listed first. With equal weights it picks
 * what plain {@link Rendezvous} picks.
 */
export interface WeightedRendezvous extends Handle {
  /** The winning server, or `undefined` when there are no servers. */
  pick(key: string): string | undefined;
  /** Index of the winning server, or −1 when there are no servers. */
  pickIndex(key: string): number;
  /** The batch of {@link WeightedRendezvous.pick}: for many keys, one call into the module, the winners as indices (what {@link WeightedRendezvous.pickIndex} answers; −1: no servers). Pass `out` (a reused array of the batch's length) to have it filled in and returned: nothing is allocated per call. */
  pickMany(keys: readonly string[], out?: Int32Array): Int32Array;
  /** The first `k` servers by weighted score, descending, ties in list order (replicas). `k` ≥ 0. */
  top(key: string, k: number): string[];
  /** Every server's weighted score for a key, in list order. */
  scores(key: string): Float64Array;
  /** Server names in list order (a frozen array). */
  readonly servers: readonly string[];
}

/** A Maglev backend, as given to {@link MaglevOptions.backends}. A plain string is the same as `{ name }`. */
export interface BackendSpec {
  /** The backend's name: offset `h32(name + "|offset") mod M`, skip `h32(name + "|skip") mod (M − 1) + 1`. Non-empty and unique. */
  name: string;
  /**
   * The backend's share of the table relative to the others (the weighted fill; see docs/algorithms.md#maglev-weights).
   * Finite and > 0.
   * @defaultValue 1
   */
  weight?: number;
}

/** Options of {@link Ringlab.maglev}. */
export interface MaglevOptions {
  /**
   * The backends, in list order (indices refer to this order; the fill itself takes them in
   * ascending order of name, so the table does not depend on it): names, {@link BackendSpec}
   * objects, or a count `n` meaning `S0` … `S{n-1}`. At least one, at most `tableSize`.
   */
  backends: number | readonly (string | BackendSpec)[];
  /**
   * M, the number of slots: a prime ≥ the number of backends, at most 16,777,213. Larger tables
   * spread more evenly and move fewer keys on a change; each slot is 4 bytes.
   * @defaultValue 65537
   */
  tableSize?: number;
}

/** The Maglev fill turn by turn (M turns, in order), as parallel arrays. */
export interface MaglevFillTurns {
  /** Turn t: the backend (index into {@link Maglev.backends}) that took a slot. */
  backend: Uint32Array;
  /** Turn t: the slot it took. */
  slot: Uint32Array;
  /** Turn t: how many already-taken slots of its permutation it passed over first. */
  skipped: Uint32Array;
}

/**
 * A Maglev lookup table (Eisenbud et al.; see docs/algorithms.md#maglev): M slots, each holding a backend; a key is
 * served by `table[h32(key) mod M]`.
 */
export interface Maglev extends Handle {
  /** The backend serving a key. */
  lookup(key: string): string;
  /** Index in {@link Maglev.backends} of the backend serving a key. */
  lookupIndex(key: string): number;
  /** Index of the backend serving a 32-bit hash (an integer 0 … 2^32 − 1): `table[hash mod M]`. */
  lookupHash(hash: number): number;
  /** The batch of {@link Maglev.lookup}: for many keys, one call into the module, the backends as indices in {@link Maglev.backends} (what {@link Maglev.lookupIndex} answers). Pass `out` (a reused array of the batch's length) to have it filled in and returned: nothing is allocated per call. */
  lookupMany(keys: readonly string[], out?: Uint32Array): Uint32Array;
  /** The batch of {@link Maglev.lookupHash}: backend indices for many hashes, one call into the module. Pass `out` (a reused array of the batch's length) to have it filled in and returned: nothing is allocated per call. */
  lookupHashMany(hashes: Uint32Array, out?: Uint32Array): Uint32Array;
  /** The whole table (M backend indices), copied out. */
  table(): Uint32Array;
  /** Slots held by each backend, in list order. Unweighted, each holds ⌊M/N⌋ or ⌈M/N⌉. */
  entryCounts(): Uint32Array;
  /** The fill turn by turn, for steppers (recomputed on each call). */
  fillTurns(): MaglevFillTurns;
  /** Backend `i`'s offset: its permutation starts at this slot. */
  offset(i: number): number;
  /** Backend `i`'s skip: its permutation is `(offset + j × skip) mod M`. */
  skip(i: number): number;
  /** Backend names in list order (a frozen array). */
  readonly backends: readonly string[];
  /** M, the number of slots. */
  readonly tableSize: number;
}

/** What {@link Ringlab.boundedLoads} placed (see docs/algorithms.md#bounded-loads). Server indices refer to {@link Ring.servers}. */
export interface BoundedLoads {
  /** Per key, in the order given: the server it was placed on. */
  servers: Uint32Array;
  /** Per key: points stepped past its owner point (0 = placed on its first choice). */
  walks: Uint32Array;
  /** Keys per server. */
  loads: Uint32Array;
  /** Each server's capacity `⌈(1 + ε) × m × w / Σw⌉` for m keys. */
  capacities: Uint32Array;
  /** Keys placed away from their owner point's server. */
  notFirstChoice: number;
  /** The most points stepped past for one key. */
  longestWalk: number;
}

/** Options of {@link Ringlab.tokenRing}. */
export interface TokenRingOptions {
  /**
   * The ring is [0, 2^bits): tokens must be below 2^bits and a key's position is
   * `h32(key) mod 2^bits`. 1 … 32.
   * @defaultValue 32
   */
  bits?: number;
}

/**
 * The explicit-token ring (the semantics of Malachi's HashRing; see docs/algorithms.md#token-ring): each virtual node is
 * placed at a token you choose, owns the arc (predecessor's token, its token], and a key goes to
 * the first virtual node whose token is ≥ its position, wrapping to the smallest.
 */
export interface TokenRing extends Handle {
  /**
   * Places a virtual node at a token (a non-negative integer). Throws `"token_out_of_range"`
   * (token ≥ 2^bits), `"token_taken"` (another node holds it) or `"already_present"`, checked in
   * that order; a failed add leaves the ring as it was.
   */
  add(id: string, token: number): void;
  /** Removes a virtual node. Throws `"not_found"`. */
  remove(id: string): void;
  /** The virtual node owning a key (position `h32(key) mod 2^bits`). Throws `"empty"` on an empty ring. */
  route(key: string): string;
  /** The virtual node owning a hash (0 … 2^32 − 1, reduced mod 2^bits). Throws `"empty"`. */
  routeHash(hash: number): string;
  /** A key's position on the ring: `h32(key) mod 2^bits`. */
  position(key: string): number;
  /**
   * The arc a virtual node owns: start exclusive (its predecessor's token, wrapping), end
   * inclusive (its own token). Alone on the ring, start === end: it owns everything. Throws
   * `"not_found"`.
   */
  boundaries(id: string): [start: number, end: number];
  /** A virtual node's token. Throws `"not_found"`. */
  tokenOf(id: string): number;
  /** The ids in token order. */
  ids(): string[];
  /** The tokens, ascending (parallel to {@link TokenRing.ids}). */
  tokens(): Uint32Array;
  /**
   * The steps of the search {@link TokenRing.routeHash} does for a hash (reduced mod 2^bits first),
   * over {@link TokenRing.tokens}. Empty on an empty ring.
   */
  searchTrace(hash: number): SearchStep[];
  /** An independent copy (a new handle: dispose it too). */
  clone(): TokenRing;
  /** Number of virtual nodes. */
  readonly size: number;
  /** The ring is [0, 2^bits). */
  readonly bits: number;
}

/**
 * One step of the owner search (the published binary search for the first token ≥ a hash), for
 * steppers: the range [lo, hi) still searched, the point looked at, and which way the search went.
 */
export interface SearchStep {
  /** Start of the range still searched (inclusive). */
  lo: number;
  /** End of the range still searched (exclusive). */
  hi: number;
  /** The point looked at: `lo + ⌊(hi − lo) / 2⌋`. */
  mid: number;
  /** Its token. */
  token: number;
  /** True when token < hash, so the search continues right of mid (lo = mid + 1); else hi = mid. */
  right: boolean;
}

/** One jump of jump consistent hash (see docs/algorithms.md#jump), for steppers. */
export interface JumpStep {
  /** The bucket the key stands on (b). The last step's bucket is the answer. */
  bucket: number;
  /** The 64-bit key after this step's LCG update. */
  key: bigint;
  /** The next candidate bucket j; the walk stops when it is ≥ the number of buckets. */
  next: number;
}

/** Keys that moved from one server to another, one cell of {@link Movement.flows}. */
export interface Flow {
  /** Server id before. */
  from: number;
  /** Server id after. */
  to: number;
  /** How many keys made that move. */
  keys: number;
}

/** What {@link Ringlab.movement} counted between two placements of the same keys. */
export interface Movement {
  /** Number of keys. */
  keys: number;
  /** Keys whose server changed. */
  moved: number;
  /** …of which went to a new server. */
  movedToNew: number;
  /** …of which went to a server that was there before: what a good scheme avoids. */
  movedBetweenOld: number;
  /** Every non-zero from → to cell off the diagonal, sorted by from, then to. */
  flows: Flow[];
}

/** Load statistics (see docs/algorithms.md#load-statistics). */
export interface LoadStats {
  /** Smallest load. */
  min: number;
  /** Largest load. */
  max: number;
  /** Mean load. */
  mean: number;
  /** Population standard deviation (divided by N, as published). */
  sd: number;
  /** max / mean. */
  maxOverMean: number;
  /** sd / mean. */
  sdOverMean: number;
}

/** The theory curves (see docs/algorithms.md#theory-curves). Plain functions; n and m are integers 1 … 2^32 − 1. */
export interface Theory {
  /** sd/mean of one server's share of a ring of n servers × v random points: `sqrt((n − 1) / (n·v + 1))` ≈ 1/√v. */
  sdOverMean(n: number, v: number): number;
  /** The v that gives sd/mean `target` (> 0) with n servers: `((n − 1) / target² − 1) / n` (may be < 1). */
  vnodesFor(n: number, target: number): number;
  /** H_n = 1 + 1/2 + … + 1/n (0 for n = 0): with one point per server the largest arc is about H_n × the mean. */
  harmonic(n: number): number;
  /** The fraction of hash values that keep their server from mod n to mod m: `min(n, m) / lcm(n, m)`. */
  modNKeptFraction(n: number, m: number): number;
  /** The least any scheme must move from n to m servers: `|m − n| / max(n, m)`. */
  minimumMovedFraction(n: number, m: number): number;
}

/** The cache what-if (see docs/algorithms.md#cache-what-if). The course's example: 0.95 and 0.8 give 19% and 16.2×. */
export interface CacheWhatIf {
  /** The hit ratio before, h. */
  hitBefore: number;
  /** The fraction of keys that changed server, f. */
  moved: number;
  /** The hit ratio right after: `h × (1 − f)`. */
  hitAfter: number;
  /** Database load after / before: `(1 − h × (1 − f)) / (1 − h)`. */
  dbMultiplier: number;
}

/** Options of {@link Ringlab.hotKeys}. */
export interface HotKeysOptions {
  /** PRNG seed for the keys (the requests use seed + 1), |seed| ≤ 2^53 − 1. @defaultValue 16 */
  seed?: number;
  /** Distinct keys (the course's keys for the seed), 1 … 10,000,000. @defaultValue 1000 */
  keys?: number;
  /** Requests drawn, 0 … 100,000,000. @defaultValue 100000 */
  requests?: number;
  /** Zipf exponent: key of rank r gets weight 1/(r + 1)^s. Finite and ≥ 0 (0: uniform). @defaultValue 1 */
  s?: number;
  /** How many of the hottest keys are spread over copies, 0 … keys. @defaultValue 1 */
  hot?: number;
  /** Copies `key#1` … `key#copies` a hot key is spread over, round robin; 1 means not spread. ≥ 1. @defaultValue 1 */
  copies?: number;
}

/** What {@link Ringlab.hotKeys} measured. */
export interface HotKeysResult {
  /** Requests each server received, in {@link Ring.servers} order. */
  requestsPerServer: Float64Array;
  /** Requests for the hottest key (rank 0), over all its copies. */
  hottestKeyRequests: number;
  /** Index of the server with the most requests (the first such). */
  hottestServer: number;
  /** The busiest server's requests / the mean. */
  maxOverMean: number;
}

/** A server of a {@link CompareScenario}. A plain string is the same as `{ name }`. */
export interface CompareServerSpec {
  /** The server's name. Non-empty and unique. */
  name: string;
  /** Capacity relative to the others (finite, > 0); with unequal weights jump and mod-N say "not supported". @defaultValue 1 */
  weight?: number;
  /** Failure domain; carried along, not used by the comparison. @defaultValue "" */
  zone?: string;
}

/** The change a {@link CompareScenario} makes, as an object. */
export interface ChangeSpec {
  /** `"add"` a server (at the end of the list), `"remove"` one gracefully, `"fail"` one (placed like remove), change its `"weight"`. */
  kind: "add" | "remove" | "fail" | "weight";
  /**
   * The server: for `"add"` the new server's name (default `S{n}` for n servers before); for the
   * other kinds a server of the scenario (required).
   */
  name?: string;
  /** `"add"`: the new server's weight (default 1). `"weight"`: the new weight (required). Finite and > 0. */
  weight?: number;
}

/** One scenario for {@link Ringlab.compare}: the same keys placed before and after one change. */
export interface CompareScenario {
  /**
   * The servers before the change: a count n (`S0` … `S{n-1}`, 1 … 100,000), names, or
   * {@link CompareServerSpec} objects.
   * @defaultValue 10
   */
  servers?: number | readonly (string | CompareServerSpec)[];
  /** Virtual nodes per server (ring and bounded loads). @defaultValue 100 */
  vnodes?: number;
  /** PRNG seed for the course's keys, |seed| ≤ 2^53 − 1. @defaultValue 16 */
  seed?: number;
  /** Number of keys, 0 … 100,000,000 (made and compared in chunks: memory stays flat). @defaultValue 100000 */
  keys?: number;
  /**
   * The change, as the CLI's `--change` text (`"add"`, `"add:NAME"`, `"remove:NAME"`,
   * `"fail:NAME"`, `"weight:NAME=W"`) or a {@link ChangeSpec}.
   * @defaultValue "add"
   */
  change?: string | ChangeSpec;
  /** Bounded loads' slack ε: capacity ⌈(1 + ε) × keys / servers⌉. Finite and > 0. @defaultValue 0.25 */
  epsilon?: number;
  /** Maglev's table size M, a prime ≥ servers, ≤ 16,777,213. @defaultValue 65537 */
  tableSize?: number;
  /**
   * Threads, 1 … 256. The native CLI and library split the keys across that many threads (all
   * cores when left out); WebAssembly has no threads, so this module checks the value and runs
   * one. Left out: all cores. The results are the same for every count.
   */
  threads?: number;
}

/** One algorithm's row of {@link Ringlab.compare}. Fractions are of all keys, in [0, 1]. */
/**
 * A comparison cut into chunks of 65,536 keys. A tally is a `Float64Array` of counts of keys
 * (whole numbers): start from {@link ComparisonRun.tally}, pass it to every place call, add the
 * tallies of several runs element by element, and give the sum to {@link ComparisonRun.rows}.
 *
 * @example
 * ```ts
 * using run = rl.comparisonRun({ servers: 10, keys: 1_000_000 });
 * let tally = run.tally();
 * tally = run.place(0, run.chunks, tally);          // any chunks, any order, on any run
 * tally = run.placeBounded(0, run.chunks, tally);   // bounded loads: on one run, in order
 * run.rows(tally);                                  // = rl.compare({ servers: 10, keys: 1_000_000 })
 * ```
 */
export interface ComparisonRun extends Handle {
  /** The run's chunks: chunk c holds keys c·65,536 … (c+1)·65,536 − 1. */
  readonly chunks: number;
  /** A tally where nothing is placed yet (all zeros). */
  tally(): Float64Array;
  /**
   * Places chunks [first, end) for every algorithm but bounded loads, into a copy of `tally`.
   * @throws RinglabError `"invalid_argument"` for a range outside [0, chunks] or a tally that is not this run's.
   */
  place(first: number, end: number, tally: Float64Array): Float64Array;
  /**
   * Places chunks [first, end) for bounded loads, into a copy of `tally`. A key's place depends on
   * the keys before it: one run places every chunk, in order from 0.
   * @throws RinglabError `"invalid_argument"` for a range that does not continue the last one.
   */
  placeBounded(first: number, end: number, tally: Float64Array): Float64Array;
  /** The rows from the sum of the tallies (every chunk placed once by place, and by placeBounded on this run). */
  rows(tally: Float64Array): ComparisonRow[];
}

/** The published programs, by the names the CLI runs them under. */
export type ExperimentName = "ring-vs-mod" | "vnode-sweep" | "hrw-jump";

/** Each experiment's options (without `onProgress`: a run in parts reports nothing itself). */
export interface ExperimentOptions {
  "ring-vs-mod": Omit<RingVsModOptions, "onProgress">;
  "vnode-sweep": Omit<VnodeSweepOptions, "onProgress">;
  "hrw-jump": Omit<HrwJumpOptions, "onProgress">;
}

/** Each experiment's result. */
export interface ExperimentResults {
  "ring-vs-mod": RingVsModResult;
  "vnode-sweep": VnodeSweepResult;
  "hrw-jump": HrwJumpResult;
}

/**
 * An experiment cut into chunks of 65,536 keys (and, for vnode-sweep, into steps: groups of V
 * whose rings fit the ring cap together). A tally is a `Float64Array` of counts: start from
 * {@link ExperimentRun.tally}, count chunks into it, add the tallies of several runs element by
 * element, and give the sum to {@link ExperimentRun.result}.
 *
 * @example
 * ```ts
 * using run = rl.experimentRun("ring-vs-mod", { keys: 1_000_000 });
 * let tally = run.tally();
 * for (let step = 0; step < run.steps; step++) tally = run.place(step, 0, run.chunks, tally);
 * run.result(tally).text;                          // = rl.ringVsMod({ keys: 1_000_000 }).text
 * ```
 */
export interface ExperimentRun<K extends ExperimentName = ExperimentName> extends Handle {
  readonly experiment: K;
  /** Steps: a run holds one step's rings, so count a step's chunks before the next step's. */
  readonly steps: number;
  /** The run's chunks (each step counts every chunk). */
  readonly chunks: number;
  /** A tally where nothing is counted yet (all zeros). */
  tally(): Float64Array;
  /** The work of chunks [first, end) of a step, in the units the experiment's `onProgress` counts. */
  work(step: number, first: number, end: number): number;
  /**
   * Counts chunks [first, end) of a step into a copy of `tally`.
   * @throws RinglabError `"invalid_argument"` for a step, a range or a tally that is not this run's.
   */
  place(step: number, first: number, end: number, tally: Float64Array): Float64Array;
  /** The result from the sum of the tallies (every chunk of every step counted once). */
  result(tally: Float64Array): ExperimentResults[K];
}

/**
 * Why a row of compare is not supported, as the core gives it (`ringlab::ReasonCode`); the same
 * code as `reasonCode` in `ringlab compare --json`:
 * - `"no_weights"`: the servers' weights differ, before or after the change, and the algorithm
 *   has no weights (jump, mod-N, every newer bucket hasher): "NAME has no weights";
 * - `"last_bucket_only"`: the change removes or fails a server other than the last, and the
 *   algorithm removes only its last bucket (jump, and the newer ones that shrink only at the
 *   end): "NAME can only remove the last bucket".
 *
 * A page words the reason in its own language by this code; `reason` is the English text.
 */
export type ComparisonReasonCode = "no_weights" | "last_bucket_only";

export interface ComparisonRow {
  /** Which algorithm. */
  algorithm: ComparisonAlgorithm;
  /**
   * False when the algorithm cannot express the change (then the numbers are 0, and `reason` and
   * `reasonCode` say why).
   */
  supported: boolean;
  /** Why not, when `supported` is false, in English (e.g. "jump can only remove the last bucket"). */
  reason?: string;
  /** Why not, when `supported` is false, as a code (e.g. `"last_bucket_only"`). */
  reasonCode?: ComparisonReasonCode;
  /** Fraction of keys whose server changed. */
  moved: number;
  /** …that went to the new server. */
  movedToNew: number;
  /**
   * …that went between servers that were there before (`moved − movedToNew`). On a removal that is
   * every move, the removed server's keys included.
   */
  movedBetweenOld: number;
  /**
   * …that went from a server the change did not touch to another it did not touch (neither added,
   * removed, failed nor reweighted): the keys that did not have to move. 0 for ring, rendezvous
   * and jump on add and remove; nearly all the moves for mod-N.
   */
  movedNeedlessly: number;
  /** max / mean of the load per unit of weight after the change. */
  maxOverMean: number;
  /** sd / mean of that load. */
  sdOverMean: number;
  /** Bytes the placement structure holds after the change. */
  memoryBytes: number;
  /** Milliseconds to build it (wall clock; varies run to run). */
  buildMs: number;
}

/**
 * Called during a long experiment with the work done so far and the total (both counts of keys;
 * for a sweep, each key counts once for being made and once per V it is placed with): every
 * 65,536 keys and once at the end. A Web Worker can post it as a progress message. If it throws,
 * the run stops and the call rethrows that error.
 */
export type ProgressCallback = (done: number, total: number) => void;

/**
 * The course's seeded PRNG (see docs/algorithms.md#mulberry32). A plain JavaScript object (no WebAssembly memory, nothing to
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
  /**
   * Threads, 1 … 256. The native CLI and library split the keys across that many threads (all
   * cores when left out); WebAssembly has no threads, so this module checks the value and runs
   * one. Left out: all cores. The results are the same for every count.
   */
  threads?: number;
  /** Progress of the run (see {@link ProgressCallback}). @defaultValue undefined */
  onProgress?: ProgressCallback;
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
  /**
   * Threads, 1 … 256. The native CLI and library split the keys across that many threads (all
   * cores when left out); WebAssembly has no threads, so this module checks the value and runs
   * one. Left out: all cores. The results are the same for every count.
   */
  threads?: number;
  /** Progress of the run (see {@link ProgressCallback}). @defaultValue undefined */
  onProgress?: ProgressCallback;
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
  /**
   * Threads, 1 … 256. The native CLI and library split the keys across that many threads (all
   * cores when left out); WebAssembly has no threads, so this module checks the value and runs
   * one. Left out: all cores. The results are the same for every count.
   */
  threads?: number;
  /** Progress of the run (see {@link ProgressCallback}). @defaultValue undefined */
  onProgress?: ProgressCallback;
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

/** Options of {@link Ringlab.placementDigest}. */
export interface PlacementDigestOptions {
  /**
   * Seed of the course's keys (an integer, |seed| ≤ 2^53 − 1).
   * @defaultValue 16
   */
  seed?: number;
  /**
   * How many keys, 0 … 10,000,000.
   * @defaultValue 100000
   */
  keys?: number;
}

/** One algorithm's digest in a {@link PlacementDigest}. */
export interface PlacementDigestPart {
  /** The algorithm: `"h32"`, `"mod-n"`, `"ring"`, `"ring-weighted"`, `"preference-list"`, … */
  name: string;
  /** FNV-1a (then fmix32) over its results, each as two 16-bit units, low half first. */
  digest: number;
}

/**
 * What {@link Ringlab.placementDigest} returns: one digest per algorithm and `all` over them,
 * the same numbers `ringlab digest` prints natively.
 */
export interface PlacementDigest {
  /** FNV-1a (then fmix32) over the parts in order: each name's bytes, then its digest's two 16-bit halves. */
  all: number;
  /** Per algorithm, in a fixed order; a mismatch between two builds names the algorithm that differs. */
  parts: PlacementDigestPart[];
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
 * Every default of the library, as {@link Ringlab.defaults} returns it: the value each function
 * uses for an option left out. They come from the C++ core's parameter table, where each is
 * written once (the CLI's defaults are the same values). Each part is named as the function or
 * the options it belongs to; a value is that option's default unless its own description says
 * otherwise.
 */
export interface Defaults {
  /** The defaults of {@link RingVsModOptions}. */
  readonly ringVsMod: {
    readonly seed: number;
    readonly keys: number;
    readonly servers: number;
    readonly vnodes: number;
  };
  /** The defaults of {@link VnodeSweepOptions}. */
  readonly vnodeSweep: {
    readonly seed: number;
    readonly servers: number;
    readonly keys: number;
    readonly vnodes: readonly number[];
  };
  /** The defaults of {@link HrwJumpOptions}. */
  readonly hrwJump: {
    readonly seed: number;
    readonly keys: number;
    readonly servers: number;
    readonly remove: number;
    readonly buckets: number;
  };
  /** The defaults of {@link CompareScenario} (`servers`: a count). */
  readonly compare: {
    readonly servers: number;
    readonly vnodes: number;
    readonly seed: number;
    readonly keys: number;
    /** The change as the CLI's `--change` text. */
    readonly change: string;
    readonly epsilon: number;
    readonly tableSize: number;
  };
  /** The defaults of {@link PlacementDigestOptions}. */
  readonly placementDigest: {
    readonly seed: number;
    readonly keys: number;
  };
  /** The defaults of {@link RingOptions}. */
  readonly ring: {
    readonly vnodes: number;
    /**
     * The weight of a server given without one: {@link ServerSpec.weight},
     * {@link WeightedServerSpec.weight}, {@link BackendSpec.weight}, {@link CompareServerSpec.weight}.
     */
    readonly weight: number;
  };
  /** The defaults of {@link MaglevOptions}. */
  readonly maglev: {
    readonly tableSize: number;
  };
  /** The defaults of {@link TokenRingOptions}. */
  readonly tokenRing: {
    readonly bits: number;
  };
  /** The defaults of {@link HotKeysOptions}. */
  readonly hotKeys: {
    readonly seed: number;
    readonly keys: number;
    readonly requests: number;
    readonly s: number;
    readonly hot: number;
    readonly copies: number;
  };
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
   * The compiled WebAssembly module this instance runs. Post it to a worker and pass it to
   * `load({ wasmModule })` there: the worker then fetches and compiles nothing, and the engine
   * shares the compiled code (`ringlab/parallel` hands its workers the first one's).
   */
  readonly wasmModule: WebAssembly.Module;

  /**
   * h32 (FNV-1a 32-bit, then MurmurHash3's fmix32; see docs/algorithms.md#h32). A string is hashed as its UTF-16
   * code units — equal to the published `h32` for every JavaScript string, lone surrogates
   * included; a Uint8Array is hashed as bytes (one unit per byte).
   */
  h32(input: string | Uint8Array): number;
  /** The batch of {@link Ringlab.h32} for strings: one call into the module. Pass `out` (a reused array of the batch's length) to have it filled in and returned: nothing is allocated per call. */
  h32Many(keys: readonly string[], out?: Uint32Array): Uint32Array;

  /**
   * Jump consistent hash (Lamping & Veach; see docs/algorithms.md#jump): the bucket in [0, buckets) for a 64-bit key.
   * `key` is a bigint 0 … 2^64 − 1 or a non-negative safe integer; `buckets` is 1 … 2^31 − 1.
   */
  jump(key: bigint | number, buckets: number): number;
  /** The batch of {@link Ringlab.jump}: 64-bit keys (BigUint64Array) or 32-bit keys (Uint32Array, e.g. hashes). Pass `out` (a reused array of the batch's length) to have it filled in and returned: nothing is allocated per call. */
  jumpMany(keys: BigUint64Array | Uint32Array, buckets: number, out?: Int32Array): Int32Array;

  /** mod-N (see docs/algorithms.md#mod-n): `hash mod n`, for a hash 0 … 2^32 − 1 and n 1 … 2^32 − 1. */
  modN(hash: number, n: number): number;
  /** The batch of {@link Ringlab.modN}: one call into the module. Pass `out` (a reused array of the batch's length) to have it filled in and returned: nothing is allocated per call. */
  modNMany(hashes: Uint32Array, n: number, out?: Uint32Array): Uint32Array;

  /** The course's PRNG for a seed (an integer, |seed| ≤ 2^53 − 1). */
  mulberry32(seed: number): Mulberry32;
  /**
   * The course's keys for a seed: `"user:" + Math.floor(rand() * 1e9)`, so seed 16 gives
   * `"user:631395207"`, `"user:144321889"`, … `count` is 0 … 100,000,000.
   */
  keys(seed: number, count: number): string[];
  /** The numbers of {@link Ringlab.keys} (key i is `"user:" + numbers[i]`), without making strings. */
  keyNumbers(seed: number, count: number): Uint32Array;
  /**
   * The h32 of {@link Ringlab.keys} — `h32Many(keys(seed, count))` — made in the module without
   * making the strings: the way the experiments hash their keys. Pass `out` (a reused array of
   * length `count`) to have it filled in and returned: nothing is allocated per call.
   */
  keyHashes(seed: number, count: number, out?: Uint32Array): Uint32Array;

  /** A hash ring with virtual nodes (and weights, zones). Dispose it when done. */
  ring(options: RingOptions): Ring;
  /**
   * Rendezvous hashing over servers (names in list order, or a count n meaning `S0` … `S{n-1}`).
   * An empty list is allowed: `pick` then answers `undefined`. Dispose it when done.
   */
  rendezvous(servers: number | readonly string[]): Rendezvous;

  /**
   * Weighted rendezvous hashing over servers (names or `{ name, weight }`, in list order; a count
   * n means `S0` … `S{n-1}`, weight 1). An empty list is allowed. Dispose it when done.
   */
  weightedRendezvous(servers: number | readonly (string | WeightedServerSpec)[]): WeightedRendezvous;
  /** A Maglev lookup table. Dispose it when done. */
  maglev(options: MaglevOptions): Maglev;
  /**
   * Consistent hashing with bounded loads (see docs/algorithms.md#bounded-loads) on a ring: keys given by their 32-bit hashes
   * are placed in order, each walking clockwise from its owner point to the first server still
   * under its capacity `⌈(1 + ε) × m × w / Σw⌉`. `epsilon` is finite and > 0. Nothing is kept:
   * the result is a plain value.
   */
  boundedLoads(ring: Ring, keyHashes: Uint32Array, epsilon: number): BoundedLoads;
  /** An empty explicit-token ring. Dispose it when done. */
  tokenRing(options?: TokenRingOptions): TokenRing;

  /**
   * The steps of the owner search for `hash` over any ascending list of 32-bit tokens (a ring's
   * {@link RingPoints.tokens}, a token ring's, one drawn by hand). Throws `"invalid_argument"` for
   * a list that is not sorted.
   */
  searchTrace(tokens: Uint32Array, hash: number): SearchStep[];
  /**
   * The preference list (see docs/algorithms.md#preference-list) on any ring given by its points: from the owner point of
   * `hash` (the first token ≥ hash, wrapping to point 0), walk clockwise collecting distinct
   * servers until `rf` are collected or every point was visited. Returns server indices in
   * preference order — on a {@link Ring}'s points, the indices of what
   * {@link Ring.preferenceList} names. Throws `"invalid_argument"` for tokens that are not sorted,
   * `servers` of another length than `tokens`, or (with `zones`) a server index not below
   * `zones.length`; `"out_of_range"` for rf < 1.
   */
  preferenceWalk(options: PreferenceWalkOptions): number[];
  /** The jumps jump consistent hash makes for a key (same arguments and checks as {@link Ringlab.jump}). */
  jumpTrace(key: bigint | number, buckets: number): JumpStep[];

  /**
   * What moved between two placements of the same keys. Both are server ids in one id space
   * (e.g. indices into the union of the lists before and after); `isNew[id]` marks servers that
   * were not there before. Every id must be < `isNew.length`.
   */
  movement(before: Uint32Array, after: Uint32Array, isNew: readonly boolean[] | Uint8Array): Movement;
  /** Statistics of per-server loads (at least one). */
  loadStats(loads: ArrayLike<number>): LoadStats;
  /** The theory curves (see docs/algorithms.md#theory-curves). */
  readonly theory: Theory;
  /** The cache what-if: hit ratio h in [0, 1) before, fraction f in [0, 1] of keys moved. */
  cacheWhatIf(hitRatio: number, movedFraction: number): CacheWhatIf;
  /** Zipf-distributed requests over the course's keys on a ring, optionally spreading hot keys over copies. */
  hotKeys(ring: Ring, options?: HotKeysOptions): HotKeysResult;
  /**
   * Every algorithm (ring, rendezvous, jump, Maglev, bounded loads, mod-N) on one scenario,
   * before and after one change — what `ringlab compare` prints. Rows come in that order.
   */
  compare(scenario?: CompareScenario): ComparisonRow[];
  /**
   * The same comparison in parts, for workers that share no memory: each worker makes a run of
   * the same scenario on a module of its own, places the chunks it is given, and one run turns
   * the sum of the tallies into the rows — byte for byte {@link Ringlab.compare}'s. The package's
   * `ringlab/parallel` entry does exactly this across workers.
   * @throws RinglabError for a bad scenario, as {@link Ringlab.compare}.
   */
  comparisonRun(scenario?: CompareScenario): ComparisonRun;
  /**
   * One of the three experiments in parts, for workers that share no memory: each worker makes a
   * run of the same options on a module of its own and counts the chunks it is given; the sum of
   * the tallies gives the experiment's result — byte for byte {@link Ringlab.ringVsMod}'s,
   * {@link Ringlab.vnodeSweep}'s or {@link Ringlab.hrwJump}'s. `ringlab/parallel`'s
   * `runInWorkers` does exactly this across workers.
   * @throws RinglabError for bad options, as the experiment itself.
   */
  experimentRun<K extends ExperimentName>(experiment: K, options?: ExperimentOptions[K]): ExperimentRun<K>;

  /** The published ring-vs-mod program: n → n + 1 servers, keys moved by mod-N and by a ring. */
  ringVsMod(options?: RingVsModOptions): RingVsModResult;
  /** The published vnode-sweep program: load spread over servers as virtual nodes grow. */
  vnodeSweep(options?: VnodeSweepOptions): VnodeSweepResult;
  /** The published hrw-jump program: rendezvous losing one server; jump growing b → b + 1. */
  hrwJump(options?: HrwJumpOptions): HrwJumpResult;

  /**
   * A digest of every algorithm's placements of the course's keys (ring, weighted ring,
   * zone-aware preference lists, rendezvous, weighted rendezvous, jump, Maglev, weighted Maglev,
   * bounded loads, a token ring, mod-N, h32 and the three experiments' text) — equal to what the
   * native `ringlab digest [--seed S] [--keys K]` prints, line by line. Two builds that agree here
   * place every key alike.
   *
   * @example
   * ```ts
   * const { all, parts } = rl.placementDigest();        // seed 16, 100,000 keys
   * for (const p of parts) console.log(p.name, p.digest);
   * ```
   */
  placementDigest(options?: PlacementDigestOptions): PlacementDigest;

  /**
   * Every default, from the core: what each function uses for an option left out. The same
   * (frozen) object on every call.
   *
   * @example
   * ```ts
   * rl.defaults().compare.keys;                 // 100000
   * ```
   */
  defaults(): Defaults;

  /**
   * The algorithms this module runs, as the core's registry declares them: each algorithm's name,
   * what it can do (weights, which servers can leave, zones), what it holds, its handle's
   * membership operations, its parameters with their ranges and defaults, and whether compare and
   * the placement digest have it — the entries of `ringlab algorithms --json` that have
   * parameters, in the same order. The registry's other entries are bucket hashers that only
   * `ringlab/buckets` runs (its `algorithms()`), so that the main entry does not pay for them.
   * The same frozen array on every call; the package carries it as data, so this reads nothing
   * from the module.
   *
   * @example
   * ```ts
   * rl.algorithms().filter((a) => a.weights).map((a) => a.name);
   * ```
   */
  algorithms(): readonly AlgorithmInfo[];

  /** The module's memory use. */
  memory(): MemoryUsage;
}
