// Malachi's ring's handle. Routing answers with the owner's index in token order; the handle
// keeps the ids in that order (refreshed after every change), so a route makes no text.
import { RinglabError } from "../core/errors.js";
import { tagTerm, termValue } from "./erlang-term.js";
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import type { RawMalachiRing, RawTerm, SystemsDirect } from "./raw.js";
import type { MalachiRing, MalachiVnode, TermInput, TermValue } from "./types.js";
import { num } from "../core/validate.js";

export class MalachiRingHandle extends HandleBase<RawMalachiRing> implements MalachiRing {
  readonly #heap: Heap<SystemsDirect>;
  readonly #describe: (tagged: string) => RawTerm;
  readonly #address: number;
  /** The vnodes in token order, as handed out; null until needed after a change. */
  #vnodes: MalachiVnode[] | null = null;

  constructor(raw: RawMalachiRing, heap: Heap<SystemsDirect>, describe: (tagged: string) => RawTerm) {
    super(raw, "Malachi ring");
    this.#heap = heap;
    this.#describe = describe;
    this.#address = raw.address();
  }

  get size(): number {
    return this.raw.size();
  }

  get ringBits(): number {
    return this.raw.bits();
  }

  #sorted(): MalachiVnode[] {
    if (this.#vnodes === null) {
      const raw = this.raw;
      const flat = this.#heap.call(() => raw.sorted());
      const out: MalachiVnode[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        out.push(Object.freeze({ id: termValue(flat[i] as string, this.#describe), token: flat[i + 1] as number }));
      }
      this.#vnodes = out;
    }
    return this.#vnodes;
  }

  addVnode(id: TermInput, token: number): void {
    const raw = this.raw;
    const i = tagTerm(id, "id");
    // The core owns the checks: a safe integer, then token_out_of_range, token_taken, already_present.
    const t = num(token, "token");
    this.#heap.call(() => raw.addVnode(i, t));
    this.#vnodes = null;
  }

  removeVnode(id: TermInput): void {
    const raw = this.raw;
    const i = tagTerm(id, "id");
    this.#heap.call(() => raw.removeVnode(i));
    this.#vnodes = null;
  }

  route(key: TermInput): TermValue {
    const raw = this.raw;
    if (typeof key === "string") {
      const len = this.#heap.key(key);
      if (len >= 0) {
        const at = this.#heap.direct!.ringlab_malachi_route_scratch(this.#address, len);
        // -1: an empty ring or a key with no UTF-8; the embind call below words the error.
        if (at >= 0) return this.#sorted()[at]!.id;
      }
    }
    const k = tagTerm(key, "key");
    return this.#sorted()[this.#heap.call(() => raw.route(k))]!.id;
  }

  routeMany(keys: readonly string[]): TermValue[] {
    const raw = this.raw;
    const at = this.#heap.stagedStrings(keys, "keys", (n) => raw.routeMany(n), { type: "uint32", out: undefined });
    const vnodes = this.#sorted();
    const out = new Array<TermValue>(at.length);
    for (let i = 0; i < at.length; i++) out[i] = vnodes[at[i]!]!.id;
    return out;
  }

  position(key: TermInput): number {
    const raw = this.raw;
    const k = tagTerm(key, "key");
    return this.#heap.call(() => raw.position(k));
  }

  boundaries(id: TermInput): [start: number, end: number] {
    const raw = this.raw;
    const i = tagTerm(id, "id");
    const b = this.#heap.call(() => raw.boundaries(i));
    return [b.start, b.end];
  }

  vnodeIds(): TermValue[] {
    const raw = this.raw;
    return this.#heap.call(() => raw.vnodeIds()).map((t) => termValue(t, this.#describe));
  }

  vnodes(): MalachiVnode[] {
    return this.#sorted().slice();
  }

  clone(): MalachiRing {
    const raw = this.raw;
    const copy = this.#heap.call(() => raw.clone());
    if (copy === null) throw new RinglabError("internal", "the module returned no Malachi ring");
    return new MalachiRingHandle(copy, this.#heap, this.#describe);
  }
}
