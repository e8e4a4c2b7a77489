// The typed API over the raw bindings: validation, defaults, names instead of indices, errors,
// lifetimes. Nothing here computes a placement; every number comes from the C++ core.
import { RinglabError, toCode } from "./errors.js";
import type {
  Direct,
  RawCommon,
  RawComparisonRow,
  RawHandle,
  RawMaglev,
  RawMaglevArgs,
  RawModule,
  RawProgress,
  RawRendezvous,
  RawRendezvousOf,
  RawRing,
  RawRingArgs,
  RawTokenRing,
  RawWeightedRendezvous,
} from "./raw.js";
import type {
  BoundedLoads,
  CacheWhatIf,
  ChangeSpec,
  CompareScenario,
  ComparisonAlgorithm,
  ComparisonRow,
  HotKeysOptions,
  HotKeysResult,
  HrwJumpOptions,
  HrwJumpResult,
  JumpStep,
  LoadStats,
  Maglev,
  MaglevFillTurns,
  MaglevOptions,
  MemoryUsage,
  Movement,
  Mulberry32,
  PlacementDigest,
  PlacementDigestOptions,
  PreferenceListOptions,
  PreferenceWalkOptions,
  ProgressCallback,
  Rendezvous,
  Ring,
  RingOptions,
  RingPoints,
  Ringlab,
  RingVsModOptions,
  RingVsModResult,
  SearchStep,
  ServerInfo,
  ServerSpec,
  Theory,
  TokenRing,
  TokenRingOptions,
  VnodeSweepOptions,
  VnodeSweepResult,
  WeightedRendezvous,
  WeightedServerSpec,
} from "./types.js";

// Node 20 and current browsers have Symbol.dispose; elsewhere use the registered symbol that
// polyfills (and TypeScript's `using` helpers) agree on.
const disposeSymbol: typeof Symbol.dispose =
  (Symbol as { dispose?: typeof Symbol.dispose }).dispose ?? (Symbol.for("Symbol.dispose") as typeof Symbol.dispose);

// ---------------------------------------------------------------------------------------------
// Errors from the module

/**
 * The wrapper's way into the module: the error flag turned into a thrown RinglabError, batches
 * staged in the heap, and the direct exports for single-key calls.
 */
export class Channel {
  readonly #raw: RawCommon;
  readonly #flag: number;
  readonly #scratch: number;
  /** The module's plain exports for single-key calls; null if this build lacks any of them. */
  readonly direct: Direct | null;

  constructor(raw: RawCommon) {
    this.#raw = raw;
    this.#flag = raw.errorFlagAddress() >>> 2;
    this.#scratch = raw.keyScratchAddress() >>> 1;
    const asm = raw.asm;
    this.direct = asm && directNames.every((n) => typeof asm[n] === "function") ? (asm as Direct) : null;
  }

