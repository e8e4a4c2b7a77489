// The `ringlab/buckets` API over an instantiated buckets module.
import { BucketHasherHandle } from "./bucket-hasher.js";
import { wrapperError } from "../core/errors.js";
import { Heap } from "../core/heap.js";
import type { Instantiated } from "../core/loader.js";
import { invalidType, num, str } from "../core/validate.js";
import type { MemoryUsage } from "../main/types.js";
import type { BucketOptionFields } from "./options.js";
import type { RawBucketOptions, RawBucketsModule } from "./raw.js";
import type {
  BucketAlgorithmInfo,
  BucketAlgorithmName,
  BucketAnswerKind,
  BucketHasher,
  BucketInputKind,
  BucketOptions,
  BucketRemoval,
  BucketStepKind,
  RinglabBuckets,
} from "./types.js";

// Every option a bucket algorithm may take (BucketOptionFields): which ones an algorithm takes is
// the core's to say.
const optionKeys: readonly (keyof BucketOptionFields)[] = ["buckets", "capacity", "seed", "nodes", "probes"];

// The nodes as given, each a string (what is a valid list of them is the core's to say).
function nodeNames(v: unknown): readonly string[] {
  if (!Array.isArray(v)) throw invalidType("nodes", "an array of strings", v);
  return Object.freeze(v.map((s: unknown, i) => str(s, `nodes[${i}]`)));
}

export class RinglabBucketsModule implements RinglabBuckets {
  readonly version: string;
  readonly #raw: RawBucketsModule;
  readonly #heap: Heap<object>;

  constructor({ module: raw, exports }: Instantiated<RawBucketsModule>) {
    this.#raw = raw;
    this.#heap = new Heap<object>(raw, exports, []);
    this.version = raw.version();
  }

  algorithms(): BucketAlgorithmInfo[] {
    return this.#raw.bucketAlgorithms().map((a) =>
      Object.freeze({
        name: a.name as BucketAlgorithmName,
        input: a.input as BucketInputKind,
        answers: a.answers as BucketAnswerKind,
        removal: a.removal as BucketRemoval,
        options: Object.freeze(a.options as (keyof BucketOptionFields)[]),
        traces: a.traces,
      }),
    );
  }

  stepKinds(): readonly BucketStepKind[] {
    return Object.freeze(this.#raw.bucketStepKinds() as BucketStepKind[]);
  }

  hasher<A extends BucketAlgorithmName>(algorithm: A, options: BucketOptions<A>): BucketHasher<A> {
    const name = str(algorithm, "algorithm");
    if (options === null || typeof options !== "object" || Array.isArray(options)) {
      throw invalidType("hasher options", "an object", options);
    }
    const o = options as Partial<Record<string, unknown>>;
    for (const k of Object.keys(o)) {
      if (!(optionKeys as readonly string[]).includes(k)) {
        throw wrapperError("invalid_argument", "unknownOption", k, [k, `hasher("${name}")`, ...optionKeys]);
      }
    }
    const seed = o.seed;
    if (seed !== undefined && typeof seed !== "bigint" && typeof seed !== "number") {
      throw invalidType("seed", "a bigint or a number", seed);
    }
    const raw: RawBucketOptions = {
      buckets: o.buckets === undefined ? undefined : num(o.buckets, "buckets"),
      capacity: o.capacity === undefined ? undefined : num(o.capacity, "capacity"),
      seed,
      nodes: o.nodes === undefined ? undefined : nodeNames(o.nodes),
      probes: o.probes === undefined ? undefined : num(o.probes, "probes"),
    };
    const handle = this.#heap.call(() => this.#raw.makeBucketHasher(name, raw));
    // An algorithm that answers names answers places in its nodes: the handle names them.
    return new BucketHasherHandle<A>(handle!, this.#heap, raw.nodes);
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#heap.memoryBytes };
  }
}
