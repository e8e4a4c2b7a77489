// The loaded module: the functions of the core, their arguments checked, their results typed, and
// the handles it makes. Nothing here computes a placement; every number comes from the C++ core.
import { RinglabError, wrapperError } from "../core/errors.js";
import { ComparisonRunHandle } from "../handles/comparison-run.js";
import { ExperimentRunHandle } from "../handles/experiment-run.js";
import { Heap } from "../core/heap.js";
import { MaglevHandle } from "../handles/maglev.js";
import { Mulberry32Generator } from "../handles/mulberry32.js";
import type {
  RawExperimentRun,
  RawHrwJumpArgs,
  RawRingVsModArgs,
  RawVnodeSweepArgs,
  RawMaglevArgs,
  RawModule,
  RawProgress,
  RawRendezvousArgs,
} from "../core/raw.js";
import { RendezvousHandle, WeightedRendezvousHandle } from "../handles/rendezvous.js";
import { RingHandle, rawRing } from "../handles/ring.js";
import { TokenRingHandle } from "../handles/token-ring.js";
import { registry } from "./algorithms.js";
import type {
  AlgorithmInfo,
  BoundedLoads,
  CacheWhatIf,
  CompareScenario,
  ComparisonRow,
  ComparisonRun,
  ExperimentName,
  ExperimentOptions,
  ExperimentRun,
  Defaults,
  HotKeysOptions,
  HotKeysResult,
  HrwJumpOptions,
  HrwJumpResult,
  JumpStep,
  LoadStats,
  Maglev,
  MaglevOptions,
  MemoryUsage,
  Movement,
  Mulberry32,
  PlacementDigest,
  PlacementDigestOptions,
  PreferenceWalkOptions,
  ProgressCallback,
  Rendezvous,
  Ring,
  RingOptions,
  Ringlab,
  RingVsModOptions,
  RingVsModResult,
  SearchStep,
  Theory,
  TokenRing,
  TokenRingOptions,
  VnodeSweepOptions,
  VnodeSweepResult,
  WeightedRendezvous,
  WeightedServerSpec,
} from "./types.js";
import {
  compareArgs,
  invalidType,
  list,
  num,
  numOption,
  options,
  serverList,
  str,
  threadsOption,
  u32array,
  weightedSpec,
} from "../core/validate.js";

/**
 * Runs an experiment with the user's progress callback (or none). The callback must not throw
 * through the module: what it throws is kept, the module is told to stop (the callback it sees
 * returns true) and unwinds, and the error is rethrown here.
 */
function withProgress<T>(heap: Heap, onProgress: unknown, run: (progress: RawProgress) => T): T {
  if (onProgress === undefined) return heap.call(() => run(undefined));
  if (typeof onProgress !== "function") throw invalidType("onProgress", "a function", onProgress);
  const user = onProgress as ProgressCallback;
  let failure: { error: unknown } | undefined;
  const progress = (done: number, total: number): boolean => {
    try {
      user(done, total);
      return false;
    } catch (error) {
      failure = { error };
      return true;
    }
  };
  try {
    return heap.call(() => run(progress));
  } catch (e) {
    if (failure) throw failure.error;
    throw e;
  }
}

