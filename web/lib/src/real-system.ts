// A real system's handle (ringlab/systems): keys cross as one block of UTF-8 bytes with offsets,
// and the answers come back as the JSON `ringlab place` prints, read here with integers beyond
// 2^53 kept exact as bigints.
import { RinglabError, wrapperError } from "./errors.js";
import { HandleBase } from "./handle.js";
import type { Heap } from "./heap.js";
import type { RawSystemHandle, SystemsDirect } from "./systems-raw.js";
import type { PlacementResult, RealSystem, SystemDiff, SystemKey, SystemMove } from "./systems-types.js";
import { invalidType } from "./validate.js";

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Keys as one block of bytes and n + 1 offsets. */
function encodeKeys(keys: readonly unknown[], single: boolean): { bytes: Uint8Array; offsets: Uint32Array } {
  const what = (i: number) => (single ? "key" : `keys[${i}]`);
  // One block for all: a UTF-16 unit is at most 3 bytes of UTF-8 (a pair of them, 4).
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

// An integer of 16 digits or more in the module's JSON (a value, never inside a string: strings
// there are JSON-escaped text, and a digit run inside one is preceded by a character that is not
// one of these), to be read as a bigint: the native JSON.parse reads everything else.
const longInteger = /([[:,]\s*)(-?\d{16,})(?=\s*[,\]}])/g;
// What marks it through JSON.parse: a string starting with NUL, which the module writes as
// "\u0000" and never at the start of a server's name.
const mark = "\u0000";

/** JSON as the module writes it, integers beyond the safe ones as bigints. */
export function parseResults(text: string): PlacementResult[] {
  const hasLong = longInteger.test(text);
  longInteger.lastIndex = 0;
  const marked = hasLong
    ? text.replace(longInteger, (_, before: string, digits: string) => `${before}"\\u0000${digits}"`)
    : text;
  const out: unknown = JSON.parse(
    marked,
    hasLong
      ? (_key, v: unknown) => {
          if (typeof v !== "string" || !v.startsWith(mark)) return v;
          const n = Number(v.slice(1));
          return Number.isSafeInteger(n) ? n : BigInt(v.slice(1));
        }
      : undefined,
  );
  if (!Array.isArray(out)) throw new RinglabError("internal", "the module's results are not a list");
  return out as PlacementResult[];
}

function same(a: PlacementResult, b: PlacementResult): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, PlacementResult>)[k]!, (b as Record<string, PlacementResult>)[k]!))
  );
}

export class RealSystemHandle extends HandleBase<RawSystemHandle> implements RealSystem {
  readonly name: string;
  readonly #heap: Heap<SystemsDirect>;

  constructor(raw: RawSystemHandle, heap: Heap<SystemsDirect>, name: string) {
    super(raw, `${name} system`);
    this.#heap = heap;
    this.name = name;
  }

  place(key: SystemKey): PlacementResult {
    return this.#results([key], true)[0]!;
  }

  placeMany(keys: readonly SystemKey[]): PlacementResult[] {
    if (!Array.isArray(keys)) throw invalidType("keys", "an array of strings or Uint8Arrays", keys);
    return this.#results(keys, false);
  }

  #results(keys: readonly SystemKey[], single: boolean): PlacementResult[] {
    const raw = this.raw;
    const { bytes, offsets } = encodeKeys(keys, single);
    // A view of the module's heap: decoded at once, before anything else runs in the module.
    return parseResults(decoder.decode(this.#heap.call(() => raw.results(bytes, offsets, single))));
  }

  diff(other: RealSystem, keys: readonly SystemKey[]): SystemDiff {
    if (!(other instanceof RealSystemHandle)) throw invalidType("other", "a system from system()", other);
    const before = this.placeMany(keys);
    const after = other.placeMany(keys);
    const moves: SystemMove[] = [];
    before.forEach((from, i) => {
      if (!same(from, after[i]!)) moves.push({ key: keys[i]!, from, to: after[i]! });
    });
    return { keys: keys.length, moved: moves.length, moves };
  }
}
