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
  BucketHasher,
  BucketInputKind,
  BucketOptions,
  BucketStepKind,
  RinglabBuckets,
} from "./types.js";

// Every option a bucket algorithm may take (BucketOptionFields): which ones an algorithm takes is
// the core's to say.
const optionKeys: readonly (keyof BucketOptionFields)[] = ["buckets", "capacity", "seed"];

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
    };
    const handle = this.#heap.call(() => this.#raw.makeBucketHasher(name, raw));
    return new BucketHasherHandle<A>(handle!, this.#heap);
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#heap.memoryBytes };
  }
}
