// The public types of `ringlab/buckets`.
import type { Handle, MemoryUsage } from "../main/types.js";
import type { BucketAlgorithms, BucketOptionFields } from "./options.js";

export type { BucketAlgorithms, BucketOptionFields } from "./options.js";

/** A bucket algorithm's name: `"mod-n"`, `"jump"`, … (the registry's buckets family). */
export type BucketAlgorithmName = keyof BucketAlgorithms;

/** What a bucket algorithm takes as input: a 64-bit integer, a 32-bit one, or a key's text. */
export type BucketInputKind = "u64" | "u32" | "text";

/** What a bucket algorithm answers for an input: a bucket number, or one of its nodes by name. */
export type BucketAnswerKind = "bucket" | "name";

/** The options of algorithm A: see {@link BucketOptionFields} for what each means. */
export type BucketOptions<A extends BucketAlgorithmName> = BucketAlgorithms[A]["options"];

/**
 * One input of algorithm A: for a u64 algorithm a bigint 0 … 2^64 − 1 or a non-negative safe
 * integer (a number beyond 2^53 − 1 must be a bigint), for a u32 one a number 0 … 2^32 − 1, for a
 * text one a string.
 */
export type BucketInput<A extends BucketAlgorithmName> = {
  u64: bigint | number;
  u32: number;
  text: string;
}[BucketAlgorithms[A]["input"]];

/**
 * Many inputs of algorithm A: a u64 algorithm's as a BigUint64Array or a Uint32Array (32-bit
 * values are 64-bit ones too), a u32 one's as a Uint32Array, a text one's as strings.
 */
export type BucketInputs<A extends BucketAlgorithmName> = {
  u64: BigUint64Array | Uint32Array;
  u32: Uint32Array;
  text: readonly string[];
}[BucketAlgorithms[A]["input"]];

/**
 * What algorithm A answers for one input: a bucket number 0 … 2^32 − 1, or, for an algorithm built
 * from named nodes (multi-probe consistent hashing), one of the names of its `nodes` option.
 */
export type BucketAnswer<A extends BucketAlgorithmName> = {
  bucket: number;
  name: string;
}[BucketAlgorithms[A]["answers"]];

/** What algorithm A answers for many inputs: their buckets in a Uint32Array, or their nodes' names. */
export type BucketAnswers<A extends BucketAlgorithmName> = {
  bucket: Uint32Array;
  name: string[];
}[BucketAlgorithms[A]["answers"]];

/** A bucket algorithm as the module's registry has it. */
/** Which buckets can leave a built hasher, as the registry says (`ringlab algorithms`' `removal`). */
export type BucketRemoval = "any" | "last" | "renumber";

export interface BucketAlgorithmInfo {
  readonly name: BucketAlgorithmName;
  readonly input: BucketInputKind;
  /** What it answers: a bucket number, or a node's name. */
  readonly answers: BucketAnswerKind;
  /** The options it takes, by name. */
  readonly options: readonly (keyof BucketOptionFields)[];
  /**
   * Which bucket {@link BucketHasher.remove} can take out (with `canRemove`): `"any"` live bucket,
   * only the `"last"` one (as jump), or `"renumber"` (mod-N: any, renumbering those after it).
   */
  readonly removal: BucketRemoval;
  /** Whether {@link BucketHasher.trace} shows its lookup's steps; without, a trace is the answer alone. */
  readonly traces: boolean;
}

/**
 * What a lookup's step is (docs/algorithms.md#lookup-traces), as the core names them
 * (`load().stepKinds()` lists them in its order):
 * - `"hash"`: the input's hash, or a hash of it the algorithm starts from (`value`);
 * - `"draw"`: a pseudo-random value (`value`), reduced into `bound` values (0: used whole);
 * - `"candidate"`: a bucket considered (`bucket`), held to `bound`, from the draw `value`;
 * - `"jump"`: jump's step from candidate `bucket` to the next, `value`; the walk ends at a
 *   value at or beyond `bound` (n);
 * - `"range"`: JumpBackHash's power-of-two range [`bucket`, `bound`) tried next;
 * - `"flip"`: FlipHash's `value` with its bits below the top one flipped, giving `bucket`, in
 *   the range [0, `bound`);
 * - `"level"`: BinomialHash's position `value` moved within its level [`bucket`, `bound`);
 * - `"probe"`: multi-probe's probe number `bound` (at h1 + `bound`·h2, the two hash steps before
 *   it), whose first point after it, `value` ahead on the ring of 2^64, is node `bucket`'s;
 * - `"removed"`: a candidate `bucket` that is not live; `bound`, where the algorithm remembers
 *   it, the buckets live just after it left;
 * - `"replaced"`: removed `bucket` standing for its replacement, `value`, replaced at the view
 *   `bound`;
 * - `"elided"`: `value` steps left out (a trace holds at most 4096 steps);
 * - `"answer"`: the bucket, always the last step; `bound` is the live buckets.
 */
export type BucketStepKind =
  | "hash"
  | "draw"
  | "candidate"
  | "jump"
  | "range"
  | "flip"
  | "level"
  | "probe"
  | "removed"
  | "replaced"
  | "elided"
  | "answer";

/** One step of a lookup: what each field holds is its {@link BucketStepKind}'s; a field it does not use is 0. */
export interface BucketStep {
  readonly kind: BucketStepKind;
  readonly bucket: number;
  readonly bound: number;
  readonly value: bigint;
}

/**
 * A hash-to-bucket algorithm, built (see docs/algorithms.md#bucket-hashers): the bucket of an
 * input, and, where the algorithm has them, buckets added and removed. It holds WebAssembly
 * memory: dispose of it when done.
 */
