// The Maglev table's handle.
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import type { RawMaglev } from "../core/raw.js";
import type { Maglev, MaglevFillTurns } from "../main/types.js";
import { num, str, u32array } from "../core/validate.js";

export class MaglevHandle extends HandleBase<RawMaglev> implements Maglev {
  readonly #heap: Heap;
  readonly backends: readonly string[];
  readonly tableSize: number;

  readonly #address: number;

  constructor(raw: RawMaglev, heap: Heap) {
    super(raw, "Maglev table");
    this.#heap = heap;
    this.#address = raw.address();
    // Fixed at creation: the names (made by the module for a count) and M.
    this.backends = Object.freeze(heap.call(() => raw.backends()));
    this.tableSize = raw.tableSize();
  }

  lookup(key: string): string {
    return this.backends[this.lookupIndex(key)]!;
  }

  lookupIndex(key: string): number {
    const raw = this.raw;
    const k = str(key, "key");
    const len = this.#heap.key(k);
    return len >= 0 ? this.#heap.direct!.ringlab_maglev_lookup(this.#address, len) : raw.lookup(k);
  }

  lookupHash(hash: number): number {
    const raw = this.raw;
    const h = num(hash, "hash");
    const d = this.#heap.direct;
    // A uint32 exactly goes straight to the instance; anything else to the core, which checks it.
    return d !== null && h >>> 0 === h
      ? d.ringlab_maglev_lookup_hash(this.#address, h)
      : this.#heap.call(() => raw.lookupHash(h));
  }

  lookupMany(keys: readonly string[], out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    return this.#heap.stagedStrings(keys, "keys", (n) => raw.lookupMany(n), { type: "uint32", out });
  }

  lookupHashMany(hashes: Uint32Array, out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    const h = u32array(hashes, "hashes");
    return this.#heap.stagedWords(h, h.length, 0, () => raw.lookupHashMany(h.length), { type: "uint32", out });
  }

  table(): Uint32Array {
    const raw = this.raw;
    return this.#heap.call(() => raw.table());
  }

  entryCounts(): Uint32Array {
    const raw = this.raw;
    return this.#heap.call(() => raw.entryCounts());
  }

  fillTurns(): MaglevFillTurns {
    const raw = this.raw;
    return this.#heap.call(() => raw.fillTurns());
  }

  offset(i: number): number {
    const raw = this.raw;
    const b = num(i, "backend");
    return this.#heap.call(() => raw.offset(b));
  }

  skip(i: number): number {
    const raw = this.raw;
    const b = num(i, "backend");
    return this.#heap.call(() => raw.skip(b));
  }
}