  /**
   * Writes a key's UTF-16 units into the module's key scratch for a direct call; returns the
   * length, or -1 when the key does not fit (the caller then takes the embind path).
   */
  key(key: string): number {
    const len = key.length;
    if (len > keyScratchUnits || this.direct === null) return -1;
    // Read per call: the module replaces its views when the memory grows.
    const u16 = this.#raw.HEAPU16;
    for (let j = 0, p = this.#scratch; j < len; j++) u16[p++] = key.charCodeAt(j);
    return len;
  }

  /** Returns `value`, or throws the error the last call left behind. */
  check<T>(value: T): T {
    // HEAP32 is re-read each time: the module replaces it when the memory grows.
    if (this.#raw.HEAP32[this.#flag] !== 0) {
      const e = this.#raw.takeError();
      throw new RinglabError(toCode(e.code), e.message);
    }
    return value;
  }

  /** Runs a raw call; anything that escapes it other than a RinglabError is a bug ("internal"). */
  call<T>(fn: () => T): T {
    let value: T;
    try {
      value = fn();
    } catch (e) {
      throw unexpected(e);
    }
    return this.check(value);
  }

  /**
   * A batch call on strings, staged in the module's heap: the keys' UTF-16 units go straight into
   * a block the module allocates (no per-call typed arrays), `run(count)` computes into it, and
   * the results are copied out: into `out` when given (a reused buffer: nothing allocated), else
   * into a new array. The block lives for this call only.
   *
   * The keys cross in chunks of at most `chunkKeys`: each chunk is packed, computed and copied
   * out while its units are still in the processor's cache, where a million keys at once would
   * be written to memory by JavaScript and read back from it by the module.
   */
  stagedStrings<T extends Uint32Array | Int32Array>(
    keys: unknown,
    what: string,
    run: (count: number) => void,
    result: ResultArray<T>,
  ): T {
    if (!Array.isArray(keys)) throw invalidType(what, "an array of strings", keys);
    const n = keys.length;
    checkOut(result, n);
    const out = resultArray(result, n);
    const raw = this.#raw;
    const chunk = Math.max(1, Math.min(n, chunkKeys));
    // Units the block holds beyond its offsets and results (chunk layout: 2 * chunk + 1 words
    // first). A guess at first, made larger if a chunk's keys do not fit.
    let capacity = chunk * unitsPerKeyGuess;
    let at = this.call(() => raw.stageStrings(chunk, capacity)) >>> 2;
    try {
      for (let start = 0; start < n; start += chunk) {
        const count = Math.min(chunk, n - start);
        // The views are read after staging: the memory may have grown, which replaces them.
        let words = raw.HEAPU32;
        let u16 = raw.HEAPU16;
        let p = 2 * (at + 2 * count + 1);
        let end = 2 * (at + 2 * chunk + 1) + capacity;
        let offset = 0;
        words[at] = 0;
        for (let i = 0; i < count; i++) {
          const k: unknown = keys[start + i];
          if (typeof k !== "string") throw invalidType(`${what}[${start + i}]`, "a string", k);
          const len = k.length;
          if (p + len > end) {
            // The exact total of the chunk's keys, then a block that holds it, what is written kept.
            let rest = 0;
            for (let r = i; r < count; r++) {
              const kr: unknown = keys[start + r];
              if (typeof kr !== "string") throw invalidType(`${what}[${start + r}]`, "a string", kr);
              rest += kr.length;
            }
            capacity = offset + rest;
            at = this.call(() => raw.restageStrings(chunk, capacity)) >>> 2;
            words = raw.HEAPU32;
            u16 = raw.HEAPU16;
            p = 2 * (at + 2 * count + 1) + offset;
            end = 2 * (at + 2 * chunk + 1) + capacity;
            // Only an array that changes while it is read could still overflow: refused.
            if (p + len > end) throw new RinglabError("invalid_argument", `${what} changed while they were read`);
          }
          for (let j = 0; j < len; j++) u16[p++] = k.charCodeAt(j);
          offset += len;
          words[at + i + 1] = offset;
        }
        this.call(() => run(count));
        copyOut(raw, result, at + count + 1, count, out, start);
      }
      return out;
    } finally {
      raw.unstage();
    }
  }

  /**
   * The same for 32-bit inputs (hashes, jump keys): `input` is copied to the block's start; with
   * `extra` = 0 the n results replace it in place, else `extra` words after it are reserved and
   * the results are read from there.
   */
  stagedWords<T extends Uint32Array | Int32Array>(
    input: Uint32Array,
    n: number,
    extra: number,
    run: () => void,
    result: ResultArray<T>,
  ): T {
    checkOut(result, n);
    const raw = this.#raw;
    // Staging checks n (a count, within the cap) before any array is made for the results.
    const at = this.call(() => raw.stageWords(n, input.length + extra)) >>> 2;
    try {
      const out = resultArray(result, n);
      raw.HEAPU32.set(input, at);
      this.call(run);
      copyOut(raw, result, at + (extra === 0 ? 0 : input.length), n, out, 0);
      return out;
    } finally {
      raw.unstage();
    }
  }
}

/** The first guess at a batch key's length, in UTF-16 units (course keys have 6 to 15). */
const unitsPerKeyGuess = 16;
/** Keys per chunk of a string batch: a chunk's units, offsets and results fit in a core's L2 cache. */
const chunkKeys = 8192;

/** Units the module's key scratch holds (kKeyScratchUnits in cpp/wasm/abi.cpp). */
const keyScratchUnits = 1024;

const directNames = [
  "ringlab_h32",
  "ringlab_ring_owner",
  "ringlab_ring_owner_of_hash",
  "ringlab_maglev_lookup",
  "ringlab_maglev_lookup_hash",
  "ringlab_rendezvous_pick",
  "ringlab_weighted_rendezvous_pick",
  "ringlab_jump",
] as const;

/** What a batch call returns: a new array of `type`, or `out` filled in (a reused buffer). */
interface ResultArray<T extends Uint32Array | Int32Array> {
  type: "uint32" | "int32";
  out: T | undefined;
}

function checkOut(result: ResultArray<Uint32Array | Int32Array>, n: number): void {
  const { out, type } = result;
  if (out === undefined) return;
  const want = type === "int32" ? Int32Array : Uint32Array;
  if (!(out instanceof want)) throw invalidType("out", type === "int32" ? "an Int32Array" : "a Uint32Array", out);
  if (out.length !== n) {
    throw new RinglabError("invalid_argument", `out must hold one value per key: length ${n}, got ${out.length}`);
  }
}

/** `out` when the caller gave one, else a new array of the result's type. */
function resultArray<T extends Uint32Array | Int32Array>(result: ResultArray<T>, n: number): T {
  return result.out ?? ((result.type === "int32" ? new Int32Array(n) : new Uint32Array(n)) as T);
}

/** n results from heap word `at` into out[start …], read through the view of their type. */
function copyOut(
  raw: RawCommon,
  result: ResultArray<Uint32Array | Int32Array>,
  at: number,
  n: number,
  out: Uint32Array | Int32Array,
  start: number,
): void {
  // Re-read here: the memory may have grown during the call, which replaces the views.
  const heap = result.type === "int32" ? raw.HEAP32 : raw.HEAPU32;
  out.set(heap.subarray(at, at + n), start);
}

function unexpected(e: unknown): RinglabError {
  if (e instanceof RinglabError) return e;
  const message = e instanceof Error ? e.message : `unexpected exception from the module (${String(e)})`;
  const err = new RinglabError("internal", message);
  (err as { cause?: unknown }).cause = e;
  return err;
}

// ---------------------------------------------------------------------------------------------
// Validation: JavaScript types here, ranges in the core (which has the documented limits)

function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return (v as object).constructor?.name ?? "an object";
  return typeof v;
}

function invalidType(what: string, expected: string, got: unknown): RinglabError {
  return new RinglabError("invalid_type", `${what} must be ${expected}, got ${typeName(got)}`);
}

function num(v: unknown, what: string): number {
  if (typeof v !== "number") throw invalidType(what, "a number", v);
  return v;
}

function int(v: unknown, what: string): number {
  const n = num(v, what);
  if (!Number.isSafeInteger(n)) {
    throw new RinglabError("invalid_argument", `${what} must be a safe integer, got ${String(n)}`);
  }
  return n;
}

function uint32(v: unknown, what: string): number {
  const n = int(v, what);
  if (n < 0 || n > 0xffffffff) {
    throw new RinglabError("out_of_range", `${what} must be between 0 and 4294967295, got ${n}`);
  }
  return n;
}

function str(v: unknown, what: string): string {
  if (typeof v !== "string") throw invalidType(what, "a string", v);
  return v;
}

function u32array(v: unknown, what: string): Uint32Array {
  if (!(v instanceof Uint32Array)) throw invalidType(what, "a Uint32Array", v);
  return v;
}

