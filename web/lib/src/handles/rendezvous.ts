// Plain and weighted rendezvous hashing's handles.
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import type { RawRendezvous, RawRendezvousOf, RawWeightedRendezvous } from "../core/raw.js";
import type { Rendezvous, WeightedRendezvous } from "../main/types.js";
import { num, str } from "../core/validate.js";

// Plain and weighted rendezvous: the same calls over raw handles of one shape.
abstract class RendezvousHandleBase<Scores> extends HandleBase<RawRendezvousOf<Scores>> {
  readonly #heap: Heap;
  #servers: readonly string[] | undefined;

  readonly #address: number;
  readonly #pick: ((rendezvous: number, len: number) => number) | undefined;

  protected constructor(
    raw: RawRendezvousOf<Scores>,
    kind: string,
    servers: readonly string[] | undefined,
    heap: Heap,
    weighted: boolean,
  ) {
    super(raw, kind);
    this.#heap = heap;
    this.#address = raw.address();
    this.#pick = weighted ? heap.direct?.ringlab_weighted_rendezvous_pick : heap.direct?.ringlab_rendezvous_pick;
    // The list cannot change after creation, so the names given are the names held; for a count,
    // the names the core made, read when first asked for.
    this.#servers = servers && Object.freeze([...servers]);
  }

  get servers(): readonly string[] {
    const raw = this.raw;
    this.#servers ??= Object.freeze(this.#heap.call(() => raw.servers()));
    return this.#servers;
  }

  pick(key: string): string | undefined {
    const i = this.pickIndex(key);
    return i < 0 ? undefined : this.servers[i];
  }

  pickIndex(key: string): number {
    const raw = this.raw;
    const k = str(key, "key");
    const len = this.#heap.key(k);
    return len >= 0 ? this.#pick!(this.#address, len) : raw.pick(k);
  }

  pickMany(keys: readonly string[], out?: Int32Array): Int32Array {
    const raw = this.raw;
    return this.#heap.stagedStrings(keys, "keys", (n) => raw.pickMany(n), { type: "int32", out });
  }

  top(key: string, k: number): string[] {
    const raw = this.raw;
    const s = str(key, "key");
    const n = num(k, "k");
    return Array.from(
      this.#heap.call(() => raw.top(s, n)),
      (i) => this.servers[i]!,
    );
  }

  scores(key: string): Scores {
    const raw = this.raw;
    const s = str(key, "key");
    return this.#heap.call(() => raw.scores(s));
  }
}

export class RendezvousHandle extends RendezvousHandleBase<Uint32Array> implements Rendezvous {
  constructor(raw: RawRendezvous, servers: readonly string[] | undefined, heap: Heap) {
    super(raw, "rendezvous", servers, heap, false);
  }
}

export class WeightedRendezvousHandle extends RendezvousHandleBase<Float64Array> implements WeightedRendezvous {
  constructor(raw: RawWeightedRendezvous, servers: readonly string[] | undefined, heap: Heap) {
    super(raw, "weighted rendezvous", servers, heap, true);
  }
}
