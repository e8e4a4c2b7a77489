// The placer's handle: one class for every placer. Which membership an algorithm has, and every
// check of a value, is the core's: a call it has no membership for is refused there
// (noMembership), the same error `ringlab server --ops` words for it.
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import { invalidType, num, str } from "../core/validate.js";
import { rawServer } from "./servers.js";
import type { RawPlaceStep, RawServerPlacer } from "./raw.js";
import type {
  Placement,
  PlacerAlgorithmName,
  PlacerMembership,
  PlacerServer,
  PlaceStep,
  PlaceStepKind,
  ServerPlacerBase,
} from "./types.js";

const noServer = 0xffffffff;

// The keys of a batch: an array of strings.
function checkKeys(keys: unknown): void {
  if (!Array.isArray(keys)) throw invalidType("keys", "an array of strings", keys);
  keys.forEach((k: unknown, i) => str(k, `keys[${i}]`));
}

// A step as the module gives it, its numbers unsigned: the module's 64-bit values arrive signed,
// and the value is unsigned, as the core has it.
function step(s: RawPlaceStep): PlaceStep {
  return {
    kind: s.kind as PlaceStepKind,
    server: s.server >>> 0,
    point: s.point >>> 0,
    value: BigInt.asUintN(64, s.value),
    lo: s.lo >>> 0,
    hi: s.hi >>> 0,
    right: s.right,
    score: s.score,
  };
}

export class ServerPlacerHandle<A extends PlacerAlgorithmName>
  extends HandleBase<RawServerPlacer>
  implements ServerPlacerBase<A>
{
  readonly #heap: Heap<object>;
  readonly algorithm: A;
  readonly membership: readonly PlacerMembership[];
  readonly traces: boolean;

  constructor(raw: RawServerPlacer, heap: Heap<object>, membership: readonly PlacerMembership[], traces: boolean) {
    super(raw, "placer");
    this.#heap = heap;
    this.algorithm = raw.algorithm() as A;
    this.membership = membership;
    this.traces = traces;
  }

  get size(): number {
    return this.raw.size() >>> 0;
  }

  servers(): string[] {
    return this.raw.servers();
  }

  place(key: string): Placement {
    const raw = this.raw;
    const k = str(key, "key");
    const index = this.#heap.call(() => raw.place(k)) >>> 0;
    return { index, server: index === noServer ? undefined : raw.servers()[index] };
  }

  placeMany(keys: readonly string[], out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    checkKeys(keys);
    if (out !== undefined && (!(out instanceof Uint32Array) || out.length !== keys.length)) {
      throw invalidType("out", `a Uint32Array of ${keys.length} values`, out);
    }
    // One batch: bounded loads' capacities are for every key of it.
    const places = this.#heap.call(() => raw.placeMany(keys))!;
    if (out === undefined) return places;
    out.set(places);
    return out;
  }

  trace(key: string): PlaceStep[] {
    const raw = this.raw;
    const k = str(key, "key");
    return this.#heap.call(() => raw.trace(k))!.map(step);
  }

  traceMany(keys: readonly string[]): PlaceStep[][] {
    const raw = this.raw;
    checkKeys(keys);
    return this.#heap.call(() => raw.traceMany(keys))!.map((steps) => steps.map(step));
  }

  // On every handle, as membership is: the core refuses an algorithm without a list (noPreference),
  // with `ringlab server --preference`'s error.
  preference(key: string, n: number): string[] {
    const raw = this.raw;
    const k = str(key, "key");
    const count = num(n, "rf");
    const places = this.#heap.call(() => raw.preference(k, count))!;
    const names = raw.servers();
    return Array.from(places, (i) => names[i]!);
  }

  preferenceMany(keys: readonly string[], n: number, out?: Uint32Array): Uint32Array {
    const raw = this.raw;
    checkKeys(keys);
    const count = num(n, "rf");
    const places = this.#heap.call(() => raw.preferenceMany(keys, count))!;
    if (out === undefined) return places;
    if (!(out instanceof Uint32Array) || out.length !== places.length) {
      throw invalidType("out", `a Uint32Array of ${places.length} values`, out);
    }
    out.set(places);
    return out;
  }

  add(server: PlacerServer<A>): void {
    const raw = this.raw;
    const s = rawServer(server, "server");
    this.#heap.call(() => raw.add(s));
  }

  remove(name: string): void {
    const raw = this.raw;
    const n = str(name, "name");
    this.#heap.call(() => raw.remove(n));
  }

  reweight(name: string, weight: number): void {
    const raw = this.raw;
    const n = str(name, "name");
    const w = num(weight, "weight");
    this.#heap.call(() => raw.reweight(n, w));
  }
}