function options<T extends object>(v: unknown, allowed: readonly string[], what: string): Partial<T> {
  if (v === undefined) return {};
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw invalidType(`${what} options`, "an object", v);
  for (const k of Object.keys(v)) {
    if (!allowed.includes(k)) {
      throw new RinglabError("invalid_argument", `unknown option "${k}" for ${what} (known: ${allowed.join(", ")})`);
    }
  }
  return v as Partial<T>;
}

function intOption(o: Record<string, unknown>, key: string, fallback: number): number {
  const v = o[key];
  return v === undefined ? fallback : int(v, key);
}

const serverKeys = ["name", "weight", "zone"];

function serverSpec(v: unknown, what: string): Required<ServerSpec> {
  if (typeof v === "string") return { name: v, weight: 1, zone: "" };
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw invalidType(what, "a name or { name, weight?, zone? }", v);
  }
  const o = options<ServerSpec>(v, serverKeys, what);
  return {
    name: str(o.name, `${what}.name`),
    weight: o.weight === undefined ? 1 : num(o.weight, `${what}.weight`),
    zone: o.zone === undefined ? "" : str(o.zone, `${what}.zone`),
  };
}

function defaultNames(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `S${i}`);
}

// The servers of a ring or a comparison as the module takes them: a count (the module makes S0 …
// S{n-1} and checks n), or names, weights and zones in list order.
function serverList(servers: unknown, vnodes: number): RawRingArgs {
  if (typeof servers === "number") {
    return { servers: int(servers, "servers"), names: undefined, weights: undefined, zones: undefined, vnodes };
  }
  if (!Array.isArray(servers)) throw invalidType("servers", "a count or an array of servers", servers);
  const specs = servers.map((s: unknown, i) => serverSpec(s, `servers[${i}]`));
  return {
    servers: specs.length,
    names: specs.map((s) => s.name),
    weights: Float64Array.from(specs, (s) => s.weight),
    zones: specs.map((s) => s.zone),
    vnodes,
  };
}

// A name or { name, weight? } (weighted rendezvous, Maglev backends).
function weightedSpec(v: unknown, what: string): Required<WeightedServerSpec> {
  if (typeof v === "string") return { name: v, weight: 1 };
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw invalidType(what, "a name or { name, weight? }", v);
  const o = options<WeightedServerSpec>(v, ["name", "weight"], what);
  return { name: str(o.name, `${what}.name`), weight: o.weight === undefined ? 1 : num(o.weight, `${what}.weight`) };
}

function list(v: unknown, what: string, expected: string): unknown[] {
  if (!Array.isArray(v)) throw invalidType(what, expected, v);
  return v;
}

// A jump key: a bigint 0 … 2^64 − 1 or a non-negative safe integer.
function jumpKey(key: unknown): bigint {
  if (typeof key === "bigint") {
    if (key < 0n || key > 0xffffffffffffffffn) {
      throw new RinglabError("out_of_range", `key must be between 0 and 18446744073709551615, got ${key}`);
    }
    return key;
  }
  if (typeof key === "number") {
    if (!Number.isSafeInteger(key)) {
      throw new RinglabError(
        "invalid_argument",
        `key must be a safe integer (use a bigint beyond 2^53 - 1), got ${String(key)}`,
      );
    }
    if (key < 0) throw new RinglabError("out_of_range", `key must be >= 0, got ${key}`);
    return BigInt(key);
  }
  throw invalidType("key", "a bigint or a number", key);
}

/**
 * Runs an experiment with the user's progress callback (or none). The callback must not throw
 * through the module: what it throws is kept, the module is told to stop (the callback it sees
 * returns true) and unwinds, and the error is rethrown here.
 */
function withProgress<T>(ch: Channel, onProgress: unknown, run: (progress: RawProgress) => T): T {
  if (onProgress === undefined) return ch.call(() => run(undefined));
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
    return ch.call(() => run(progress));
  } catch (e) {
    if (failure) throw failure.error;
    throw e;
  }
}

const changeKinds = ["add", "remove", "fail", "weight"] as const;
// The decimal forms JavaScript's Number() and the CLI's --change weight:NAME=W accept.
const decimal = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

// The change of a comparison: the CLI's --change text or a ChangeSpec.
function parseChange(v: unknown): { kind: number; name: string; weight: number } {
  if (typeof v === "string") {
    const colon = v.indexOf(":");
    const kind = colon < 0 ? v : v.slice(0, colon);
    const rest = colon < 0 ? "" : v.slice(colon + 1);
    if (kind === "add") return { kind: 0, name: rest, weight: 1 };
    if ((kind === "remove" || kind === "fail" || kind === "weight") && rest === "") {
      throw new RinglabError("invalid_argument", `change ${kind} needs a server: ${kind}:NAME`);
    }
    if (kind === "remove" || kind === "fail") return { kind: changeKinds.indexOf(kind), name: rest, weight: 1 };
    if (kind === "weight") {
      const eq = rest.lastIndexOf("=");
      if (eq <= 0) throw new RinglabError("invalid_argument", "change weight needs weight:NAME=W");
      const w = rest.slice(eq + 1);
      if (!decimal.test(w)) throw new RinglabError("invalid_argument", `change weight needs a number, got "${w}"`);
      return { kind: 3, name: rest.slice(0, eq), weight: Number(w) };
    }
    throw new RinglabError(
      "invalid_argument",
      `change must be add, add:NAME, remove:NAME, fail:NAME or weight:NAME=W, got "${v}"`,
    );
  }
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw invalidType("change", "a string or { kind, name?, weight? }", v);
  const o = options<ChangeSpec>(v, ["kind", "name", "weight"], "change");
  const kind = changeKinds.indexOf(o.kind as (typeof changeKinds)[number]);
  if (typeof o.kind !== "string") throw invalidType("change.kind", "a string", o.kind);
  if (kind < 0)
    throw new RinglabError("invalid_argument", `change.kind must be add, remove, fail or weight, got "${o.kind}"`);
  const name = o.name === undefined ? "" : str(o.name, "change.name");
  if (kind > 0 && name === "") throw new RinglabError("invalid_argument", `change ${o.kind} needs a server name`);
  if (kind === 3 && o.weight === undefined) throw new RinglabError("invalid_argument", "change weight needs a weight");
  return { kind, name, weight: o.weight === undefined ? 1 : num(o.weight, "change.weight") };
}