/** An object and everything in it made read-only (the defaults every caller shares). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

// The registry (generated from the core's): one frozen array for every instance, as it is the same
// for every build of the module.
const algorithmInfos: readonly AlgorithmInfo[] = deepFreeze(registry);

export class RinglabModule implements Ringlab {
  readonly version: string;
  readonly wasmModule: WebAssembly.Module;
  readonly #raw: RawModule;
  readonly #heap: Heap;
  readonly #defaults: Defaults;

  readonly theory: Theory;

  constructor(raw: RawModule, exports: WebAssembly.Exports, compiled: WebAssembly.Module) {
    this.#raw = raw;
    const heap = (this.#heap = new Heap(raw, exports));
    this.version = raw.version();
    this.wasmModule = compiled;
    // The core's defaults, read once: every option left out below takes its value from here.
    this.#defaults = deepFreeze(raw.defaults());
    // For tests, not the API (hence a symbol, and not enumerable): the direct entry points in use,
    // so that a build or a loader that loses them (single-key calls then go through embind,
    // correct but several times slower) fails a test instead of passing unnoticed.
    Object.defineProperty(this, Symbol.for("ringlab.diagnostics"), { get: () => ({ direct: heap.directNames }) });
    this.theory = Object.freeze({
      sdOverMean: (n: number, v: number) => {
        const [a, b] = [num(n, "n"), num(v, "v")];
        return heap.call(() => raw.theorySdOverMean(a, b));
      },
      vnodesFor: (n: number, target: number) => {
        const [a, c] = [num(n, "n"), num(target, "target")];
        return heap.call(() => raw.theoryVnodesFor(a, c));
      },
      harmonic: (n: number) => {
        const a = num(n, "n");
        return heap.call(() => raw.theoryHarmonic(a));
      },
      modNKeptFraction: (n: number, m: number) => {
        const [a, b] = [num(n, "n"), num(m, "m")];
        return heap.call(() => raw.theoryModNKept(a, b));
      },
      minimumMovedFraction: (n: number, m: number) => {
        const [a, b] = [num(n, "n"), num(m, "m")];
        return heap.call(() => raw.theoryMinimumMoved(a, b));
      },
    });
  }

  h32(input: string | Uint8Array): number {
    if (typeof input === "string") {
      const len = this.#heap.key(input);
      return len >= 0 ? this.#heap.direct!.ringlab_h32(len) >>> 0 : this.#raw.h32(input);
    }
    if (input instanceof Uint8Array) return this.#heap.call(() => this.#raw.h32Bytes(input));
    throw invalidType("h32 input", "a string or a Uint8Array", input);
  }

  h32Many(keys: readonly string[], out?: Uint32Array): Uint32Array {
    const raw = this.#raw;
    return this.#heap.stagedStrings(keys, "keys", (n) => raw.h32Many(n), { type: "uint32", out });
  }

  /**
   * A jump key as a bigint: a bigint that is a uint64 and a number that is a safe integer ≥ 0
   * convert exactly; the core words the error of anything else.
   */
  #jumpKey(key: unknown): bigint {
    if (typeof key === "bigint") {
      if (BigInt.asUintN(64, key) === key) return key;
    } else if (typeof key === "number") {
      if (Number.isSafeInteger(key) && key >= 0) return BigInt(key);
    } else {
      throw invalidType("key", "a bigint or a number", key);
    }
    const given = typeof key === "bigint" ? String(key) : key;
    return BigInt.asUintN(
      64,
      this.#heap.call(() => this.#raw.jumpKey(given)),
    );
  }

  jump(key: bigint | number, buckets: number): number {
    const k = this.#jumpKey(key);
    const n = num(buckets, "buckets");
    const d = this.#heap.direct;
    // Buckets that are an int32 exactly go straight to the instance, which answers -1 below the
    // range; that and anything else take the embind call, where the core words the error.
    if (d !== null && (n | 0) === n) {
      const bucket = d.ringlab_jump(k, n);
      if (bucket >= 0) return bucket;
    }
    return this.#heap.call(() => this.#raw.jump(k, n));
  }

  jumpTrace(key: bigint | number, buckets: number): JumpStep[] {
    const k = this.#jumpKey(key);
    const n = num(buckets, "buckets");
    const steps: JumpStep[] = this.#heap.call(() => this.#raw.jumpTrace(k, n));
    // A uint64_t crosses as a signed BigInt: the key's bits, read back unsigned.
    for (const step of steps) step.key = BigInt.asUintN(64, step.key);
    return steps;
  }

  jumpMany(keys: BigUint64Array | Uint32Array, buckets: number, out?: Int32Array): Int32Array {
    const n = num(buckets, "buckets");
    const raw = this.#raw;
    const count = keys.length;
    const result = { type: "int32", out } as const;
    if (keys instanceof BigUint64Array) {
      // The keys' bytes as (low, high) 32-bit words: both sides are little-endian.
      const words = new Uint32Array(keys.buffer, keys.byteOffset, count * 2);
      return this.#heap.stagedWords(words, count, count, () => raw.jumpMany(count, n, true), result);
    }
    if (keys instanceof Uint32Array)
      return this.#heap.stagedWords(keys, count, count, () => raw.jumpMany(count, n, false), result);
    throw invalidType("keys", "a BigUint64Array or a Uint32Array", keys);
  }

  modN(hash: number, n: number): number {
    const h = num(hash, "hash");
    const servers = num(n, "n");
    return this.#heap.call(() => this.#raw.modN(h, servers));
  }

  modNMany(hashes: Uint32Array, n: number, out?: Uint32Array): Uint32Array {
    const h = u32array(hashes, "hashes");
    const servers = num(n, "n");
    const raw = this.#raw;
    return this.#heap.stagedWords(h, h.length, 0, () => raw.modNMany(h.length, servers), { type: "uint32", out });
  }

  mulberry32(seed: number): Mulberry32 {
    return new Mulberry32Generator(this.#raw, this.#heap, num(seed, "seed"));
  }

  keyNumbers(seed: number, count: number): Uint32Array {
    const s = num(seed, "seed");
    const n = num(count, "count");
    return this.#heap.call(() => this.#raw.keyNumbers(s, n));
  }

  keyHashes(seed: number, count: number, out?: Uint32Array): Uint32Array {
    const s = num(seed, "seed");
    const n = num(count, "count");
    const raw = this.#raw;
    return this.#heap.stagedWords(new Uint32Array(0), n, n, () => raw.keyHashes(s, n), { type: "uint32", out });
  }

  keys(seed: number, count: number): string[] {
    const numbers = this.keyNumbers(seed, count);
    const out = new Array<string>(numbers.length);
    for (let i = 0; i < numbers.length; i++) out[i] = "user:" + numbers[i];
    return out;
  }

  ring(opts: RingOptions): Ring {
    if (opts === null || typeof opts !== "object") throw invalidType("ring options", "an object", opts);
    const o = options<RingOptions>(opts, ["servers", "vnodes"], "ring");
    const d = this.#defaults.ring;
    const vnodes = numOption(o, "vnodes", d.vnodes);
    const servers: unknown = o.servers;
    const args = serverList(servers, vnodes, d.weight);
    const raw = this.#heap.call(() => this.#raw.makeRing(args));
    if (raw === null) throw new RinglabError("internal", "the module returned no ring");
    return new RingHandle(raw, this.#raw, this.#heap, d.weight);
  }

  rendezvous(servers: number | readonly string[]): Rendezvous {
    const args: RawRendezvousArgs = { servers: 0, names: undefined, weights: undefined };
    if (typeof servers === "number") {
      args.servers = servers; // S0 … S{n-1}, n checked by the core
    } else if (Array.isArray(servers)) {
      args.names = servers.map((s: unknown, i) => str(s, `servers[${i}]`));
    } else {
      throw invalidType("servers", "a count or an array of names", servers);
    }
    const raw = this.#heap.call(() => this.#raw.makeRendezvous(args));
    if (raw === null) throw new RinglabError("internal", "the module returned no rendezvous");
    return new RendezvousHandle(raw, args.names, this.#heap);
  }

  weightedRendezvous(servers: number | readonly (string | WeightedServerSpec)[]): WeightedRendezvous {
    const args: RawRendezvousArgs = { servers: 0, names: undefined, weights: undefined };
    if (typeof servers === "number") {
      args.servers = servers; // S0 … S{n-1} with the default weight, n checked by the core
    } else if (Array.isArray(servers)) {
      const specs = servers.map((s: unknown, i) => weightedSpec(s, `servers[${i}]`, this.#defaults.ring.weight));
      args.names = specs.map((s) => s.name);
      args.weights = Float64Array.from(specs, (s) => s.weight);
    } else {
      throw invalidType("servers", "a count or an array of servers", servers);
    }
    const raw = this.#heap.call(() => this.#raw.makeWeightedRendezvous(args));
    if (raw === null) throw new RinglabError("internal", "the module returned no weighted rendezvous");
    return new WeightedRendezvousHandle(raw, args.names, this.#heap);
  }

  maglev(opts: MaglevOptions): Maglev {
    if (opts === null || typeof opts !== "object") throw invalidType("maglev options", "an object", opts);
    const o = options<MaglevOptions>(opts, ["backends", "tableSize"], "maglev");
    const tableSize = numOption(o, "tableSize", this.#defaults.maglev.tableSize);
    const backends: unknown = o.backends;
    const args: RawMaglevArgs = { backends: 0, names: undefined, weights: undefined, tableSize };
    if (typeof backends === "number") {
      args.backends = backends; // S0 … S{n-1}, n checked by the core
    } else if (Array.isArray(backends)) {
      const weight = this.#defaults.ring.weight;
      const specs = backends.map((b: unknown, i) => weightedSpec(b, `backends[${i}]`, weight));
      args.backends = specs.length;
      args.names = specs.map((b) => b.name);
      args.weights = Float64Array.from(specs, (b) => b.weight);
    } else {
      throw invalidType("backends", "a count or an array of backends", backends);
    }
    const raw = this.#heap.call(() => this.#raw.makeMaglev(args));
    if (raw === null) throw new RinglabError("internal", "the module returned no Maglev table");
    return new MaglevHandle(raw, this.#heap);
  }

  boundedLoads(ring: Ring, keyHashes: Uint32Array, epsilon: number): BoundedLoads {
    const r = rawRing(ring, this.#raw);
    const h = u32array(keyHashes, "keyHashes");
    const e = num(epsilon, "epsilon");
    return this.#heap.call(() => this.#raw.boundedLoads(r, h, e));
  }

  tokenRing(opts?: TokenRingOptions): TokenRing {
    const o = options<TokenRingOptions>(opts, ["bits"], "tokenRing");
    const bits = numOption(o, "bits", this.#defaults.tokenRing.bits);
    const raw = this.#heap.call(() => this.#raw.makeTokenRing(bits));
    if (raw === null) throw new RinglabError("internal", "the module returned no token ring");
    return new TokenRingHandle(raw, this.#heap);
  }

  searchTrace(tokens: Uint32Array, hash: number): SearchStep[] {
    const t = u32array(tokens, "tokens");
    const h = num(hash, "hash");
    return this.#heap.call(() => this.#raw.searchTrace(t, h));
  }

  preferenceWalk(opts: PreferenceWalkOptions): number[] {
    if (opts === null || typeof opts !== "object") throw invalidType("preferenceWalk options", "an object", opts);
    const o = options<PreferenceWalkOptions>(opts, ["tokens", "servers", "hash", "rf", "zones"], "preferenceWalk");
    const tokens = u32array(o.tokens, "tokens");
    const servers = u32array(o.servers, "servers");
    const hash = num(o.hash, "hash");
    const rf = num(o.rf, "rf");
    // Zones by label: each distinct value gets an index (the module compares indices).
    let zoneOf: Uint32Array | undefined;
    if (o.zones !== undefined) {
      const labels = list(o.zones, "zones", "an array of strings or numbers");
      const index = new Map<unknown, number>();
      zoneOf = Uint32Array.from(labels, (z, i) => {
        if (typeof z !== "string" && typeof z !== "number") throw invalidType(`zones[${i}]`, "a string or a number", z);
        let k = index.get(z);
        if (k === undefined) index.set(z, (k = index.size));
        return k;
      });
    }
    return Array.from(this.#heap.call(() => this.#raw.preferenceWalk({ tokens, servers, zoneOf, hash, rf })));
  }

  movement(before: Uint32Array, after: Uint32Array, isNew: readonly boolean[] | Uint8Array): Movement {
    const a = u32array(before, "before");
    const b = u32array(after, "after");
    let fresh: Uint8Array;
    if (isNew instanceof Uint8Array) {
      fresh = isNew;
    } else {
      const flags = list(isNew, "isNew", "an array of booleans or a Uint8Array");
      fresh = new Uint8Array(flags.length);
      flags.forEach((f, i) => {
        if (typeof f !== "boolean") throw invalidType(`isNew[${i}]`, "a boolean", f);
        fresh[i] = f ? 1 : 0;
      });
    }
    return this.#heap.call(() => this.#raw.movement(a, b, fresh));
  }

  loadStats(loads: ArrayLike<number>): LoadStats {
    const l: unknown = loads;
    if (l === null || typeof l !== "object" || typeof (l as ArrayLike<unknown>).length !== "number") {
      throw invalidType("loads", "an array of numbers", l);
    }
    const values = Float64Array.from(l as ArrayLike<unknown>, (v, i) => num(v, `loads[${i}]`));
    return this.#heap.call(() => this.#raw.loadStats(values));
  }

  cacheWhatIf(hitRatio: number, movedFraction: number): CacheWhatIf {
    const h = num(hitRatio, "hitRatio");
    const f = num(movedFraction, "movedFraction");
    return this.#heap.call(() => this.#raw.cacheWhatIf(h, f));
  }

  hotKeys(ring: Ring, opts?: HotKeysOptions): HotKeysResult {
    const r = rawRing(ring, this.#raw);
    const o = options<HotKeysOptions>(opts, ["seed", "keys", "requests", "s", "hot", "copies"], "hotKeys");
    const d = this.#defaults.hotKeys;
    const args = {
      seed: numOption(o, "seed", d.seed),
      keys: numOption(o, "keys", d.keys),
      requests: numOption(o, "requests", d.requests),
      s: numOption(o, "s", d.s),
      hot: numOption(o, "hot", d.hot),
      copies: numOption(o, "copies", d.copies),
    };
    return this.#heap.call(() => this.#raw.hotKeys(r, args));
  }

  compare(scenario?: CompareScenario): ComparisonRow[] {
    const run = this.comparisonRun(scenario);
    try {
      return run.rows(run.placeBounded(0, run.chunks, run.place(0, run.chunks, run.tally())));
    } finally {
      run.dispose();
    }
  }

  comparisonRun(scenario?: CompareScenario): ComparisonRun {
    const o = options<CompareScenario>(
      scenario,
      ["servers", "vnodes", "seed", "keys", "change", "epsilon", "tableSize", "threads"],
      "compare",
    );
    const args = compareArgs(o, this.#defaults.compare, this.#defaults.ring.weight);
    const raw = this.#heap.call(() => this.#raw.makeComparisonRun(args));
    if (raw === null) throw new RinglabError("internal", "the module returned no comparison run");
    return new ComparisonRunHandle(raw, this.#heap);
  }

  ringVsMod(opts?: RingVsModOptions): RingVsModResult {
    const [args, o] = this.#ringVsModArgs(opts, "ringVsMod", true);
    return withProgress(this.#heap, o.onProgress, (p) => this.#raw.ringVsMod(args, p));
  }

  vnodeSweep(opts?: VnodeSweepOptions): VnodeSweepResult {
    const [args, o] = this.#vnodeSweepArgs(opts, "vnodeSweep", true);
    return withProgress(this.#heap, o.onProgress, (p) => this.#raw.vnodeSweep(args, p));
  }

  hrwJump(opts?: HrwJumpOptions): HrwJumpResult {
    const [args, o] = this.#hrwJumpArgs(opts, "hrwJump", true);
    return withProgress(this.#heap, o.onProgress, (p) => this.#raw.hrwJump(args, p));
  }

  experimentRun<K extends ExperimentName>(experiment: K, opts?: ExperimentOptions[K]): ExperimentRun<K> {
    const make = (): RawExperimentRun | null => {
      switch (experiment as ExperimentName) {
        case "ring-vs-mod": {
          const [args] = this.#ringVsModArgs(opts, "experimentRun", false);
          return this.#heap.call(() => this.#raw.makeRingVsModRun(args));
        }
        case "vnode-sweep": {
          const [args] = this.#vnodeSweepArgs(opts, "experimentRun", false);
          return this.#heap.call(() => this.#raw.makeVnodeSweepRun(args));
        }
        case "hrw-jump": {
          const [args] = this.#hrwJumpArgs(opts, "experimentRun", false);
          return this.#heap.call(() => this.#raw.makeHrwJumpRun(args));
        }
      }
      throw wrapperError("invalid_argument", "oneOf", "experiment", [
        "ring-vs-mod",
        "vnode-sweep",
        "hrw-jump",
        String(experiment),
      ]);
    };
    const raw = make();
    if (raw === null) throw new RinglabError("internal", "the module returned no experiment run");
    return new ExperimentRunHandle(raw, this.#heap, experiment);
  }

  #ringVsModArgs(opts: unknown, what: string, progress: boolean): [RawRingVsModArgs, Partial<RingVsModOptions>] {
    const names = ["seed", "keys", "servers", "vnodes", "threads"];
    const o = options<RingVsModOptions>(opts, progress ? [...names, "onProgress"] : names, what);
    const d = this.#defaults.ringVsMod;
    const seed = numOption(o, "seed", d.seed);
    const keys = numOption(o, "keys", d.keys);
    const servers = numOption(o, "servers", d.servers);
    const vnodes = numOption(o, "vnodes", d.vnodes);
    return [{ seed, keys, servers, vnodes, threads: threadsOption(o) }, o];
  }

  #vnodeSweepArgs(opts: unknown, what: string, progress: boolean): [RawVnodeSweepArgs, Partial<VnodeSweepOptions>] {
    const names = ["seed", "servers", "keys", "vnodes", "threads"];
    const o = options<VnodeSweepOptions>(opts, progress ? [...names, "onProgress"] : names, what);
    const d = this.#defaults.vnodeSweep;
    const seed = numOption(o, "seed", d.seed);
    const servers = numOption(o, "servers", d.servers);
    const keys = numOption(o, "keys", d.keys);
    const list = o.vnodes === undefined ? d.vnodes : o.vnodes;
    if (!Array.isArray(list)) throw invalidType("vnodes", "an array of numbers", list);
    const vnodes = Float64Array.from(list as unknown[], (v, i) => num(v, `vnodes[${i}]`));
    return [{ seed, servers, keys, vnodes, threads: threadsOption(o) }, o];
  }

  #hrwJumpArgs(opts: unknown, what: string, progress: boolean): [RawHrwJumpArgs, Partial<HrwJumpOptions>] {
    const names = ["seed", "keys", "servers", "remove", "buckets", "threads"];
    const o = options<HrwJumpOptions>(opts, progress ? [...names, "onProgress"] : names, what);
    const d = this.#defaults.hrwJump;
    const seed = numOption(o, "seed", d.seed);
    const keys = numOption(o, "keys", d.keys);
    const servers = numOption(o, "servers", d.servers);
    const remove = numOption(o, "remove", d.remove);
    const buckets = numOption(o, "buckets", d.buckets);
    return [{ seed, keys, servers, remove, buckets, threads: threadsOption(o) }, o];
  }

  placementDigest(opts?: PlacementDigestOptions): PlacementDigest {
    const o = options<PlacementDigestOptions>(opts, ["seed", "keys"], "placementDigest");
    const d = this.#defaults.placementDigest;
    const seed = numOption(o, "seed", d.seed);
    const keys = numOption(o, "keys", d.keys);
    return this.#heap.call(() => this.#raw.placementDigest({ seed, keys }));
  }

  defaults(): Defaults {
    return this.#defaults;
  }

  algorithms(): readonly AlgorithmInfo[] {
    return algorithmInfos;
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#heap.memoryBytes };
  }
}
