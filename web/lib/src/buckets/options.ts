// The bucket algorithms as TypeScript sees them: each one's input kind and options, derived from
// the registry's data (web/lib/src/buckets/algorithms.ts, written from `ringlab algorithms --json`),
// so an algorithm added to the core's registry is typed here with no list to edit.
// tests/js/buckets-options.test.mjs holds the result to the registry: every bucket algorithm, its
// input kind, its options, and which of them have no default (required).
import type { BucketEntry } from "./algorithms.js";

/**
 * Every option a bucket algorithm may take. Each algorithm takes the ones its entry of
 * {@link BucketAlgorithms} names, in the ranges of its rows (`ringlab algorithms` lists them);
 * an option it does not take is refused by the core (`"capacity is not an option of jump"`).
 */
export interface BucketOptionFields {
  /**
   * The buckets live at the start, 0 … buckets − 1: an integer in the algorithm's range (jump:
   * 1 … 2^31 − 1; mod-N: 1 … 2^32 − 1), and at most `capacity` for an algorithm that takes one.
   */
  buckets: number;
  /**
   * The buckets the algorithm has room for: for ever, for an algorithm of fixed capacity, or
   * until it grows. Its default, where it has one, may follow from `buckets` (`ringlab
   * algorithms` words each algorithm's).
   */
  capacity: number;
  /** The seed of the algorithm's hash: a 64-bit integer, a bigint or a non-negative safe integer. */
  seed: bigint | number;
}

/** An algorithm's option rows. */
type OptionRows<E extends BucketEntry> = E["options"][number];

/**
 * The bucket algorithms, by their registry names: what each takes as input (`"u64"`: a 64-bit
 * integer, `"u32"`: a 32-bit one, `"text"`: a key's text, hashed as its UTF-8 bytes) and its
 * options, an option whose row has no default required.
 */
export type BucketAlgorithms = {
  [E in BucketEntry as E["name"]]: {
    input: E["input"];
    options: {
      [
        O in Exclude<OptionRows<E>, { readonly default: string }> as O["name"] & keyof BucketOptionFields
      ]: BucketOptionFields[O["name"] & keyof BucketOptionFields];
    } & {
      [
        O in Extract<OptionRows<E>, { readonly default: string }> as O["name"] & keyof BucketOptionFields
      ]?: BucketOptionFields[O["name"] & keyof BucketOptionFields];
    };
  };
};