const comparisonAlgorithms: readonly string[] = ["ring", "rendezvous", "jump", "maglev", "bounded", "mod-n"];

// A row as the public type has it: `reason` only when unsupported, the algorithm one of the known.
function comparisonRow(row: RawComparisonRow): ComparisonRow {
  if (!comparisonAlgorithms.includes(row.algorithm)) {
    throw new RinglabError("internal", `the module compared an unknown algorithm "${row.algorithm}"`);
  }
  const { reason, ...rest } = row;
  const out: ComparisonRow = { ...rest, algorithm: row.algorithm as ComparisonAlgorithm };
  if (!row.supported) out.reason = reason;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Handles

// The safety net: a handle that is garbage collected without dispose() frees its C++ object.
const registry =
  typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry<RawHandle>((raw) => {
        if (!raw.isDeleted()) raw.delete();
      })
    : undefined;

abstract class HandleBase<R extends RawHandle> {
  #raw: R | null;
  readonly #kind: string;

  protected constructor(raw: R, kind: string) {
    this.#raw = raw;
    this.#kind = kind;
    registry?.register(this, raw, this);
  }

  /** The live raw handle; throws "disposed" after dispose(). */
  protected get raw(): R {
    if (this.#raw === null) throw new RinglabError("disposed", `this ${this.#kind} was disposed`);
    return this.#raw;
  }

  get disposed(): boolean {
    return this.#raw === null;
  }

  dispose(): void {
    if (this.#raw === null) return;
    registry?.unregister(this);
    this.#raw.delete();
    this.#raw = null;
  }

  [disposeSymbol](): void {
    this.dispose();
  }
}

class RingHandle extends HandleBase<RawRing> implements Ring {
  readonly #module: RawModule;
  readonly #ch: Channel;
  #names: readonly string[] | null = null;

  readonly #address: number;

  constructor(raw: RawRing, module: RawModule, ch: Channel) {
    super(raw, "ring");
    this.#module = module;
    this.#ch = ch;
    this.#address = raw.address();
  }

  get servers(): readonly string[] {
    const raw = this.raw;
    if (this.#names === null) this.#names = Object.freeze(this.#ch.call(() => raw.servers()).map((s) => s.name));
    return this.#names;
  }

  get size(): number {
    return this.raw.size();
  }

  get vnodes(): number {
    return this.raw.vnodes();
  }

  owner(key: string): string {
    return this.servers[this.ownerIndex(key)]!;
  }

  ownerIndex(key: string): number {
    const raw = this.raw;
    const k = str(key, "key");
    const len = this.#ch.key(k);
    return len >= 0 ? this.#ch.direct!.ringlab_ring_owner(this.#address, len) : raw.owner(k);
  }

  ownerOfHash(hash: number): string {
    const raw = this.raw;
    const h = uint32(hash, "hash");
    const d = this.#ch.direct;
    return this.servers[d !== null ? d.ringlab_ring_owner_of_hash(this.#address, h) : raw.ownerOfHash(h)]!;
  }

  ownerMany(keys: readonly string[], out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    return this.#ch.stagedStrings(keys, "keys", (n) => raw.ownerMany(n), { type: "uint32", out });
  }

  ownerOfHashMany(hashes: Uint32Array, out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    const h = u32array(hashes, "hashes");
    return this.#ch.stagedWords(h, h.length, 0, () => raw.ownerOfHashMany(h.length), { type: "uint32", out });
  }

  preferenceList(keyOrHash: string | number, rf: number, opts?: PreferenceListOptions): string[] {
    const raw = this.raw;
    const hash =
      typeof keyOrHash === "string" ? this.#module.h32(keyOrHash) : uint32(keyOrHash, "keyOrHash (a key or a hash)");
    const n = int(rf, "rf");
    const o = options<PreferenceListOptions>(opts, ["zones"], "preferenceList");
    if (o.zones !== undefined && typeof o.zones !== "boolean") throw invalidType("zones", "a boolean", o.zones);
    const list = this.#ch.call(() => raw.preferenceList(hash, n, o.zones ?? false));
    const names = this.servers;
    return Array.from(list, (i) => names[i]!);
  }

  add(server: string | ServerSpec): void {
    const raw = this.raw;
    const s = serverSpec(server, "server");
    this.#ch.call(() => raw.add(s));
    this.#names = null;
  }

  remove(name: string): void {
    const raw = this.raw;
    const n = str(name, "name");
    this.#ch.call(() => raw.remove(n));
    this.#names = null;
  }

  setWeight(name: string, weight: number): void {
    const raw = this.raw;
    const n = str(name, "name");
    const w = num(weight, "weight");
    this.#ch.call(() => raw.setWeight(n, w));
  }

  indexOf(name: string): number {
    return this.raw.indexOf(str(name, "name"));
  }

  points(): RingPoints {
    const raw = this.raw;
    return this.#ch.call(() => raw.points());
  }

  serverInfo(): ServerInfo[] {
    const raw = this.raw;
    return this.#ch.call(() => raw.servers());
  }

  searchTrace(hash: number): SearchStep[] {
    const raw = this.raw;
    const h = uint32(hash, "hash");
    return this.#ch.call(() => raw.searchTrace(h));
  }

  /** The raw ring, for functions of the module that made it (boundedLoads, hotKeys). */
  rawFor(module: RawModule): RawRing {
    if (module !== this.#module)
      throw new RinglabError("invalid_argument", "the ring belongs to another ringlab instance");
    return this.raw;
  }
}

function rawRing(ring: unknown, module: RawModule): RawRing {
  if (!(ring instanceof RingHandle)) throw invalidType("ring", "a Ring", ring);
  return ring.rawFor(module);
}

// Plain and weighted rendezvous: the same calls over raw handles of one shape.
abstract class RendezvousHandleBase<Scores> extends HandleBase<RawRendezvousOf<Scores>> {
  readonly #ch: Channel;
  readonly servers: readonly string[];

  readonly #address: number;
  readonly #pick: ((rendezvous: number, len: number) => number) | undefined;

  protected constructor(
    raw: RawRendezvousOf<Scores>,
    kind: string,
    servers: readonly string[],
    ch: Channel,
    weighted: boolean,
  ) {
    super(raw, kind);
    this.#ch = ch;
    this.#address = raw.address();
    this.#pick = weighted ? ch.direct?.ringlab_weighted_rendezvous_pick : ch.direct?.ringlab_rendezvous_pick;
    // The list cannot change after creation, so the names given are the names held.
    this.servers = Object.freeze([...servers]);
  }

  pick(key: string): string | undefined {
    const i = this.pickIndex(key);
    return i < 0 ? undefined : this.servers[i];
  }

  pickIndex(key: string): number {
    const raw = this.raw;
    const k = str(key, "key");
    const len = this.#ch.key(k);
    return len >= 0 ? this.#pick!(this.#address, len) : raw.pick(k);
  }

  pickMany(keys: readonly string[], out?: Int32Array): Int32Array {
    const raw = this.raw;
    return this.#ch.stagedStrings(keys, "keys", (n) => raw.pickMany(n), { type: "int32", out });
  }

  top(key: string, k: number): string[] {
    const raw = this.raw;
    const s = str(key, "key");
    const n = int(k, "k");
    return Array.from(
      this.#ch.call(() => raw.top(s, n)),
      (i) => this.servers[i]!,
    );
  }

  scores(key: string): Scores {
    const raw = this.raw;
    const s = str(key, "key");
    return this.#ch.call(() => raw.scores(s));
  }
}

class RendezvousHandle extends RendezvousHandleBase<Uint32Array> implements Rendezvous {
  constructor(raw: RawRendezvous, servers: readonly string[], ch: Channel) {
    super(raw, "rendezvous", servers, ch, false);
  }
}

class WeightedRendezvousHandle extends RendezvousHandleBase<Float64Array> implements WeightedRendezvous {
  constructor(raw: RawWeightedRendezvous, servers: readonly string[], ch: Channel) {
    super(raw, "weighted rendezvous", servers, ch, true);
  }
}

class MaglevHandle extends HandleBase<RawMaglev> implements Maglev {
  readonly #ch: Channel;
  readonly backends: readonly string[];
  readonly tableSize: number;

  readonly #address: number;

  constructor(raw: RawMaglev, ch: Channel) {
    super(raw, "Maglev table");
    this.#ch = ch;
    this.#address = raw.address();
    // Fixed at creation: the names (made by the module for a count) and M.
    this.backends = Object.freeze(ch.call(() => raw.backends()));
    this.tableSize = raw.tableSize();
  }

  lookup(key: string): string {
    return this.backends[this.lookupIndex(key)]!;
  }

  lookupIndex(key: string): number {
    const raw = this.raw;
    const k = str(key, "key");
    const len = this.#ch.key(k);
    return len >= 0 ? this.#ch.direct!.ringlab_maglev_lookup(this.#address, len) : raw.lookup(k);
  }

  lookupHash(hash: number): number {
    const raw = this.raw;
    const h = uint32(hash, "hash");
    const d = this.#ch.direct;
    return d !== null ? d.ringlab_maglev_lookup_hash(this.#address, h) : raw.lookupHash(h);
  }

  lookupMany(keys: readonly string[], out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    return this.#ch.stagedStrings(keys, "keys", (n) => raw.lookupMany(n), { type: "uint32", out });
  }

  lookupHashMany(hashes: Uint32Array, out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    const h = u32array(hashes, "hashes");
    return this.#ch.stagedWords(h, h.length, 0, () => raw.lookupHashMany(h.length), { type: "uint32", out });
  }

  table(): Uint32Array {
    const raw = this.raw;
    return this.#ch.call(() => raw.table());
  }

  entryCounts(): Uint32Array {
    const raw = this.raw;
    return this.#ch.call(() => raw.entryCounts());
  }

  fillTurns(): MaglevFillTurns {
    const raw = this.raw;
    return this.#ch.call(() => raw.fillTurns());
  }

  offset(i: number): number {
    const raw = this.raw;
    const b = int(i, "backend");
    return this.#ch.call(() => raw.offset(b));
  }

  skip(i: number): number {
    const raw = this.raw;
    const b = int(i, "backend");
    return this.#ch.call(() => raw.skip(b));
  }
}

class TokenRingHandle extends HandleBase<RawTokenRing> implements TokenRing {
  readonly #ch: Channel;

  constructor(raw: RawTokenRing, ch: Channel) {
    super(raw, "token ring");
    this.#ch = ch;
  }

  get size(): number {
    return this.raw.size();
  }

  get bits(): number {
    return this.raw.bits();
  }

  add(id: string, token: number): void {
    const raw = this.raw;
    const i = str(id, "id");
    // Any safe integer reaches the core, which owns the range check (token_out_of_range).
    const t = int(token, "token");
    this.#ch.call(() => raw.add(i, t));
  }

  remove(id: string): void {
    const raw = this.raw;
    const i = str(id, "id");
    this.#ch.call(() => raw.remove(i));
  }

  route(key: string): string {
    const raw = this.raw;
    const k = str(key, "key");
    return this.#ch.call(() => raw.route(k));
  }

  routeHash(hash: number): string {
    const raw = this.raw;
    const h = uint32(hash, "hash");
    return this.#ch.call(() => raw.routeHash(h));
  }

  position(key: string): number {
    return this.raw.position(str(key, "key"));
  }

  boundaries(id: string): [start: number, end: number] {
    const raw = this.raw;
    const i = str(id, "id");
    const b = this.#ch.call(() => raw.boundaries(i));
    return [b.start, b.end];
  }

  tokenOf(id: string): number {
    const raw = this.raw;
    const i = str(id, "id");
    return this.#ch.call(() => raw.tokenOf(i));
  }

  ids(): string[] {
    const raw = this.raw;
    return this.#ch.call(() => raw.ids());
  }

  tokens(): Uint32Array {
    const raw = this.raw;
    return this.#ch.call(() => raw.tokens());
  }

  searchTrace(hash: number): SearchStep[] {
    const raw = this.raw;
    const h = uint32(hash, "hash");
    return this.#ch.call(() => raw.searchTrace(h));
  }

  clone(): TokenRing {
    const raw = this.raw;
    const copy = this.#ch.call(() => raw.clone());
    if (copy === null) throw new RinglabError("internal", "the module returned no token ring");
    return new TokenRingHandle(copy, this.#ch);
  }
}

class Mulberry32Generator implements Mulberry32 {
  readonly #raw: RawModule;
  readonly #ch: Channel;
  #state: number;
  #buffer: Uint32Array = new Uint32Array(0);
  #pos = 0;
  #batch = 16;

  constructor(raw: RawModule, ch: Channel, seed: number) {
    this.#raw = raw;
    this.#ch = ch;
    // Validates the seed now (the core checks |seed| <= 2^53 - 1), not on the first next().
    this.#state = ch.call(() => raw.mulberry32Fill(seed, 0)).state;
  }

  // Values come from the core in growing batches; the state after a batch resumes it exactly.
  #fill(count: number): Uint32Array {
    const r = this.#ch.call(() => this.#raw.mulberry32Fill(this.#state, count));
    this.#state = r.state;
    return r.values;
  }

  nextUint32(): number {
    if (this.#pos === this.#buffer.length) {
      this.#buffer = this.#fill(this.#batch);
      this.#pos = 0;
      this.#batch = Math.min(this.#batch * 2, 4096);
    }
    return this.#buffer[this.#pos++]!;
  }

  next(): number {
    return this.nextUint32() / 4294967296;
  }

  nextUint32Many(count: number): Uint32Array {
    const n = int(count, "count");
    if (n < 0) throw new RinglabError("out_of_range", `count must be >= 0, got ${n}`);
    const buffered = Math.min(n, this.#buffer.length - this.#pos);
    const rest = n > buffered ? this.#fill(n - buffered) : undefined;
    const out = new Uint32Array(n);
    out.set(this.#buffer.subarray(this.#pos, this.#pos + buffered));
    this.#pos += buffered;
    if (rest) out.set(rest, buffered);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// The module

class RinglabModule implements Ringlab {
  readonly version: string;
  readonly #raw: RawModule;
  readonly #ch: Channel;

  readonly theory: Theory;

  constructor(raw: RawModule) {
    this.#raw = raw;
    const ch = (this.#ch = new Channel(raw));
    this.version = raw.version();
    this.theory = Object.freeze({
      sdOverMean: (n: number, v: number) => {
        const [a, b] = [int(n, "n"), int(v, "v")];
        return ch.call(() => raw.theorySdOverMean(a, b));
      },
      vnodesFor: (n: number, target: number) => {
        const [a, c] = [int(n, "n"), num(target, "target")];
        return ch.call(() => raw.theoryVnodesFor(a, c));
      },
      harmonic: (n: number) => {
        const a = int(n, "n");
        return ch.call(() => raw.theoryHarmonic(a));
      },
      modNKeptFraction: (n: number, m: number) => {
        const [a, b] = [int(n, "n"), int(m, "m")];
        return ch.call(() => raw.theoryModNKept(a, b));
      },
      minimumMovedFraction: (n: number, m: number) => {
        const [a, b] = [int(n, "n"), int(m, "m")];
        return ch.call(() => raw.theoryMinimumMoved(a, b));
      },
    });
  }

  h32(input: string | Uint8Array): number {
    if (typeof input === "string") {
      const len = this.#ch.key(input);
      return len >= 0 ? this.#ch.direct!.ringlab_h32(len) >>> 0 : this.#raw.h32(input);
    }
    if (input instanceof Uint8Array) return this.#ch.call(() => this.#raw.h32Bytes(input));
    throw invalidType("h32 input", "a string or a Uint8Array", input);
  }

  h32Many(keys: readonly string[], out?: Uint32Array): Uint32Array {
    const raw = this.#raw;
    return this.#ch.stagedStrings(keys, "keys", (n) => raw.h32Many(n), { type: "uint32", out });
  }

  jump(key: bigint | number, buckets: number): number {
    const k = jumpKey(key);
    const n = int(buckets, "buckets");
    const d = this.#ch.direct;
    // Out of range, n takes the embind path, which words the error.
    if (d !== null && n >= 1 && n <= 2147483647) return d.ringlab_jump(k, n);
    return this.#ch.call(() => this.#raw.jump(k, n));
  }

  jumpTrace(key: bigint | number, buckets: number): JumpStep[] {
    const k = jumpKey(key);
    const n = int(buckets, "buckets");
    const steps: JumpStep[] = this.#ch.call(() => this.#raw.jumpTrace(k, n));
    // A uint64_t crosses as a signed BigInt: the key's bits, read back unsigned.
    for (const step of steps) step.key = BigInt.asUintN(64, step.key);
    return steps;
  }

  jumpMany(keys: BigUint64Array | Uint32Array, buckets: number, out?: Int32Array): Int32Array {
    const n = int(buckets, "buckets");
    const raw = this.#raw;
    const count = keys.length;
    const result = { type: "int32", out } as const;
    if (keys instanceof BigUint64Array) {
      // The keys' bytes as (low, high) 32-bit words: both sides are little-endian.
      const words = new Uint32Array(keys.buffer, keys.byteOffset, count * 2);
      return this.#ch.stagedWords(words, count, count, () => raw.jumpMany(count, n, true), result);
    }
    if (keys instanceof Uint32Array)
      return this.#ch.stagedWords(keys, count, count, () => raw.jumpMany(count, n, false), result);
    throw invalidType("keys", "a BigUint64Array or a Uint32Array", keys);
  }

  modN(hash: number, n: number): number {
    const h = uint32(hash, "hash");
    const servers = int(n, "n");
    return this.#ch.call(() => this.#raw.modN(h, servers));
  }

  modNMany(hashes: Uint32Array, n: number, out?: Uint32Array): Uint32Array {
    const h = u32array(hashes, "hashes");
    const servers = int(n, "n");
    const raw = this.#raw;
    return this.#ch.stagedWords(h, h.length, 0, () => raw.modNMany(h.length, servers), { type: "uint32", out });
  }

  mulberry32(seed: number): Mulberry32 {
    return new Mulberry32Generator(this.#raw, this.#ch, int(seed, "seed"));
  }

  keyNumbers(seed: number, count: number): Uint32Array {
    const s = int(seed, "seed");
    const n = int(count, "count");
    return this.#ch.call(() => this.#raw.keyNumbers(s, n));
  }

  keyHashes(seed: number, count: number, out?: Uint32Array): Uint32Array {
    const s = int(seed, "seed");
    const n = int(count, "count");
    const raw = this.#raw;
    return this.#ch.stagedWords(new Uint32Array(0), n, n, () => raw.keyHashes(s, n), { type: "uint32", out });
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
    const vnodes = intOption(o, "vnodes", 100);
    const servers: unknown = o.servers;
    const args = serverList(servers, vnodes);
    const raw = this.#ch.call(() => this.#raw.makeRing(args));
    if (raw === null) throw new RinglabError("internal", "the module returned no ring");
    return new RingHandle(raw, this.#raw, this.#ch);
  }

  rendezvous(servers: number | readonly string[]): Rendezvous {
    let names: string[];
    if (typeof servers === "number") {
      const n = int(servers, "servers");
      if (n < 0) throw new RinglabError("out_of_range", `servers must be >= 0, got ${n}`);
      names = defaultNames(n);
    } else if (Array.isArray(servers)) {
      names = servers.map((s: unknown, i) => str(s, `servers[${i}]`));
    } else {
      throw invalidType("servers", "a count or an array of names", servers);
    }
    const raw = this.#ch.call(() => this.#raw.makeRendezvous(names));
    if (raw === null) throw new RinglabError("internal", "the module returned no rendezvous");
    return new RendezvousHandle(raw, names, this.#ch);
  }

  weightedRendezvous(servers: number | readonly (string | WeightedServerSpec)[]): WeightedRendezvous {
    let specs: Required<WeightedServerSpec>[];
    if (typeof servers === "number") {
      const n = int(servers, "servers");
      if (n < 0) throw new RinglabError("out_of_range", `servers must be >= 0, got ${n}`);
      specs = defaultNames(n).map((name) => ({ name, weight: 1 }));
    } else if (Array.isArray(servers)) {
      specs = servers.map((s: unknown, i) => weightedSpec(s, `servers[${i}]`));
    } else {
      throw invalidType("servers", "a count or an array of servers", servers);
    }
    const names = specs.map((s) => s.name);
    const weights = Float64Array.from(specs, (s) => s.weight);
    const raw = this.#ch.call(() => this.#raw.makeWeightedRendezvous({ names, weights }));
    if (raw === null) throw new RinglabError("internal", "the module returned no weighted rendezvous");
    return new WeightedRendezvousHandle(raw, names, this.#ch);
  }

  maglev(opts: MaglevOptions): Maglev {
    if (opts === null || typeof opts !== "object") throw invalidType("maglev options", "an object", opts);
    const o = options<MaglevOptions>(opts, ["backends", "tableSize"], "maglev");
    const tableSize = intOption(o, "tableSize", 65537);
    const backends: unknown = o.backends;
    const args: RawMaglevArgs = { backends: 0, names: undefined, weights: undefined, tableSize };
    if (typeof backends === "number") {
      args.backends = int(backends, "backends");
      if (args.backends < 1) throw new RinglabError("out_of_range", "Maglev needs at least one backend");
    } else if (Array.isArray(backends)) {
      const specs = backends.map((b: unknown, i) => weightedSpec(b, `backends[${i}]`));
      args.backends = specs.length;
      args.names = specs.map((b) => b.name);
      args.weights = Float64Array.from(specs, (b) => b.weight);
    } else {
      throw invalidType("backends", "a count or an array of backends", backends);
    }
    const raw = this.#ch.call(() => this.#raw.makeMaglev(args));
    if (raw === null) throw new RinglabError("internal", "the module returned no Maglev table");
    return new MaglevHandle(raw, this.#ch);
  }

  boundedLoads(ring: Ring, keyHashes: Uint32Array, epsilon: number): BoundedLoads {
    const r = rawRing(ring, this.#raw);
    const h = u32array(keyHashes, "keyHashes");
    const e = num(epsilon, "epsilon");
    return this.#ch.call(() => this.#raw.boundedLoads(r, h, e));
  }

  tokenRing(opts?: TokenRingOptions): TokenRing {
    const o = options<TokenRingOptions>(opts, ["bits"], "tokenRing");
    const bits = intOption(o, "bits", 32);
    const raw = this.#ch.call(() => this.#raw.makeTokenRing(bits));
    if (raw === null) throw new RinglabError("internal", "the module returned no token ring");
    return new TokenRingHandle(raw, this.#ch);
  }

  searchTrace(tokens: Uint32Array, hash: number): SearchStep[] {
    const t = u32array(tokens, "tokens");
    const h = uint32(hash, "hash");
    return this.#ch.call(() => this.#raw.searchTrace(t, h));
  }

  preferenceWalk(opts: PreferenceWalkOptions): number[] {
    if (opts === null || typeof opts !== "object") throw invalidType("preferenceWalk options", "an object", opts);
    const o = options<PreferenceWalkOptions>(opts, ["tokens", "servers", "hash", "rf", "zones"], "preferenceWalk");
    const tokens = u32array(o.tokens, "tokens");
    const servers = u32array(o.servers, "servers");
    const hash = uint32(o.hash, "hash");
    const rf = int(o.rf, "rf");
    // Zones by label: each distinct value gets an index (the module compares indices).
    let zoneOf = new Uint32Array(0);
    if (o.zones !== undefined) {
      const labels = list(o.zones, "zones", "an array of strings or numbers");
      const index = new Map<unknown, number>();
      zoneOf = Uint32Array.from(labels, (z, i) => {
        if (typeof z !== "string" && typeof z !== "number") throw invalidType(`zones[${i}]`, "a string or a number", z);
        let k = index.get(z);
        if (k === undefined) index.set(z, (k = index.size));
        return k;
      });
      if (zoneOf.length === 0 && servers.length > 0) {
        throw new RinglabError("invalid_argument", "zones must give one zone per server, got none");
      }
    }
    return Array.from(this.#ch.call(() => this.#raw.preferenceWalk({ tokens, servers, zoneOf, hash, rf })));
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
    return this.#ch.call(() => this.#raw.movement(a, b, fresh));
  }

  loadStats(loads: ArrayLike<number>): LoadStats {
    const l: unknown = loads;
    if (l === null || typeof l !== "object" || typeof (l as ArrayLike<unknown>).length !== "number") {
      throw invalidType("loads", "an array of numbers", l);
    }
    const values = Float64Array.from(l as ArrayLike<unknown>, (v, i) => num(v, `loads[${i}]`));
    return this.#ch.call(() => this.#raw.loadStats(values));
  }

  cacheWhatIf(hitRatio: number, movedFraction: number): CacheWhatIf {
    const h = num(hitRatio, "hitRatio");
    const f = num(movedFraction, "movedFraction");
    return this.#ch.call(() => this.#raw.cacheWhatIf(h, f));
  }

  hotKeys(ring: Ring, opts?: HotKeysOptions): HotKeysResult {
    const r = rawRing(ring, this.#raw);
    const o = options<HotKeysOptions>(opts, ["seed", "keys", "requests", "s", "hot", "copies"], "hotKeys");
    const args = {
      seed: intOption(o, "seed", 16),
      keys: intOption(o, "keys", 1000),
      requests: intOption(o, "requests", 100000),
      s: o.s === undefined ? 1 : num(o.s, "s"),
      hot: intOption(o, "hot", 1),
      copies: intOption(o, "copies", 1),
    };
    return this.#ch.call(() => this.#raw.hotKeys(r, args));
  }

  compare(scenario?: CompareScenario): ComparisonRow[] {
    const o = options<CompareScenario>(
      scenario,
      ["servers", "vnodes", "seed", "keys", "change", "epsilon", "tableSize"],
      "compare",
    );
    const servers = serverList(o.servers ?? 10, intOption(o, "vnodes", 100));
    const args = {
      ...servers,
      seed: intOption(o, "seed", 16),
      keys: intOption(o, "keys", 100000),
      change: parseChange(o.change ?? "add"),
      epsilon: o.epsilon === undefined ? 0.25 : num(o.epsilon, "epsilon"),
      tableSize: intOption(o, "tableSize", 65537),
    };
    return this.#ch.call(() => this.#raw.compare(args)).map(comparisonRow);
  }

  ringVsMod(opts?: RingVsModOptions): RingVsModResult {
    const o = options<RingVsModOptions>(opts, ["seed", "keys", "servers", "vnodes", "onProgress"], "ringVsMod");
    const seed = intOption(o, "seed", 16);
    const keys = intOption(o, "keys", 10000);
    const servers = intOption(o, "servers", 4);
    const vnodes = intOption(o, "vnodes", 100);
    const args = { seed, keys, servers, vnodes };
    return withProgress(this.#ch, o.onProgress, (p) => this.#raw.ringVsMod(args, p));
  }

  vnodeSweep(opts?: VnodeSweepOptions): VnodeSweepResult {
    const o = options<VnodeSweepOptions>(opts, ["seed", "servers", "keys", "vnodes", "onProgress"], "vnodeSweep");
    const seed = intOption(o, "seed", 16);
    const servers = intOption(o, "servers", 10);
    const keys = intOption(o, "keys", 100000);
    let vnodes = Float64Array.of(1, 10, 100, 1000);
    if (o.vnodes !== undefined) {
      if (!Array.isArray(o.vnodes)) throw invalidType("vnodes", "an array of numbers", o.vnodes);
      vnodes = Float64Array.from(o.vnodes as unknown[], (v, i) => int(v, `vnodes[${i}]`));
    }
    const args = { seed, servers, keys, vnodes };
    return withProgress(this.#ch, o.onProgress, (p) => this.#raw.vnodeSweep(args, p));
  }

  hrwJump(opts?: HrwJumpOptions): HrwJumpResult {
    const o = options<HrwJumpOptions>(opts, ["seed", "keys", "servers", "remove", "buckets", "onProgress"], "hrwJump");
    const seed = intOption(o, "seed", 16);
    const keys = intOption(o, "keys", 10000);
    const servers = intOption(o, "servers", 5);
    const remove = intOption(o, "remove", 2);
    const buckets = intOption(o, "buckets", 10);
    const args = { seed, keys, servers, remove, buckets };
    return withProgress(this.#ch, o.onProgress, (p) => this.#raw.hrwJump(args, p));
  }

  placementDigest(opts?: PlacementDigestOptions): PlacementDigest {
    const o = options<PlacementDigestOptions>(opts, ["seed", "keys"], "placementDigest");
    const seed = intOption(o, "seed", 16);
    const keys = intOption(o, "keys", 100000);
    return this.#ch.call(() => this.#raw.placementDigest({ seed, keys }));
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#raw.HEAPU8.buffer.byteLength };
  }
}

/** Wraps a raw module (internal: use `load()`). */
export function createRinglab(raw: RawModule): Ringlab {
  return new RinglabModule(raw);
}
