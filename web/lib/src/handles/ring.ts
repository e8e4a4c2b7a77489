// The hash ring's handle.
import { wrapperError } from "../core/errors.js";
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import type { RawModule, RawRing } from "../core/raw.js";
import type { PreferenceListOptions, Ring, RingPoints, SearchStep, ServerInfo, ServerSpec } from "../main/types.js";
import { invalidType, num, options, serverSpec, str, u32array } from "../core/validate.js";

export class RingHandle extends HandleBase<RawRing> implements Ring {
  readonly #module: RawModule;
  readonly #heap: Heap;
  #names: readonly string[] | null = null;

  readonly #address: number;
  /** The core's weight for a server given without one (Ring.add). */
  readonly #weight: number;

  constructor(raw: RawRing, module: RawModule, heap: Heap, weight: number) {
    super(raw, "ring");
    this.#module = module;
    this.#heap = heap;
    this.#address = raw.address();
    this.#weight = weight;
  }

  get servers(): readonly string[] {
    const raw = this.raw;
    if (this.#names === null) this.#names = Object.freeze(this.#heap.call(() => raw.servers()).map((s) => s.name));
    return this.#names;
  }

  get size(): number {
    return this.raw.size();
  }

  get vnodes(): number {
    return this.raw.vnodes();
  }

  get memoryBytes(): number {
    return this.raw.memoryBytes();
  }

  owner(key: string): string {
    return this.servers[this.ownerIndex(key)]!;
  }

  ownerIndex(key: string): number {
    const raw = this.raw;
    const k = str(key, "key");
    const len = this.#heap.key(k);
    return len >= 0 ? this.#heap.direct!.ringlab_ring_owner(this.#address, len) : raw.owner(k);
  }

  ownerOfHash(hash: number): string {
    const raw = this.raw;
    const h = num(hash, "hash");
    const d = this.#heap.direct;
    // A uint32 exactly goes straight to the instance; anything else to the core, which checks it.
    const i =
      d !== null && h >>> 0 === h
        ? d.ringlab_ring_owner_of_hash(this.#address, h)
        : this.#heap.call(() => raw.ownerOfHash(h));
    return this.servers[i]!;
  }

  ownerMany(keys: readonly string[], out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    return this.#heap.stagedStrings(keys, "keys", (n) => raw.ownerMany(n), { type: "uint32", out });
  }

  ownerOfHashMany(hashes: Uint32Array, out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    const h = u32array(hashes, "hashes");
    return this.#heap.stagedWords(h, h.length, 0, () => raw.ownerOfHashMany(h.length), { type: "uint32", out });
  }

  preferenceList(keyOrHash: string | number, rf: number, opts?: PreferenceListOptions): string[] {
    const raw = this.raw;
    const hash =
      typeof keyOrHash === "string" ? this.#module.h32(keyOrHash) : num(keyOrHash, "keyOrHash (a key or a hash)");
    const n = num(rf, "rf");
    const o = options<PreferenceListOptions>(opts, ["zones"], "preferenceList");
    if (o.zones !== undefined && typeof o.zones !== "boolean") throw invalidType("zones", "a boolean", o.zones);
    const list = this.#heap.call(() => raw.preferenceList(hash, n, o.zones ?? false));
    const names = this.servers;
    return Array.from(list, (i) => names[i]!);
  }

  add(server: string | ServerSpec): void {
    const raw = this.raw;
    const s = serverSpec(server, "server", this.#weight);
    this.#heap.call(() => raw.add(s));
    this.#names = null;
  }

  remove(name: string): void {
    const raw = this.raw;
    const n = str(name, "name");
    this.#heap.call(() => raw.remove(n));
    this.#names = null;
  }

  setWeight(name: string, weight: number): void {
    const raw = this.raw;
    const n = str(name, "name");
    const w = num(weight, "weight");
    this.#heap.call(() => raw.setWeight(n, w));
  }

  indexOf(name: string): number {
    return this.raw.indexOf(str(name, "name"));
  }

  points(): RingPoints {
    const raw = this.raw;
    return this.#heap.call(() => raw.points());
  }

  serverInfo(): ServerInfo[] {
    const raw = this.raw;
    return this.#heap.call(() => raw.servers());
  }

  searchTrace(hash: number): SearchStep[] {
    const raw = this.raw;
    const h = num(hash, "hash");
    return this.#heap.call(() => raw.searchTrace(h));
  }

  /** The raw ring, for functions of the module that made it (boundedLoads, hotKeys). */
  rawFor(module: RawModule): RawRing {
    if (module !== this.#module) throw wrapperError("invalid_argument", "otherInstance", "ring");
    return this.raw;
  }
}

export function rawRing(ring: unknown, module: RawModule): RawRing {
  if (!(ring instanceof RingHandle)) throw invalidType("ring", "a Ring", ring);
  return ring.rawFor(module);
}
