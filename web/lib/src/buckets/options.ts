// The bucket algorithms as TypeScript sees them: each one's input kind and options. The one list
// of `ringlab/buckets` that names algorithms; the module itself takes them from the core's
// registry. tests/js/buckets-options.test.mjs holds it to `ringlab algorithms --json`: every
// bucket algorithm, its input kind, its options, and which of them have no default (required).

/**
 * Every option a bucket algorithm may take. Each algorithm takes the ones its entry of
 * {@link BucketAlgorithms} names, in the ranges of its rows (`ringlab algorithms` lists them);
 * an option it does not take is refused by the core (`"capacity is not an option of jump"`).
 */
export interface BucketOptionFields {
  /**
   * The buckets live at the start, 0 … buckets − 1: an integer in the algorithm's range (jump:
   * 1 … 2^31 − 1; mod-N: 1 … 2^32 − 1).
   */
  buckets: number;
  /** The most buckets the algorithm can ever hold, for an algorithm of fixed capacity. */
  capacity: number;
  /** The seed of the algorithm's hash: a 64-bit integer, a bigint or a non-negative safe integer. */
  seed: bigint | number;
}

/**
 * The bucket algorithms, by their registry names: what each takes as input (`"u64"`: a 64-bit
 * integer, `"u32"`: a 32-bit one, `"text"`: a key's text, hashed as its UTF-8 bytes) and its
 * options, an option without a default required.
 */
export interface BucketAlgorithms {
  /**
   * mod-N (docs/algorithms.md#mod-n): a 32-bit input mod `buckets`. No membership: a bucket gone
   * would renumber those after it.
   */
  "mod-n": { input: "u32"; options: Pick<BucketOptionFields, "buckets"> };
  /**
   * Jump consistent hash (docs/algorithms.md#jump): a 64-bit input into `buckets` buckets.
   * `add()` makes bucket n live; `remove(b)` takes only the last bucket, n − 1.
   */
  jump: { input: "u64"; options: Pick<BucketOptionFields, "buckets"> };
}
