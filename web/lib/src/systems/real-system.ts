// A real system's handle (ringlab/systems): string keys cross as the main module's batches do
// (their UTF-16 units staged in the module's heap, no call per key), bytes as one block with
// offsets; the answers come back as typed arrays read from the heap: no text to parse.
import { RinglabError, wrapperError } from "../core/errors.js";
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import { readChange } from "./inputs.js";
import type { RawSystemHandle, SystemsDirect } from "./raw.js";
import type {
  Placement,
  Placements,
  RealSystem,
  ServerChange,
  SystemDiff,
  SystemKey,
  SystemMove,
  SystemName,
  SystemReason,
  SystemConfigText,
  SystemServer,
  SystemTokens,
} from "./types.js";
import { invalidType } from "../core/validate.js";

type Kind = "none" | "slot" | "partition" | "token" | "bucket" | "hash";

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const encoder = new TextEncoder();

/** Keys given as bytes (some of them Uint8Arrays): one block and n + 1 offsets. */
function encodeKeys(keys: readonly unknown[], single: boolean): { bytes: Uint8Array; offsets: Uint32Array } {
  const what = (i: number) => (single ? "key" : `keys[${i}]`);
  let room = 0;
  keys.forEach((k, i) => {
    if (typeof k === "string") room += 3 * k.length;
    else if (k instanceof Uint8Array) room += k.length;
    else throw invalidType(what(i), "a string or a Uint8Array", k);
  });
  const block = new Uint8Array(room);
  const offsets = new Uint32Array(keys.length + 1);
  let at = 0;
  keys.forEach((k, i) => {
    if (typeof k === "string") {
      // TextEncoder would turn a lone surrogate into U+FFFD: a silently different key.
      if (loneSurrogate.test(k)) {
        throw wrapperError("invalid_argument", "notUnicode", what(i));
      }
      at += encoder.encodeInto(k, block.subarray(at)).written;
    } else {
      block.set(k as Uint8Array, at);
      at += (k as Uint8Array).length;
    }
    offsets[i + 1] = at;
  });
  return { bytes: block.subarray(0, at), offsets };
}

