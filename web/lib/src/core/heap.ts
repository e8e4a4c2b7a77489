// The one module that touches the WebAssembly heap: the error flag read after every fallible
// call, batches staged in the module's memory, and the key scratch of the direct single-key calls.
// It works on the WebAssembly instance's own exports (its memory, the direct entry points), which
// the loader keeps when it instantiates the module: nothing here reads Emscripten's runtime
// (Module.asm, Module.HEAP*), which other Emscripten versions name differently or drop.
import { RinglabError, toCode, wrapperError } from "./errors.js";
import type { Direct, RawCommon } from "./raw.js";
import { invalidType } from "./validate.js";

/**
 * The wrapper's way into the module: the error flag turned into a thrown RinglabError, batches
 * staged in the heap, and the direct exports for single-key calls.
 */
export class Heap<D extends object = Direct> {
  readonly #raw: RawCommon;
  readonly #memory: WebAssembly.Memory;
  // Views on the memory. When it grows its old buffer is detached, and a view of a detached
  // buffer has length 0: the one check a call makes before using a view (see #views()).
  #i32: Int32Array;
  #u16: Uint16Array;
  #u32: Uint32Array;
  readonly #flag: number;
  readonly #scratch: number;
  /** The instance's exports for single-key calls; null if any is missing (then every call takes embind). */
  readonly direct: D | null;
  readonly #directNames: readonly string[];

  /**
   * `names`: the direct exports this module's wrapper calls (by default the main module's); all
   * of them or none are used.
   */
  constructor(
    raw: RawCommon,
    exports: WebAssembly.Exports,
    names: readonly (keyof D & string)[] = mainDirectNames as never,
  ) {
    this.#raw = raw;
    const memory = Object.values(exports).find((e) => e instanceof WebAssembly.Memory);
    if (!(memory instanceof WebAssembly.Memory)) throw wrapperError("load_failed", "noMemory", "");
    this.#memory = memory;
    this.#i32 = new Int32Array(memory.buffer);
    this.#u16 = new Uint16Array(memory.buffer);
    this.#u32 = new Uint32Array(memory.buffer);
    this.#flag = raw.errorFlagAddress() >>> 2;
    this.#scratch = raw.keyScratchAddress() >>> 1;
    // Found through the function table, not by export name: a module linked for size has its
    // exports renamed.
    const table = Object.values(exports).find((e): e is WebAssembly.Table => e instanceof WebAssembly.Table);
    const places = names.length > 0 ? raw.directFunctions?.() : undefined;
    const found = table && places ? names.map((n, i) => [n, table.get(places[i]!)] as const) : [];
    this.direct =
      found.length === names.length && found.every(([, f]) => typeof f === "function")
        ? (Object.fromEntries(found) as D)
        : null;
    this.#directNames = names;
  }