export interface BucketHasher<A extends BucketAlgorithmName = BucketAlgorithmName> extends Handle {
  /** Its algorithm's name. */
  readonly algorithm: A;
  /** What it takes as input. */
  readonly input: BucketAlgorithms[A]["input"];
  /** What it answers: a bucket number, or one of its nodes by name. */
  readonly answers: BucketAlgorithms[A]["answers"];
  /** How many buckets are live (for an algorithm that answers names: how many nodes it has). */
  readonly size: number;
  /** Whether it has add() and remove(): its registry entry's membership. */
  readonly canAdd: boolean;
  readonly canRemove: boolean;
  /**
   * The bucket of one input, 0 … 2^32 − 1, or, for an algorithm that answers names, its node's
   * name (one of the strings of its `nodes`). DxHash answers 4294967295 (its reference's −1) for
   * an input whose probes find no live bucket.
   * @throws RinglabError `"out_of_range"` for an input outside its kind (rule `"between"`),
   *   `"invalid_argument"` for a number that is no safe integer, `"invalid_type"` for a value of
   *   another type.
   */
  bucket(input: BucketInput<A>): BucketAnswer<A>;
  /**
   * The bucket of each input, in a new Uint32Array or in `out` (of the inputs' length); for an
   * algorithm that answers names, each input's node's name, in a new array or in `out` (an array
   * of the inputs' length, which a caller placing batch after batch can reuse).
   * @throws RinglabError as {@link BucketHasher.bucket}, `"limit_exceeded"` beyond 10^8 inputs,
   *   `"invalid_argument"` (rule `"outLength"`) for an `out` of another length and `"invalid_type"`
   *   for an `out` of another type.
   */
  bucketMany(inputs: BucketInputs<A>, out?: BucketAnswers<A>): BucketAnswers<A>;
  /**
   * The bucket of each key of a text algorithm (memento, multiprobe) given already as UTF-8: key
   * i is `bytes[offsets[i] … offsets[i + 1])`, so `offsets` holds n + 1 ascending byte offsets,
   * the first 0 and the last `bytes.length`. Answers n bucket numbers in a new Uint32Array or in
   * `out` (of length n); an algorithm that answers names answers each key's node by its place in
   * the `nodes` it was built from (`nodes[place]` is what {@link BucketHasher.bucketMany}
   * answers). Each array is copied into the module's memory in one go and the copies are freed
   * before it returns; the same keys answer as their strings do in `bucketMany`.
   * @throws RinglabError `"invalid_argument"` (rule `"byteOffsets"`) for offsets that are none,
   *   do not start at 0, descend or do not end at `bytes.length`; as
   *   {@link BucketHasher.bucketMany} for the keys; `"invalid_type"` for arrays of other types.
   */
  bucketManyUtf8(bytes: Uint8Array, offsets: Uint32Array, out?: Uint32Array): Uint32Array;
  /**
   * The steps of one input's lookup, step by step (docs/algorithms.md#lookup-traces): the last is
   * the `"answer"`, whose bucket is {@link BucketHasher.bucket}'s. An algorithm whose
   * {@link BucketHasher.traces} is false has that step alone.
   * @throws RinglabError as {@link BucketHasher.bucket}.
   */
  trace(input: BucketInput<A>): BucketStep[];
  /** Whether {@link BucketHasher.trace} shows the lookup's steps: its registry entry's `traces`. */
  readonly traces: boolean;
  /**
   * Makes a bucket live and returns it (jump: bucket n; AnchorHash: the last bucket removed;
   * DxHash: a free bucket, after growing its buckets when all are live).
   * @throws RinglabError `"invalid_argument"` (rule `"noMembership"`) for an algorithm without it,
   *   `"limit_exceeded"` (`"bucketCapacity"`) when no bucket is left to add, or (`"addProbes"`)
   *   when DxHash's probes miss every free bucket.
   */
  add(): number;
  /**
   * Takes a live bucket out.
   * @throws RinglabError `"not_found"` (rule `"bucketNotLive"`) for a bucket that is not live,
   *   `"invalid_argument"` (`"lastBucketOnly"`) for jump's buckets but the last, `"out_of_range"`
   *   (`"noBucketLeft"`) for the last bucket left, `"invalid_argument"` (`"noMembership"`) for
   *   an algorithm without it.
   */
  remove(bucket: number): void;
}

/** The API `load()` from `ringlab/buckets` resolves to. */
export interface RinglabBuckets {
  /** The package version the module was built from. */
  readonly version: string;
  /** The bucket algorithms, in the registry's order. */
  algorithms(): BucketAlgorithmInfo[];
  /** The kinds of a lookup's steps ({@link BucketStepKind}), in the core's order. */
  stepKinds(): readonly BucketStepKind[];
  /**
   * Algorithm A built from its options.
   * @throws RinglabError `"invalid_argument"` for a name that is no bucket algorithm (rule
   *   `"oneOf"`, naming them), an option it does not take (`"notAnOption"`), an option it needs
   *   and was not given (`"missing"`) or an unknown key (`"unknownOption"`); `"out_of_range"` for
   *   an option outside its range; for `nodes`, `"invalid_argument"` for none (`"list"`) or an
   *   empty name (`"emptyName"`), `"duplicate_server"` for a name listed twice
   *   (`"duplicateListed"`).
   */
  hasher<A extends BucketAlgorithmName>(algorithm: A, options: BucketOptions<A>): BucketHasher<A>;
  /** The module's heap (see `ringlab`'s `memory()`). */
  memory(): MemoryUsage;
}
