// The course's PRNG: a plain JavaScript object fed by the module in batches.
import type { Heap } from "../core/heap.js";
import type { RawModule } from "../core/raw.js";
import type { Mulberry32 } from "../main/types.js";
import { num } from "../core/validate.js";

export class Mulberry32Generator implements Mulberry32 {
  readonly #raw: RawModule;
  readonly #heap: Heap;
  /** The state the buffer's values were made from, and the state after them. */
  #start: number;
  #state: number;
  #buffer: Uint32Array = new Uint32Array(0);
  #pos = 0;
  #batch = 16;

  constructor(raw: RawModule, heap: Heap, seed: number) {
    this.#raw = raw;
    this.#heap = heap;
    // Checks the seed now (the core: a safe integer), not on the first next().
    this.#start = this.#state = heap.call(() => raw.mulberry32Fill(seed, 0, 0)).state;
  }

  // Values come from the core in growing batches; the state after a batch resumes it exactly.
  nextUint32(): number {
    if (this.#pos === this.#buffer.length) {
      const r = this.#heap.call(() => this.#raw.mulberry32Fill(this.#state, this.#batch, 0));
      this.#start = this.#state;
      this.#state = r.state;
      this.#buffer = r.values;
      this.#pos = 0;
      this.#batch = Math.min(this.#batch * 2, 4096);
    }
    return this.#buffer[this.#pos++]!;
  }

  next(): number {
    return this.nextUint32() / 4294967296;
  }

  // One call with the count as given, which the core checks: the values from the buffer's start
  // state, the ones already read skipped, so they continue from where next() stopped.
  nextUint32Many(count: number): Uint32Array {
    const n = num(count, "count");
    const r = this.#heap.call(() => this.#raw.mulberry32Fill(this.#start, n, this.#pos));
    this.#start = this.#state = r.state;
    this.#buffer = new Uint32Array(0);
    this.#pos = 0;
    return r.values;
  }
}
