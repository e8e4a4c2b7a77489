// The bucket hasher's handle: one class for every bucket algorithm. What an input must be is the
// algorithm's input kind, which the module reports; every check of a value is the core's. An
// algorithm that answers names answers a node's place in its nodes, which the handle names from
// the list it was built with.
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import { wrapperError } from "../core/errors.js";
import { invalidType, num } from "../core/validate.js";
import type { RawBucketHasher } from "./raw.js";
import type {
  BucketAlgorithmName,
  BucketAnswer,
  BucketAnswers,
  BucketHasher,
  BucketInput,
  BucketInputs,
  BucketInputKind,
  BucketStep,
  BucketStepKind,
} from "./types.js";

const maxU64 = (1n << 64n) - 1n;

export class BucketHasherHandle<A extends BucketAlgorithmName>
  extends HandleBase<RawBucketHasher>
  implements BucketHasher<A>
{
  readonly #heap: Heap<object>;
  readonly algorithm: A;
  readonly input: BucketHasher<A>["input"];
  readonly answers: BucketHasher<A>["answers"];
  readonly canAdd: boolean;
  readonly canRemove: boolean;
  readonly traces: boolean;
  // The input kind as the module says it: any of the three, whichever the algorithms of
  // BucketAlgorithms have today.
  readonly #kind: BucketInputKind;
  // The nodes' names of an algorithm that answers names, by place; undefined for the others.
  readonly #names: readonly string[] | undefined;

  constructor(raw: RawBucketHasher, heap: Heap<object>, nodes: readonly string[] | undefined) {
    super(raw, "bucket hasher");
    this.#heap = heap;
    // Fixed at creation: the algorithm, its input kind, what it answers and its membership.
    this.algorithm = raw.algorithm() as A;
    this.#kind = raw.input() as BucketInputKind;
    this.input = this.#kind as BucketHasher<A>["input"];
    this.answers = raw.answers() as BucketHasher<A>["answers"];
    this.#names = this.answers === "name" ? nodes : undefined;
    this.canAdd = raw.canAdd();
    this.canRemove = raw.canRemove();
    this.traces = raw.traces();
  }

  // An answer as the algorithm gives it: a bucket number, or its node's name.
  #answer(place: number): BucketAnswer<A> {
    return (this.#names === undefined ? place : this.#names[place]) as BucketAnswer<A>;
  }

  get size(): number {
    return this.raw.size() >>> 0;
  }

  bucket(input: BucketInput<A>): BucketAnswer<A> {
    return this.#answer(this.#place(input));
  }

  #place(input: BucketInput<A>): number {
    const raw = this.raw;
    return (
      this.#oneInput(
        input,
        (key) => raw.bucketKey(key),
        (u64) => raw.bucket(u64),
        (other) => raw.bucketOf(other),
      ) >>> 0
    );
  }

  trace(input: BucketInput<A>): BucketStep[] {
    const raw = this.raw;
    const steps = this.#oneInput(
      input,
      (key) => raw.traceKey(key),
      (u64) => raw.trace(u64),
      (other) => raw.traceOf(other),
    );
    // The module's 64-bit values arrive signed: the value is unsigned, as the core has it.
    return steps!.map((s) => ({
      kind: s.kind as BucketStepKind,
      bucket: s.bucket >>> 0,
      bound: s.bound,
      value: BigInt.asUintN(64, s.value),
    }));
  }

  // One input through the module: a text algorithm's key, a uint64 as it is, and any other bigint
  // or number to the core, which reads it as the command line reads an INPUT and words the error.
  #oneInput<R>(
    input: BucketInput<A>,
    key: (key: string) => R,
    u64: (input: bigint) => R,
    other: (input: bigint | number) => R,
  ): R {
    const kind = this.#kind;
    if (kind === "text") {
      if (typeof input !== "string") throw invalidType("input", "a string", input);
      return this.#heap.call(() => key(input));
    }
    if (typeof input === "bigint") {
      if (input >= 0n && input <= maxU64) return this.#heap.call(() => u64(input));
    } else if (typeof input !== "number") {
      throw invalidType("input", kind === "u64" ? "a bigint or a number" : "a number", input);
    } else if (Number.isSafeInteger(input) && input >= 0) {
      return this.#heap.call(() => u64(BigInt(input)));
    }
    return this.#heap.call(() => other(input));
  }

  bucketMany(inputs: BucketInputs<A>, out?: Uint32Array | string[]): BucketAnswers<A> {
    const names = this.#names;
    // The staging checks a Uint32Array's type and length.
    if (names === undefined) return this.#places(inputs, out as Uint32Array | undefined) as BucketAnswers<A>;
    // Names go into an array: the caller's, reused, or a new one. Its length is checked before any
    // key is hashed (inputs that are no array are the staging's to refuse).
    if (out !== undefined) {
      if (!Array.isArray(out)) throw invalidType("out", "an array (this algorithm answers names)", out);
      if (Array.isArray(inputs) && out.length !== inputs.length)
        throw wrapperError("invalid_argument", "outLength", "out", [inputs.length, out.length]);
    }
    const places = this.#places(inputs, undefined);
    // A plain loop into an array of the right length: Array.from with a mapping function takes the
    // iterator's path, about 110 ns a key in Node 20 against about 30 (a million multi-probe keys),
    // most of the 30 the new array's memory coming in page by page; into a reused array, about 2.
    const answers = out ?? new Array<string>(places.length);
    for (let i = 0; i < places.length; i++) answers[i] = names[places[i]!]!;
    return answers as BucketAnswers<A>;
  }

  bucketManyUtf8(bytes: Uint8Array, offsets: Uint32Array, out?: Uint32Array): Uint32Array {
    if (!(bytes instanceof Uint8Array)) throw invalidType("bytes", "a Uint8Array", bytes);
    if (!(offsets instanceof Uint32Array)) throw invalidType("offsets", "a Uint32Array", offsets);
    const raw = this.raw;
    const m = offsets.length;
    const n = Math.max(0, m - 1);
    // The block: the offsets, a word for each answer, then the bytes. Places, for an algorithm
    // that answers names too: names[place] is bucketMany's answer.
    return this.#heap.stagedWords(
      offsets,
      n,
      n + Math.ceil(bytes.length / 4),
      () => raw.bucketUtf8(m, bytes.length),
      { type: "uint32", out },
      bytes,
    );
  }

  #places(inputs: BucketInputs<A>, out: Uint32Array | undefined): Uint32Array {
    const raw = this.raw;
    const result = { type: "uint32", out } as const;
    if (this.#kind === "text") {
      return this.#heap.stagedStrings(
        inputs,
        "inputs",
        (n, ascii) => raw.bucketKeys(n, ascii),
        result,
        undefined,
        true,
      );
    }
    const count = (inputs as { length: number }).length;
    if (inputs instanceof BigUint64Array) {
      // The inputs' bytes as (low, high) 32-bit words: both sides are little-endian.
      const words = new Uint32Array(inputs.buffer, inputs.byteOffset, count * 2);
      return this.#heap.stagedWords(words, count, count, () => raw.bucketMany(count, true), result);
    }
    if (inputs instanceof Uint32Array) {
      return this.#heap.stagedWords(inputs, count, count, () => raw.bucketMany(count, false), result);
    }
    throw invalidType("inputs", this.#kind === "u64" ? "a BigUint64Array or a Uint32Array" : "a Uint32Array", inputs);
  }

  add(): number {
    const raw = this.raw;
    return this.#heap.call(() => raw.add()) >>> 0;
  }

  remove(bucket: number): void {
    const raw = this.raw;
    const b = num(bucket, "bucket");
    this.#heap.call(() => raw.remove(b));
  }
}
