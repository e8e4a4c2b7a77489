// The explicit-token ring's handle.
import { RinglabError } from "../core/errors.js";
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import type { RawTokenRing } from "../core/raw.js";
import type { SearchStep, TokenRing } from "../main/types.js";
import { num, str } from "../core/validate.js";

export class TokenRingHandle extends HandleBase<RawTokenRing> implements TokenRing {
  readonly #heap: Heap;

  constructor(raw: RawTokenRing, heap: Heap) {
    super(raw, "token ring");
    this.#heap = heap;
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
    // The core owns the checks: a safe integer (invalid_argument), in range (token_out_of_range).
    const t = num(token, "token");
    this.#heap.call(() => raw.add(i, t));
  }

  remove(id: string): void {
    const raw = this.raw;
    const i = str(id, "id");
    this.#heap.call(() => raw.remove(i));
  }

  route(key: string): string {
    const raw = this.raw;
    const k = str(key, "key");
    return this.#heap.call(() => raw.route(k));
  }

  routeHash(hash: number): string {
    const raw = this.raw;
    const h = num(hash, "hash");
    return this.#heap.call(() => raw.routeHash(h));
  }

  position(key: string): number {
    return this.raw.position(str(key, "key"));
  }

  boundaries(id: string): [start: number, end: number] {
    const raw = this.raw;
    const i = str(id, "id");
    const b = this.#heap.call(() => raw.boundaries(i));
    return [b.start, b.end];
  }

  tokenOf(id: string): number {
    const raw = this.raw;
    const i = str(id, "id");
    return this.#heap.call(() => raw.tokenOf(i));
  }

  ids(): string[] {
    const raw = this.raw;
    return this.#heap.call(() => raw.ids());
  }

  tokens(): Uint32Array {
    const raw = this.raw;
    return this.#heap.call(() => raw.tokens());
  }

  searchTrace(hash: number): SearchStep[] {
    const raw = this.raw;
    const h = num(hash, "hash");
    return this.#heap.call(() => raw.searchTrace(h));
  }

  clone(): TokenRing {
    const raw = this.raw;
    const copy = this.#heap.call(() => raw.clone());
    if (copy === null) throw new RinglabError("internal", "the module returned no token ring");
    return new TokenRingHandle(copy, this.#heap);
  }
}