export class RealSystemHandle<N extends SystemName = SystemName>
  extends HandleBase<RawSystemHandle>
  implements RealSystem<N>
{
  readonly name: N;
  readonly #heap: Heap<SystemsDirect>;
  readonly #kind: Kind;
  #servers: SystemServer[] | undefined;

  constructor(raw: RawSystemHandle, heap: Heap<SystemsDirect>, name: N) {
    super(raw, `${name} system`);
    this.#heap = heap;
    this.name = name;
    this.#kind = raw.kind() as Kind;
  }

  servers(): SystemServer[] {
    this.#servers ??= this.raw.servers().map((s) => Object.freeze({ name: s.name, weight: s.weight, down: s.down }));
    return [...this.#servers];
  }

  place(key: SystemKey): Placement<N> {
    if (typeof key !== "string" && !(key instanceof Uint8Array))
      throw invalidType("key", "a string or a Uint8Array", key);
    const p = this.#many([key], undefined, true) as unknown as Record<string, Int32Array | Uint32Array | BigInt64Array>;
    const out: Record<string, number | bigint> = { server: p.server![0]! };
    if (this.#kind !== "none") out[this.#kind] = p[this.#kind]![0]!;
    return out as Placement<N>;
  }

  placeMany(keys: readonly SystemKey[], out?: Placements<N>): Placements<N> {
    if (!Array.isArray(keys)) throw invalidType("keys", "an array of strings or Uint8Arrays", keys);
    return this.#many(keys, out, false);
  }

  /** Typed arrays for n answers: `out`'s, checked, or new ones. */
  #arrays(
    n: number,
    out: Placements<N> | undefined,
  ): { server: Int32Array; values: Uint32Array | BigInt64Array | null } {
    const kind = this.#kind;
    if (out === undefined) {
      return {
        server: new Int32Array(n),
        values: kind === "none" ? null : kind === "token" ? new BigInt64Array(n) : new Uint32Array(n),
      };
    }
    if (out === null || typeof out !== "object") throw invalidType("out", "the result of an earlier placeMany", out);
    const o = out as unknown as Record<string, unknown>;
    const server = o.server;
    const values = kind === "none" ? null : o[kind];
    const want = kind === "token" ? BigInt64Array : Uint32Array;
    if (!(server instanceof Int32Array) || (kind !== "none" && !(values instanceof want))) {
      throw invalidType("out", "the result of an earlier placeMany", out);
    }
    if (server.length !== n || (values !== null && (values as Uint32Array).length !== n)) {
      throw wrapperError("invalid_argument", "outLength", "out", [n, server.length]);
    }
    return { server, values: values as Uint32Array | BigInt64Array | null };
  }

  #many(keys: readonly SystemKey[], out: Placements<N> | undefined, single: boolean): Placements<N> {
    const raw = this.raw;
    const heap = this.#heap;
    const n = keys.length;
    const { server, values } = this.#arrays(n, out);
    let strings = true;
    for (let i = 0; i < n && strings; i++) strings = typeof keys[i] === "string";
    if (strings) {
      heap.stagedStrings(
        keys,
        "keys",
        (count, ascii) => raw.placeMany(count, single, ascii),
        { type: "int32", out: server },
        (start, count, address) => {
          if (values !== null) heap.read(address, values.subarray(start, start + count));
        },
        true,
      );
    } else {
      const { bytes, offsets } = encodeKeys(keys, single);
      const address = heap.call(() => raw.placeBytes(bytes, offsets, single));
      heap.read(raw.serversAddress(), server);
      if (values !== null) heap.read(address, values);
    }
    const result: Record<string, Int32Array | Uint32Array | BigInt64Array> = { server };
    if (values !== null) result[this.#kind] = values;
    return result as Placements<N>;
  }

  diff(other: RealSystem<N>, keys: readonly SystemKey[]): SystemDiff<N> {
    if (!(other instanceof RealSystemHandle) || other.name !== this.name) {
      throw invalidType("other", `a ${this.name} system from system()`, other);
    }
    if (!Array.isArray(keys)) throw invalidType("keys", "an array of strings or Uint8Arrays", keys);
    const raw = this.raw;
    const otherRaw = other.raw;
    const heap = this.#heap;
    const kind = this.#kind;
    const moves: SystemMove<N>[] = [];
    const at = (server: number, value: bigint): Placement<N> => {
      const p: Record<string, number | bigint> = { server };
      if (kind === "token") p.token = value;
      else if (kind !== "none") p[kind] = Number(BigInt.asUintN(32, value));
      return p as Placement<N>;
    };
    // The module's moves (indices[start + m] for m < moved, relative to start) into `moves`.
    const collect = (indices: Uint32Array, start: number, moved: number) => {
      if (moved === 0) return;
      const servers = new Int32Array(2 * moved);
      const values = new BigInt64Array(2 * moved);
      heap.read(raw.serversAddress(), servers);
      if (kind !== "none") heap.read(raw.valuesAddress(), values);
      for (let m = 0; m < moved; m++) {
        const index = start + indices[start + m]!;
        moves.push({
          key: keys[index]!,
          index,
          from: at(servers[2 * m]!, values[2 * m]!),
          to: at(servers[2 * m + 1]!, values[2 * m + 1]!),
        });
      }
    };
    let strings = true;
    for (let i = 0; i < keys.length && strings; i++) strings = typeof keys[i] === "string";
    if (strings) {
      // The moved keys' indices in the results (one per key: the chunk's first `moved` are used).
      const scratch = new Uint32Array(keys.length);
      heap.stagedStrings(
        keys,
        "keys",
        (count) => raw.diff(otherRaw, count),
        { type: "uint32", out: scratch },
        (start, _count, moved) => collect(scratch, start, moved),
      );
    } else {
      // Bytes among the keys: one block, as placeMany sends them.
      const { bytes, offsets } = encodeKeys(keys, false);
      const moved = heap.call(() => raw.diffBytes(otherRaw, bytes, offsets));
      const indices = new Uint32Array(moved);
      if (moved > 0) heap.read(raw.movedAddress(), indices);
      collect(indices, 0, moved);
    }
    return { keys: keys.length, moved: moves.length, moves };
  }

  why(key: SystemKey): SystemReason<N> {
    if (typeof key !== "string" && !(key instanceof Uint8Array))
      throw invalidType("key", "a string or a Uint8Array", key);
    const raw = this.raw;
    const heap = this.#heap;
    const { bytes } = encodeKeys([key], true);
    const r = heap.call(() => raw.why(bytes));
    if (r.kind === "answer") return Object.freeze({ kind: "answer", server: r.server }) as SystemReason<N>;
    const words = new BigInt64Array(2);
    heap.read(raw.valuesAddress(), words);
    // A 32-bit system's hash and point as numbers, Envoy's 64-bit ones as bigints.
    const value = (w: bigint) => (r.bits === 64 ? BigInt.asUintN(64, w) : Number(BigInt.asUintN(32, w)));
    const hash = value(words[0]!);
    const reason =
      r.kind === "slot"
        ? { kind: "slot", hash, slot: Number(words[1]!), server: r.server }
        : { kind: "point", hash, point: value(words[1]!), server: r.server };
    return Object.freeze(reason) as unknown as SystemReason<N>;
  }

  edit(change: ServerChange): RealSystem<N> {
    const { kind, server, weight } = readChange(change);
    const raw = this.raw;
    const edited = this.#heap.call(() => raw.edited({ kind, server, weight }));
    if (edited === null) throw new RinglabError("internal", "the module returned no system");
    return new RealSystemHandle<N>(edited, this.#heap, this.name);
  }

  config(): SystemConfigText {
    const raw = this.raw;
    return Object.freeze({ ...this.#heap.call(() => raw.config()) });
  }

  tokens(): SystemTokens {
    const raw = this.raw;
    const heap = this.#heap;
    const n = heap.call(() => raw.tokens());
    const token = new BigInt64Array(n);
    const server = new Int32Array(n);
    if (n > 0) {
      heap.read(raw.valuesAddress(), token);
      heap.read(raw.serversAddress(), server);
    }
    return { token, server };
  }

  tries(key: string): number[] {
    if (typeof key !== "string") throw invalidType("key", "a string", key);
    const raw = this.raw;
    return this.#heap.call(() => raw.tries(key));
  }
}
