// The typed API over the raw bindings: validation, defaults, names instead of indices, errors,
// lifetimes. Nothing here computes a placement; every number comes from the C++ core.
import { RinglabError, toCode } from "./errors.js";
import type { RawCommon, RawHandle, RawModule, RawRendezvous, RawRing } from "./raw.js";
import type {
  HrwJumpOptions,
  HrwJumpResult,
  MemoryUsage,
  Mulberry32,
  PreferenceListOptions,
  Rendezvous,
  Ring,
  RingOptions,
  RingPoints,
  Ringlab,
  RingVsModOptions,
  RingVsModResult,
  ServerInfo,
  ServerSpec,
  VnodeSweepOptions,
  VnodeSweepResult,
} from "./types.js";

// Node 20 and current browsers have Symbol.dispose; elsewhere use the registered symbol that
// polyfills (and TypeScript's `using` helpers) agree on.
const disposeSymbol: typeof Symbol.dispose =
  (Symbol as { dispose?: typeof Symbol.dispose }).dispose ?? (Symbol.for("Symbol.dispose") as typeof Symbol.dispose);

// ---------------------------------------------------------------------------------------------
// Errors from the module

/** Turns the module's error flag into a thrown RinglabError. */
export class Channel {
  readonly #raw: RawCommon;
  readonly #flag: number;

