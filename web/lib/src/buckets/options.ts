// The bucket algorithms as TypeScript sees them: each one's input kind, options and answers, derived
// from the registry's data (web/lib/src/buckets/algorithms.ts, written from `ringlab algorithms
// --json`), so an algorithm added to the core's registry is typed here with no list to edit.
// tests/js/buckets-options.test.mjs holds the result to the registry: every bucket algorithm, its
// input kind, its options, which of them have no default (required), and what it answers.
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
  /**
   * The nodes, by name, of an algorithm that answers a node's name (multi-probe consistent
   * hashing): at least one, none empty, none twice. A name is hashed as its UTF-8 bytes; a key's
   * answer is one of these strings.
   */
  nodes: readonly string[];
  /** The probes the algorithm makes for each key: an integer in its range. */
  probes: number;
}

/** An algorithm's option rows. */
type OptionRows<E extends BucketEntry> = E["options"][number];

/**
 * The bucket algorithms, by their registry names: what each takes as input (`"u64"`: a 64-bit
 * integer, `"u32"`: a 32-bit one, `"text"`: a key's text, hashed as its UTF-8 bytes), what it
 * answers (`"bucket"`: a bucket number, `"name"`: one of its nodes, by name; the registry marks
 * only the second) and its options, an option whose row has no default required.
 */
export type BucketAlgorithms = {
  [E in BucketEntry as E["name"]]: {
    input: E["input"];
    answers: E extends { readonly answers: "name" } ? "name" : "bucket";
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
