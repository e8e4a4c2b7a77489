// The course's PRNG: a plain JavaScript object fed by the module in batches.
import { RinglabError } from "./errors.js";
import type { Heap } from "./heap.js";
import type { RawModule } from "./raw.js";
import type { Mulberry32 } from "./types.js";
import { int } from "./validate.js";

export class Mulberry32Generator implements Mulberry32 {
  readonly #raw: RawModule;
  readonly #heap: Heap;
  #state: number;
  #buffer: Uint32Array = new Uint32Array(0);
  #pos = 0;
  #batch = 16;

  constructor(raw: RawModule, heap: Heap, seed: number) {
    this.#raw = raw;
    this.#heap = heap;
    // Validates the seed now (the core checks |seed| <= 2^53 - 1), not on the first next().
    this.#state = heap.call(() => raw.mulberry32Fill(seed, 0)).state;
  }

  // Values come from the core in growing batches; the state after a batch resumes it exactly.
  #fill(count: number): Uint32Array {
    const r = this.#heap.call(() => this.#raw.mulberry32Fill(this.#state, count));
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