  /** Makes the views again after the memory grew. */
  #views(): void {
    const buffer = this.#memory.buffer;
    this.#i32 = new Int32Array(buffer);
    this.#u16 = new Uint16Array(buffer);
    this.#u32 = new Uint32Array(buffer);
  }

  /** The size of the module's memory in bytes. */
  get memoryBytes(): number {
    return this.#memory.buffer.byteLength;
  }

  /** The direct entry points in use (a diagnostic: empty when single-key calls go through embind). */
  get directNames(): readonly string[] {
    return this.direct === null ? [] : this.#directNames;
  }

  /**
   * Writes a key's UTF-16 units into the module's key scratch for a direct call; returns the
   * length, or -1 when the key does not fit (the caller then takes the embind path).
   */
  key(key: string): number {
    const len = key.length;
    if (len > keyScratchUnits || this.direct === null) return -1;
    if (this.#u16.length === 0) this.#views();
    const u16 = this.#u16;
    for (let j = 0, p = this.#scratch; j < len; j++) u16[p++] = key.charCodeAt(j);
    return len;
  }

  /** Returns `value`, or throws the error the last call left behind. */
  check<T>(value: T): T {
    if (this.#i32.length === 0) this.#views();
    if (this.#i32[this.#flag] !== 0) {
      const e = this.#raw.takeError();
      throw new RinglabError(toCode(e.code), e.message, e);
    }
    return value;
  }

  /** Runs a raw call; anything that escapes it other than a RinglabError is a bug ("internal"). */
  call<T>(fn: () => T): T {
    let value: T;
    try {
      value = fn();
    } catch (e) {
      throw unexpected(e);
    }
    return this.check(value);
  }

  /**
   * A batch call on strings, staged in the module's heap: the keys' UTF-16 units go straight into
   * a block the module allocates (no per-call typed arrays), `run(count)` computes into it, and
   * the results are copied out: into `out` when given (a reused buffer: nothing allocated), else
   * into a new array. The block lives for this call only.
   *
   * The keys cross in chunks of at most `chunkKeys`: each chunk is packed, computed and copied
   * out while its units are still in the processor's cache, where a million keys at once would
   * be written to memory by JavaScript and read back from it by the module.
   *
   * `each(start, count, returned)`, when given, runs after each chunk's results are copied, with
   * what `run` returned: for results the module keeps elsewhere (see {@link Heap.read}).
   *
   * `ascii`: the call also takes a chunk as bytes (`run(count, true)`), which it is given when
   * every key of the chunk is ASCII. The chunk's keys are then joined into one string and written
   * by one `TextEncoder.encodeInto`, the engine's own copy, where the loop below reads each unit
   * with `charCodeAt` and writes it through a typed array, and the module has nothing to
   * transcode. The offsets are the same either way (an ASCII key has as many bytes as units).
   */
  stagedStrings<T extends Uint32Array | Int32Array, R = void>(
    keys: unknown,
    what: string,
    run: (count: number, ascii: boolean) => R,
    result: ResultArray<T>,
    each?: (start: number, count: number, returned: R) => void,
    ascii = false,
  ): T {
    if (!Array.isArray(keys)) throw invalidType(what, "an array of strings", keys);
    const n = keys.length;
    checkOut(result, n);
    const out = resultArray(result, n);
    const raw = this.#raw;
    const chunk = Math.max(1, Math.min(n, chunkKeys));
    // Units the block holds beyond its offsets and results (chunk layout: 2 * chunk + 1 words
    // first). A guess at first, made larger if a chunk's keys do not fit.
    let capacity = chunk * unitsPerKeyGuess;
    let at = this.call(() => raw.stageStrings(chunk, capacity)) >>> 2;
    try {
      for (let start = 0; start < n; start += chunk) {
        const count = Math.min(chunk, n - start);
        // The views are taken after staging: the memory may have grown.
        if (this.#u32.length === 0) this.#views();
        let words = this.#u32;
        let u16 = this.#u16;
        words[at] = 0;
        let joined = 0;
        let text = "";
        let total = 0;
        // A chunk of keys longer in all than `joinedUnits` goes as units.
        for (; ascii && joined < count; joined++) {
          const k: unknown = keys[start + joined];
          if (typeof k !== "string") throw invalidType(`${what}[${start + joined}]`, "a string", k);
          total += k.length;
          if (total > joinedUnits) break;
          words[at + joined + 1] = total;
          text += k;
        }
        if (ascii && joined === count) {
          // The block's room for units holds twice as many bytes.
          if (total > 2 * capacity) {
            capacity = Math.ceil(total / 2);
            at = this.call(() => raw.restageStrings(chunk, capacity)) >>> 2;
            if (this.#u32.length === 0) this.#views();
          }
          // Exactly `total` bytes of room: every unit read and written means every one was ASCII
          // (any other takes two bytes or more). This chunk's text follows its results.
          const room = new Uint8Array(this.#memory.buffer, 4 * (at + 2 * count + 1), total);
          if (encoder.encodeInto(text, room).read === total) {
            const returned = this.call(() => run(count, true));
            this.#copyOut(result, at + count + 1, count, out, start);
            each?.(start, count, returned);
            continue;
          }
          words = this.#u32;
          u16 = this.#u16;
        }
        let p = 2 * (at + 2 * count + 1);
        let end = 2 * (at + 2 * chunk + 1) + capacity;
        let offset = 0;
        for (let i = 0; i < count; i++) {
          const k: unknown = keys[start + i];
          if (typeof k !== "string") throw invalidType(`${what}[${start + i}]`, "a string", k);
          const len = k.length;
          if (p + len > end) {
            // The exact total of the chunk's keys, then a block that holds it, what is written kept.
            let rest = 0;
            for (let r = i; r < count; r++) {
              const kr: unknown = keys[start + r];
              if (typeof kr !== "string") throw invalidType(`${what}[${start + r}]`, "a string", kr);
              rest += kr.length;
            }
            capacity = offset + rest;
            at = this.call(() => raw.restageStrings(chunk, capacity)) >>> 2;
            if (this.#u32.length === 0) this.#views();
            words = this.#u32;
            u16 = this.#u16;
            p = 2 * (at + 2 * count + 1) + offset;
            end = 2 * (at + 2 * chunk + 1) + capacity;
            // Only an array that changes while it is read could still overflow: refused.
            if (p + len > end) throw wrapperError("invalid_argument", "changedWhileRead", what);
          }
          for (let j = 0; j < len; j++) u16[p++] = k.charCodeAt(j);
          offset += len;
          words[at + i + 1] = offset;
        }
        const returned = this.call(() => run(count, false));
        this.#copyOut(result, at + count + 1, count, out, start);
        each?.(start, count, returned);
      }
      return out;
    } finally {
      raw.unstage();
    }
  }

  /**
   * The same for 32-bit inputs (hashes, jump keys): `input` is copied to the block's start; with
   * `extra` = 0 the n results replace it in place, else `extra` words after it are reserved and
   * the results are read from there. `bytes`, when given (keys the caller encoded as UTF-8,
   * `input` their offsets), are copied in one go after the n results.
   */
  stagedWords<T extends Uint32Array | Int32Array>(
    input: Uint32Array,
    n: number,
    extra: number,
    run: () => void,
    result: ResultArray<T>,
    bytes?: Uint8Array,
  ): T {
    const raw = this.#raw;
    // Staging has the core check n (a count, within the cap) before anything else looks at it
    // and before any array is made for the results.
    const at = this.call(() => raw.stageWords(n, input.length + extra)) >>> 2;
    try {
      checkOut(result, n);
      const out = resultArray(result, n);
      if (this.#u32.length === 0) this.#views();
      this.#u32.set(input, at);
      if (bytes) new Uint8Array(this.#memory.buffer, 4 * (at + input.length + n), bytes.length).set(bytes);
      this.call(run);
      this.#copyOut(result, at + (extra === 0 ? 0 : input.length), n, out, 0);
      return out;
    } finally {
      raw.unstage();
    }
  }

  /** `target.length` elements of target's type from the heap at byte `address` into `target`. */
  read(address: number, target: Uint32Array | Int32Array | BigInt64Array): void {
    const Type = target.constructor as Uint32ArrayConstructor | Int32ArrayConstructor | BigInt64ArrayConstructor;
    target.set(new Type(this.#memory.buffer, address, target.length) as never);
  }

  /** n results from heap word `at` into out[start …], read through the view of their type. */
  #copyOut(
    result: ResultArray<Uint32Array | Int32Array>,
    at: number,
    n: number,
    out: Uint32Array | Int32Array,
    start: number,
  ): void {
    // The memory may have grown during the call.
    if (this.#u32.length === 0) this.#views();
    const heap = result.type === "int32" ? this.#i32 : this.#u32;
    out.set(heap.subarray(at, at + n), start);
  }
}

const encoder = new TextEncoder();

/** The first guess at a batch key's length, in UTF-16 units (course keys have 6 to 15). */
const unitsPerKeyGuess = 16;
/** The most units a chunk's keys joined into one string may have (engines cap a string's length). */
const joinedUnits = 1 << 24;
/** Keys per chunk of a string batch: a chunk's units, offsets and results fit in a core's L2 cache. */
const chunkKeys = 8192;

/** Units the module's key scratch holds (kKeyScratchUnits in cpp/wasm/abi.cpp). */
const keyScratchUnits = 1024;

const mainDirectNames: readonly (keyof Direct)[] = [
  "ringlab_h32",
  "ringlab_ring_owner",
  "ringlab_ring_owner_of_hash",
  "ringlab_maglev_lookup",
  "ringlab_maglev_lookup_hash",
  "ringlab_rendezvous_pick",
  "ringlab_weighted_rendezvous_pick",
  "ringlab_jump",
];

/** What a batch call returns: a new array of `type`, or `out` filled in (a reused buffer). */
interface ResultArray<T extends Uint32Array | Int32Array> {
  type: "uint32" | "int32";
  out: T | undefined;
}

function checkOut(result: ResultArray<Uint32Array | Int32Array>, n: number): void {
  const { out, type } = result;
  if (out === undefined) return;
  const want = type === "int32" ? Int32Array : Uint32Array;
  if (!(out instanceof want)) throw invalidType("out", type === "int32" ? "an Int32Array" : "a Uint32Array", out);
  if (out.length !== n) {
    throw wrapperError("invalid_argument", "outLength", "out", [n, out.length]);
  }
}

/** `out` when the caller gave one, else a new array of the result's type. */
function resultArray<T extends Uint32Array | Int32Array>(result: ResultArray<T>, n: number): T {
  return result.out ?? ((result.type === "int32" ? new Int32Array(n) : new Uint32Array(n)) as T);
}

function unexpected(e: unknown): RinglabError {
  if (e instanceof RinglabError) return e;
  const message = e instanceof Error ? e.message : `unexpected exception from the module (${String(e)})`;
  const err = new RinglabError("internal", message);
  (err as { cause?: unknown }).cause = e;
  return err;
}