  constructor(raw: RawCommon) {
    this.#raw = raw;
    this.#flag = raw.errorFlagAddress() >>> 2;
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

// Strings for a batch call: all UTF-16 units back to back plus n + 1 offsets.
function packStrings(keys: unknown, what: string): [Uint16Array, Uint32Array] {
  if (!Array.isArray(keys)) throw invalidType(what, "an array of strings", keys);
  const offsets = new Uint32Array(keys.length + 1);
  let total = 0;
  for (let i = 0; i < keys.length; i++) {
    const k: unknown = keys[i];
    if (typeof k !== "string") throw invalidType(`${what}[${i}]`, "a string", k);
    total += k.length;
    offsets[i + 1] = total;
  }
  const units = new Uint16Array(total);
  let p = 0;
  for (const k of keys as string[]) {
    for (let j = 0; j < k.length; j++) units[p++] = k.charCodeAt(j);
  }
  return [units, offsets];
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

  constructor(raw: RawRing, module: RawModule, ch: Channel) {
    super(raw, "ring");
    this.#module = module;
    this.#ch = ch;
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
    return this.raw.ownerOfKey(str(key, "key"));
  }

  ownerOfHash(hash: number): string {
    const raw = this.raw;
    return this.servers[raw.owner(uint32(hash, "hash"))]!;
  }

  ownersOfHashes(hashes: Uint32Array): Uint32Array {
    const raw = this.raw;
    const h = u32array(hashes, "hashes");
    return this.#ch.call(() => raw.ownersOfHashes(h));
  }

  ownersOfKeys(keys: readonly string[]): Uint32Array {
    const raw = this.raw;
    const [units, offsets] = packStrings(keys, "keys");
    return this.#ch.call(() => raw.ownersOfKeys(units, offsets));
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
    this.#ch.call(() => raw.add(s.name, s.weight, s.zone));
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
}

class RendezvousHandle extends HandleBase<RawRendezvous> implements Rendezvous {
  readonly #ch: Channel;
  readonly servers: readonly string[];

  constructor(raw: RawRendezvous, servers: readonly string[], ch: Channel) {
    super(raw, "rendezvous");
    this.#ch = ch;
    // The list cannot change after creation, so the names given are the names held.
    this.servers = Object.freeze([...servers]);
  }

  pick(key: string): string | undefined {
    const i = this.pickIndex(key);
    return i < 0 ? undefined : this.servers[i];
  }

  pickIndex(key: string): number {
    return this.raw.pick(str(key, "key"));
  }

  pickMany(keys: readonly string[]): Int32Array {
    const raw = this.raw;
    const [units, offsets] = packStrings(keys, "keys");
    return this.#ch.call(() => raw.pickMany(units, offsets));
  }

  top(key: string, k: number): string[] {
    const raw = this.raw;
    const s = str(key, "key");
    const n = int(k, "k");
    return Array.from(this.#ch.call(() => raw.top(s, n)), (i) => this.servers[i]!);
  }

  scores(key: string): Uint32Array {
    const raw = this.raw;
    const s = str(key, "key");
    return this.#ch.call(() => raw.scores(s));
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

  constructor(raw: RawModule) {
    this.#raw = raw;
    this.#ch = new Channel(raw);
    this.version = raw.version();
  }

  h32(input: string | Uint8Array): number {
    if (typeof input === "string") return this.#raw.h32(input);
    if (input instanceof Uint8Array) return this.#ch.call(() => this.#raw.h32Bytes(input));
    throw invalidType("h32 input", "a string or a Uint8Array", input);
  }

  h32Many(keys: readonly string[]): Uint32Array {
    const [units, offsets] = packStrings(keys, "keys");
    return this.#ch.call(() => this.#raw.h32Many(units, offsets));
  }

  jump(key: bigint | number, buckets: number): number {
    let k: bigint;
    if (typeof key === "bigint") {
      if (key < 0n || key > 0xffffffffffffffffn) {
        throw new RinglabError("out_of_range", `key must be between 0 and 18446744073709551615, got ${key}`);
      }
      k = key;
    } else if (typeof key === "number") {
      if (!Number.isSafeInteger(key)) {
        throw new RinglabError(
          "invalid_argument",
          `key must be a safe integer (use a bigint beyond 2^53 - 1), got ${String(key)}`,
        );
      }
      if (key < 0) throw new RinglabError("out_of_range", `key must be >= 0, got ${key}`);
      k = BigInt(key);
    } else {
      throw invalidType("key", "a bigint or a number", key);
    }
    const n = int(buckets, "buckets");
    return this.#ch.call(() => this.#raw.jump(k, n));
  }

  jumpMany(keys: BigUint64Array | Uint32Array, buckets: number): Int32Array {
    const n = int(buckets, "buckets");
    if (keys instanceof BigUint64Array) {
      // The keys' bytes as (low, high) 32-bit words: both sides are little-endian.
      const words = new Uint32Array(keys.buffer, keys.byteOffset, keys.length * 2);
      return this.#ch.call(() => this.#raw.jumpMany64(words, n));
    }
    if (keys instanceof Uint32Array) return this.#ch.call(() => this.#raw.jumpMany32(keys, n));
    throw invalidType("keys", "a BigUint64Array or a Uint32Array", keys);
  }

  modN(hash: number, n: number): number {
    const h = uint32(hash, "hash");
    const servers = int(n, "n");
    return this.#ch.call(() => this.#raw.modN(h, servers));
  }

  modNMany(hashes: Uint32Array, n: number): Uint32Array {
    const h = u32array(hashes, "hashes");
    const servers = int(n, "n");
    return this.#ch.call(() => this.#raw.modNMany(h, servers));
  }

  mulberry32(seed: number): Mulberry32 {
    return new Mulberry32Generator(this.#raw, this.#ch, int(seed, "seed"));
  }

  keyNumbers(seed: number, count: number): Uint32Array {
    const s = int(seed, "seed");
    const n = int(count, "count");
    return this.#ch.call(() => this.#raw.keyNumbers(s, n));
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
    let raw: RawRing | null;
    if (typeof servers === "number") {
      const n = int(servers, "servers");
      raw = this.#ch.call(() => this.#raw.makeUniformRing(n, vnodes));
    } else if (Array.isArray(servers)) {
      const specs = servers.map((s, i) => serverSpec(s, `servers[${i}]`));
      const names = specs.map((s) => s.name);
      const weights = Float64Array.from(specs, (s) => s.weight);
      const zones = specs.map((s) => s.zone);
      raw = this.#ch.call(() => this.#raw.makeRing(names, weights, zones, vnodes));
    } else {
      throw invalidType("servers", "a count or an array of servers", servers);
    }
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

  ringVsMod(opts?: RingVsModOptions): RingVsModResult {
    const o = options<RingVsModOptions>(opts, ["seed", "keys", "servers", "vnodes"], "ringVsMod");
    const seed = intOption(o, "seed", 16);
    const keys = intOption(o, "keys", 10000);
    const servers = intOption(o, "servers", 4);
    const vnodes = intOption(o, "vnodes", 100);
    return this.#ch.call(() => this.#raw.ringVsMod(seed, keys, servers, vnodes)) as RingVsModResult;
  }

  vnodeSweep(opts?: VnodeSweepOptions): VnodeSweepResult {
    const o = options<VnodeSweepOptions>(opts, ["seed", "servers", "keys", "vnodes"], "vnodeSweep");
    const seed = intOption(o, "seed", 16);
    const servers = intOption(o, "servers", 10);
    const keys = intOption(o, "keys", 100000);
    let vnodes = Float64Array.of(1, 10, 100, 1000);
    if (o.vnodes !== undefined) {
      if (!Array.isArray(o.vnodes)) throw invalidType("vnodes", "an array of numbers", o.vnodes);
      vnodes = Float64Array.from(o.vnodes as unknown[], (v, i) => int(v, `vnodes[${i}]`));
    }
    return this.#ch.call(() => this.#raw.vnodeSweep(seed, servers, keys, vnodes)) as VnodeSweepResult;
  }

  hrwJump(opts?: HrwJumpOptions): HrwJumpResult {
    const o = options<HrwJumpOptions>(opts, ["seed", "keys", "servers", "remove", "buckets"], "hrwJump");
    const seed = intOption(o, "seed", 16);
    const keys = intOption(o, "keys", 10000);
    const servers = intOption(o, "servers", 5);
    const remove = intOption(o, "remove", 2);
    const buckets = intOption(o, "buckets", 10);
    return this.#ch.call(() => this.#raw.hrwJump(seed, keys, servers, remove, buckets)) as HrwJumpResult;
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
